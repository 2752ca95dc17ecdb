"""Tests of the label checks and the one label factorisation (clustval._engine.validation)."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import clustval
import clustval._engine.compiled as compiled
import clustval._engine.validation as validation
import clustval.indices.objects as objects
from clustval.indices.objects import as_label_array, factorize
from clustval.indices.partition import Partition
from clustval.errors import ContinuousLabelWarning, InputError


def assert_factorises(labels, codes, uniques):
    """codes/uniques are np.unique's inverse/uniques: sorted, complete, exact."""
    want_uniques, want_codes = np.unique(labels, return_inverse=True)
    assert codes.dtype == np.int64
    np.testing.assert_array_equal(uniques, want_uniques)
    np.testing.assert_array_equal(codes, want_codes.ravel())
    assert uniques.dtype.kind == labels.dtype.kind


LABELS = {
    "0..K-1": np.array([2, 0, 1, 1, 2, 0]),
    "gaps": np.array([-5, -5, 7, 100, 7, -5]),
    "wide span": np.array([0, 10**12, 10**12, -(10**12), 0, 0]),
    "uint64 extremes": np.array([2**64 - 1, 2**64 - 3, 2**64 - 1, 5], np.uint64),
    "int8 extremes": np.array([-128, 127, 0, 0, 127, -128], np.int8),
    "bools": np.array([True, False, False, True]),
    "one bool": np.array([True, True]),
    "strings": np.array(["b", "a", "a", "ca", "b", ""]),
    "unicode": np.array(["été", "ete", "été", "\u4e2d", "e", "ete"]),
    "bytes": np.array([b"x", b"xy", b"x", b"\x00a", b"y"]),
    "prefixes": np.array(["a", "ab", "abc", "ab", "a", "abc"]),
}


@pytest.mark.parametrize("kind", LABELS)
def test_matches_np_unique(kind):
    labels = as_label_array(LABELS[kind])
    assert_factorises(labels, *factorize(labels))


@pytest.mark.parametrize("kind", ["0..K-1", "gaps", "int8 extremes", "bools"])
def test_allow_absent_codes_index_a_range(kind):
    labels = as_label_array(LABELS[kind])
    codes, values = factorize(labels, allow_absent=True)
    np.testing.assert_array_equal(values[codes], labels)
    assert values[0] == labels.min() and values[-1] == labels.max()
    assert np.all(np.diff(values.astype(np.int64)) == 1)


def test_allow_absent_wide_span_is_compact():
    labels = as_label_array(LABELS["wide span"])
    assert_factorises(labels, *factorize(labels, allow_absent=True))


def test_hash_collision_falls_back_to_the_sort(monkeypatch):
    # every string hashes to 0 when all multipliers are 0 (even): the verification must
    # notice that one group holds different strings and defer to np.unique
    monkeypatch.setattr(objects, "_hash_multipliers", lambda w: np.zeros(w, np.uint64))
    labels = LABELS["strings"]
    assert objects._factorize_strings(labels) is None
    assert_factorises(labels, *factorize(labels))


def test_object_labels_are_factorised_as_strings():
    labels = as_label_array(np.array(["q", "3", "p", "3"], dtype=object))
    assert labels.dtype.kind == "U"
    assert_factorises(labels, *factorize(labels))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=4), min_size=1, max_size=40))
def test_strings_property(values):
    labels = as_label_array(np.array(values, dtype=str))
    assert_factorises(labels, *factorize(labels))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-(2**63), 2**63 - 1), min_size=1, max_size=40), st.booleans())
def test_integers_property(values, allow_absent):
    labels = as_label_array(np.array(values, dtype=np.int64))
    codes, uniques = factorize(labels, allow_absent=allow_absent)
    np.testing.assert_array_equal(uniques[codes], labels)
    assert np.all(uniques[1:] > uniques[:-1])  # sorted, distinct (np.diff could overflow)
    if not allow_absent:
        assert_factorises(labels, codes, uniques)


@pytest.mark.parametrize("dtype", ["U", "S"])
def test_numba_string_pass_equals_the_sort(dtype, monkeypatch):
    monkeypatch.setattr(compiled, "MIN_WORK", 0)  # the compiled pass on small inputs too
    rng = np.random.default_rng(11)
    words = np.array(["", "a", "ab", "b", "ba", "zz", "\u4e2d" if dtype == "U" else "q"])
    labels = words[rng.integers(0, words.size, 5000)].astype(dtype)
    assert compiled.kernels() is not None, "numba is a project dependency"
    assert_factorises(labels, *objects._factorize_strings_numba(labels))
    many = np.array([f"x{v}" for v in rng.integers(0, 3000, 20000)]).astype(dtype)
    assert_factorises(many, *objects._factorize_strings_numba(many))  # table grows


def test_numba_string_pass_is_exact_when_every_hash_collides():
    # all-zero multipliers give every string hash 0: the pass must separate them by content
    labels = np.array(["b", "a", "a", "ca", "b", "", "ac", "ca"] * 50)
    chars = objects._string_units(labels)
    group = np.empty(labels.size, np.int64)
    first = compiled.kernels().group_strings(chars, np.zeros(chars.shape[1], np.uint64), group)
    np.testing.assert_array_equal(labels[first][group], labels)
    assert len(set(labels[first].tolist())) == first.size == 5
    # hundreds of groups on one hash: the table grows (rehashes) with every probe colliding
    many = np.array([f"g{v}" for v in np.random.default_rng(4).integers(0, 400, 3000)])
    chars = objects._string_units(many)
    group = np.empty(many.size, np.int64)
    first = compiled.kernels().group_strings(chars, np.zeros(chars.shape[1], np.uint64), group)
    np.testing.assert_array_equal(many[first][group], many)
    assert first.size == len(set(many.tolist()))
    assert np.array_equal(np.sort(first), first)  # groups numbered by first appearance


def test_without_numba_strings_take_the_numpy_hash(monkeypatch):
    monkeypatch.setattr(compiled, "kernels", lambda work=None: None)
    labels = LABELS["unicode"]
    assert objects._factorize_strings_numba(labels) is None
    assert_factorises(labels, *factorize(labels))


@pytest.mark.parametrize("kind", LABELS)
def test_unsorted_factorisation_is_a_relabelling_of_the_sorted_one(kind):
    # sort=False may order the uniques differently, but codes still index them exactly
    labels = LABELS[kind]
    codes, uniques = objects.factorize(labels, sort=False)
    assert codes.dtype == np.int64
    np.testing.assert_array_equal(uniques[codes], labels)
    np.testing.assert_array_equal(np.sort(uniques), np.unique(labels))


def test_unsorted_numba_strings_come_in_order_of_first_appearance(monkeypatch):
    monkeypatch.setattr(compiled, "MIN_WORK", 0)
    labels = np.array(["q", "b", "q", "a", "b", "zz"])
    codes, uniques = objects.factorize(labels, sort=False)
    assert uniques.tolist() == ["q", "b", "a", "zz"]
    assert codes.tolist() == [0, 1, 0, 2, 1, 3]
    assert_factorises(labels, *objects.factorize(labels))  # sorted by default


def test_small_int64_range():
    limit = objects._ABSENT_SPAN_MAX
    lo, values = objects.small_int64_range(np.array([7, -2, 7, 3], dtype=np.int64))
    assert lo == -2 and values.tolist() == list(range(-2, 8)) and values.dtype == np.int64
    assert objects.small_int64_range(np.array([0, limit - 1], dtype=np.int64)) is not None
    assert objects.small_int64_range(np.array([0, limit], dtype=np.int64)) is None
    assert objects.small_int64_range(np.array([0, 1], dtype=np.int32)) is None


# ---- labels that scikit-learn rejects or warns about, and that numpy would silently coerce


@pytest.mark.parametrize(
    "labels, fragment",
    [
        (["a", "b", float("nan")], "contains NaN"),  # numpy alone makes this the string "nan"
        (["a", None, "b"], "contains None"),
        ([1, "1", 2], "mixes numbers and strings (e.g. 1 and '1')"),  # numpy alone: one label "1"
        (np.array([1, "1"], dtype=object), "mixes numbers and strings"),
        (np.zeros((4, 1), dtype=int), "must be 1-D (one label per object), got shape (4, 1)"),
        (np.zeros((1, 4), dtype=int), "got shape (1, 4)"),
        ([[0, 1], [1, 0]], "got shape (2, 2)"),
    ],
)
def test_bad_labels_are_rejected(labels, fragment):
    with pytest.raises(InputError, match=re.escape(fragment)):
        as_label_array(labels)
    with pytest.raises(InputError, match=re.escape(fragment)):
        clustval.score(labels, labels_true=np.zeros(len(labels), dtype=int))


def test_labels_rejected_where_scikit_learn_rejects_them():
    # scikit-learn refuses the (n, 1) column and warns on continuous labels, as clustval does
    from sklearn.metrics import adjusted_rand_score

    with pytest.raises(ValueError, match="1D"):
        adjusted_rand_score(np.zeros((4, 1), dtype=int), np.zeros(4, dtype=int))
    with pytest.warns(UserWarning, match="discrete"):
        adjusted_rand_score([0.5, 1.5, 1.5], [0, 1, 1])
    with pytest.warns(ContinuousLabelWarning, match="non-integral"):
        assert clustval.ari([0.5, 1.5, 1.5], [0, 1, 1]) == 1.0


def test_integral_floats_and_numeric_objects_are_integers():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert as_label_array([1.0, 2.0, 1.0]).dtype == np.int64
        assert as_label_array(np.array([3, 1, 3], dtype=object)).tolist() == [3, 1, 3]


# ---- data whose squared distances overflow or underflow: scaled by a power of two, exactly

# 1e301, 1e-301, 3e150, 3e-151, 2e90 (SD_Scat, S_Dbw), 5e-91 (rCIP), 1e307 (near the largest
# float), and a plain scale (subnormal data have lost bits before any index sees them)
SCALES = [2.0**1000, 2.0**-1000, 2.0**500, 2.0**-500, 2.0**300, 2.0**-300, 2.0**1020, 2.0**-2]


def _clusters(seed=0):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 3, 50)
    return rng.normal(size=(50, 3)) + 3 * labels[:, None], labels


# The internal indices that are not scale invariant: f(a X) = a**power f(X) ...
SCALE_POWERS = {"ball_hall": 2, "trace_w": 2, "pbm": 2, "trcovw": 2, "dindex": 1, "point_biserial": 1, "sd_dis": -1}
SCALE_POWERS["rcip"] = -3  # a density: a**-d, and _clusters has d = 3
# ... and those computed through logarithms of determinants or traces, where the scale's
# logarithm adds to (or cancels from) the value: equal up to the rounding of that sum
# (Banfeld-Raftery + 2 n log a, Scott-Symons + 2 d n log a, Ksq_DetW * a**(2d))
LOG_SCALED = {"banfeld_raftery": lambda n, d: 2 * n, "scott_symons": lambda n, d: 2 * d * n}
THROUGH_LOGS = {"det_ratio", "log_det_ratio", "ksq_detw", "rcip", *LOG_SCALED}  # rCIP: exp(-log det / 2)


@pytest.mark.parametrize("scale", SCALES)
def test_internal_indices_are_exact_at_extreme_magnitudes(scale):
    # a power of two scales floats exactly, so every index is bit-identical in the data's
    # units (unscaled, 1e301 overflows to inf distances and 1e-301 underflows every distance
    # to 0); an index not listed above must be scale invariant
    X, labels = _clusters()
    n, d = X.shape
    expected = clustval.internal_scores(X, labels)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow or underflow warning either
        got = clustval.internal_scores(X * scale, labels)
    exponent = math.frexp(scale)[1] - 1  # scale = 2**exponent
    for name, value in got.items():
        want = expected[name]
        if name in SCALE_POWERS:
            try:
                want = math.ldexp(want, exponent * SCALE_POWERS[name])
            except OverflowError:
                want = math.copysign(math.inf, want)
        elif name in LOG_SCALED:
            want += LOG_SCALED[name](n, d) * math.log(scale)
        elif name == "ksq_detw":
            want = math.exp(math.log(want) + 2 * d * math.log(scale)) if 2 * d * exponent < 1000 else math.inf
        if name in THROUGH_LOGS and math.isfinite(want):
            assert value == pytest.approx(want, rel=1e-12), name
        else:
            assert value == want, name


@pytest.mark.parametrize("scale", SCALES)
def test_kmedoids_is_exact_at_extreme_magnitudes(scale):
    from clustval.clustering.kmedoids import euclidean_distances, park_jun, sd_kmedoids

    X, _ = _clusters(1)
    for method in (park_jun, sd_kmedoids):
        expected, got = method(X, 3), method(X * scale, 3)
        assert got.labels.tolist() == expected.labels.tolist()
        assert got.medoids.tolist() == expected.medoids.tolist()
        with np.errstate(over="ignore"):  # near the largest float a cost in the data's units is inf
            assert got.cost == expected.cost * scale  # scaled back to the data's units
            assert got.cost_history.tolist() == (expected.cost_history * scale).tolist()
    with np.errstate(over="ignore"):
        assert np.array_equal(euclidean_distances(X * scale), euclidean_distances(X) * scale)


def test_ordinary_data_are_not_touched():
    X, _ = _clusters()
    assert validation.as_data_matrix(X, return_scale=True)[1] == 1.0
    assert validation.as_data_matrix(X) is X  # no copy either


def test_magnitudes_far_below_the_largest_are_read_not_refused():
    # 1e-200 next to 1e200 is below what a distance among the others resolves, as 1e-20
    # next to 1 is: read, not an error (the squared difference underflows, like the sum rounds)
    from clustval.clustering.kmedoids import park_jun

    X = np.array([[1e200, 0.0], [1e200, 1e-200], [0.0, 1.0]])
    assert clustval.silhouette_score(X, [0, 0, 1]) == 2 / 3  # 0 and 1 at distance 0; 2 alone
    assert park_jun(X, 2).labels.tolist() == [0, 0, 1]
    Y, labels = _clusters()
    Y[0, 0] = 5e-324  # one subnormal entry among O(1) values changes nothing else
    assert validation.as_data_matrix(Y, return_scale=True)[1] == 1.0
    assert math.isfinite(clustval.silhouette_score(Y, labels))


def test_extreme_magnitudes_through_the_command_line(tmp_path):
    X, labels = _clusters()
    for name, scale in (("big", 2.0**1000), ("small", 2.0**-1000), ("plain", 1.0)):
        np.savetxt(tmp_path / f"{name}.csv", X * scale, delimiter=",", fmt="%.17g")
    (tmp_path / "pred.txt").write_text("".join(f"{v}\n" for v in labels))
    out = {}
    for name in ("big", "small", "plain"):
        result = subprocess.run(
            [sys.executable, "-m", "clustval", "score", "--pred", str(tmp_path / "pred.txt"),
             "--data", str(tmp_path / f"{name}.csv"), "--json"],
            capture_output=True, text=True, timeout=120,
        )
        assert result.returncode == 0 and result.stderr == "", result.stderr
        out[name] = json.loads(result.stdout)
    invariant = set(out["plain"]) - set(SCALE_POWERS) - THROUGH_LOGS
    for name in invariant:  # the scale-dependent ones: test_internal_indices_are_exact_at_extreme_magnitudes
        assert out["big"][name] == out["small"][name] == out["plain"][name], name
    assert out["big"]["trace_w"] == "inf" and out["small"]["trace_w"] == 0  # inf and underflow, as JSON writes them


# ---- data of the wrong kind: one line each, never a guess -----------------------------------
_X = np.array([[0.0, 0.0], [0.1, 0.0], [5.0, 5.0], [5.1, 5.0]])


def _wrong_kind_cases():
    from scipy import sparse

    return {
        "complex": (_X + 1j, "X is complex"),  # its imaginary part was dropped with a ComplexWarning
        "complex with zero imaginary part": (_X.astype(complex), "X is complex"),
        "scipy.sparse matrix": (sparse.csr_matrix(_X), "X is a scipy.sparse csr_matrix"),
        "scipy.sparse array": (sparse.csr_array(_X), "X is a scipy.sparse csr_array"),
        "object of numbers": (_X.astype(object), "X has dtype object, not numbers"),
        "object with None": (np.array([[0.0, None], [1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], dtype=object),
                             "X has dtype object, not numbers"),
        "strings that read as numbers": (_X.astype(str), "not numbers"),  # were parsed silently
    }


@pytest.mark.parametrize("case", list(_wrong_kind_cases()))
def test_data_of_the_wrong_kind_is_one_line(case):
    X, message = _wrong_kind_cases()[case]
    labels = [0, 0, 1, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no ComplexWarning either
        for call in (lambda: validation.as_data_matrix(X), lambda: Partition(X, labels),
                     lambda: clustval.sil(X, labels)):
            with pytest.raises(InputError, match=re.escape(message)) as error:
                call()
            assert "\n" not in str(error.value)


def test_real_dtypes_are_still_data():
    for X in (_X, _X.astype(np.float32), _X.astype(np.int64), _X > 1, _X.tolist()):
        np.testing.assert_array_equal(validation.as_data_matrix(X), np.asarray(X, dtype=np.float64))


def test_any_finite_memory_budget_is_taken_and_no_other():
    """10**30 MB (an int beyond float64's integers: numpy's isfinite raised TypeError) bounds
    nothing and gives the values of the default budget; 10**400 MB is no finite number."""
    X = np.random.default_rng(0).normal(size=(300, 3))
    labels = np.arange(300) % 3
    names = ["sil", "dunn", "gdi21", "c_index", "wcnn"]
    expected = clustval.internal_scores(X, labels, names)
    for budget in (10**30, 1e30):
        assert clustval.internal_scores(X, labels, names, memory_budget_mb=budget) == expected
    for budget in (10**400, float("nan"), float("inf"), 0, -1, True, "5"):
        with pytest.raises(InputError, match="memory_budget_mb must be a positive number of megabytes"):
            clustval.internal_scores(X, labels, names, memory_budget_mb=budget)
