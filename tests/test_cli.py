"""The command line: `clustval score` prints what the library computes, and fails cleanly (the
files it reads: tests/io/test_readers.py)."""

from __future__ import annotations

import csv
import io
import json
import math
import subprocess
import sys
import warnings

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score, silhouette_score

import clustval
import clustval.cli
from clustval.cli import format_indices, main
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
    from tests.conftest import REPO, load_file

    hooks = load_file("docs/hooks.py", "clustval_docs_hooks")
    page = hooks.render((REPO / "docs" / "indices.md").read_text(encoding="utf-8"))
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


def _one_line_failure(result, message):
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr


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
        assert document["best"] == {"sil": 2, "db": 4} and document["best_ks"] == {"sil": [2], "db": [4]}
        assert document["undefined"] == {"sil": [4]}
        assert [row["k"] for row in document["values"]] == [2, 3, 4]
        assert document["values"][2]["sil"] is None  # undefined: null, and named on stderr
        assert document["vote"]["majority"] == [2, 4]


# ---- weights, noise and the metric reach the indices ---------------------------------------


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
    # an option value with which its index takes none: one line naming both
    _one_line_failure(run_cli("score", "--pred", files["pred"], "--data", files["data"], "--weights", weights,
                              "--index", "dbcv", "--dbcv-tree", "hdbscan"),
                      "DBCV takes no sample_weight with dbcv_tree = 'hdbscan'")  # fmt: skip


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
