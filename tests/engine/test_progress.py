"""Progress of long work: a bar on stderr when asked or on a terminal, never on stdout."""

from __future__ import annotations

import io
import json
import time

import numpy as np
import pytest

import clustval
import clustval._engine.progress as progress
from clustval.cli import build_parser, main
from clustval.errors import InputError, UndefinedIndexError


class _Terminal(io.StringIO):
    """A captured stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class _Recorder(progress.Reporter):
    """Records every state the bar would draw: per open task, (label, done, total, detail)."""

    def __init__(self) -> None:
        super().__init__(io.StringIO())
        self.states: list[tuple] = []

    def redraw(self, force: bool = False) -> None:
        self.states.append(tuple((s.label, s.done, s.total, s.detail) for s in self.tasks))


@pytest.fixture
def recorder():
    recording = _Recorder()
    token = progress._CURRENT.set(recording)  # as an enclosing entry point would set it
    yield recording
    progress._CURRENT.reset(token)


def _blobs(n: int = 60, seed: int = 0):
    rng = np.random.default_rng(seed)
    labels = np.arange(n) % 3
    return rng.normal(size=(n, 2)) + 6 * labels[:, None], labels


def _lines(err: str) -> list[str]:
    """The bar's lines as the terminal shows them: each line's last redraw."""
    return [line.rsplit("\r", 1)[-1].rstrip() for line in err.split("\n")[:-1]]


def test_forced_on_draws_in_place_and_ends_the_line(capsys):
    X, y = _blobs()
    values = clustval.internal_scores(X, y, ["sil", "db"], progress=True)
    out, err = capsys.readouterr()
    assert out == "" and values == clustval.internal_scores(X, y, ["sil", "db"], progress=False)
    assert err.startswith("\r") and err.endswith("\n") and err.count("\n") == 1
    assert _lines(err) == ["[####################] indices 2/2: sil  0:00, ETA 0:00"]


@pytest.mark.parametrize("progress_arg", [None, False])
def test_automatic_on_a_non_terminal_and_off_write_nothing(capsys, progress_arg):
    X, y = _blobs()
    clustval.score(y, X=X, labels_true=y, progress=progress_arg)
    clustval.select_k(X, range(2, 4), indices=["sil"], progress=progress_arg)
    assert capsys.readouterr() == ("", "")


def test_automatic_on_a_terminal_waits_before_drawing(monkeypatch):
    X, y = _blobs()
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    clustval.internal_scores(X, y, ["sil"])  # well within AUTO_DELAY_S: nothing
    clustval.internal_scores(X, y, ["sil"], progress=False)
    assert terminal.getvalue() == ""
    monkeypatch.setattr(progress, "AUTO_DELAY_S", 0.0)
    clustval.internal_scores(X, y, ["sil"])
    assert _lines(terminal.getvalue()) == ["[####################] indices 1/1: sil  0:00, ETA 0:00"]


def test_progress_is_true_false_or_none():
    with pytest.raises(InputError, match="progress must be True, False or None"):
        clustval.score([0, 1], labels_true=[0, 1], progress="yes")


def test_an_error_inside_leaves_the_line_ended(capsys):
    X, y = _blobs()
    with pytest.raises(UndefinedIndexError):  # Sil of one cluster, after DB's step was drawn
        clustval.internal_scores(X, np.zeros(len(X), int), ["sil", "db"], progress=True)
    err = capsys.readouterr().err
    assert err.endswith("\n") and err.count("\n") == 1 and "indices" in err
    with pytest.raises(KeyboardInterrupt), progress.reporting(True):
        with progress.current().task("work", total=3) as step:
            step.advance()
            raise KeyboardInterrupt
    assert _lines(capsys.readouterr().err) == ["[#######-------------] work 1/3  0:00, ETA 0:00"]


def _tops(states: list[tuple]) -> list[tuple]:
    """The outermost task's states, each change once."""
    tops = [state[0] for state in states if state]
    return [top for i, top in enumerate(tops) if i == 0 or top != tops[i - 1]]


def test_select_k_ticks_once_per_k_clustered_and_once_per_k_scored(recorder):
    X, _ = _blobs()
    clustval.select_k(X, range(2, 5), indices=["sil", "db"])
    per_k = [(k - 2 + done, 3, f"K = {k}") for k in (2, 3, 4) for done in (0, 1)]  # each K named, then done
    assert _tops(recorder.states) == [("sd_kmedoids", 0, 3, "distances"), *[("sd_kmedoids", *s) for s in per_k],
                                      *[("scores", *s) for s in per_k]]  # fmt: skip
    # each K's indices, inside its step
    inner = [state[1] for state in recorder.states if len(state) == 2 and state[0][0] == "scores"]
    assert [s for s in inner if s[1] == 2] == [("indices", 2, 2, "sil")] * 3


def test_select_k_with_a_function_and_the_neighbours_indices(recorder):
    def halves(X, k):
        return [i * k // len(X) for i in range(len(X))]

    X, _ = _blobs()
    clustval.select_k(X, [2, 3], halves, indices=["sil", "hartigan"])
    # the neighbour K = 4 is clustered too; the neighbours' indices are one more step
    assert [top for top in _tops(recorder.states) if top[1] == top[2]] == [
        ("halves", 3, 3, "K = 4"), ("scores", 3, 3, "hartigan")]  # fmt: skip


def test_an_enclosing_call_keeps_its_bar(recorder):
    X, y = _blobs()
    clustval.score(y, X=X, names=["db"])  # automatic: joins the recorder
    assert recorder.states[-1] == (("indices", 1, 1, "db"),)
    count = len(recorder.states)
    clustval.score(y, X=X, names=["db"], progress=False)  # an explicit False is silent
    assert len(recorder.states) == count


def test_redraws_are_throttled_and_overwrite_a_longer_line():
    stream = io.StringIO()
    reporter = progress.Reporter(stream)
    started = time.monotonic()
    with reporter.task("steps", total=10_000) as step:
        step.doing("a long description of the first step")
        for _ in range(10_000):
            step.advance()
        step.doing("short")
    took = time.monotonic() - started
    draws = stream.getvalue().split("\r")[1:]
    assert 2 <= len(draws) <= 2 + took * progress.REDRAWS_PER_S  # the first, the last, one per 0.1 s
    assert len(draws[-1].rstrip("\n")) >= len(draws[-2]) and draws[-1].endswith("\n")


def test_the_line_shows_elapsed_time_and_eta_and_fits_the_width():
    reporter = progress.Reporter(io.StringIO())
    with reporter.task("outer", total=4) as outer, reporter.task("inner", total=2) as inner:
        outer.advance()
        inner.advance()  # 1.5 of 4 steps
        outer.started -= 90
        inner.started = outer.started + 60
        # the ETA is the innermost task's (its steps are alike; the outer ones need not be):
        # one of its two steps in 30 s, so 30 s more
        assert reporter.line(outer.started + 90) == (
            "[########------------] outer 1/4 > inner 1/2  1:30, ETA 0:30"
        )
        assert progress._clock(3 * 3600 + 61) == "3:01:01"
        inner.doing("x" * 200)  # a detail too long for the line goes, the labels and counts stay
        assert reporter.line(outer.started + 90, 60) == "[########------------] outer 1/4 > inner 1/2  1:30, ETA 0:30"
        outer.doing("baker_hubert_gamma")
        inner.doing("pass 3")  # the outer task's detail goes first: the inner one is under way
        assert reporter.line(outer.started + 90, 70) == "[########------------] outer 1/4 > inner 1/2: pass 3  1:30, ETA 0:30"
        assert reporter.line(outer.started + 90, 40).endswith("...  1:30, ETA 0:30")  # then the labels are cut
    with reporter.task("outer", total=4) as outer, reporter.task("inner", total=2):
        outer.advance()
        outer.started -= 90
        # the inner task has no step done yet: the outer one's rate, 1 of 4 steps in 90 s
        assert reporter.line(outer.started + 90).endswith("1:30, ETA 4:30")
    assert max(len(line) for line in reporter.stream.getvalue().split("\r")) <= 80


def test_cli_flags(tmp_path, capsys):
    X, y = _blobs()
    np.savetxt(tmp_path / "X.csv", X, delimiter=",")
    (tmp_path / "pred.txt").write_text("".join(f"{label}\n" for label in y))
    base = ["score", "--pred", str(tmp_path / "pred.txt"), "--data", str(tmp_path / "X.csv"), "--index", "sil", "--json"]
    assert main([*base, "--progress"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out).keys() == {"sil"} and "indices 1/1: sil" in err and err.endswith("\n")
    for flags in ([], ["--no-progress"]):  # automatic: stderr is not a terminal here
        assert main([*base, *flags]) == 0
        assert capsys.readouterr().err == ""
    sweep = ["sweep", "--data", str(tmp_path / "X.csv"), "--k", "2:3", "--index", "db"]
    assert main([*sweep, "--progress"]) == 0
    out, err = capsys.readouterr()
    assert "best K" in out and _lines(err)[0].startswith("[####################] sd_kmedoids 2/2")
    assert [build_parser().parse_args([*sweep, *flags]).progress for flags in ([], ["--progress"], ["--no-progress"])] == [
        None, True, False]  # fmt: skip
    with pytest.raises(SystemExit):
        build_parser().parse_args([*sweep, "--progress", "--no-progress"])
