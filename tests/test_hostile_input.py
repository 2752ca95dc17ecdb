"""Hostile input: labels, label files, distance matrices and counts that used to be scored
silently wrong (or crash with a traceback). Each gives the right value or one clear error,
through the library and through the command line where it reads such input."""

from __future__ import annotations

import json
import math
import re
import resource
import subprocess
import sys
import warnings
from fractions import Fraction

import numpy as np
import pytest
from scipy import sparse
from sklearn.metrics import (
    adjusted_mutual_info_score,
    adjusted_rand_score,
    silhouette_samples,
)

import clustval
import clustval._engine.validation as validation
import clustval.indices.objects as objects
from clustval.cli import build_parser, main, read_labels, read_table
from clustval.clustering import ALGORITHMS
from clustval.errors import InputError
from clustval.indices.contingency import Contingency
from clustval.indices.information import expected_mutual_info


def _lines(path, values) -> str:
    path.write_text("".join(f"{v}\n" for v in values))
    return str(path)


def _cli(capsys, *args) -> tuple[int, str, str]:
    """``clustval ARGS`` in this process: (exit status, stdout, stderr)."""
    try:
        status = main(list(args))
    except SystemExit as stop:  # argparse's usage errors
        status = stop.code
    out = capsys.readouterr()
    return status, out.out, out.err


MAX_OBJECTS = math.isqrt(2**63 - 1)  # the largest total a contingency table may count


def _one_line_error(status: int, out: str, err: str, fragment: str, code: int = 1) -> None:
    assert status == code, err
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith(("clustval: error:", "clustval score: error:", "clustval sweep: error:")), err
    assert fragment in err, err


def _sklearn_ari(t, p) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its "continuous values" warning and cast warnings
        return adjusted_rand_score(t, p)


# ---- 1. float labels beyond int64: each distinct float is one label ----------------------

BIG_TRUE = [1e20, 2e20, 3e20, 1e20, 2e20, 3e20, 1e20, 3e20]
BIG_PRED = [1e20, 1e20, 3e20, 1e20, 2e20, 3e20, 2e20, 3e20]


def test_float_labels_beyond_int64_match_scikit_learn():
    expected = _sklearn_ari(BIG_TRUE, BIG_PRED)
    codes_true, codes_pred = np.unique(BIG_TRUE, return_inverse=True)[1], np.unique(BIG_PRED, return_inverse=True)[1]
    assert expected == pytest.approx(adjusted_rand_score(codes_true, codes_pred), abs=1e-15)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no cast warning, no continuous-label warning: integral
        assert clustval.ari(BIG_TRUE, BIG_PRED) == pytest.approx(expected, abs=1e-15)
        assert clustval.score(np.array(BIG_PRED), labels_true=np.array(BIG_TRUE), names=["ari"])["ari"] == (
            pytest.approx(expected, abs=1e-15)
        )
    assert objects.as_label_array(np.array([-1e19, 5.0, -1e19])).dtype == np.float64  # below int64 too
    assert objects.as_label_array(np.array([-(2.0**63), 5.0])).dtype == np.int64  # int64's own minimum


def test_float_labels_beyond_int64_through_the_command_line(tmp_path, capsys):
    truth = _lines(tmp_path / "t.txt", [f"{v:.0e}" for v in BIG_TRUE])  # 1e+20, ...
    pred = _lines(tmp_path / "p.txt", [f"{v:.0e}" for v in BIG_PRED])
    status, out, err = _cli(capsys, "score", "--truth", truth, "--pred", pred, "--index", "ari", "--json")
    assert status == 0 and err == "", err
    assert json.loads(out)["ari"] == pytest.approx(_sklearn_ari(BIG_TRUE, BIG_PRED), abs=1e-15)


# ---- 9 (labels). integers beyond int64: exact -------------------------------------------


def test_python_integers_beyond_int64_are_exact():
    big = 2**64
    t = [big, big + 1, big, 5, big + 1, 5]  # numpy alone: an object array, refused before
    p = [0, 1, 0, 1, 1, 0]
    expected = adjusted_rand_score([2, 3, 2, 1, 3, 1], p)
    assert clustval.ari(t, p) == pytest.approx(expected, abs=1e-15)
    # 2**63 and 2**63 + 1 are one float64: numpy alone merges them (and -1 with them makes floats)
    t = [2**63, 2**63 + 1, 2**63, -1]
    assert clustval.ari(t, [0, 1, 0, 2]) == 1.0
    assert clustval.indices.contingency.contingency(t, [0, 1, 0, 2]).classes.tolist() == [-1, 2**63, 2**63 + 1]
    X = np.random.default_rng(0).normal(size=(4, 2))
    assert clustval.internal_scores(X, t, ["sil"]) == clustval.internal_scores(X, [2, 0, 2, 1], ["sil"])


def test_integer_label_files_beyond_int64_are_exact(tmp_path, capsys):
    big = [18446744073709551616, 18446744073709551617, 99999999999999999999]
    t_values = [big[0], big[1], big[0], big[2], big[1], big[2]]
    p_values = [1, 1, 0, 0, 2, 2]
    truth, pred = _lines(tmp_path / "t.txt", t_values), _lines(tmp_path / "p.txt", p_values)
    assert len(set(read_labels(truth).tolist())) == 3
    status, out, err = _cli(capsys, "score", "--truth", truth, "--pred", pred, "--index", "ari", "--json")
    assert status == 0, err
    assert json.loads(out)["ari"] == pytest.approx(adjusted_rand_score([0, 1, 0, 2, 1, 2], p_values), abs=1e-15)


# ---- 2. a CSV passed as a label file ------------------------------------------------------


@pytest.mark.parametrize(
    "lines, fragment",
    [
        (["1,a", "2,b", "3,a", "4,b"], "comma-separated fields (line 1: '1,a')"),  # id,label rows
        (["0.5,1.25", "3,4", "1,2", "0,0"], "comma-separated fields"),  # a data CSV
        (["1\ta", "2\tb", "3\ta", "4\tb"], "tab-separated fields"),
    ],
)
def test_a_csv_is_not_a_label_file(tmp_path, capsys, lines, fragment):
    path = _lines(tmp_path / "pred.txt", lines)
    with pytest.raises(InputError, match=re.escape(fragment)):
        read_labels(path)
    truth = _lines(tmp_path / "truth.txt", ["a", "b", "a", "b"])
    _one_line_error(*_cli(capsys, "score", "--truth", truth, "--pred", path), fragment)
    _one_line_error(*_cli(capsys, "score", "--truth", path, "--pred", truth), "keep only the label column")


def test_the_data_file_as_pred_is_refused(tmp_path, capsys):
    X = np.random.default_rng(1).normal(size=(6, 3))
    np.savetxt(tmp_path / "X.csv", X, delimiter=",")
    truth = _lines(tmp_path / "truth.txt", [0, 0, 0, 1, 1, 1])
    _one_line_error(*_cli(capsys, "score", "--truth", truth, "--pred", str(tmp_path / "X.csv")),
                    "a label file holds one label per line")  # fmt: skip


# ---- 3. a header line above text labels --------------------------------------------------


@pytest.mark.parametrize("header", ["label", "Cluster", "CLASS", "target", "truth", "pred", "y", "id"])
def test_a_header_above_text_labels_is_refused(tmp_path, capsys, header):
    labels = ["setosa", "virginica", "setosa", "versicolor"]
    path = _lines(tmp_path / "pred.txt", [header, *labels])
    with pytest.raises(InputError, match=re.escape(f"line 1 ({header!r}) names a column")):
        read_labels(path)
    assert read_labels(path, skip_header=True).tolist() == labels
    truth = _lines(tmp_path / "truth.txt", ["a", "b", "a", "c", "c"])
    _one_line_error(*_cli(capsys, "score", "--truth", truth, "--pred", path), "--skip-header")
    _one_line_error(*_cli(capsys, "score", "--truth", truth, "--pred", path), "tail -n +2")


def test_skip_header_drops_the_first_line_of_both_files(tmp_path, capsys):
    truth = _lines(tmp_path / "t.txt", ["class", "a", "a", "b", "b"])
    pred = _lines(tmp_path / "p.txt", ["cluster", 1, 1, 1, 2])
    status, out, err = _cli(capsys, "score", "--truth", truth, "--pred", pred, "--skip-header", "--json")
    assert status == 0, err
    assert json.loads(out)["ari"] == pytest.approx(adjusted_rand_score(list("aabb"), [1, 1, 1, 2]), abs=1e-15)
    assert "--skip-header" in build_parser()._subparsers._group_actions[0].choices["score"].format_help()


def test_a_column_name_that_is_a_label_is_kept(tmp_path):
    # "y" occurs again below: a label, not a header; a first line naming no column is a label
    assert read_labels(_lines(tmp_path / "a.txt", ["y", "n", "y"])).tolist() == ["y", "n", "y"]
    assert read_labels(_lines(tmp_path / "b.txt", ["setosa", "virginica"])).tolist() == ["setosa", "virginica"]


# ---- 4. mixed kinds in one label vector --------------------------------------------------


@pytest.mark.parametrize(
    "labels, fragment",
    [
        ([b"a", "a", "b"], "mixes bytes and strings"),
        (np.array([b"a", "a"], dtype=object), "mixes bytes and strings"),
        ([True, 1, 0], "mixes booleans and numbers"),  # numpy alone: the integers [1, 1, 0]
        ([True, 2.5], "mixes booleans and numbers"),
        ((np.True_, 1), "mixes booleans and numbers"),
        (np.array([True, 2], dtype=object), "mixes booleans and numbers"),
        ([True, "1"], "mixes numbers and strings"),
    ],
)
def test_mixed_kinds_are_refused(labels, fragment):
    with pytest.raises(InputError, match=fragment):
        objects.as_label_array(labels)
    with pytest.raises(InputError, match=fragment):
        clustval.score(labels, labels_true=np.zeros(len(labels), dtype=int), names=["ari"])


def test_labels_of_one_kind_still_pass():
    assert objects.as_label_array([True, False, True]).dtype == np.bool_
    assert objects.as_label_array(np.array([True, False], dtype=object)).dtype == np.bool_
    assert objects.as_label_array([b"x", b"y"]).tolist() == ["x", "y"]
    assert objects.as_label_array([1, 2.0, 1]).tolist() == [1, 2, 1]


# ---- 5. scipy.sparse distance matrices ---------------------------------------------------


def _sparse_case():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(12, 2)) + np.repeat([[0, 0], [4, 0], [0, 4]], 4, axis=0)
    labels = np.repeat([0, 1, 2], 4)
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    D[0, 5] = D[5, 0] = D[2, 3] = D[3, 2] = 0.0  # missing entries of the sparse matrix
    return sparse.csr_matrix(D), labels


@pytest.mark.parametrize("kind", ["csr_matrix", "csr_array", "coo_matrix", "csc_array"])
def test_sparse_distances_are_scikit_learns_precomputed_convention(kind):
    S, labels = _sparse_case()
    S.eliminate_zeros()
    assert S.nnz == 12 * 12 - 12 - 4  # the diagonal and the four zeros are not stored
    expected = silhouette_samples(S, labels, metric="precomputed").mean()  # missing: distance 0
    given = getattr(sparse, kind)(S)
    assert clustval.score(labels, distances=given, names=["sil"])["sil"] == pytest.approx(expected, abs=1e-14)
    dense = clustval.internal_scores(S.toarray(), labels, metric="precomputed")
    assert clustval.internal_scores(given, labels, metric="precomputed") == dense


def test_sparse_distances_that_are_not_usable_are_one_error(monkeypatch):
    S, labels = _sparse_case()
    with pytest.raises(InputError, match="store both triangles"):  # one triangle: missing is 0
        clustval.score(labels, distances=sparse.triu(S).tocsr(), names=["sil"])
    with pytest.raises(InputError, match=r"square \(n, n\) matrix, got a sparse matrix of shape \(12, 11\)"):
        clustval.score(labels, distances=S[:, :11], names=["sil"])
    monkeypatch.setattr(validation, "MAX_SPARSE_DENSE_CELLS", 100)
    with pytest.raises(InputError, match="too large to densify"):
        clustval.internal_scores(S, labels, metric="precomputed")


# ---- 6. every clustering algorithm, through select_k and `clustval sweep` -----------------

_BLOBS = np.array([[x + dx, y + dy] for x, y in [(0, 0), (10, 0), (5, 9)]
                   for dx, dy in [(0, 0), (1, 0), (0, 1), (1, 1)]], dtype=float)  # fmt: skip


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_every_algorithm_through_select_k_and_sweep(algorithm, tmp_path, capsys):
    found = clustval.select_k(_BLOBS, range(2, 5), algorithm, indices=["sil", "db"])
    assert found.best_ks == {"sil": (3,), "db": (3,)} and found.best == {"sil": 3, "db": 3}
    np.savetxt(tmp_path / "X.csv", _BLOBS, delimiter=",")
    status, out, err = _cli(capsys, "sweep", "--data", str(tmp_path / "X.csv"), "--k", "2:4",
                            "--algorithm", algorithm, "--index", "SIL", "--index", "db")  # fmt: skip
    assert status == 0, err
    assert out.strip() == clustval.selection.summary(found)


def test_sweep_lists_every_algorithm(capsys):
    with pytest.raises(SystemExit):
        main(["sweep", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for name in ALGORITHMS:
        assert text.count(name) >= 2, name  # in the usage's choices and in the option's help


# ---- 7. the command line's options -------------------------------------------------------


def _options():
    parser = build_parser()
    commands = next(a for a in parser._actions if a.choices and hasattr(a, "_name_parser_map"))
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if action.option_strings and action.dest != "help":
                yield name, sub, action


def test_every_option_has_help_listing_its_choices():
    for name, sub, action in _options():
        assert action.help, f"{name} {action.option_strings[0]} has no help"
        text = sub._get_formatter()._expand_help(action)
        for choice in action.choices or ():
            assert str(choice) in text, f"{name} {action.option_strings[0]}: {choice} not in its help"


def test_index_names_are_case_insensitive(tmp_path, capsys):
    truth = _lines(tmp_path / "t.txt", [0, 0, 1, 1, 2])
    pred = _lines(tmp_path / "p.txt", [0, 1, 1, 1, 2])
    status, out, err = _cli(capsys, "score", "--truth", truth, "--pred", pred, "--index", "ARI", "--index", "Nmi",
                            "--json")  # fmt: skip
    assert status == 0, err
    assert json.loads(out) == clustval.external_scores([0, 0, 1, 1, 2], [0, 1, 1, 1, 2], ["ari", "nmi"])


def test_truth_without_pred_is_a_usage_error(tmp_path, capsys):
    truth = _lines(tmp_path / "t.txt", [0, 0, 1, 1])
    _one_line_error(*_cli(capsys, "score", "--truth", truth), "give --pred", code=2)


def test_coordinates_message_agrees_with_its_subject(tmp_path, capsys):
    rng = np.random.default_rng(2)
    X, labels = rng.normal(size=(9, 2)), np.repeat([0, 1, 2], 3)
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(-1))
    with pytest.raises(InputError, match="^STDI needs the data's coordinates"):
        clustval.internal_scores(D, labels, ["stdi"], metric="precomputed")
    with pytest.raises(InputError, match="^DB, XB need the data's coordinates"):
        clustval.score(labels, distances=D, names=["db", "xb"])
    np.savetxt(tmp_path / "D.csv", D, delimiter=",")
    pred = _lines(tmp_path / "p.txt", labels)
    _one_line_error(*_cli(capsys, "score", "--pred", pred, "--distances", str(tmp_path / "D.csv"), "--index", "stdi"),
                    "STDI needs the data's coordinates")  # fmt: skip


# ---- 8. labels read from text are equal only when their text is --------------------------


@pytest.mark.parametrize(
    "pair",
    [("01", "1"), ("1_0", "10"), ("\u0661", "1"), ("+1", "1"), ("-0", "0"), ("1.0", "1.00"), ("1.0", "1"),
     (" 2", "02")],
)  # fmt: skip
def test_different_text_is_a_different_label(tmp_path, capsys, pair):
    first, second = pair
    values = [first, second, first, second, "3", "3"]
    path = _lines(tmp_path / "p.txt", values)
    read = read_labels(path).tolist()
    assert len(set(read)) == 3, read  # int() would read first and second as one label
    truth = _lines(tmp_path / "t.txt", ["a", "b", "a", "b", "c", "c"])
    status, out, err = _cli(capsys, "score", "--truth", truth, "--pred", path, "--index", "ari", "--json")
    assert status == 0, err
    expected = adjusted_rand_score(["a", "b", "a", "b", "c", "c"], [v.strip() for v in values])
    assert json.loads(out)["ari"] == pytest.approx(expected, abs=1e-15) == 1.0


def test_plain_integers_and_decimals_are_still_numbers(tmp_path):
    assert read_labels(_lines(tmp_path / "a.txt", [0, -3, 10, 7])).dtype == np.int64
    assert read_labels(_lines(tmp_path / "b.txt", ["1.0", "2.0", "1.0"])).tolist() == [1, 2, 1]
    assert read_labels(_lines(tmp_path / "c.txt", ["007", "12"])).tolist() == ["007", "12"]  # text: one spelling each


def test_table_labels_are_equal_only_when_their_text_is(tmp_path):
    (tmp_path / "long.csv").write_text("class,cluster,count\n01,a,3\n1,a,4\n1,b,5\n")
    ct = read_table(str(tmp_path / "long.csv"))
    assert ct.classes.tolist() == ["01", "1"] and ct.table.tolist() == [[3, 0], [4, 5]]
    (tmp_path / "counts.csv").write_text("class,cluster,count\n0,0,\u0663\n")
    with pytest.raises(InputError, match="is not a count"):
        read_table(str(tmp_path / "counts.csv"))


# ---- 9. counts beyond int64, K beyond memory, AMI at large n -----------------------------

HUGE = 2305843009213693952  # 2^61: four such cells add up to 2^63, which wraps in int64


def test_counts_adding_up_beyond_int64_are_refused(tmp_path, capsys):
    for table in ([[HUGE, HUGE], [HUGE, HUGE]], np.array([[2**63, 1], [1, 1]], dtype=np.uint64),
                  [[2**70, 1], [1, 1]], [[1e30, 1.0], [1.0, 1.0]]):  # fmt: skip
        with pytest.raises(InputError, match="objects in all, more than 3037000499"):
            clustval.external_scores_from_table(table, ["accuracy", "ari"])
    with pytest.raises(InputError, match="objects in all"):
        Contingency.from_table([[HUGE, HUGE], [HUGE, HUGE]])
    with pytest.raises(InputError, match="objects in all"):
        clustval.contingency_from_counts(["a", "a", "b", "b"], [1, 2, 1, 2], [2**62] * 4)
    (tmp_path / "t.csv").write_text(f"{HUGE},{HUGE}\n{HUGE},{HUGE}\n")
    _one_line_error(*_cli(capsys, "score", "--table", str(tmp_path / "t.csv")), "objects in all")
    (tmp_path / "big.csv").write_text("99999999999999999999,1\n1,1\n")
    _one_line_error(*_cli(capsys, "score", "--table", str(tmp_path / "big.csv")), "beyond 2^63 - 1")
    (tmp_path / "long.csv").write_text("class,cluster,count\na,1,99999999999999999999\n")
    _one_line_error(*_cli(capsys, "score", "--table", str(tmp_path / "long.csv")), "beyond 2^63 - 1")


def test_the_largest_table_is_exact():
    x = MAX_OBJECTS // 4  # four equal cells: accuracy 1/2, rand exactly from the pair counts
    values = clustval.external_scores_from_table([[x, x], [x, x]], ["accuracy", "rand", "ari", "bcubed_f"])
    n = 4 * x
    pairs = n * (n - 1) // 2
    same_both = 4 * (x * (x - 1) // 2)
    apart_both = 2 * x * x  # pairs in different classes and different clusters
    assert values["accuracy"] == 0.5 and values["bcubed_f"] == 0.5
    assert values["rand"] == pytest.approx(float(Fraction(same_both + apart_both, pairs)), rel=1e-15)


def test_k_beyond_memory_is_one_error(tmp_path, capsys):
    with pytest.raises(InputError, match=r"K = 99999999999999999999 is outside 2\.\.12"):
        clustval.select_k(_BLOBS, range(2, 10**20))
    np.savetxt(tmp_path / "X.csv", _BLOBS, delimiter=",")
    _one_line_error(*_cli(capsys, "sweep", "--data", str(tmp_path / "X.csv"), "--k", "2:99999999999999999999"),
                    "is outside 2..12")  # fmt: skip


def _exact_emi(row_sums, col_sums, n: int) -> float:
    terms = []
    for a in row_sums:
        for b in col_sums:
            for k in range(max(1, a + b - n), min(a, b) + 1):
                p = Fraction(math.comb(b, k) * math.comb(n - b, a - k), math.comb(n, a))
                terms.append(float(p) * (k / n) * math.log(n * k / (a * b)))
    return math.fsum(terms)


def test_expected_mutual_info_is_exact_where_its_support_is_cut():
    # min(a, b) > 400: the support is cut 20 sqrt(min(a, b)) from the mean; the sum stays exact
    rows, cols, n = [700, 500], [600, 600], 1200
    assert expected_mutual_info(np.array(rows), np.array(cols), n) == pytest.approx(
        _exact_emi(rows, cols, n), rel=1e-13
    )
    rng = np.random.default_rng(5)
    t, p = rng.integers(0, 2, 10**6), rng.integers(0, 3, 10**6)
    assert clustval.ami(t, p) == pytest.approx(adjusted_mutual_info_score(t, p), abs=1e-12)


def _address_space_2gib():
    resource.setrlimit(resource.RLIMIT_AS, (2**31, 2**31))


def test_ami_of_a_table_of_two_billion_objects_needs_little_memory(tmp_path):
    # n = 2e9: the full support of E[MI] would be 1e9 terms (~60 GB); the cut one is ~1e6
    (tmp_path / "t.csv").write_text("500000000,500000000\n500000000,500000000\n")
    result = subprocess.run(
        [sys.executable, "-m", "clustval", "score", "--table", str(tmp_path / "t.csv"), "--index", "ami", "--json"],
        check=False, capture_output=True, text=True, timeout=120, preexec_fn=_address_space_2gib,
    )
    assert result.returncode == 0, result.stderr[-500:]
    n = 2 * 10**9  # MI = 0; E[MI] = (C - 1)(K - 1) / (2n) + O(1/n^2); AMI = -E / (log 2 - E)
    assert json.loads(result.stdout)["ami"] == pytest.approx(-1 / (2 * n * math.log(2)), rel=1e-6)


# An array (or a long list) where one number or name was meant: each option refuses it in one
# short line, never a traceback of numpy's ("the truth value of an array ... is ambiguous").
_A = np.arange(100.0)
_X = np.random.default_rng(0).normal(size=(60, 3))
_P, _T = np.arange(60) % 3, np.arange(60) // 20


@pytest.mark.parametrize(
    "call",
    [
        lambda: clustval.bootstrap(_T, _P),  # scikit-learn's order: the labels where fn goes
        lambda: clustval.bootstrap(list(range(100)), _T, _P),
        lambda: clustval.bootstrap("ari", _T, _P, n_resamples=_A),
        lambda: clustval.bootstrap("ari", _T, _P, seed=_A),
        lambda: clustval.bootstrap("ari", _T, _P, confidence=_A),
        lambda: clustval.bootstrap("ari", _T, _P, method=_A),
        lambda: clustval.bootstrap("ari", _T, _P, pairwise=_A),
        lambda: clustval.significance("ari", _T, _P, model=_A),
        lambda: clustval.significance("ari", _T, _P, fixed=_A),
        lambda: clustval.significance("ari", _T, _P, n_resamples=_A),
        lambda: clustval.score(_P, X=_X, names=["sil"], memory_budget_mb=_A),
        lambda: clustval.score(_P, X=_X, names=["sil"], metric=_A),
        lambda: clustval.dunnowa(_X, _P, M=_A),
        lambda: clustval.dunnowa(_X, _P, numerator=_A),
        lambda: clustval.select_k(_X, ks=[2, 3], algorithm=_A),
        lambda: clustval.cluster(_X, _A, [3]),
        lambda: clustval.cluster(_X, "kmeans", 3),  # one K where a sequence of them goes
        lambda: clustval.cluster(_X, "kmeans", _A),
        lambda: clustval.kmeans(_X, _A),
        lambda: clustval.kmeans(_X, 2.0),
        lambda: clustval.pam(_X, _A),
        lambda: clustval.sd_kmedoids(_X, 3, radius=_A),
        lambda: clustval.random_clusterings(_X, 3, 3, method=_A),
        lambda: clustval.random_clusterings(_X, _A, 3),
        lambda: clustval.gap_statistic(_X, ks=np.ones((3, 3), int)),
        lambda: clustval.stability_k(_X, ks=[2, 3], seed=_A),
        lambda: clustval.silhouette_score(_X, _P, sample_size=_A),
        lambda: clustval.silhouette_score(_X, _P, sample_size=10, random_state=_A),
        lambda: clustval.v_measure(_T, _P, beta=_A),
        lambda: clustval.get_index(_A),
        lambda: clustval.contingency_from_frame(_A),
    ],
)
def test_an_array_for_one_value_is_one_short_line(call):
    with pytest.raises(clustval.ClustvalError) as raised:
        call()
    message = str(raised.value)
    assert "\n" not in message and len(message) < 300, message
    assert "array([" not in message, message
