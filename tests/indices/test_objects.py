"""Which objects a score counts: sample weights and the noise label (clustval.indices.objects).

The truth for weights is repetition: an object of weight w is w copies of it, so every
external index of weighted labels must equal, bit for bit, its value on the repeated labels.
The truth for a noise policy is the labelling it stands for: "exclude" is the score of the
other objects alone, "singletons" that of the labels with each noise object given a label
of its own, "cluster" that of -1 as an ordinary label.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import warnings

import numpy as np
import pytest

import clustval
from clustval.cli import main
from clustval.errors import InputError, NoiseLabelWarning
from clustval.indices.contingency import contingency
from clustval.indices.registry import EXTERNAL, INDICES, INTERNAL

N_CASES = 4


def _same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(x == y or (math.isnan(x) and math.isnan(y)) for x, y in zip(a.values(), b.values()))


def _case(seed: int, n: int = 60):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, 4, n)
    p = np.where(rng.random(n) < 0.6, t, rng.integers(0, 5, n))
    return t, p, rng.integers(0, 4, n)


@pytest.mark.parametrize("seed", range(N_CASES))
def test_whole_weights_equal_repeated_objects_bit_for_bit(seed):
    t, p, w = _case(seed)
    weighted = clustval.external_scores(t, p, sample_weight=w, undefined="nan")
    repeated = clustval.external_scores(np.repeat(t, w), np.repeat(p, w), undefined="nan")
    assert list(weighted) == list(EXTERNAL)
    assert _same(weighted, repeated)


@pytest.mark.parametrize("n", [300, 100_000])
def test_weights_of_many_labels_equal_repetition_bit_for_bit(n):
    """Many more cells than objects: the weighted table is kept as its cells (100,000 random
    labels: 4e9 cells, beyond the dense limit that refused it), as the repeated labels' is."""
    rng = np.random.default_rng(n)
    t, p, w = rng.integers(0, n, n), rng.integers(0, n, n), rng.integers(0, 4, n)
    names = ["ari", "nmi", "ami", "rand", "fmi", "vi", "purity", "f_measure", "bcubed_f"] if n > 1000 else None
    weighted = clustval.external_scores(t, p, names, sample_weight=w, undefined="nan")
    assert _same(weighted, clustval.external_scores(np.repeat(t, w), np.repeat(p, w), names, undefined="nan"))


def test_weights_given_as_whole_floats_and_through_score():
    t, p, w = _case(7)
    assert _same(clustval.score(p, labels_true=t, sample_weight=w.astype(float), undefined="nan"),
                 clustval.external_scores(np.repeat(t, w), np.repeat(p, w), undefined="nan"))  # fmt: skip


def test_unit_weights_change_nothing_and_zero_weights_leave_objects_out():
    t, p, _ = _case(3)
    assert _same(clustval.external_scores(t, p, sample_weight=np.ones(t.size), undefined="nan"),
                 clustval.external_scores(t, p, undefined="nan"))  # fmt: skip
    w = (np.arange(t.size) % 3 != 0).astype(int)
    ct = contingency(t, p, sample_weight=w)
    assert ct.n == w.sum()
    assert (ct.table == contingency(t[w > 0], p[w > 0]).table).all()


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        ([1, 2, -1, 1], r"sample_weight\[2\] = -1"),
        ([1, 0.5, 1, 1], r"sample_weight\[1\] = 0.5: weights are counts"),
        ([1, float("nan"), 1, 1], r"sample_weight\[1\]"),
        ([1, float("inf"), 1, 1], r"sample_weight\[1\]"),
        ([1, 1, 1], r"shape \(3,\); give one weight per object \(4\)"),
        ([0, 0, 0, 0], "zero for every object"),
        (["a", "b", "c", "d"], "must be numbers"),
    ],
)
def test_bad_weights_are_one_line_errors(weights, message):
    with pytest.raises(InputError, match=message) as caught:
        clustval.external_scores([0, 0, 1, 1], [0, 1, 1, 1], ["ari"], sample_weight=weights)
    assert "\n" not in str(caught.value)


# The indices that are functions of the proportions n_ij / n alone: k copies of every object
# leave them unchanged (the pair-counting ones count C(k n_ij, 2) and are not).
SCALE_FREE = ["s2", "accuracy", "purity", "f_measure", "nmi", "mutual_info", "homogeneity", "completeness",
              "v_measure", "bcubed_precision", "bcubed_recall", "bcubed_f", "cp_accuracy", "nca", "psi", "npa",
              "vi"]  # fmt: skip


def test_weights_up_to_the_object_limit_are_scale_free_and_exact():
    """Weights totalling just below MAX_OBJECTS (2.8e9 copies): the scale-free indices equal
    their unweighted values (to 1e-13: the entropies are log n minus sum x log x / n, whose
    cancellation at n = 2.8e9 costs a few ulps of log n), and the pair-counting ones equal
    their formulas in fractions of the exact pair counts."""
    from fractions import Fraction

    from clustval.indices.objects import MAX_OBJECTS

    t, p = [0, 0, 0, 1, 1, 1, 2], [0, 0, 1, 1, 2, 2, 2]
    k = 400_000_000
    assert 7 * k <= MAX_OBJECTS
    big = clustval.external_scores(t, p, sample_weight=[k] * 7, undefined="nan")
    small = clustval.external_scores(t, p, undefined="nan")
    for name in SCALE_FREE:
        assert big[name] == pytest.approx(small[name], rel=1e-13, abs=1e-15), name
    table = contingency(t, p).table * k
    same = sum(math.comb(int(x), 2) for x in table.ravel())
    rows = sum(math.comb(int(x), 2) for x in table.sum(axis=1))
    cols = sum(math.comb(int(x), 2) for x in table.sum(axis=0))
    pairs = math.comb(7 * k, 2)
    expected = Fraction(rows * cols, pairs)
    ari = (same - expected) / (Fraction(rows + cols, 2) - expected)
    assert big["ari"] == pytest.approx(float(ari), rel=1e-12)
    assert big["rand"] == pytest.approx(float(Fraction(pairs + 2 * same - rows - cols, pairs)), rel=1e-15)
    assert big["jaccard"] == pytest.approx(float(Fraction(same, rows + cols - same)), rel=1e-15)


@pytest.mark.parametrize("weight", [1.3e9, 3e9, 1e15, 1e300])
def test_weights_beyond_the_object_limit_are_one_line_errors_everywhere(weight):
    """The issue's weights: 1.3e9 on six objects gave NMI, MI and homogeneity NaN, 3e9 an
    IndexError in the AMI, 1e15 asked 1.7 GiB; they exceed the limit every table keeps."""
    t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2]
    X = [[0.0], [1.0], [2.0], [5.0], [6.0], [7.0]]
    w = [weight] * 6
    calls = [lambda: clustval.external_scores(t, p, ["nmi", "ami", "mutual_info", "homogeneity"], sample_weight=w),
             lambda: contingency(t, p, sample_weight=w),
             lambda: clustval.internal_scores(X, p, ["db"], sample_weight=w)]  # fmt: skip
    for call in calls:
        with pytest.raises(InputError, match="sample_weight totals .* copies, more than 3037000499") as caught:
            call()
        assert "\n" not in str(caught.value)


def test_weights_with_an_option_value_that_takes_none_are_refused_in_one_line():
    # those that take weights: tests/indices/test_internal_weights.py
    with pytest.raises(InputError, match="DBCV takes no sample_weight with dbcv_tree = 'matlab'") as caught:
        clustval.score([0, 0, 1, 1], X=[[0.0], [1.0], [5.0], [6.0]], names=["dbcv"], sample_weight=[1, 1, 2, 1],
                       dbcv_tree="matlab")  # fmt: skip
    assert "\n" not in str(caught.value)


# --------------------------------------------------------------------------------------
# the noise label
# --------------------------------------------------------------------------------------

T = np.array([0, 0, 0, 1, 1, 1, 2, 2])
P = np.array([0, -1, 0, 1, -1, 1, 2, -1])
X = np.array([[0.0], [0.5], [1.0], [10.0], [6.0], [11.0], [20.0], [14.0]])
NAMES = ["ari", "nmi", "accuracy", "sil", "dunn", "db"]


def _quiet_score(labels, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the policies given must not warn
        return clustval.score(labels, undefined="nan", **kwargs)


def test_exclude_scores_the_other_objects_alone():
    kept = P != -1
    assert _same(_quiet_score(P, labels_true=T, X=X, names=NAMES, noise="exclude"),
                 _quiet_score(P[kept], labels_true=T[kept], X=X[kept], names=NAMES))  # fmt: skip
    D = np.abs(X - X.T)
    assert _same(_quiet_score(P, distances=D, names=["sil", "dunn"], noise="exclude"),
                 _quiet_score(P[kept], distances=D[np.ix_(kept, kept)], names=["sil", "dunn"]))  # fmt: skip
    condensed = D[np.triu_indices(len(P), 1)]
    assert _same(_quiet_score(P, distances=condensed, names=["sil"], noise="exclude"),
                 _quiet_score(P[kept], distances=D[np.ix_(kept, kept)], names=["sil"]))  # fmt: skip


def test_singletons_give_each_noise_object_a_cluster_of_its_own():
    own = P.copy()
    own[P == -1] = [100, 101, 102]
    assert _same(_quiet_score(P, labels_true=T, X=X, names=NAMES, noise="singletons"),
                 _quiet_score(own, labels_true=T, X=X, names=NAMES))  # fmt: skip


def test_cluster_is_minus_one_as_an_ordinary_label_and_warns_only_when_not_said():
    ordinary = np.where(P == -1, -5, P)  # the same place in the sorted labels: the same table
    said = _quiet_score(P, labels_true=T, X=X, names=NAMES, noise="cluster")
    assert _same(said, _quiet_score(ordinary, labels_true=T, X=X, names=NAMES))
    with pytest.warns(NoiseLabelWarning, match='"exclude"') as caught:
        unsaid = clustval.score(P, labels_true=T, X=X, names=NAMES, undefined="nan")
    assert len(caught) == 1 and caught[0].filename == __file__
    assert _same(unsaid, said)


@pytest.mark.parametrize(
    "call",
    [
        lambda: clustval.external_scores(T, P, ["ari"]),
        lambda: clustval.internal_scores(X, P, ["sil"]),
    ],
)
def test_each_entry_point_warns_of_an_unsaid_noise_label(call):
    with pytest.warns(NoiseLabelWarning):
        call()


def test_no_warning_without_the_noise_label():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        clustval.score(np.array(["-2", "a", "a", "b"]), labels_true=[0, 0, 1, 1], names=["ari"])
        clustval.score(np.array([-2, 0, 0, 1]), labels_true=[0, 0, 1, 1], names=["ari"])
        clustval.external_scores([0, 0, 1, 1], [0, 0, 1, 1], ["ari"])


def test_exclude_with_weights_keeps_the_weights_of_the_others():
    w = np.array([1, 5, 2, 1, 5, 3, 1, 5])
    kept = P != -1
    assert _same(clustval.external_scores(T, P, sample_weight=w, noise="exclude", undefined="nan"),
                 clustval.external_scores(np.repeat(T[kept], w[kept]), np.repeat(P[kept], w[kept]),
                                          undefined="nan"))  # fmt: skip


@pytest.mark.parametrize("noise", ["cluster", "exclude", "singletons"])
def test_weights_equal_repetition_under_every_noise_policy(noise):
    """Repetition is the truth: a noise object of weight w is w copies of it, so under
    "singletons" w clusters of one (it was one cluster of w: ARI 0.389 against 0.222)."""
    w = np.array([1, 5, 2, 1, 5, 3, 1, 5])
    w[1] = 0  # a noise object of weight 0 is absent
    weighted = clustval.external_scores(T, P, sample_weight=w, noise=noise, undefined="nan")
    repeated = clustval.external_scores(np.repeat(T, w), np.repeat(P, w), noise=noise, undefined="nan")
    assert _same(weighted, repeated)
    names = [name for name in INTERNAL if INDICES[name].weights]
    got = clustval.internal_scores(X, P, names, sample_weight=w, noise=noise, undefined="nan")
    want = clustval.internal_scores(np.repeat(X, w, axis=0), np.repeat(P, w), names, noise=noise, undefined="nan")
    for name in names:  # the weighted sums in another order (as tests/indices/test_internal_weights.py)
        assert got[name] == pytest.approx(want[name], rel=1e-10, nan_ok=True), name
    D = np.abs(X - X.T)
    distance_based = ["dunn", "gdi21"]
    got = clustval.internal_scores(D, P, distance_based, metric="precomputed", sample_weight=w, noise=noise,
                                   undefined="nan")  # fmt: skip
    Dw = np.repeat(np.repeat(D, w, axis=0), w, axis=1)
    assert _same(got, clustval.internal_scores(Dw, np.repeat(P, w), distance_based, metric="precomputed",
                                               noise=noise, undefined="nan"))  # fmt: skip


def test_singletons_with_too_many_noise_copies_is_one_line():
    with pytest.raises(InputError, match='noise="singletons" makes each of the 3000000000 copies') as caught:
        clustval.external_scores([0, 1, 1], [0, -1, 1], ["ari"], sample_weight=[1, 3e9, 1], noise="singletons")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("form", ["str", "object", "bytes"])
def test_minus_one_as_text_is_the_noise_label(form):
    """A file's labels are text: "-1" is noise as -1 is (it was an ordinary label, silently)."""
    as_text = {"str": lambda a: np.array([str(x) for x in a]),
               "object": lambda a: np.array([str(x) for x in a], dtype=object),
               "bytes": lambda a: np.array([str(x).encode() for x in a])}[form](P)  # fmt: skip
    for noise in ("exclude", "singletons", "cluster"):
        assert _same(_quiet_score(as_text, labels_true=T, X=X, names=NAMES, noise=noise),
                     _quiet_score(P, labels_true=T, X=X, names=NAMES, noise=noise)), noise  # fmt: skip
    with pytest.warns(NoiseLabelWarning):
        clustval.score(as_text, labels_true=T, names=["ari"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "-1.5", "1-" and "- 1" are no noise label
        clustval.score(["-1.5", "1-", "- 1", "a"], labels_true=[0, 0, 1, 1], names=["ari"])


def test_the_command_line_reads_minus_one_in_text_labels_as_noise(tmp_path):
    (tmp_path / "t.txt").write_text("a\na\nb\nb\nc\nc\n")
    (tmp_path / "p.txt").write_text("x\n-1\ny\ny\n-1\nz\n")
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        main(["score", "--truth", str(tmp_path / "t.txt"), "--pred", str(tmp_path / "p.txt"), "--index", "ari",
              "--noise", "exclude", "--json"])  # fmt: skip
    assert json.loads(buffer.getvalue()) == {"ari": 1.0}


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: clustval.score([-1, -1], labels_true=[0, 1], names=["ari"], noise="exclude"), "every object"),
        (lambda: clustval.score([0, 1], labels_true=[0, 1], names=["ari"], noise="drop"), "noise = 'drop'"),
        (lambda: clustval.score([0, -1, 1], labels_true=[0, 1], names=["ari"], noise="exclude"), "labels_true has 2"),
        (lambda: clustval.score([0, -1, 1], X=[[0.0], [1.0]], names=["sil"], noise="exclude"), "the data have 2 rows"),
    ],
)
def test_bad_noise_input_is_a_one_line_error(call, message):
    with pytest.raises(InputError, match=message) as caught:
        call()
    assert "\n" not in str(caught.value)


# --------------------------------------------------------------------------------------
# the same on Dask collections, counted chunk by chunk
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("noise", ["cluster", "exclude"])
def test_dask_weights_and_noise_equal_the_in_memory_values(noise):
    da = pytest.importorskip("dask.array")
    import clustval.dask

    rng = np.random.default_rng(5)
    t, p, w = rng.integers(0, 4, 3000), rng.integers(-1, 5, 3000), rng.integers(0, 3, 3000)
    w[:1000] = 0  # a chunk of weight 0 counts nothing
    chunked = clustval.dask.external_scores(da.from_array(t, chunks=1000), da.from_array(p, chunks=700),
                                            sample_weight=da.from_array(w, chunks=1000), noise=noise,
                                            undefined="nan")  # fmt: skip
    assert _same(chunked, clustval.external_scores(t, p, sample_weight=w, noise=noise, undefined="nan"))


def test_dask_counts_text_minus_one_as_noise():
    da = pytest.importorskip("dask.array")
    import clustval.dask

    rng = np.random.default_rng(6)
    t, p = rng.integers(0, 4, 2000), rng.integers(-1, 5, 2000)
    text = p.astype(str)
    chunked = clustval.dask.external_scores(da.from_array(t, chunks=700), da.from_array(text, chunks=700),
                                            ["ari", "nmi"], noise="exclude")  # fmt: skip
    assert chunked == clustval.external_scores(t[p != -1], p[p != -1], ["ari", "nmi"])


def test_dask_refuses_singletons_and_weights_of_zero_in_one_line():
    da = pytest.importorskip("dask.array")
    import clustval.dask

    labels = da.from_array(np.array([0, -1, 1, 1]), chunks=2)
    with pytest.raises(InputError, match="in memory"):
        clustval.dask.external_scores(labels, labels, ["ari"], noise="singletons")
    with pytest.raises(InputError, match="every object has weight 0"):
        clustval.dask.external_scores(labels, labels, ["ari"], sample_weight=np.zeros(4), noise="cluster")
    with pytest.warns(NoiseLabelWarning):
        clustval.dask.external_scores(labels, labels, ["ari"])


def test_checked_objects_are_those_left_by_the_noise_policy_and_the_weights():
    # noise "exclude" then weight 0: what remains is checked once, and the partition built
    # from it equals one built from the remaining objects as given
    from clustval.indices.objects import checked_objects
    from clustval.indices.partition import Partition

    t, p, w = _case(11)
    p = np.where(np.arange(p.size) % 7 == 0, -1, p)
    objects = checked_objects(p, labels_true=t, sample_weight=w, noise="exclude")
    left = (p != -1) & (w > 0)
    np.testing.assert_array_equal(objects.kept, left)
    np.testing.assert_array_equal(objects.labels.uniques[objects.labels.codes], p[left])
    np.testing.assert_array_equal(objects.truth.uniques[objects.truth.codes], t[left])
    np.testing.assert_array_equal(objects.weights, w[left])
    assert objects.labels.noise == int(w[p == -1].sum())  # the noise objects with their copies (DBCV: in n)
    X = np.random.default_rng(2).normal(size=(p.size, 3))
    built, given = Partition.of_objects(X, objects), Partition(X[left], p[left], sample_weight=w[left])
    assert (built.n, built.n_clusters, built.sizes.tolist()) == (given.n, given.n_clusters, given.sizes.tolist())
    np.testing.assert_array_equal(built.X, given.X)
    np.testing.assert_array_equal(built.codes, given.codes)


def test_the_data_are_checked_as_given_then_the_objects_left_taken():
    # the data of every given object are checked, those of excluded objects too, before
    # the rows of the objects that remain are taken
    X = np.array([[0.0], [1.0], [np.nan], [10.0], [11.0]])
    with pytest.raises(InputError, match="NaN or inf"):
        clustval.score([0, 0, -1, 1, 1], X=X, names=["db"], noise="exclude")
    with pytest.raises(InputError, match="X has 5 rows but labels_pred has 4 entries"):
        clustval.score([0, 0, 1, 1], X=np.nan_to_num(X), names=["db"])
