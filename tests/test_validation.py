"""Tests of the one label factorisation (clustval._validation.factorize) against np.unique."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import clustval._compiled as compiled
import clustval._validation as validation
from clustval._validation import as_label_array, factorize


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
    monkeypatch.setattr(validation, "_hash_multipliers", lambda w: np.zeros(w, np.uint64))
    labels = LABELS["strings"]
    assert validation._factorize_strings(labels) is None
    assert_factorises(labels, *factorize(labels))


def test_object_labels_are_factorised_as_strings():
    labels = as_label_array(np.array(["q", 3, "p", 3], dtype=object))
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
    assert_factorises(labels, *validation._factorize_strings_numba(labels))
    many = np.array([f"x{v}" for v in rng.integers(0, 3000, 20000)]).astype(dtype)
    assert_factorises(many, *validation._factorize_strings_numba(many))  # table grows


def test_numba_string_pass_is_exact_when_every_hash_collides():
    # all-zero multipliers give every string hash 0: the pass must separate them by content
    labels = np.array(["b", "a", "a", "ca", "b", "", "ac", "ca"] * 50)
    chars = validation._string_units(labels)
    group = np.empty(labels.size, np.int64)
    first = compiled.kernels().group_strings(chars, np.zeros(chars.shape[1], np.uint64), group)
    np.testing.assert_array_equal(labels[first][group], labels)
    assert len(set(labels[first].tolist())) == first.size == 5
    # hundreds of groups on one hash: the table grows (rehashes) with every probe colliding
    many = np.array([f"g{v}" for v in np.random.default_rng(4).integers(0, 400, 3000)])
    chars = validation._string_units(many)
    group = np.empty(many.size, np.int64)
    first = compiled.kernels().group_strings(chars, np.zeros(chars.shape[1], np.uint64), group)
    np.testing.assert_array_equal(many[first][group], many)
    assert first.size == len(set(many.tolist()))
    assert np.array_equal(np.sort(first), first)  # groups numbered by first appearance


def test_without_numba_strings_take_the_numpy_hash(monkeypatch):
    monkeypatch.setattr(compiled, "kernels", lambda work=None: None)
    labels = LABELS["unicode"]
    assert validation._factorize_strings_numba(labels) is None
    assert_factorises(labels, *factorize(labels))


@pytest.mark.parametrize("kind", LABELS)
def test_unsorted_factorisation_is_a_relabelling_of_the_sorted_one(kind):
    # sort=False may order the uniques differently, but codes still index them exactly
    labels = LABELS[kind]
    codes, uniques = validation.factorize(labels, sort=False)
    assert codes.dtype == np.int64
    np.testing.assert_array_equal(uniques[codes], labels)
    np.testing.assert_array_equal(np.sort(uniques), np.unique(labels))


def test_unsorted_numba_strings_come_in_order_of_first_appearance(monkeypatch):
    monkeypatch.setattr(compiled, "MIN_WORK", 0)
    labels = np.array(["q", "b", "q", "a", "b", "zz"])
    codes, uniques = validation.factorize(labels, sort=False)
    assert uniques.tolist() == ["q", "b", "a", "zz"]
    assert codes.tolist() == [0, 1, 0, 2, 1, 3]
    assert_factorises(labels, *validation.factorize(labels))  # sorted by default


def test_small_int64_range():
    limit = validation._ABSENT_SPAN_MAX
    lo, values = validation.small_int64_range(np.array([7, -2, 7, 3], dtype=np.int64))
    assert lo == -2 and values.tolist() == list(range(-2, 8)) and values.dtype == np.int64
    assert validation.small_int64_range(np.array([0, limit - 1], dtype=np.int64)) is not None
    assert validation.small_int64_range(np.array([0, limit], dtype=np.int64)) is None
    assert validation.small_int64_range(np.array([0, 1], dtype=np.int32)) is None
