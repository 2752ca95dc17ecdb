"""The command line: `clustval score` prints what the library computes, and fails cleanly."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score, silhouette_score

import clustval
import clustval.cli
from clustval.cli import format_indices, main, read_labels
from clustval.errors import InputError
from clustval.indices.registry import EXTERNAL, INDICES, INTERNAL
from clustval.indices.scoring import score


def _write_lines(path, values):
    path.write_text("".join(f"{v}\n" for v in values))
    return str(path)


@pytest.fixture
def files(tmp_path):
    rng = np.random.default_rng(7)
    truth = rng.integers(0, 3, 60)
    pred = np.where(rng.random(60) < 0.8, truth, rng.integers(0, 4, 60))
    X = rng.normal(size=(60, 3)) + truth[:, None] * 2
    np.savetxt(tmp_path / "X.csv", X, delimiter=",", fmt="%.17g")
    names = np.array(["setosa", "versicolor", "virginica"])
    return {
        "truth": _write_lines(tmp_path / "truth.txt", names[truth]),
        "pred": _write_lines(tmp_path / "pred.txt", pred - 5),
        "data": str(tmp_path / "X.csv"),
        "arrays": (truth, pred, X),
    }


def run_cli(*args):
    """The installed entry point in a subprocess, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "clustval", *args], capture_output=True, text=True, timeout=120
    )


def test_json_external_only_matches_library_and_sklearn(files):
    result = run_cli("score", "--truth", files["truth"], "--pred", files["pred"], "--json")
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert list(values) == list(EXTERNAL)
    truth, pred, _ = files["arrays"]
    assert values["ari"] == pytest.approx(adjusted_rand_score(truth, pred), abs=1e-12)
    assert values == pytest.approx(score(pred, labels_true=truth), abs=1e-15)


def test_json_with_data_adds_internal_indices(files, capsys):
    assert main(["score", "--truth", files["truth"], "--pred", files["pred"], "--data", files["data"], "--json"]) == 0
    values = json.loads(capsys.readouterr().out)
    assert list(values) == list(EXTERNAL) + list(INTERNAL)
    truth, pred, X = files["arrays"]
    assert values["sil"] == pytest.approx(silhouette_score(X, pred), abs=1e-12)


def test_internal_only_and_index_selection(files, capsys):
    assert main(["score", "--pred", files["pred"], "--data", files["data"], "--index", "db", "--index", "stdi", "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)) == ["db", "stdi"]


def test_xb_separation_option_reaches_the_index(files, capsys):
    from clustval import xb

    _, pred, X = files["arrays"]
    for separation in ("centroids", "closest_pair"):
        argv = ["score", "--pred", files["pred"], "--data", files["data"], "--index", "xb",
                "--xb-separation", separation, "--format", "csv"]  # fmt: skip
        assert main(argv) == 0
        value = float(capsys.readouterr().out.splitlines()[1].split(",")[1])
        assert value == xb(X, pred, separation=separation)
    assert xb(X, pred, separation="closest_pair") > xb(X, pred)  # the two differ here


def test_readable_table(files, capsys):
    assert main(["score", "--truth", files["truth"], "--pred", files["pred"]]) == 0
    out = capsys.readouterr().out
    assert "S2" in out and "Accuracy" in out and "higher" in out
    assert len(out.strip().splitlines()) == len(EXTERNAL) + 2


def test_indices_lists_the_registry(capsys):
    assert main(["indices"]) == 0
    header, rule, *rows = capsys.readouterr().out.strip().splitlines()
    assert [row.split()[0] for row in rows] == list(INDICES)
    # aligned: every column starts where its header starts
    starts = [header.index(title) for title in ("index", "kind", "better", "range", "weights", "reference")]
    assert all(rule[start - 2 : start] == "  " for start in starts)
    for row, spec in zip(rows, INDICES.values()):
        assert [row[s:].split("  ")[0].strip() for s in starts[:3]] == [spec.label, spec.kind, spec.direction]
        assert row[starts[4]:].split()[0] == ("yes" if spec.weights else "no")  # takes sample_weight
        assert row[starts[5]:] == spec.reference


def test_indices_as_csv_and_json(capsys):
    assert main(["indices", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["name"] for r in rows] == list(INDICES)
    assert {r["name"]: (float(r["lower"]), float(r["upper"])) for r in rows} == {
        name: spec.bounds for name, spec in INDICES.items()
    }
    assert main(["indices", "--format", "json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert [e["label"] for e in entries] == [spec.label for spec in INDICES.values()]
    assert next(e for e in entries if e["name"] == "stdi")["upper"] == "inf"
    assert [e["weights"] for e in entries] == [spec.weights for spec in INDICES.values()]


def test_docs_index_table_is_the_registry():
    # The documentation's table (docs/indices.md) is `clustval indices --format markdown`,
    # rendered by the site's hook (docs/hooks.py) when it is built: it cannot drift.
    import importlib.util

    docs = Path(__file__).parents[1] / "docs"
    spec = importlib.util.spec_from_file_location("clustval_docs_hooks", docs / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    page = hooks.render((docs / "indices.md").read_text(encoding="utf-8"))
    assert format_indices("markdown") in page


def test_score_as_csv_keeps_every_digit(files, capsys):
    args = ["score", "--truth", files["truth"], "--pred", files["pred"], "--data", files["data"]]
    assert main([*args, "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["index", "value"]
    truth, pred, X = files["arrays"]
    expected = score(pred, labels_true=truth, X=X)
    assert {name: float(value) for name, value in rows[1:]} == expected
    assert [name for name, _ in rows[1:]] == list(expected)


@pytest.mark.parametrize(
    "case, fragment",
    [
        ("length", "labels_true has 60 labels but labels_pred has 59"),
        ("missing", "no such file"),
        ("text_data", "line 3, column 2 ('b') is 'x', not a number"),
        ("nan_data", "NaN or inf"),
        ("one_cluster", "cluster"),
        ("strict_and_nan", "argument --undefined: not allowed with argument --strict"),
        ("json_and_csv", "--json is --format json: drop --json or --format csv"),
        ("empty_line", "line 3 is empty"),
        ("unknown_index", "unknown index"),
        ("header", "line 1 ('label') is not a number like the 60 labels below it"),
        ("nan_label", "line 2 is 'nan'; every object needs a label"),
        ("negative_seed", "argument --cp-seed: cp_seed = -1; use None or an integer >= 0"),
        ("bad_budget", "a memory budget is a positive number of megabytes, got 'nan'"),
        ("bad_undefined", "argument --undefined: invalid choice: 'zero'"),
        ("two_stdin", "only one of --truth, --pred, --data and --distances can read standard input"),
    ],
)
def test_bad_input_is_one_line_and_nonzero(files, tmp_path, case, fragment):
    truth, pred, X = files["arrays"]
    args = ["score", "--truth", files["truth"], "--pred", files["pred"], "--json"]
    if case == "length":
        args[4] = _write_lines(tmp_path / "short.txt", pred[:-1])
    elif case == "missing":
        args[4] = str(tmp_path / "nope.txt")
    elif case == "text_data":
        (tmp_path / "bad.csv").write_text("a,b,c\n1,2,3\n4,x,6\n")
        args += ["--data", str(tmp_path / "bad.csv")]
    elif case == "nan_data":
        bad = X.copy()
        bad[4, 1] = np.nan
        np.savetxt(tmp_path / "nan.csv", bad, delimiter=",")
        args += ["--data", str(tmp_path / "nan.csv")]
    elif case == "one_cluster":
        args = ["score", "--pred", _write_lines(tmp_path / "one.txt", [1] * 60), "--data", files["data"], "--strict"]
    elif case == "strict_and_nan":
        args += ["--strict", "--undefined", "nan"]
    elif case == "json_and_csv":
        args += ["--format", "csv"]
    elif case == "empty_line":
        (tmp_path / "gap.txt").write_text("1\n2\n\n3\n")
        args[4] = str(tmp_path / "gap.txt")
    elif case == "unknown_index":
        args += ["--index", "s3"]
    elif case == "header":
        args[4] = _write_lines(tmp_path / "header.txt", ["label", *pred])
    elif case == "nan_label":
        args[4] = _write_lines(tmp_path / "nan.txt", ["a", "nan", *(["b"] * 58)])
    elif case == "negative_seed":
        args += ["--cp-seed", "-1"]
    elif case == "bad_budget":
        args += ["--data", files["data"], "--memory-budget-mb", "nan"]
    elif case == "bad_undefined":
        args += ["--undefined", "zero"]
    elif case == "two_stdin":
        args[2] = args[4] = "-"
    result = run_cli(*args)
    assert result.returncode != 0
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith(("clustval: error:", "clustval score: error:"))
    assert fragment in result.stderr


def test_header_line_over_integers_is_an_error_in_the_reader(tmp_path):
    with pytest.raises(InputError, match="remove the header line"):
        read_labels(_write_lines(tmp_path / "h.txt", ["cluster", 1, 2, 2]))
    # text labels cannot tell a header from a label: read as they are
    assert read_labels(_write_lines(tmp_path / "t.txt", ["a", "b"])).tolist() == ["a", "b"]


def test_numeric_label_files_are_checked_as_python_numbers_are(files, tmp_path):
    truth, pred, X = files["arrays"]
    as_floats = _write_lines(tmp_path / "floats.txt", [f"{v}.0" for v in pred])
    assert read_labels(as_floats).tolist() == pred.tolist()  # 1.0 is the label 1
    expected = run_cli("score", "--truth", files["truth"], "--pred", files["pred"], "--json")
    result = run_cli("score", "--truth", files["truth"], "--pred", as_floats, "--json")
    assert json.loads(result.stdout) == json.loads(expected.stdout)
    halves = _write_lines(tmp_path / "halves.txt", [v + 0.5 for v in pred])
    result = run_cli("score", "--truth", files["truth"], "--pred", halves, "--index", "ari")
    assert result.returncode == 0
    assert result.stderr.strip().splitlines() == [
        "clustval: warning: labels_pred holds non-integral numbers: clustering labels are "
        "discrete, each distinct value is taken as one label."
    ]


def test_byte_order_mark_and_standard_input(files, tmp_path):
    truth, pred, X = files["arrays"]
    expected = run_cli("score", "--truth", files["truth"], "--pred", files["pred"], "--json")
    with_bom = tmp_path / "bom.txt"
    with_bom.write_bytes(b"\xef\xbb\xbf" + open(files["pred"], "rb").read())
    assert read_labels(str(with_bom)).tolist() == (pred - 5).tolist()  # integers, not text
    from_bom = run_cli("score", "--truth", files["truth"], "--pred", str(with_bom), "--json")
    piped = subprocess.run(
        [sys.executable, "-m", "clustval", "score", "--truth", files["truth"], "--pred", "-", "--json"],
        input=open(files["pred"]).read(), capture_output=True, text=True, timeout=120,
    )
    assert expected.returncode == from_bom.returncode == piped.returncode == 0, piped.stderr
    assert json.loads(from_bom.stdout) == json.loads(piped.stdout) == json.loads(expected.stdout)


def test_undefined_nan_keeps_every_defined_index(files, tmp_path):
    truth, pred, X = files["arrays"]
    one = _write_lines(tmp_path / "one.txt", [3] * 60)
    result = run_cli("score", "--truth", files["truth"], "--pred", one, "--data", files["data"],
                     "--undefined", "nan", "--json")
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    api = score(np.full(60, 3), labels_true=files_truth_labels(files), X=X, undefined="nan")
    assert list(values) == list(api) == list(EXTERNAL + INTERNAL)
    for name, value in api.items():
        # one cluster: every internal index undefined, every external one defined
        assert (values[name] is None) == (name in INTERNAL) == np.isnan(value)
        if name in EXTERNAL:
            assert values[name] == pytest.approx(value, abs=1e-15)


def files_truth_labels(files) -> np.ndarray:
    return np.array(open(files["truth"]).read().split())


def test_closed_stdout_exits_quietly(files):
    shell = f"{sys.executable} -m clustval score --truth {files['truth']} --pred {files['pred']} | head -c 10"
    result = subprocess.run(["bash", "-c", f"set -o pipefail; {shell}"], capture_output=True, text=True, timeout=120)
    assert len(result.stdout) == 10
    assert result.stderr == ""


@pytest.mark.parametrize(("closed", "message"), [("<&-", "standard input is closed (- reads it)"),
                                                  (">&-", "standard output is closed: there is nowhere to write")])
def test_a_closed_standard_stream_is_one_line(files, closed, message):
    """A closed stdin or stdout: Python's sys.stdin or sys.stdout is None (an AttributeError)."""
    shell = f"{sys.executable} -m clustval score --truth {files['truth']} --pred - --index ari {closed}"
    result = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=120)
    _one_line_failure(result, message)


def test_a_label_line_beyond_csv_field_limit_is_read(files, tmp_path):
    """A label of 200,000 characters passes csv's field limit of 131,072 (it was _csv.Error)."""
    long_label = tmp_path / "long.txt"
    long_label.write_text("a" * 200_000 + "\nb\n")
    two = _write_lines(tmp_path / "two.txt", [0, 1])
    result = run_cli("score", "--truth", two, "--pred", str(long_label), "--index", "ari", "--json")
    assert json.loads(result.stdout) == {"ari": 1.0}, result.stderr
    assert read_labels(str(long_label)).tolist() == ["a" * 200_000, "b"]


def test_full_disk_is_one_line(files):
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "clustval", "score", "--truth", files["truth"], "--pred", files["pred"]],
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
        )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == ["clustval: error: cannot write the output (No space left on device)."]


def test_numpy_runtime_warnings_do_not_reach_the_user(files, monkeypatch, capsys):
    def noisy_score(labels_pred, **options):
        np.divide(np.ones(2), np.zeros(2))  # numpy's "divide by zero" RuntimeWarning
        warnings.warn("overflow encountered in square", RuntimeWarning)
        return {"stdi": math.inf}

    monkeypatch.setattr(clustval.cli, "score", noisy_score)
    with warnings.catch_warnings():
        warnings.simplefilter("always")  # as pytest does: the CLI must silence them itself
        assert main(["score", "--pred", files["pred"], "--data", files["data"], "--json"]) == 0
    out = capsys.readouterr()
    assert out.err == "" and json.loads(out.out) == {"stdi": "inf"}


# ---- label files at scale: the chunked integer reader ----------------------------------


def _reference_outcome(path: str, skip_header: bool = False):
    """What the reference reading (every line a Python string) gives: labels or the error."""
    return _outcome(lambda: clustval.cli._labels_from_text(clustval.cli._read_text(path), path, skip_header))


def _outcome(read):
    try:
        labels = read()
    except InputError as error:
        return "error", str(error)
    return labels.dtype.str, labels.tolist()


def _same_as_reference(path: str, skip_header: bool = False) -> bool:
    """The chunked reader took the file (rather than leaving it to the reference reading)."""
    expected = _reference_outcome(path, skip_header)
    assert _outcome(lambda: read_labels(path, skip_header)) == expected
    try:
        return clustval.cli._integer_labels(path, skip_header) is not None
    except InputError:  # a header above integers, refused by the chunked reader itself
        return True


def _label_text(values, rng, spaced: bool = False, crlf: bool = False) -> str:
    lines = [str(v) for v in values]
    if spaced:
        lines = [" " * rng.integers(0, 2) + line + "\t" * rng.integers(0, 2) for line in lines]
    return ("\r\n" if crlf else "\n").join(lines) + "\n"


@pytest.mark.parametrize("chunk", [1 << 16, 4096, 7])
def test_integer_label_files_read_in_chunks_as_the_reference_reads_them(tmp_path, monkeypatch, chunk):
    monkeypatch.setattr(clustval.cli, "_CHUNK_BYTES", chunk)
    rng = np.random.default_rng(chunk)
    # more than one chunk each: about 130 KB at 64 KB chunks, 30 KB at 4096 bytes (the
    # default chunk, 256 KB, is only a larger value of the same parameter)
    n = {1 << 16: 24_000, 4096: 6_000}.get(chunk, 1_000)
    values = rng.integers(-1000, 1000, n)
    values[:4] = [0, 2**63 - 1, -(2**63), -7]
    path = tmp_path / "labels.txt"
    variants = {
        "plain": _label_text(values, rng),
        "spaced, CRLF, blank lines last, BOM": "\ufeff" + _label_text(values, rng, True, True) + "\n \n\t\n",
        "no last newline": _label_text(values, rng)[:-1],
        "header": "cluster\n" + _label_text(values, rng),
    }
    for name, text in variants.items():
        path.write_bytes(text.encode())
        for skip_header in (False, True):
            assert _same_as_reference(str(path), skip_header), name
    # one odd line anywhere leaves the file to the reference reading, which reads or refuses it
    lines = _label_text(values, rng).splitlines(keepends=True)
    odd_lines = ["", " ", "01", "-0", "+1", "1.5", "nan", "a", "1 2", "--1", "1-", "2,3", "\u00a0", "9223372036854775808",
                 "-9223372036854775809", "12345678901234567890123", "1\r2", "\u0661", "1\x0c2"]  # fmt: skip
    if chunk == 1 << 16:  # every odd line is read at the smaller chunks; here a few, in a large file
        odd_lines = odd_lines[:3]
    for odd in odd_lines:
        at = int(rng.integers(0, n))
        path.write_bytes("".join([*lines[:at], odd + "\n", *lines[at:]]).encode())
        assert not _same_as_reference(str(path)), odd
    path.write_bytes(b"\xff" + _label_text(values, rng).encode())
    assert not _same_as_reference(str(path))


def test_label_files_of_any_text_read_as_the_reference_reads_them(tmp_path, monkeypatch):
    tokens = ["0", "1", "7", "-3", "12", "-0", "01", "9223372036854775807", "-9223372036854775808",
              "9223372036854775808", "", " ", "\t", "\r", "a", "label", "y", "nan", "-inf", "1.5", "1,2", "1\t2",
              "\x0c", "\u00a0", "\u2028", "\u0085", "+1", "-", "1-"]  # fmt: skip
    rng = np.random.default_rng(3)
    path = tmp_path / "labels.txt"
    taken = 0
    for _ in range(600):
        monkeypatch.setattr(clustval.cli, "_CHUNK_BYTES", int(rng.choice([1, 2, 3, 5, 8, 64, 1 << 20])))
        odd = rng.choice([0.0, 0.02, 0.2])
        lines = [
            str(tokens[rng.integers(len(tokens))] if rng.random() < odd else rng.integers(-99, 100))
            for _ in range(rng.integers(0, 12))
        ]
        lines = [rng.choice(["", "", " ", "\t"]) + line + rng.choice(["", "", " ", "\t", "\r"]) for line in lines]
        text = ("\ufeff" if rng.random() < 0.1 else "") + "\n".join(lines) + rng.choice(["", "\n", "\n\n", "\n \n", "\r\n"])
        path.write_bytes(text.encode())
        for skip_header in (False, True):
            taken += _same_as_reference(str(path), skip_header)
    assert taken > 300  # the chunked reader took many of the files


def test_integer_labels_from_standard_input_are_read_in_chunks(tmp_path, monkeypatch):
    text = "\ufeff" + "".join(f"{v}\n" for v in range(-50, 50)) + "\n"
    monkeypatch.setattr(clustval.cli, "_CHUNK_BYTES", 16)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert read_labels("-").tolist() == list(range(-50, 50))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"a\nb\n01\n")))  # read twice: the text
    assert read_labels("-").tolist() == ["a", "b", "01"]


_MEASURE_READING = """
import resource, sys
from clustval.cli import read_labels
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
labels = read_labels(sys.argv[1])
print(labels.size, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)
"""


@pytest.mark.slow
def test_reading_a_large_integer_label_file_stays_within_three_times_its_size(tmp_path):
    rng = np.random.default_rng(0)
    values = rng.integers(0, 1000, 5_000_000)
    path = tmp_path / "labels.txt"
    path.write_text("\n".join(map(str, values.tolist())) + "\n")
    size = path.stat().st_size  # ~19 MB; its int64 labels alone are 2.05 times as large
    env = {**os.environ, "PYTHONPATH": str(Path(clustval.cli.__file__).parents[1])}  # this checkout's code
    result = subprocess.run([sys.executable, "-c", _MEASURE_READING, str(path)], check=False, capture_output=True,
                            text=True, timeout=300, env=env)  # fmt: skip
    assert result.returncode == 0, result.stderr
    count, grown_kb = map(int, result.stdout.split())
    assert count == values.size
    assert grown_kb * 1024 <= 3 * size, (grown_kb / 1024, size / 2**20)


# ------------------------------------------------------------------ endless and unbounded input
_ENDLESS_LINES = "import sys\nwhile True:\n    sys.stdout.write('1\\n' * 4096)\n"


def _one_line_failure(result, message):
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr


@pytest.mark.parametrize("option", ["--truth", "--pred", "--data", "--distances", "--table"])
def test_a_device_is_refused_before_reading(files, option):
    """/dev/zero never ends: read as labels it spun until killed, as data until MemoryError."""
    given = {"--truth": files["truth"], "--pred": files["pred"], option: "/dev/zero"}
    args = ["--table", "/dev/zero"] if option == "--table" else [x for pair in given.items() for x in pair]
    if option in ("--data", "--distances"):
        args += [option, "/dev/zero"]
    result = subprocess.run([sys.executable, "-m", "clustval", "score", *args],
                            capture_output=True, text=True, timeout=30)
    _one_line_failure(result, "/dev/zero is a device, not a file")


def test_a_device_on_standard_input_is_refused(files):
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run([sys.executable, "-m", "clustval", "score", "--truth", files["truth"], "--pred", "-"],
                                stdin=zero, capture_output=True, text=True, timeout=30)
    _one_line_failure(result, "standard input is a device")


@pytest.mark.parametrize("option", ["--pred", "--data", "--table"])
def test_an_endless_stream_stops_at_max_bytes(files, option):
    args = {"--pred": ["--truth", files["truth"], "--pred", "-"],
            "--data": ["--pred", files["pred"], "--data", "-"], "--table": ["--table", "-"]}[option]
    writer = subprocess.Popen([sys.executable, "-c", _ENDLESS_LINES], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        result = subprocess.run([sys.executable, "-m", "clustval", "score", *args, "--max-bytes", "1M"],
                                stdin=writer.stdout, capture_output=True, text=True, timeout=60)
    finally:
        writer.stdout.close()
        writer.kill()
        writer.wait()
    _one_line_failure(result, "-: more than 1 MiB (--max-bytes), reading stopped there")


def test_a_file_above_max_bytes_is_refused_and_one_at_it_read(files):
    size = os.path.getsize(files["pred"])
    over = run_cli("score", "--truth", files["pred"], "--pred", files["pred"], "--max-bytes", str(size - 1))
    _one_line_failure(over, f"{files['pred']}: {size} bytes, above the limit of {size - 1} bytes (--max-bytes)")
    at = run_cli("score", "--truth", files["pred"], "--pred", files["pred"], "--max-bytes", str(size), "--index", "ari")
    assert at.returncode == 0, at.stderr


def test_a_named_pipe_is_read_once(files, tmp_path):
    """A pipe given by name (bash's <(...)) is a stream: read once, not counted then re-read."""
    import threading

    fifo = tmp_path / "pred.fifo"
    os.mkfifo(fifo)
    text = Path(files["pred"]).read_bytes()

    def feed():
        with open(fifo, "wb") as handle:
            handle.write(text)

    threading.Thread(target=feed, daemon=True).start()
    piped = run_cli("score", "--truth", files["truth"], "--pred", str(fifo), "--index", "ari", "--json")
    direct = run_cli("score", "--truth", files["truth"], "--pred", files["pred"], "--index", "ari", "--json")
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == direct.stdout


@pytest.mark.parametrize("given, expected", [("5000", 5000), ("64K", 65536), ("4G", 4 << 30), ("2GiB", 2 << 30)])
def test_max_bytes_takes_binary_suffixes(given, expected):
    assert clustval.cli.build_parser().parse_args(["score", "--pred", "p", "--max-bytes", given]).max_bytes == expected
    assert clustval.cli.build_parser().parse_args(["score", "--pred", "p"]).max_bytes == clustval.cli.MAX_BYTES


@pytest.mark.parametrize("given", ["0", "-1", "1.5G", "lots"])
def test_a_bad_max_bytes_is_a_usage_error(given):
    result = run_cli("score", "--pred", "p", "--max-bytes", given)
    assert result.returncode == 2 and "--max-bytes" in result.stderr and result.stderr.count("\n") == 1


def test_json_tells_nan_inf_and_minus_inf_apart(files, monkeypatch, capsys):
    """All three were written as null; JSON stays standard (no bare NaN or Infinity)."""
    given = {"ari": 0.25, "stdi": math.inf, "sil": -math.inf, "dunn": math.nan}
    monkeypatch.setattr(clustval.cli, "score", lambda labels_pred, **options: dict(given))
    assert main(["score", "--pred", files["pred"], "--data", files["data"], "--json"]) == 0
    text = capsys.readouterr().out
    assert "NaN" not in text and "Infinity" not in text
    values = json.loads(text)
    assert values == {"ari": 0.25, "stdi": "inf", "sil": "-inf", "dunn": None}
    # read back: float() takes the strings, null is the undefined NaN
    back = {name: math.nan if v is None else float(v) for name, v in values.items()}
    assert back["stdi"] == math.inf and back["sil"] == -math.inf and math.isnan(back["dunn"])


# ---- one policy for undefined indices: nan named on stderr, or --strict -----------------


def _warning_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("clustval: warning:")]


def test_an_undefined_index_is_nan_named_in_one_line_and_strict_makes_it_an_error(files, tmp_path):
    one = _write_lines(tmp_path / "one.txt", [3] * 60)
    args = ["score", "--truth", files["truth"], "--pred", one, "--data", files["data"],
            "--index", "ari", "--index", "sil", "--index", "db", "--format", "csv"]  # fmt: skip
    result = run_cli(*args)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        "clustval: warning: undefined for this input, shown as nan: sil, db (--strict makes an undefined index an error)."
    ]
    values = {name: float(value) for name, value in list(csv.reader(io.StringIO(result.stdout)))[1:]}
    assert math.isnan(values["sil"]) and math.isnan(values["db"])
    assert values["ari"] == score(np.full(60, 3), labels_true=files_truth_labels(files), names=["ari"])["ari"]
    for strict in (["--strict"], ["--undefined", "raise"]):  # the older spelling still works
        refused = run_cli(*args, *strict)
        _one_line_failure(refused, "is undefined for a single cluster")
        assert refused.stdout == ""
    # every index defined: no warning
    fine = run_cli("score", "--truth", files["truth"], "--pred", files["pred"], "--index", "ari")
    assert fine.returncode == 0 and fine.stderr == ""
    # a table counted elsewhere follows the same policy: one class, S2 undefined
    (tmp_path / "t.csv").write_text("50,50\n")
    table = ["score", "--table", str(tmp_path / "t.csv"), "--index", "s2", "--index", "ari", "--json"]
    result = run_cli(*table)
    assert result.returncode == 0 and json.loads(result.stdout) == {"s2": None, "ari": 0.0}
    assert result.stderr.count("\n") == 1 and "shown as nan: s2 (" in result.stderr
    _one_line_failure(run_cli(*table, "--strict"), "S2 is undefined with a single true class")


def _four_points(tmp_path) -> str:
    (tmp_path / "four.csv").write_text("0,0\n1,1\n2,2\n3,3\n")
    return str(tmp_path / "four.csv")


def test_sweep_follows_the_same_policy(tmp_path, capsys):
    data = _four_points(tmp_path)  # K = n = 4: Silhouette is undefined there
    args = ["sweep", "--data", data, "--k", "2:4", "--index", "sil", "--index", "db"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert "Sil  best K 2 (undefined at K = 4)" in out
    assert err.splitlines() == [
        "clustval: warning: undefined for this input, shown as nan: sil (K = 4) (--strict makes an undefined index an error)."
    ]
    for strict in (["--strict"], ["--undefined", "raise"]):
        assert main([*args, *strict]) == 1
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and err.startswith("clustval: error: Silhouette is undefined")
    with pytest.raises(SystemExit) as stop:  # one policy at a time
        main([*args, "--strict", "--undefined", "nan"])
    assert stop.value.code == 2 and "not allowed with argument --strict" in capsys.readouterr().err


# ---- output formats: csv that standard tools read back, json without bare NaN -------------


def test_score_csv_reads_back_with_csv_numpy_and_pandas(files, monkeypatch, capsys, tmp_path):
    given = {"ari": 0.1 + 0.2, "stdi": math.inf, "sil": -math.inf, "dunn": math.nan}
    monkeypatch.setattr(clustval.cli, "score", lambda labels_pred, **options: dict(given))
    assert main(["score", "--pred", files["pred"], "--data", files["data"], "--format", "csv"]) == 0
    out, err = capsys.readouterr()
    assert out == "index,value\nari,0.30000000000000004\nstdi,inf\nsil,-inf\ndunn,nan\n"
    assert err.splitlines() == [
        "clustval: warning: undefined for this input, shown as nan: dunn (--strict makes an undefined index an error)."
    ]
    rows = list(csv.DictReader(io.StringIO(out)))
    back = {row["index"]: float(row["value"]) for row in rows}
    assert back["ari"] == given["ari"] and back["stdi"] == math.inf and back["sil"] == -math.inf
    assert math.isnan(back["dunn"])
    (tmp_path / "scores.csv").write_text(out)
    column = np.genfromtxt(tmp_path / "scores.csv", delimiter=",", skip_header=1, usecols=1)
    np.testing.assert_array_equal(column, list(given.values()))  # NaN equals NaN here
    pd = pytest.importorskip("pandas")
    frame = pd.read_csv(tmp_path / "scores.csv")
    assert list(frame.columns) == ["index", "value"] and frame["value"].dtype == np.float64
    np.testing.assert_array_equal(frame["value"].to_numpy(), list(given.values()))


def test_sweep_csv_is_its_out_file_and_reads_back(tmp_path, capsys):
    data = _four_points(tmp_path)
    args = ["sweep", "--data", data, "--k", "2:4", "--index", "sil", "--index", "db"]
    assert main([*args, "--format", "csv", "--out", str(tmp_path / "out.csv")]) == 0
    out = capsys.readouterr().out
    assert out == (tmp_path / "out.csv").read_text()
    found = clustval.select_k(np.loadtxt(data, delimiter=","), range(2, 5), indices=["sil", "db"])
    header, *rows = list(csv.reader(io.StringIO(out)))
    assert header == ["k", "sil", "db"]
    assert [float(cell) for row in rows for cell in row] == pytest.approx(
        [row[c] for row in found.table for c in ("k", "sil", "db")], nan_ok=True
    )
    table = np.loadtxt(tmp_path / "out.csv", delimiter=",", skiprows=1)
    assert table.shape == (3, 3) and np.isnan(table[2, 1]) and table[2, 2] == found.table[2]["db"]


def test_sweep_json(tmp_path, capsys):
    data = _four_points(tmp_path)
    for flag in (["--format", "json"], ["--json"]):  # --json: the same, as for score
        assert main(["sweep", "--data", data, "--k", "2:4", "--index", "sil", "--index", "db", "--vote", *flag]) == 0
        text = capsys.readouterr().out
        assert "NaN" not in text
        document = json.loads(text)
        assert document["best"] == {"sil": [2], "db": [4]} and document["undefined"] == {"sil": [4]}
        assert [row["k"] for row in document["values"]] == [2, 3, 4]
        assert document["values"][2]["sil"] is None  # undefined: null, and named on stderr
        assert document["vote"]["majority"] == [2, 4]


# ---- data files with a header row, as pandas writes them ---------------------------------


def _pandas_files(tmp_path, X):
    """X as DataFrame.to_csv writes it: with and without its index, named and default columns."""
    pd = pytest.importorskip("pandas")
    written = {}
    for columns in (["a", "b, c", "d"], None):
        frame = pd.DataFrame(X, columns=columns)
        for index in (True, False):
            path = tmp_path / f"{'named' if columns else 'default'}_{'index' if index else 'plain'}.csv"
            frame.to_csv(path, index=index)
            written[path.stem] = str(path)
    return written


def test_data_written_by_pandas_scores_as_the_plain_file(files, tmp_path):
    X = files["arrays"][2]
    expected = run_cli("score", "--pred", files["pred"], "--data", files["data"], "--json")
    assert expected.returncode == 0, expected.stderr
    for name, path in _pandas_files(tmp_path, X).items():
        flagged = run_cli("score", "--pred", files["pred"], "--data", path, "--data-header", "--json")
        assert flagged.returncode == 0 and flagged.stderr == "", (name, flagged.stderr)
        assert json.loads(flagged.stdout) == json.loads(expected.stdout), name
        if name == "default_plain":
            continue  # its header 0,1,2 is numbers: only --data-header can tell
        detected = run_cli("score", "--pred", files["pred"], "--data", path, "--json")
        assert detected.returncode == 0, detected.stderr
        assert json.loads(detected.stdout) == json.loads(expected.stdout), name
        [line] = detected.stderr.splitlines()
        assert line.startswith(f"clustval: warning: {path}: line 1 (") and "skipped as a header" in line
        assert ("row index" in line) == name.endswith("_index")
    # 0,1,2 is read as data, with a line that says what to pass
    guessed = run_cli("score", "--pred", files["pred"], "--data", str(tmp_path / "default_plain.csv"))
    assert guessed.returncode == 1
    assert guessed.stderr.splitlines()[0].endswith("as pandas' default column names do: read as data; "
                                                   "pass --data-header if it is a header.")  # fmt: skip


def test_distances_written_by_pandas(tmp_path, capsys):
    pd = pytest.importorskip("pandas")
    points = np.array([0.0, 1, 2, 3, 10, 11])
    D = np.abs(points[:, None] - points[None, :])  # its first row reads 0,1,2,3,10,11
    (tmp_path / "p.txt").write_text("0\n0\n0\n0\n1\n1\n")
    np.savetxt(tmp_path / "D.csv", D, delimiter=",", fmt="%g")
    pd.DataFrame(D).to_csv(tmp_path / "indexed.csv")
    pd.DataFrame(D[:, :4][:4]).to_csv(tmp_path / "names.csv", index=False)  # header 0,1,2,3 over a line's distances
    score_args = ["score", "--pred", str(tmp_path / "p.txt"), "--index", "sil", "--format", "csv"]
    assert main([*score_args, "--distances", str(tmp_path / "D.csv")]) == 0
    expected = capsys.readouterr()
    assert expected.err == ""  # a first row 0,1,2,3,... of distances is data, said nowhere
    assert main([*score_args, "--distances", str(tmp_path / "indexed.csv"), "--data-header"]) == 0
    assert capsys.readouterr() == expected
    assert main(["score", "--pred", str(tmp_path / "p.txt"), "--distances", str(tmp_path / "names.csv")]) == 1
    note, error = capsys.readouterr().err.splitlines()  # one row too many: the names are said to be a header
    assert note.endswith("as pandas' default column names do: read as data; pass --data-header if it is a header.")
    assert error.startswith("clustval: error: distances must be a square")


def test_sweep_reads_a_header_too(tmp_path, capsys):
    rows = ["0,0", "0,1", "10,0", "10,1", "0,10", "1,10"]
    (tmp_path / "plain.csv").write_text("".join(f"{row}\n" for row in rows))
    (tmp_path / "X.csv").write_text(",x,y\n" + "".join(f"{i},{row}\n" for i, row in enumerate(rows)))
    assert main(["sweep", "--data", str(tmp_path / "plain.csv"), "--k", "2:4", "--index", "db"]) == 0
    expected = capsys.readouterr()
    assert main(["sweep", "--data", str(tmp_path / "X.csv"), "--k", "2:4", "--index", "db", "--data-header"]) == 0
    assert capsys.readouterr() == expected


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "holds no data rows"),
        ("\n \n", "holds no data rows"),
        ("a,b\n", "holds a header ('a,b') but no data rows"),
        (",a,b\n\n", "holds a header (',a,b') but no data rows"),
        ("1,2\n3,4,5\n", "line 2 has 3 fields, earlier lines have 2"),
        ("a,b\n1,2\n3\n", "line 3 has 1 fields, the header has 2"),
        ("1,2\n3,x\n", "line 2, column 2 is 'x', not a number; the data file must be a numeric CSV"),
        ("a,b\n1,2\n\n3,oops\n", "line 4, column 2 ('b') is 'oops', not a number"),
        ("a,b\n1,\n", "line 2, column 2 ('b') is empty (a missing value?), not a number"),
        ("id,a\ns1,2\ns2,3\n", "line 2, column 1 ('id') is 's1', not a number; an index column? drop it first"),
        (",a\n0,1\n1,x\n", "line 3, column 2 ('a') is 'x', not a number"),
    ],
)
def test_hostile_data_files_are_one_line_errors(files, tmp_path, capsys, text, fragment):
    (tmp_path / "bad.csv").write_text(text)
    for command in (["score", "--pred", files["pred"]], ["sweep", "--k", "2:3"]):
        assert main([*command, "--data", str(tmp_path / "bad.csv")]) == 1
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
        assert err.startswith(f"clustval: error: {tmp_path / 'bad.csv'}") and fragment in err, err


def test_a_data_row_is_never_dropped_silently(tmp_path):
    path = tmp_path / "X.csv"
    path.write_text("1,2\n3,4\n")  # numbers: no header
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert clustval.cli.read_data(str(path)).tolist() == [[1, 2], [3, 4]]
    path.write_text("x,2\n3,4\n")  # a first row that is not all numbers: skipped, and said
    with pytest.warns(UserWarning, match=r"line 1 \('x,2'\) is not all numbers: skipped as a header"):
        assert clustval.cli.read_data(str(path)).tolist() == [[3, 4]]
    assert clustval.cli.read_data(str(path), header=True).tolist() == [[3, 4]]


# ---- label files written by pandas ----------------------------------------------------------


def test_a_label_column_written_with_its_index_is_read(files, tmp_path):
    _, pred, _ = files["arrays"]
    path = tmp_path / "pred.csv"
    path.write_text(",cluster\n" + "".join(f"{i},{v - 5}\n" for i, v in enumerate(pred)))  # Series.to_csv
    expected = run_cli("score", "--truth", files["truth"], "--pred", files["pred"], "--json")
    result = run_cli("score", "--truth", files["truth"], "--pred", str(path), "--json")
    assert result.returncode == 0 and json.loads(result.stdout) == json.loads(expected.stdout)
    assert result.stderr == (
        f"clustval: warning: {path}: line 1 (',cluster') is a header above an index column, as pandas writes "
        "a column: both skipped, the labels are the second column.\n"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # --skip-header said so: no warning
        assert read_labels(str(path), skip_header=True).tolist() == (pred - 5).tolist()
    # a column written without its index: the header is refused in one line that says what to do
    path.write_text("cluster\n" + "".join(f"{v}\n" for v in pred))
    _one_line_failure(run_cli("score", "--truth", files["truth"], "--pred", str(path)), "--skip-header")
    # ragged: not a column with its index, refused as a CSV
    path.write_text(",cluster\n0,1\n1,2,3\n")
    _one_line_failure(run_cli("score", "--truth", files["truth"], "--pred", str(path)), "comma-separated")


def test_weights_and_noise_reach_the_indices(tmp_path, capsys):
    truth = _write_lines(tmp_path / "t.txt", [0, 0, 0, 1, 1, 1])
    pred = _write_lines(tmp_path / "p.txt", [0, 0, -1, 1, 1, -1])
    weights = _write_lines(tmp_path / "w.txt", ["weight", 1, 2, 1, 1, 3, 1])
    assert main(["score", "--truth", truth, "--pred", pred, "--weights", weights, "--noise", "singletons",
                 "--format", "json"]) == 0  # fmt: skip
    expected = score(np.array([0, 0, -1, 1, 1, -1]), labels_true=[0, 0, 0, 1, 1, 1],
                     sample_weight=[1, 2, 1, 1, 3, 1], noise="singletons", undefined="nan")  # fmt: skip
    got = json.loads(capsys.readouterr().out)
    assert got == {name: (None if np.isnan(value) else value) for name, value in expected.items()}


def test_weights_reach_the_internal_indices_that_take_them(files, tmp_path, capsys):
    _, pred, X = files["arrays"]
    w = np.arange(60) % 4
    weights = _write_lines(tmp_path / "w.txt", w)
    assert main(["score", "--pred", files["pred"], "--data", files["data"], "--weights", weights,
                 "--index", "db", "--index", "calinski_harabasz", "--json"]) == 0  # fmt: skip
    expected = score(pred, X=X, names=["db", "calinski_harabasz"], sample_weight=w)
    assert json.loads(capsys.readouterr().out) == pytest.approx(expected, rel=1e-12)
    # without --index: the internal indices that take weights, each as the library gives it
    assert main(["score", "--pred", files["pred"], "--data", files["data"], "--weights", weights, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert list(got) == [n for n in INTERNAL if INDICES[n].weights]
    # an index that takes none: one line naming it
    _one_line_failure(run_cli("score", "--pred", files["pred"], "--data", files["data"], "--weights", weights,
                              "--index", "wcnn"), "wcnn takes no sample_weight")  # fmt: skip


@pytest.mark.parametrize(
    ("weights", "message"),
    [([1, 0.5, 1], "sample_weight\\[1\\] = 0.5"), (["1,2", "1,2", "1,2"], "one weight per line")],
)
def test_bad_weights_files_are_one_line_errors(tmp_path, capsys, weights, message):
    truth = _write_lines(tmp_path / "t.txt", [0, 0, 1])
    path = _write_lines(tmp_path / "w.txt", weights)
    assert main(["score", "--truth", truth, "--pred", truth, "--weights", path]) != 0
    err = capsys.readouterr().err.strip()
    assert re.search(message, err) and len(err.splitlines()) == 1


def test_metric_reaches_score_and_sweep(files, capsys):
    truth, pred, X = files["arrays"]
    assert main(["score", "--pred", files["pred"], "--data", files["data"], "--metric", "minkowski",
                 "--minkowski-p", "3", "--index", "sil", "--json"]) == 0  # fmt: skip
    got = json.loads(capsys.readouterr().out)["sil"]
    assert got == pytest.approx(silhouette_score(X, pred, metric="minkowski", p=3), rel=1e-12)
    assert main(["sweep", "--data", files["data"], "--k", "2:3", "--algorithm", "pam", "--index", "sil",
                 "--metric", "cosine", "--format", "csv"]) == 0  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    found = clustval.select_k(X, [2, 3], "pam", indices=["sil"], metric="cosine")
    assert [float(row["sil"]) for row in rows] == found.series("sil")[1]
    assert found.series("sil")[1][0] == pytest.approx(silhouette_score(X, found.labels[2], metric="cosine"), rel=1e-12)
    assert main(["score", "--pred", files["pred"], "--data", files["data"], "--minkowski-p", "3"]) != 0
    assert "--metric minkowski" in capsys.readouterr().err
