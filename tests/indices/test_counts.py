"""External indices from a contingency table counted elsewhere: a dense matrix, long
``class, cluster, count`` rows, a DataFrame group-by, the CLI's ``--table``, and the Dask
recipe of the README (``examples/dask_contingency.py``) on a local two-worker cluster.

The truth is the in-memory path: ``external_scores`` of the labels themselves. Every value
must be equal, bit for bit.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import clustval
from clustval import cli
from clustval.errors import InputError
from clustval.indices.counts import (
    as_contingency,
    contingency_from_counts,
    contingency_from_frame,
)
from tests.conftest import load_file



def _partition(seed: int, n: int, c: int, k: int, strings: bool = False):
    rng = np.random.default_rng(seed)
    t, p = rng.integers(0, c, n), rng.integers(0, k, n)
    p[: n // 2] = t[: n // 2] % k  # some agreement, so the indices are not all near 0
    return (np.array([f"class {i}" for i in range(c)])[t] if strings else t), p


def _long_rows(t, p, order_seed: int = 0):
    """The table's non-zero cells as long rows, in a scrambled order."""
    cells = {}
    for a, b in zip(t.tolist(), p.tolist()):
        cells[(a, b)] = cells.get((a, b), 0) + 1
    rows = list(cells.items())
    np.random.default_rng(order_seed).shuffle(rows)
    return [a for (a, _), _ in rows], [b for (_, b), _ in rows], [m for _, m in rows]


@pytest.mark.parametrize("seed", range(6))
def test_a_table_gives_the_values_of_the_labels(seed):
    t, p = _partition(seed, n=300 + 50 * seed, c=2 + seed % 4, k=2 + seed)
    in_memory = clustval.external_scores(t, p)
    assert clustval.external_scores_from_table(clustval.contingency_matrix(t, p)) == in_memory
    assert clustval.external_scores_from_table(contingency_from_counts(*_long_rows(t, p, seed))) == in_memory


def test_long_rows_keep_their_labels_for_identity_matching():
    # identity matching pairs class L with cluster L: the labels, not the positions, count
    t = np.array([3, 3, 3, 5, 5, 5, 5])
    p = np.array([5, 5, 3, 3, 3, 3, 9])
    want = clustval.external_scores(t, p, ["s2"], s2_matching="identity")
    got = clustval.external_scores_from_table(contingency_from_counts(*_long_rows(t, p)), ["s2"], s2_matching="identity")
    assert got == want and want != clustval.external_scores(t, p, ["s2"])


def test_zero_rows_and_columns_are_dropped_as_absent_labels():
    t, p = _partition(9, n=200, c=3, k=4)
    table = clustval.contingency_matrix(t, p)
    padded = np.zeros((5, 6), dtype=np.int64)
    padded[np.ix_([0, 2, 4], [1, 2, 3, 5])] = table
    assert clustval.external_scores_from_table(padded) == clustval.external_scores(t, p)
    classes, clusters, counts = _long_rows(t, p)
    with_zeros = contingency_from_counts([*classes, 7], [*clusters, 0], [*counts, 0])
    assert with_zeros.classes.tolist() == [0, 1, 2]
    assert clustval.external_scores_from_table(with_zeros) == clustval.external_scores(t, p)


def test_float_counts_that_are_integers_are_counts():
    assert as_contingency(np.array([[2.0, 0.0], [1.0, 3.0]])).table.tolist() == [[2, 0], [1, 3]]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: as_contingency([[1, -2], [3, 4]]), "count -2 is negative"),
        (lambda: as_contingency([[1, 2.5]]), "count 2.5 is not an integer"),
        (lambda: as_contingency([[1, np.nan]]), "is not an integer"),
        (lambda: as_contingency([[True, False]]), "counts must be integers"),
        (lambda: as_contingency([["1", "2"]]), "counts must be integers"),
        (lambda: as_contingency([[0, 0], [0, 0]]), "counts no object"),
        (lambda: as_contingency(np.zeros((0, 3))), "non-empty 2-D array"),
        (lambda: as_contingency([1, 2, 3]), "non-empty 2-D array"),
        (lambda: contingency_from_counts(["a", "b", "a"], [1, 1, 1], [2, 3, 4]), "class 'a', cluster 1 is listed 2 times"),
        (lambda: contingency_from_counts([], [], []), "classes is empty"),
        (lambda: contingency_from_counts(["a"], [1], [0]), "counts no object"),
        (lambda: contingency_from_counts(["a", "b"], [1], [2, 3]), "lengths 2, 1 and 2"),
        (lambda: contingency_from_counts(["a", None], [1, 2], [2, 3]), "classes contains None"),
        (lambda: contingency_from_counts(["a", 1], [1, 2], [2, 3]), "mixes numbers and strings"),
        (lambda: contingency_from_counts(["a"], [1], [-1]), "negative"),
    ],
)
def test_bad_tables_are_one_clear_error(build, message):
    with pytest.raises(InputError, match=message):
        build()


def test_a_pandas_frame_is_counted_with_its_missing_labels_refused():
    pd = pytest.importorskip("pandas")
    t, p = _partition(3, n=500, c=4, k=5, strings=True)
    frame = pd.DataFrame({"truth": t, "pred": p})
    assert clustval.external_scores_from_table(contingency_from_frame(frame, "truth", "pred")) == clustval.external_scores(t, p)
    frame.loc[7, "pred"] = None  # a group-by would drop it by default: a silently different n
    with pytest.raises(InputError, match="clusters contains NaN"):
        contingency_from_frame(frame, "truth", "pred")
    with pytest.raises(InputError, match="no column 'class'"):
        contingency_from_frame(frame)


def _json_scores(capsys, *args) -> dict:
    assert cli.main(["score", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_table_gives_the_values_of_the_label_files(tmp_path, capsys):
    t, p = _partition(4, n=400, c=3, k=4, strings=True)
    (tmp_path / "truth.txt").write_text("\n".join(t) + "\n")
    (tmp_path / "pred.txt").write_text("\n".join(map(str, p)) + "\n")
    classes, clusters, counts = _long_rows(t, p)
    (tmp_path / "long.csv").write_text(
        "class,cluster,count\n" + "".join(f"{a},{b},{m}\n" for a, b, m in zip(classes, clusters, counts))
    )
    matrix = clustval.contingency_matrix(t, p)
    (tmp_path / "dense.csv").write_text("".join(",".join(map(str, row)) + "\n" for row in matrix))
    labels = _json_scores(capsys, "--truth", str(tmp_path / "truth.txt"), "--pred", str(tmp_path / "pred.txt"))
    assert _json_scores(capsys, "--table", str(tmp_path / "long.csv")) == labels
    assert _json_scores(capsys, "--table", str(tmp_path / "dense.csv")) == labels
    assert _json_scores(capsys, "--table", str(tmp_path / "long.csv"), "--index", "s2") == {"s2": labels["s2"]}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("class,cluster,count\na,1,-4\n", "line 2: '-4' is not a count"),
        ("class,cluster,count\na,1,2.5\n", "line 2: '2.5' is not a count"),
        ("class,cluster,count\na,1,4\nb,1,2\na,1,3\n", "class 'a', cluster 1 is listed 2 times"),
        ("class,cluster,count\na,1\n", "line 2 has 2 fields"),
        ("class,cluster,count\n", "no rows"),
        ("", "holds no table"),
        ("1,2\n3\n", "different numbers of columns"),
        ("1,x\n", "line 1: 'x' is not a count"),
        ("0,0\n0,0\n", "counts no object"),
    ],
)
def test_cli_bad_table_files_are_one_line(tmp_path, capsys, text, message):
    (tmp_path / "t.csv").write_text(text)
    assert cli.main(["score", "--table", str(tmp_path / "t.csv")]) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_cli_table_excludes_labels(tmp_path, capsys):
    (tmp_path / "t.csv").write_text("1,2\n")
    (tmp_path / "p.txt").write_text("0\n")
    assert cli.main(["score", "--table", str(tmp_path / "t.csv"), "--pred", str(tmp_path / "p.txt")]) == 1
    assert "--table replaces --truth and --pred" in capsys.readouterr().err


def _recipe():
    return load_file("examples/dask_contingency.py", "dask_contingency")


@pytest.mark.slow  # a Dask cluster and pandas: about 5 s
def test_the_dask_recipe_gives_the_in_memory_values(tmp_path):
    pytest.importorskip("dask.distributed", reason="the Dask recipe needs the dask extra: pip install 'clustval[dask]'")
    pd = pytest.importorskip("pandas")
    t, p = _partition(11, n=200_000, c=6, k=9, strings=True)
    # the labels as several files, as a column too large for one process would be stored
    for i, part in enumerate(np.array_split(np.arange(t.size), 5)):
        pd.DataFrame({"cluster": p[part], "class": t[part]}).to_csv(tmp_path / f"labels-{i}.csv", index=False)
    table = _recipe().count_table(str(tmp_path / "labels-*.csv"), "class", "cluster", n_workers=2)
    assert table.n == t.size
    assert clustval.external_scores_from_table(table) == clustval.external_scores(t, p)
