"""Gamma, G+, Tau, C-index, Point-Biserial and McClain-Rao against brute-force oracles.

The oracle compares every within-cluster pair with every between-cluster pair in plain
loops. Integer coordinates make many distances equal (ties) and keep the oracle exact:
Euclidean distances are ordered by their integer squares, and the sums are Fractions of the
correctly rounded square roots (the library's distances are those same doubles).
"""

from __future__ import annotations

import io
import itertools
import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

import clustval
from clustval._engine import compiled as _compiled
from clustval._engine.pair_pass import exact_sum, pair_stats
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices import pair_rank
from clustval.indices.partition import EXTREME_SUMS, PAIR_RANKS, Partition
from clustval.indices.registry import get_index

RANK_NAMES = ("baker_hubert_gamma", "g_plus", "tau", "c_index", "point_biserial", "mcclain_rao")


def _pairs(keys, labels):
    """(within, between): the keys of the pairs i < j (a key orders the distances exactly)."""
    within, between = [], []
    for i, j in itertools.combinations(range(len(labels)), 2):
        (within if labels[i] == labels[j] else between).append(keys[i][j])
    return within, between


def oracle(keys, values, labels) -> dict[str, float]:
    """Every index by its definition: keys order the distances (exact), values are the doubles."""
    within, between = _pairs(keys, labels)
    plus = sum(1 for w in within for b in between if w < b)
    minus = sum(1 for w in within for b in between if w > b)
    n_w, n_b = len(within), len(between)
    n_t = n_w + n_b
    w_values, b_values = _pairs(values, labels)
    everything = sorted(Fraction(v) for v in w_values + b_values)
    s_w, s_b = sum(map(Fraction, w_values)), sum(map(Fraction, b_values))
    s_min, s_max = sum(everything[:n_w]), sum(everything[n_t - n_w :])
    return {
        "baker_hubert_gamma": Fraction(plus - minus, plus + minus),
        "g_plus": Fraction(2 * minus, n_t * (n_t - 1)),
        "tau": (plus - minus) / math.sqrt(n_w * n_b * n_t * (n_t - 1) / 2),
        "c_index": (s_w - s_min) / (s_max - s_min),
        "point_biserial": float(s_b / n_b - s_w / n_w) * math.sqrt(n_w * n_b) / n_t,
        "mcclain_rao": (s_w / n_w) / (s_b / n_b),
    }


def lattice(seed, n=None, k=None, d=2, span=3):
    """Integer points (many tied distances) with K >= 2 clusters and K < n."""
    rng = np.random.default_rng(seed)
    n = n or int(rng.integers(4, 22))
    k = k or int(rng.integers(2, min(5, n - 1) + 1))
    labels = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    rng.shuffle(labels)
    X = rng.integers(0, span, size=(n, d)).astype(float)
    return X, labels


def squared(X):
    return [[int(sum((a - b) ** 2 for a, b in zip(x, y))) for y in X] for x in X]


def _check(values: dict, expected: dict) -> None:
    for name in RANK_NAMES:
        want = expected[name]
        if name in ("baker_hubert_gamma", "g_plus", "c_index"):
            assert values[name] == float(want), name  # exact: one rounding of the exact value
        else:
            assert values[name] == pytest.approx(float(want), rel=1e-12, abs=1e-15), name


@pytest.mark.parametrize("seed", range(40))
def test_euclidean_matches_the_oracle_with_ties(seed):
    X, labels = lattice(seed)
    keys = squared(X)
    values = [[math.sqrt(s) for s in row] for row in keys]
    expected = oracle(keys, values, labels)
    got = {name: getattr(clustval, name)(X, labels) for name in RANK_NAMES}
    _check(got, expected)
    # the same numbers from one shared partition (as score() computes them)
    assert clustval.internal_scores(X, labels, RANK_NAMES) == got


@pytest.mark.parametrize("seed", range(40))
def test_precomputed_dissimilarities_match_the_oracle(seed):
    # any symmetric dissimilarity, not a metric: small integers, so ties everywhere
    rng = np.random.default_rng(1000 + seed)
    n = int(rng.integers(4, 20))
    k = int(rng.integers(2, min(4, n - 1) + 1))
    labels = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    D = np.triu(rng.integers(0, 5, size=(n, n)), 1).astype(float)
    D = D + D.T
    keys = D.astype(int).tolist()
    expected = oracle(keys, D.tolist(), labels)
    try:
        got = {name: getattr(clustval, name)(D, labels, metric="precomputed") for name in RANK_NAMES}
    except UndefinedIndexError:  # all comparisons tied or S_max = S_min: the oracle divides by 0
        pytest.skip("degenerate draw")
    _check(got, expected)


def test_hand_worked_example():
    X = [[0.0], [2.0], [3.0], [5.0]]  # within 2, 2; between 3, 5, 1, 3
    labels = [0, 0, 1, 1]
    assert clustval.baker_hubert_gamma(X, labels) == 0.5  # s+ = 6, s- = 2
    assert clustval.g_plus(X, labels) == 4 / 30
    assert clustval.tau(X, labels) == 4 / math.sqrt(2 * 4 * 15)
    assert clustval.c_index(X, labels) == 0.2  # (4 - 3) / (8 - 3)
    assert clustval.point_biserial(X, labels) == pytest.approx(math.sqrt(8) / 6, rel=1e-15)
    assert clustval.mcclain_rao(X, labels) == pytest.approx(2 / 3, rel=1e-15)


def test_tau_is_kendalls_tau_b_when_no_two_distances_are_equal():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(30, 3))
    labels = rng.integers(0, 3, 30)
    D = clustval.euclidean_distances(X)
    i, j = np.triu_indices(30, 1)
    between = (labels[i] != labels[j]).astype(int)
    # distances and the between indicator: a concordant pair of pairs has the larger distance between
    assert clustval.tau(X, labels) == pytest.approx(stats.kendalltau(D[i, j], between).statistic, rel=1e-12)


def test_perfect_separation_scores_the_best_values_exactly():
    X = np.array([[0.0], [0.1], [0.3], [10.0], [10.2], [20.0], [20.1]])
    labels = [0, 0, 0, 1, 1, 2, 2]
    assert clustval.baker_hubert_gamma(X, labels) == 1.0
    assert clustval.g_plus(X, labels) == 0.0
    assert clustval.c_index(X, labels) == 0.0  # exact sums: no rounding residue


@pytest.mark.parametrize("sizes", [(2, 2, 2), (12, 2), (3, 15), (1, 1, 9)])
def test_either_class_collected_and_any_block_size_give_the_same_counts(sizes):
    # N_W <= N_B collects the within distances, else the between ones; tiny budgets cut the
    # distances into many row blocks
    rng = np.random.default_rng(sum(sizes))
    labels = np.repeat(np.arange(len(sizes)), sizes)
    X = rng.integers(0, 4, size=(len(labels), 2)).astype(float)
    keys = squared(X)
    expected = oracle(keys, [[math.sqrt(s) for s in row] for row in keys], labels)
    for budget in (256, 1e-4):
        got = {name: getattr(clustval, name)(X, labels, memory_budget_mb=budget) for name in RANK_NAMES}
        _check(got, expected)


def test_invariant_under_scaling_and_translation():
    X, labels = lattice(11, n=16, k=3)
    for name in RANK_NAMES:
        base = getattr(clustval, name)(X, labels)
        moved = getattr(clustval, name)(4.0 * X + 3.0, labels)
        scale = 4.0 if name == "point_biserial" else 1.0  # in the units of the distances
        assert moved == pytest.approx(scale * base, rel=1e-13, abs=1e-15), name


def test_euclidean_and_precomputed_agree():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(25, 3))
    labels = rng.integers(0, 4, 25)
    D = clustval.euclidean_distances(X)
    for name in RANK_NAMES:
        assert getattr(clustval, name)(D, labels, metric="precomputed") == pytest.approx(
            getattr(clustval, name)(X, labels), rel=1e-13
        ), name


def test_all_ties_are_undefined_for_gamma_and_c_index_and_coincident_clusters_are_worst():
    D = np.ones((4, 4)) - np.eye(4)  # every distance 1
    labels = [0, 0, 1, 1]
    with pytest.raises(UndefinedIndexError, match="ties"):
        clustval.baker_hubert_gamma(D, labels, metric="precomputed")
    with pytest.raises(UndefinedIndexError, match="S_max = S_min"):
        clustval.c_index(D, labels, metric="precomputed")
    assert clustval.tau(D, labels, metric="precomputed") == 0.0
    assert clustval.g_plus(D, labels, metric="precomputed") == 0.0
    assert clustval.mcclain_rao([[0.0], [0.0], [0.0], [0.0]], labels) == math.inf


def test_bad_input_is_one_clear_error():
    with pytest.raises(InputError):
        clustval.tau([[0.0], [np.nan], [1.0]], [0, 0, 1])
    with pytest.raises(InputError, match="metric"):
        clustval.tau([[0.0], [1.0], [2.0]], [0, 0, 1], metric="cosine")
    with pytest.raises(InputError, match="memory_budget_mb"):
        clustval.tau([[0.0], [1.0], [2.0]], [0, 0, 1], memory_budget_mb=0)


def test_registry_entries_read_what_their_cores_need():
    assert get_index("baker_hubert_gamma").needs == {PAIR_RANKS}
    assert get_index("c_index").needs == {EXTREME_SUMS}
    assert get_index("mcclain_rao").needs == {"cluster_sums"}
    assert get_index("g_plus").direction == "lower" and get_index("tau").direction == "higher"
    # the ranks are computed once for all three indices of one partition
    p = Partition([[0.0], [2.0], [3.0], [5.0]], [0, 0, 1, 1], needs={PAIR_RANKS})
    for core in (pair_rank.baker_hubert_gamma_from_partition, pair_rank.g_plus_from_partition,
                 pair_rank.tau_from_partition):  # fmt: skip
        core(p)
    assert "pair_stats" in vars(p)


def test_pair_stats_counts_add_up_and_exact_sums_are_exact():
    rng = np.random.default_rng(0)
    X = rng.integers(0, 3, size=(30, 2)).astype(float)
    codes = rng.integers(0, 3, 30)
    s = pair_stats(X, codes, 3, ranks=True, extreme_sums=True, memory_budget_mb=1e-3)
    assert s.concordant + s.discordant + s.tied == s.n_within * s.n_between
    assert s.n_within + s.n_between == 30 * 29 // 2
    values = rng.normal(size=1000) * 10.0 ** rng.integers(-300, 300, 1000)
    assert exact_sum(values) == sum(map(Fraction, values.tolist()))


@pytest.mark.parametrize("labels", [[0, 1, 2, 3], [0, 0, 0, 0]])
def test_pair_stats_without_within_or_between_pairs_count_nothing(labels):
    # the pass runs for a partition that other indices share (score with undefined="nan")
    X = np.array([[0.0], [1.0], [3.0], [7.0]])
    codes = np.unique(labels, return_inverse=True)[1]
    s = pair_stats(X, codes, codes.max() + 1, ranks=True, extreme_sums=True)
    assert (s.concordant, s.discordant, s.tied) == (0, 0, 0)
    assert min(s.n_within, s.n_between) == 0 and s.n_within + s.n_between == 6


def _sorted_oracle(X, codes, precomputed=False):
    """(s+, s-, ties, the sums of the N_W smallest and largest distances, S_W) from every
    pair at once: fine at a few thousand objects, and independent of the passes."""
    D = X if precomputed else clustval.euclidean_distances(X)
    i, j = np.triu_indices(len(codes), 1)
    d, same = D[i, j], codes[i] == codes[j]
    within, between = np.sort(d[same]), np.sort(d[~same])
    below = int(np.searchsorted(between, within, "left").sum())
    at_most = int(np.searchsorted(between, within, "right").sum())
    everything = np.sort(d)
    n_w = within.size
    return (within.size * between.size - at_most, below, at_most - below, exact_sum(everything[:n_w]),
            exact_sum(everything[everything.size - n_w :]), exact_sum(within))  # fmt: skip


def _stats(s):
    return s.concordant, s.discordant, s.tied, s.smallest_sum, s.largest_sum, s.within_sum


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("budget_mb", [0.2, 2, 256])
def test_compiled_passes_match_the_oracle_at_any_budget(seed, budget_mb):
    # large enough for the compiled kernel; a small budget cuts many batches and nests the
    # crowded buckets (steps 2 and 4 of clustval._engine.pair_pass); lattices tie most distances
    rng = np.random.default_rng(seed)
    n, k, d = int(rng.integers(900, 1600)), int(rng.integers(2, 8)), int(rng.integers(1, 6))
    X = rng.integers(0, 4, size=(n, d)).astype(float) if seed % 2 else rng.normal(size=(n, d))
    codes = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    assert _compiled.pair_kernels(n * n * d / 2) is not None or _compiled.kernels() is None
    s = pair_stats(X, codes, k, ranks=True, extreme_sums=True, memory_budget_mb=budget_mb)
    assert _stats(s) == _sorted_oracle(X, codes)
    if budget_mb < 1:
        assert s.passes > 3  # the batches and nested buckets were exercised


def test_compiled_and_numpy_paths_and_a_distance_matrix_agree(monkeypatch):
    rng = np.random.default_rng(11)
    X = np.round(rng.normal(size=(1200, 3)) * 3)
    codes = rng.integers(0, 4, 1200)
    expected = _sorted_oracle(X, codes)
    D = clustval.euclidean_distances(X)
    assert _stats(pair_stats(D, codes, 4, ranks=True, extreme_sums=True, memory_budget_mb=0.5, precomputed=True)) == expected
    monkeypatch.setattr(_compiled, "pair_kernels", lambda work=0: None)  # the numpy path
    assert _stats(pair_stats(X, codes, 4, ranks=True, extreme_sums=True, memory_budget_mb=2)) == expected


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("lattice", [False, True])
@pytest.mark.parametrize("held", [0, 1])
def test_streamed_groups_match_the_batches_and_the_oracle(monkeypatch, held, lattice, compiled):
    # a budget of a few batches: the smaller class of the shared buckets is held sorted and the
    # other streamed past it in many calls (pair_pass._rank_group); one cluster of 85 % of the
    # objects makes the between pairs the smaller class (held = 1)
    from clustval._engine import pair_pass

    rng = np.random.default_rng(13 + held)
    n = 1400
    X = rng.integers(0, 40, size=(n, 2)).astype(float) if lattice else rng.normal(size=(n, 3))
    codes = rng.integers(0, 5, n) if held == 0 else (rng.random(n) < 0.15).astype(int)
    k = int(codes.max()) + 1
    if not compiled:
        monkeypatch.setattr(_compiled, "pair_kernels", lambda work=0: None)
    monkeypatch.setattr(pair_pass, "_MERGE_S", 0.0)  # the groups, whatever the passes take
    seen = []
    rank_group = pair_pass._rank_group
    monkeypatch.setattr(pair_pass, "_rank_group", lambda *a, **k: seen.append(a[6]) or rank_group(*a, **k))
    streamed = pair_stats(X, codes, k, ranks=True, extreme_sums=True, memory_budget_mb=0.2)
    batches = pair_pass.PairValues(X, codes, k, 0.2, False)
    batches.streams = False
    batched = pair_stats(X, codes, k, ranks=True, extreme_sums=True, memory_budget_mb=0.2, values=batches)
    assert held in seen
    assert _stats(streamed) == _stats(batched) == _sorted_oracle(X, codes)


@pytest.mark.parametrize("quicker", [True, False])
def test_the_sorts_through_scratch_count_as_numpys_sort(monkeypatch, quicker):
    # every sort, of any length, by the radix sort (quicker) or by numpy's, on two threads from
    # the smallest arrays: the groups (the held values sorted in halves and merged, the stream
    # in half the room) and the batches give the oracle's counts either way
    pytest.importorskip("numba")
    from clustval._engine import pair_kernels, pair_pass

    monkeypatch.setattr(pair_pass, "_radix_is_quicker", lambda: quicker)
    monkeypatch.setattr(pair_pass, "_RADIX_FROM", 1)
    monkeypatch.setattr(pair_pass, "_THREADED_FROM", 64)
    monkeypatch.setattr(_compiled, "MIN_WORK", 0)  # the compiled sorts, however short
    monkeypatch.setattr(pair_pass, "_MERGE_S", 0.0)  # the groups, whatever the passes take
    sorted_by_radix = []
    radix_sort = pair_kernels.radix_sort
    monkeypatch.setattr(pair_kernels, "radix_sort", lambda v, s: sorted_by_radix.append(v.size) or radix_sort(v, s))
    rng = np.random.default_rng(17)
    X, codes = np.round(rng.normal(size=(1400, 2)) * 8), rng.integers(0, 5, 1400)
    expected = _sorted_oracle(X, codes)
    streamed = pair_stats(X, codes, 5, ranks=True, extreme_sums=True, memory_budget_mb=0.2)
    batches = pair_pass.PairValues(X, codes, 5, 0.2, False)
    batches.streams = False
    batched = pair_stats(X, codes, 5, ranks=True, extreme_sums=True, memory_budget_mb=0.2, values=batches)
    assert _stats(streamed) == _stats(batched) == expected
    assert bool(sorted_by_radix) == quicker


def _passes_seen(monkeypatch, X, codes, k):
    """pair_stats at a budget of a few batches (0.2 MB), and the (mode, class) of each pass
    it ran (``only``: -1 both classes)."""
    from clustval._engine import pair_pass

    modes = []
    run = pair_pass.PairValues.run
    monkeypatch.setattr(pair_pass.PairValues, "run", lambda self, mode, *a, **kw: modes.append((mode, kw.get("only", -1))) or run(self, mode, *a, **kw))  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", clustval.errors.SlowPassesWarning)
        return pair_stats(X, codes, k, ranks=True, extreme_sums=True, memory_budget_mb=0.2), modes


def test_two_rank_groups_are_cut_where_the_merges_walk_the_fewest_held_values():
    from clustval._engine.pair_pass import _two_groups

    buckets = np.arange(4)
    # the same mix in every bucket (random labels): an even cut, 2 x 10 calls' walks of 10
    # values, where greedy (15 and 5 held) walks 20 x 15 + 4 x 5
    even = _two_groups(buckets, np.array([5, 5, 5, 5]), np.array([100, 100, 100, 100]), 15, 30)
    assert [g.tolist() for g in even] == [[0, 1], [2, 3]]
    # the held values crowd one bucket that streams little (5 % moved): it alone, the rest apart
    crowded = _two_groups(buckets, np.array([10, 1, 1, 1]), np.array([1, 100, 100, 100]), 11, 30)
    assert [g.tolist() for g in crowded] == [[0], [1, 2, 3]]


@pytest.mark.parametrize("picked_share", [64, 10**12])
def test_a_pick_bucket_of_one_class_joins_a_group_in_place_of_a_batch(monkeypatch, picked_share):
    # blobs with 5 % of the labels moved: the C-index's boundary bucket of the largest distances
    # holds between distances alone, so no group has it; small, it joins the nearest group
    # (whose passes copy its values aside), else it takes a batch, a pass of its own
    from sklearn.datasets import make_blobs

    from clustval._engine import pair_pass

    X, codes = make_blobs(1400, 3, centers=5, random_state=3)
    rng = np.random.default_rng(3)
    moved = rng.random(1400) < 0.05
    codes[moved] = rng.integers(0, 5, moved.sum())
    monkeypatch.setattr(pair_pass, "_MERGE_S", 0.0)  # the groups, whatever the passes take
    monkeypatch.setattr(pair_pass, "_PICKED_SHARE", picked_share)  # 10**12: no bucket is small
    s, modes = _passes_seen(monkeypatch, X, codes, 5)
    assert _stats(s) == _sorted_oracle(X, codes)
    batches = [mode for mode, only in modes if mode & pair_pass.COLLECT and only == -1]
    assert any(mode & pair_pass.COLLECT and only == 0 for mode, only in modes)  # the groups
    assert len(batches) == (0 if picked_share == 64 else 1)


@pytest.mark.parametrize("compiled", [True, False])
def test_the_groups_bring_the_c_index_sums_without_a_pass_of_their_own(monkeypatch, compiled):
    # with no batch, the first group's two passes add the tail sums and each pick's boundary
    # bucket comes with its group: every pass collects one class of a group's buckets
    from clustval._engine import pair_pass

    rng = np.random.default_rng(21)
    X, codes = rng.normal(size=(1400, 3)), rng.integers(0, 5, 1400)
    if not compiled:
        monkeypatch.setattr(_compiled, "pair_kernels", lambda work=0: None)
    monkeypatch.setattr(pair_pass, "_MERGE_S", 0.0)
    s, modes = _passes_seen(monkeypatch, X, codes, 5)
    assert _stats(s) == _sorted_oracle(X, codes)
    collecting = modes[2:]  # after the range and the histogram
    assert collecting[0] == (pair_pass.COLLECT | pair_pass.TAIL_SUMS, 0)
    assert all(mode == (pair_pass.COLLECT, 0) for mode in collecting[1:])
    assert s.passes == 2 + 2 * len(collecting)  # and one stream over the between pairs each


def test_a_wrong_value_range_is_found_again():
    # the range bounds the buckets; a value outside it would be lost, so the pass checks
    rng = np.random.default_rng(12)
    X, codes = rng.normal(size=(700, 2)), rng.integers(0, 3, 700)
    right = pair_stats(X, codes, 3, ranks=True, extreme_sums=True)
    wrong = pair_stats(X, codes, 3, ranks=True, extreme_sums=True, value_range=(0.5, 1.0))
    assert _stats(wrong) == _stats(right) == _sorted_oracle(X, codes)


def test_crowded_ties_nest_to_single_values():
    # every distance 0 but those to one point: a bucket of ties larger than a batch nests
    # until its buckets hold one value each
    X = np.zeros((1500, 2))
    X[0, 0] = 1.0
    codes = np.arange(1500) % 3
    s = pair_stats(X, codes, 3, ranks=True, extreme_sums=True, memory_budget_mb=0.01)
    assert _stats(s) == _sorted_oracle(X, codes)


def test_the_progress_plan_covers_every_pass_and_sort_and_shows_no_eta_before_it():
    # a small budget: several batches, each a pass and a sort; the bar's total is known once
    # the first histogram is counted, and the steps done end equal to it
    from clustval._engine import progress

    rng = np.random.default_rng(5)
    X, codes = rng.normal(size=(1500, 3)), rng.integers(0, 3, 1500)
    reporter = progress.Reporter(io.StringIO())
    token = progress._CURRENT.set(reporter)
    try:
        s = pair_stats(X, codes, 3, ranks=True, extreme_sums=True, memory_budget_mb=0.2)
    finally:
        progress._CURRENT.reset(token)
    draws = [line.rstrip("\n") for line in reporter.stream.getvalue().split("\r")[1:]]
    assert s.passes > 3 and _stats(s) == _sorted_oracle(X, codes)
    last = draws[-1].split("pair-rank passes ")[1].split()[0].rstrip(":")
    done, total = map(int, last.split("/"))
    assert done == total
    assert draws[0].endswith("ETA ?")  # the first histogram under way: no plan yet


def test_the_groups_merges_count_in_the_progress_plan_and_end_it(monkeypatch):
    # the groups' merges are steps of the bar, planned with the groups and counted as they
    # run: the steps done end equal to the total
    from clustval._engine import pair_pass, progress

    monkeypatch.setattr(pair_pass, "_MERGE_S", 0.0)
    seen = []
    planned = pair_pass.PairValues.planned
    monkeypatch.setattr(pair_pass.PairValues, "planned", lambda self, *a, **k: (seen.append(self), planned(self, *a, **k)))
    rng = np.random.default_rng(6)
    X, codes = rng.normal(size=(1400, 3)), rng.integers(0, 5, 1400)
    reporter = progress.Reporter(io.StringIO())
    token = progress._CURRENT.set(reporter)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", clustval.errors.SlowPassesWarning)
            s = pair_stats(X, codes, 5, ranks=True, extreme_sums=True, memory_budget_mb=0.2)
    finally:
        progress._CURRENT.reset(token)
    draws = [line.rstrip("\n") for line in reporter.stream.getvalue().split("\r")[1:]]
    assert _stats(s) == _sorted_oracle(X, codes)
    done, total = map(int, draws[-1].split("pair-rank passes ")[1].split()[0].rstrip(":").split("/"))
    values = seen[-1]
    assert done == total == values.pass_steps + values.merge_steps  # the passes', then the merges'
    assert values.merge_steps > 0 and values.sorted == 0
    # a group's pass over one class counts its share of the pairs (about 1/5 within here)
    collect = pair_pass.COLLECT
    assert values.steps_of_pass(collect, 0) < values.steps_of_pass(collect, 1) and values.steps_of_pass() == pair_pass._CALLS


def test_one_buffer_holds_every_batch(monkeypatch):
    # a later batch larger than the first must not hold a second buffer beside the first
    from clustval._engine import pair_pass

    rng = np.random.default_rng(6)
    X, codes = rng.normal(size=(2000, 3)), rng.integers(0, 4, 2000)
    made = []
    original = np.empty

    def counted(shape, *args, **kwargs):
        made.append(shape)
        return original(shape, *args, **kwargs)

    values = pair_pass.PairValues(X, codes, 4, 0.5, False)
    monkeypatch.setattr(pair_pass.np, "empty", counted)
    s = pair_stats(X, codes, 4, ranks=True, extreme_sums=True, memory_budget_mb=0.5, values=values)
    monkeypatch.undo()
    assert s.passes > 4 and _stats(s) == _sorted_oracle(X, codes)
    capacity = int(0.5 * 2**20 // pair_pass._BYTES_PER_VALUE)
    assert values.capacity == capacity + values.stream_room  # a stream's rows beside a full batch
    assert [size for size in made if isinstance(size, int) and size >= capacity] == [values.capacity]


def test_many_passes_warn_once_with_their_cost_and_a_budget_that_takes_fewer():
    from clustval._engine import pair_pass
    from clustval.errors import SlowPassesWarning

    rng = np.random.default_rng(7)
    X, codes = rng.normal(size=(2500, 3)), rng.integers(0, 3, 2500)  # random labels: all overlap
    with pytest.warns(SlowPassesWarning, match=r"need \d+ passes over the 3,123,750 distances") as caught:
        s = pair_stats(X, codes, 3, ranks=True, memory_budget_mb=1)
    assert len(caught) == 1 and s.passes >= 16
    suggested = float(str(caught[0].message).split("memory_budget_mb=")[1].split()[0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the budget it suggests takes few passes: no warning
        fewer = pair_stats(X, codes, 3, ranks=True, memory_budget_mb=suggested)
    assert fewer.passes < pair_pass._MANY_PASSES and _stats(fewer)[:3] == _stats(s)[:3]


def test_a_budget_the_caller_did_not_name_grows_where_it_would_take_many_passes(monkeypatch):
    from clustval._engine import pair_pass
    from clustval._engine.pairwise import DEFAULT_MEMORY_BUDGET_MB, DefaultBudget
    from clustval.errors import SlowPassesWarning

    rng = np.random.default_rng(7)
    X, codes = rng.normal(size=(2500, 3)), rng.integers(0, 3, 2500)  # random labels: all overlap
    unnamed = DefaultBudget(1)  # the default's kind, at a size where this set takes many passes
    assert unnamed == 1 and repr(DEFAULT_MEMORY_BUDGET_MB) == "256"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # grown, it plans few passes: no warning
        grown = pair_stats(X, codes, 3, ranks=True, extreme_sums=True, memory_budget_mb=unnamed)
    with pytest.warns(SlowPassesWarning):  # the same number, named: kept, and many passes
        kept = pair_stats(X, codes, 3, ranks=True, extreme_sums=True, memory_budget_mb=1)
    assert grown.passes < pair_pass._MANY_PASSES <= kept.passes
    assert _stats(grown) == _stats(kept)
    # the growth stops at GROWN_BUDGET_MB: at 1 MB, the passes and the warning stay
    monkeypatch.setattr(pair_pass, "GROWN_BUDGET_MB", 1)
    with pytest.warns(SlowPassesWarning):
        capped = pair_stats(X, codes, 3, ranks=True, extreme_sums=True, memory_budget_mb=unnamed)
    assert capped.passes == kept.passes and _stats(capped) == _stats(kept)
