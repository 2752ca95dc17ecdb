"""The command line: `clustval score` prints what the library computes, and fails cleanly."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score, silhouette_score

from clustval.cli import main
from clustval.registry import EXTERNAL, INTERNAL
from clustval.scoring import score


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


def test_readable_table(files, capsys):
    assert main(["score", "--truth", files["truth"], "--pred", files["pred"]]) == 0
    out = capsys.readouterr().out
    assert "S2" in out and "Accuracy" in out and "higher" in out
    assert len(out.strip().splitlines()) == len(EXTERNAL) + 2


def test_indices_lists_the_registry(capsys):
    assert main(["indices"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == len(EXTERNAL) + len(INTERNAL)


@pytest.mark.parametrize(
    "case, fragment",
    [
        ("length", "labels_true has 60 labels but labels_pred has 59"),
        ("missing", "no such file"),
        ("text_data", "not numeric"),
        ("nan_data", "NaN or inf"),
        ("one_cluster", "cluster"),
        ("empty_line", "line 3 is empty"),
        ("unknown_index", "unknown index"),
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
        (tmp_path / "bad.csv").write_text("a,b,c\n1,2,3\n")
        args += ["--data", str(tmp_path / "bad.csv")]
    elif case == "nan_data":
        bad = X.copy()
        bad[4, 1] = np.nan
        np.savetxt(tmp_path / "nan.csv", bad, delimiter=",")
        args += ["--data", str(tmp_path / "nan.csv")]
    elif case == "one_cluster":
        args = ["score", "--pred", _write_lines(tmp_path / "one.txt", [1] * 60), "--data", files["data"]]
    elif case == "empty_line":
        (tmp_path / "gap.txt").write_text("1\n2\n\n3\n")
        args[4] = str(tmp_path / "gap.txt")
    elif case == "unknown_index":
        args += ["--index", "s3"]
    result = run_cli(*args)
    assert result.returncode != 0
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("clustval: error:")
    assert fragment in result.stderr


def test_no_inputs_is_a_usage_error():
    result = run_cli("score", "--pred", "x.txt")
    assert result.returncode == 2 and "give --truth" in result.stderr
