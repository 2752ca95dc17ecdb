"""The objects a score counts: their labels, how often each counts, and the noise label.

* **Labels**, checked (:func:`as_label_array`) and factorised (:func:`factorize`) once, as
  :class:`Labels`: codes 0..K-1 and the distinct labels they stand for.
* ``sample_weight``: whole numbers, each the count of an object's copies. The contingency
  table counts weights (:func:`clustval.indices.contingency.contingency`), so an index of
  the weighted labels equals, bit for bit, the index of the labels with each object
  repeated its weight's times. Real-valued weights are refused: the pair-counting and
  chance-adjusted indices have no exact form for them.
* ``noise``: what a clustering's noise label (-1 for DBSCAN, HDBSCAN and OPTICS, or its
  text "-1" as a file's labels are read) means. ``"cluster"``: one cluster like any other (every index's value as if the label were
  ordinary); ``"exclude"``: its objects are left out of the score (from both labellings,
  the data and the weights); ``"singletons"``: each of its objects is a cluster of its own.
  Not given, it is ``"cluster"``, with a :class:`~clustval.errors.NoiseLabelWarning` when
  the label occurs.

The entry points read their labels, truth, weights and noise policy through
:func:`checked_objects`, once per call; the contingency table
(:func:`~clustval.indices.contingency.count_labels`) and the partition
(:meth:`~clustval.indices.partition.Partition.of_objects`) take the :class:`Objects` it
returns and check nothing of them again. (Without weights or a noise policy,
:func:`~clustval.indices.scoring.external_scores` counts the labels as given, through
:func:`~clustval.indices.contingency.contingency`, which checks them itself.)
"""

from __future__ import annotations

import functools
import math
import warnings
from dataclasses import dataclass

import numpy as np

from .._engine import compiled as _compiled
from .._engine.docs import N_OBJECTS, PASS_PARAMETERS, with_parameters
from ..errors import ContinuousLabelWarning, InputError, NoiseLabelWarning
from ._docs import NOISE, described

NOISE_POLICIES = ("cluster", "exclude", "singletons")
#: The label DBSCAN, HDBSCAN and OPTICS give their noise objects (as text: "-1").
NOISE_LABEL = -1
_NOISE_TEXT = str(NOISE_LABEL)
# noise="singletons" with weights makes each copy of a noise object a cluster: at most this
# many copies (a label and a row each), beyond which the table or the partition is too large.
MAX_NOISE_COPIES = 2**24
#: The most objects (copies, with weights) any score counts: every product of two counts
#: (a_i b_j, n_ij^2) fits int64, and float64 sums of the weights are exact (far below 2^53).
MAX_OBJECTS = math.isqrt(2**63 - 1)
# Integer labels whose range is at most this many times n are factorised with a lookup
# table in O(n + range) instead of a sort in O(n log n).
_DENSE_RANGE_FACTOR = 4
# With ``allow_absent``, integer labels spanning at most this many values are coded as
# label - min directly, skipping the pass that finds which values occur.
_ABSENT_SPAN_MAX = 1024
# Seed of the string hash's multipliers: any seed is exact, because every hash group is
# verified against the strings themselves; a collision only costs the slower sort.
_HASH_SEED = 20170601
_HASH_ROWS = 2**14
_BOOL_TYPES = frozenset({bool, np.bool_})
_FLOAT_TYPES = frozenset({float, np.float64, np.float32, np.float16})


#: The Parameters the checks of the labels share (and the partition's row selection), written once
LABEL_PARAMETERS = {
    "labels": """labels : array-like of shape (n,), or Labels
    One label per object (a :class:`Labels` is taken as it is checked already).""",
    "name": """name : str
    The labels' name, as errors and the noise warning say it.""",
    "noise": NOISE,
}
_checks = with_parameters(LABEL_PARAMETERS)
# and those of the factorisation, which reads checked label arrays
_arrays = with_parameters({"labels": """labels : ndarray of shape (n,)
    Labels as :func:`as_label_array` returns them."""})


@_checks
def as_label_array(labels, name: str = "labels") -> np.ndarray:
    """Return ``labels`` as a 1-D array of integers, strings or (with a warning) floats.

    Rejected, as scikit-learn's ``check_clusterings`` rejects them: empty input, any shape
    but (n,) (a column (n, 1) too), None or NaN anywhere (also inside a list of strings,
    which numpy would turn into the string "nan"), numbers mixed with strings (``1`` and
    ``"1"`` would otherwise become one label), bytes mixed with strings (``b"a"`` and ``"a"``)
    and booleans mixed with numbers (``True`` and ``1``). Integral floats become integers
    (those beyond int64 stay floats: each distinct value is one label, as in scikit-learn);
    other floats are kept, with the :class:`~clustval.errors.ContinuousLabelWarning`
    scikit-learn gives. Python integers beyond int64 are kept exactly (an object array).

    Parameters
    ----------
    labels : array-like of shape (n,)
        One label per object.

    Returns
    -------
    ndarray of shape (n,)

    Raises
    ------
    clustval.errors.InputError
        Any of the above; one line.

    Examples
    --------
    >>> as_label_array([1, 2.0, 1]).tolist(), as_label_array(["a", "b"]).dtype.kind
    ([1, 2, 1], 'U')
    >>> as_label_array([1, "1"])
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: labels mixes numbers and strings (e.g. 1 and '1'), which would count 1 and '1' as one label; give labels of one kind.
    """
    arr = np.asarray(labels)
    if arr.ndim != 1:
        raise InputError(f"{name} must be 1-D (one label per object), got shape {arr.shape}.")
    if arr.size == 0:
        raise InputError(f"{name} is empty: need at least one labelled object.")
    if arr.dtype.kind in "US" and not isinstance(labels, np.ndarray):
        arr = np.asarray(labels, dtype=object)  # see what the elements were before numpy's str()
    elif arr.dtype.kind in "iuf" and isinstance(labels, (list, tuple)):
        # numpy makes [True, 1] the integers [1, 1] and [2**63, 2**63 + 1] one float: look
        # at the elements themselves when a bool, or an int that became a float, is among them
        types = set(map(type, labels))
        if types & _BOOL_TYPES or (arr.dtype.kind == "f" and not types <= _FLOAT_TYPES):
            arr = np.asarray(labels, dtype=object)
    if arr.dtype.kind == "O":
        arr = _object_labels(arr, name)
        if arr.dtype.kind == "O":  # Python integers beyond int64, kept exact
            return arr
    if arr.dtype.kind == "f":
        if not np.all(np.isfinite(arr)):
            raise InputError(f"{name} contains NaN or inf; every object needs a label.")
        if np.all(arr == np.round(arr)):
            if arr.min() >= -(2.0**63) and arr.max() < 2.0**63:
                return arr.astype(np.int64)
            return arr  # integral, but beyond int64: each distinct float is one label
        warnings.warn(
            f"{name} holds non-integral numbers: clustering labels are discrete, each "
            "distinct value is taken as one label.",
            ContinuousLabelWarning,
            stacklevel=3,
        )
    elif arr.dtype.kind not in "iubUS":
        raise InputError(f"{name} must hold integers or strings, got dtype {arr.dtype}.")
    return arr


def _object_labels(arr: np.ndarray, name: str) -> np.ndarray:
    """An object array of labels as strings, bytes or numbers (an object array of Python
    numbers when no numpy dtype holds them exactly); InputError for None, NaN or a mix."""
    first = {}  # the first value of each kind seen: str, bytes, bool, number
    for value in arr:
        if isinstance(value, str):
            first.setdefault("string", value)
        elif isinstance(value, bytes):
            first.setdefault("bytes", value)
        elif isinstance(value, (bool, np.bool_)):
            first.setdefault("bool", value)
        elif isinstance(value, (int, float, np.number)):
            if value != value:
                raise InputError(f"{name} contains NaN; every object needs a label.")
            first.setdefault("number", value)
        elif value is None:
            raise InputError(f"{name} contains None; every object needs a label.")
        else:
            raise InputError(f"{name} holds a {type(value).__name__}; labels are integers or strings.")
    text = [kind for kind in ("string", "bytes") if kind in first]
    numeric = [kind for kind in ("number", "bool") if kind in first]
    if text and numeric:
        one, other = first[numeric[0]], first[text[0]]
        raise InputError(
            f"{name} mixes numbers and strings (e.g. {one!r} and {other!r}), "
            "which would count 1 and '1' as one label; give labels of one kind."
        )
    if len(text) == 2 or len(numeric) == 2:
        one, other = (first[kind] for kind in (text if len(text) == 2 else numeric))
        what, merged = ("bytes and strings", "b'a' and 'a'") if text else ("booleans and numbers", "True and 1")
        raise InputError(
            f"{name} mixes {what} (e.g. {one!r} and {other!r}), which would count {merged} "
            "as one label; give labels of one kind."
        )
    if text:
        return arr.astype(str)
    values = arr.tolist()  # Python numbers
    if "bool" in first:
        return np.array(values, dtype=bool)
    if all(isinstance(v, int) for v in values):
        try:
            return np.array(values, dtype=np.int64)
        except OverflowError:  # beyond int64: Python integers compare exactly
            return np.array(values, dtype=object)
    if any(isinstance(v, int) and abs(v) > 2**53 for v in values):
        return np.array(values, dtype=object)  # a float would round the integer
    return np.array(values, dtype=np.float64)


@_arrays
def factorize(
    labels: np.ndarray, *, allow_absent: bool = False, sort: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """Map labels to codes in sorted label order; return ``(codes, uniques)``.

    ``codes`` (int64) index ``uniques`` (sorted): ``uniques[codes]`` equals ``labels``. The one
    factorisation of the package, O(n) in the usual cases:

    * integers with a compact range: ``label - min``, through a lookup table only when some
      value inside the range does not occur;
    * strings (fixed-width ``U``/``S``): with numba, one pass through a hash table keyed
      by the characters (exact: equal hashes are compared character by character); without
      it, a hash of the characters grouped by one integer sort and verified against the
      strings (a hash collision falls back to the string sort);
    * anything else: ``np.unique`` (a sort).

    Parameters
    ----------
    allow_absent : bool, default False
        Integer labels spanning at most ``_ABSENT_SPAN_MAX`` values give ``uniques =
        min..max`` including values that never occur (codes then skip them), which saves one
        pass for callers that drop unused codes themselves.
    sort : bool, default True
        False: ``uniques`` may come in any order (strings through numba: first appearance),
        which saves a pass over the codes for callers that sort the K distinct labels
        themselves (as :func:`clustval.indices.contingency.contingency` sorts its table).

    Returns
    -------
    codes : ndarray of int64, shape (n,)
    uniques : ndarray
        The distinct labels, ``uniques[codes]`` equal to ``labels``.

    Examples
    --------
    >>> codes, uniques = factorize(np.array(["b", "a", "b"]))
    >>> codes.tolist(), uniques.tolist()
    ([1, 0, 1], ['a', 'b'])
    """
    if labels.dtype.kind in "iub" and labels.size:
        ints = labels.view(np.uint8) if labels.dtype.kind == "b" else labels
        lo, hi = int(ints.min()), int(ints.max())
        span = hi - lo + 1
        if span <= _DENSE_RANGE_FACTOR * labels.size + 1024:
            # int64 arithmetic may wrap for uint64 labels, but the differences come out right
            codes = np.subtract(ints, ints.dtype.type(lo), dtype=np.int64, casting="unsafe")
            values = np.arange(span, dtype=ints.dtype) + ints.dtype.type(lo)
            values = values.astype(labels.dtype, copy=False)
            if allow_absent and span <= _ABSENT_SPAN_MAX:
                return codes, values
            present = np.zeros(span, dtype=bool)
            present[codes] = True
            if present.all():  # the usual 0..K-1: the shifted labels are the codes
                return codes, values
            lookup = np.cumsum(present, dtype=np.int64) - 1
            return lookup[codes], values[present]
    if labels.dtype.kind in "US" and labels.size and labels.dtype.itemsize:
        factorised = _factorize_strings_numba(labels, sort) or _factorize_strings(labels)
        if factorised is not None:
            return factorised
    uniques, codes = np.unique(labels, return_inverse=True)
    return codes.astype(np.int64, copy=False).ravel(), uniques


@_arrays
def small_int64_range(labels: np.ndarray) -> tuple[int, np.ndarray] | None:
    """``(lo, values)`` for int64 labels spanning at most ``_ABSENT_SPAN_MAX`` values, else None.

    ``values = lo..max``: ``labels - lo`` index them. These are the codes and uniques
    ``factorize(labels, allow_absent=True)`` returns, for callers that use ``labels - lo``
    without materialising it.

    Returns
    -------
    tuple of (int, ndarray of int64), or None

    Examples
    --------
    >>> lo, values = small_int64_range(np.array([7, -2, 7], dtype=np.int64))
    >>> lo, values.tolist()
    (-2, [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7])
    """
    if labels.dtype != np.int64 or not labels.size:
        return None
    lo, hi = int(labels.min()), int(labels.max())
    if hi - lo + 1 > _ABSENT_SPAN_MAX:
        return None
    return lo, np.arange(lo, hi + 1, dtype=np.int64)


def _factorize_strings(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Factorise fixed-width strings through a hash of their characters; None on a collision.

    Sorting n strings costs O(n log n) string comparisons. Instead each string's code units
    are hashed to one uint64 (a dot product with fixed random odd multipliers, wrapping mod
    2^64), the n hashes are grouped by an integer sort, every string is checked to equal a
    member of its group (so the result is exact), and only the K distinct strings are sorted.
    """
    chars = _string_units(labels)
    multipliers = _hash_multipliers(chars.shape[1])
    hashes = np.empty(labels.size, dtype=np.uint64)
    for r0 in range(0, labels.size, _HASH_ROWS):  # matmul widens a block to uint64: bound it
        np.matmul(chars[r0 : r0 + _HASH_ROWS], multipliers, out=hashes[r0 : r0 + _HASH_ROWS])
    _, group = np.unique(hashes, return_inverse=True)
    group = group.ravel()
    member = np.empty(group.max() + 1, dtype=np.intp)
    member[group] = np.arange(labels.size)  # any member of each group represents it
    representatives = labels[member]
    if not np.array_equal(representatives[group], labels):
        return None  # two different strings share a hash: let the string sort decide
    order = np.argsort(representatives, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return rank[group].astype(np.int64, copy=False), representatives[order]


def _string_units(labels: np.ndarray) -> np.ndarray:
    """The (n, width) code units of fixed-width strings (uint32 for ``U``, uint8 for ``S``)."""
    unit = np.uint32 if labels.dtype.kind == "U" else np.uint8
    return np.ascontiguousarray(labels).view(unit).reshape(labels.size, -1)


def _factorize_strings_numba(
    labels: np.ndarray, sort: bool = True
) -> tuple[np.ndarray, np.ndarray] | None:
    """Factorise fixed-width strings in one O(n) hash-table pass; None without numba (or
    for a few thousand labels or less: see ``clustval._engine.compiled.min_work``).

    Every string is looked up by its hash and compared unit by unit with the first string
    of each candidate group, so two strings share a code iff they are equal (a hash
    collision only costs a probe). The K distinct strings are then sorted, as by np.unique,
    unless ``sort`` is False (uniques in order of first appearance).
    """
    # kernels(work)'s gate in two steps, its threshold compared here: the labels leave this
    # module only for the kernel that groups them
    if labels.size * _compiled.STEPS_PER_STRING_LABEL < _compiled.min_work():
        return None
    kernels = _compiled.kernels()
    if kernels is None:
        return None
    chars = _string_units(labels)
    # numpy's allocation (advised for huge pages) is cheaper to fill first than numba's
    group = np.empty(labels.size, dtype=np.int64)
    first = kernels.group_strings(chars, _hash_multipliers(chars.shape[1]), group)
    representatives = labels[first]
    if not sort:
        return group, representatives
    order = np.argsort(representatives, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return rank[group], representatives[order]


@functools.cache  # a generator costs ~10 us, as much as hashing 10^4 short labels
def _hash_multipliers(width: int) -> np.ndarray:
    """``width`` fixed pseudo-random odd uint64 multipliers (the same in every run); shared,
    never written (left writable: numba compiles a read-only array as another type)."""
    rng = np.random.default_rng(_HASH_SEED)
    return rng.integers(0, 2**64 - 1, size=width, dtype=np.uint64, endpoint=True) | np.uint64(1)


@dataclass(frozen=True)
class Labels:
    """Labels checked and factorised once (:func:`as_labels`): ``codes`` in 0..K-1, in the
    sorted order of ``uniques``, the labels they stand for. Every index that takes labels
    also takes this, so that a call scoring many indices reads its labels once. ``noise``:
    how many objects a noise policy left out before these, each counted with its copies (an
    index whose definition counts noise objects in n, as DBCV's does, reads it).

    Examples
    --------
    >>> labels = as_labels(["b", "a", "b"])
    >>> labels.codes.tolist(), labels.uniques.tolist(), labels.n
    ([1, 0, 1], ['a', 'b'], 3)
    """

    codes: np.ndarray
    uniques: np.ndarray
    noise: int = 0

    @property
    def n(self) -> int:
        """The number of objects.

        Examples
        --------
        >>> as_labels([5, 5, 7]).n
        3
        """
        return self.codes.shape[0]


@_checks
def as_labels(labels, name: str = "labels") -> Labels:
    """``labels`` checked (:func:`as_label_array`) and factorised (:func:`factorize`), once:
    a :class:`Labels` is returned as it is.

    Returns
    -------
    Labels

    Examples
    --------
    >>> as_labels([10, 30, 10]).codes.tolist()
    [0, 1, 0]
    """
    if isinstance(labels, Labels):
        return labels
    return Labels(*factorize(as_label_array(labels, name)))


def check_label_pair(labels_true, labels_pred):
    """Validate a (truth, prediction) pair: both 1-D, non-empty, the same length.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n,), or Labels
        The classes and the clusters of the same objects.

    Returns
    -------
    tuple
        Each as a label array (:func:`as_label_array`), or as the :class:`Labels` given.

    Raises
    ------
    clustval.errors.InputError
        Labels that fail the checks, or of different lengths; one line.

    Examples
    --------
    >>> check_label_pair([0, 1], [0, 1, 1])
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: labels_true has 2 labels but labels_pred has 3: they must label the same objects in the same order.
    """
    t = labels_true if isinstance(labels_true, Labels) else as_label_array(labels_true, "labels_true")
    p = labels_pred if isinstance(labels_pred, Labels) else as_label_array(labels_pred, "labels_pred")
    n_t, n_p = (x.n if isinstance(x, Labels) else x.shape[0] for x in (t, p))
    if n_t != n_p:
        raise InputError(
            f"labels_true has {n_t} labels but labels_pred has {n_p}: "
            "they must label the same objects in the same order."
        )
    return t, p



@described(parameters={"n": N_OBJECTS})  # the shared sample_weight
def check_sample_weight(sample_weight, n: int) -> np.ndarray | None:
    """``sample_weight`` as int64 counts of copies, checked (floats such as 2.0 are taken as
    2); None when not given.

    Returns
    -------
    ndarray of int64, or None

    Raises
    ------
    clustval.errors.InputError
        A weight that is negative, not finite or not whole, a length other than n, or
        weights that are all zero or total more than ``MAX_OBJECTS`` (about 3.04e9, the
        limit of the contingency table and the Dask counts); one line.

    Examples
    --------
    >>> check_sample_weight([1, 2.0, 0], 3)
    array([1, 2, 0])
    >>> check_sample_weight([0.5, 1], 2)
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: sample_weight[0] = 0.5: weights are counts of copies of an object, whole numbers >= 0 (real-valued weights have no exact form for the pair-counting and chance-adjusted indices).
    """
    if sample_weight is None:
        return None
    try:
        w = np.asarray(sample_weight, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"sample_weight must be numbers: {exc}") from None
    if w.ndim != 1 or w.shape[0] != n:
        raise InputError(f"sample_weight has shape {w.shape}; give one weight per object ({n}).")
    bad = ~np.isfinite(w) | (w < 0) | (w != np.floor(w))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise InputError(
            f"sample_weight[{i}] = {float(w[i])!r}: weights are counts of copies of an object, whole "
            "numbers >= 0 (real-valued weights have no exact form for the pair-counting and chance-adjusted "
            "indices)."
        )
    total = float(w.sum())
    if total == 0:
        raise InputError("sample_weight is zero for every object: nothing to score.")
    if total > MAX_OBJECTS:  # the table's limit (checked_total), before any sum can overflow
        raise InputError(
            f"sample_weight totals {total:.6g} copies, more than {MAX_OBJECTS}, the most the indices compute "
            "exactly (they multiply two counts, a product that must fit int64): divide the weights by a common "
            "factor if the indices you need are scale-free."
        )
    return w.astype(np.int64)


@_checks
def check_noise(noise) -> str | None:
    """``noise`` if it is a policy (or None), else one line of error.

    Returns
    -------
    str or None
        ``noise``, checked.

    Examples
    --------
    >>> check_noise("drop")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: noise = 'drop'; use one of 'cluster', 'exclude', 'singletons' (or None)
    """
    if noise is None or (isinstance(noise, str) and noise in NOISE_POLICIES):
        return noise
    raise InputError(f"noise = {noise!r}; use one of {', '.join(map(repr, NOISE_POLICIES))} (or None)")


@with_parameters({**LABEL_PARAMETERS, "weights": PASS_PARAMETERS["weights"]})
def apply_noise(labels: Labels, noise: str | None, name: str = "labels_pred",
                weights: np.ndarray | None = None) -> tuple[Labels, np.ndarray | None]:  # fmt: skip
    """The clustering under the noise policy, and which objects remain (None: all); with
    ``weights``, the noise objects left out count theirs (:attr:`Labels.noise`).

    Parameters
    ----------
    labels : Labels
        The clustering, checked and factorised.

    Returns
    -------
    labels : Labels
        The clustering the indices score.
    kept : ndarray of bool, or None
        With ``"exclude"``, the objects that remain; None when every object does.

    Raises
    ------
    clustval.errors.InputError
        ``"exclude"`` with every object labelled noise.

    Examples
    --------
    >>> from clustval.indices.objects import as_labels
    >>> labels, kept = apply_noise(as_labels([0, -1, 1, -1]), "singletons")
    >>> labels.codes.tolist(), kept
    ([0, 2, 1, 3], None)
    >>> labels, kept = apply_noise(as_labels([0, -1, 1, -1]), "exclude")
    >>> labels.codes.tolist(), kept.tolist()
    ([0, 1], [True, False, True, False])
    """
    noise = check_noise(noise)
    if noise is None:  # named: the caller of the entry point that checked the objects
        warn_noise(labels.uniques, name, stacklevel=5)
    at = np.flatnonzero(_equals_noise(labels.uniques))
    if at.size == 0 or noise in (None, "cluster"):
        return labels, None
    code = int(at[0])
    is_noise = labels.codes == code
    if noise == "exclude":
        kept = ~is_noise
        if not kept.any():
            raise InputError(f"every object of {name} is noise ({NOISE_LABEL}): nothing is left to score.")
        codes = labels.codes[kept]
        codes = codes - (codes > code)  # the noise code's place closes up
        left_out = int(is_noise.sum() if weights is None else weights[is_noise].sum())
        return Labels(codes, np.delete(labels.uniques, code), labels.noise + left_out), kept
    # singletons: the other clusters keep their order, each noise object follows alone
    # (the labels stand for codes from here: a noise object has no label of its own)
    k = labels.uniques.shape[0]
    codes = labels.codes - (labels.codes > code)
    codes[is_noise] = np.arange(k - 1, k - 1 + int(is_noise.sum()))
    return Labels(codes, np.arange(k - 1 + int(is_noise.sum())), labels.noise), None


@_checks
def warn_noise(uniques: np.ndarray, name: str = "labels_pred", stacklevel: int = 3) -> None:
    """A :class:`~clustval.errors.NoiseLabelWarning` if the distinct labels ``uniques`` hold
    the noise label (no policy was given, so it is scored as one cluster).

    Parameters
    ----------
    uniques : array-like
        The clustering's distinct labels.
    stacklevel : int, default 3
        The frame the warning names, as :func:`warnings.warn` counts them: 3 is the caller
        of the function that calls this one.

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn_noise([-1, 0, 1])
    >>> caught[0].category.__name__
    'NoiseLabelWarning'
    """
    if _equals_noise(np.asarray(uniques)).any():
        warnings.warn(
            f"{name} holds {NOISE_LABEL}, the noise label of DBSCAN, HDBSCAN and OPTICS: it is scored as one "
            'cluster. Say so with noise="cluster" (--noise cluster), or pass "exclude" or "singletons".',
            NoiseLabelWarning,
            stacklevel=stacklevel,
        )


def _equals_noise(uniques: np.ndarray) -> np.ndarray:
    """Which of the distinct labels is the noise label: the number -1, or its text "-1" (a
    file's labels, read as text)."""
    if uniques.dtype.kind in "iuf":
        return uniques == NOISE_LABEL
    if uniques.dtype.kind in "US":
        return uniques == (_NOISE_TEXT if uniques.dtype.kind == "U" else _NOISE_TEXT.encode())
    if uniques.dtype.kind == "O":
        return np.array([u == _NOISE_TEXT if isinstance(u, str)
                         else isinstance(u, (int, float, np.integer, np.floating)) and not isinstance(u, bool)
                         and u == NOISE_LABEL for u in uniques], dtype=bool)  # fmt: skip
    return np.zeros(uniques.shape, dtype=bool)


@dataclass(frozen=True)
class Objects:
    """The objects one call scores, checked once (:func:`checked_objects`).

    Attributes
    ----------
    labels : Labels
        The clustering, under the noise policy.
    truth : Labels or None
        The classes of the same objects, factorised for the contingency table: its ``uniques``
        may come unsorted and hold labels no object has (the table drops them); None when
        not given.
    weights : ndarray of int64, or None
        Each object's count of copies, all > 0; None: each object once.
    kept : ndarray of bool or of int64, or None
        Which of the given objects remain (noise objects ``"exclude"`` leaves out, objects of
        weight 0); None when all do. The data's rows are taken by it. With
        ``noise="singletons"`` and noise objects of weight w > 1, the given object of each
        one left, a noise object w times (its copies, each a cluster of weight 1).
    name : str
        The labels' name, as an error about the data says it.
    given : int or None
        How many objects were given (the data's rows); None: as many as ``kept`` marks, or
        as ``labels`` holds when ``kept`` is None.

    Examples
    --------
    >>> objects = checked_objects([0, -1, 1], noise="exclude")
    >>> objects.labels.codes.tolist(), objects.kept.tolist(), objects.labels.noise
    ([0, 1], [True, False, True], 1)
    """

    labels: Labels
    truth: Labels | None = None
    weights: np.ndarray | None = None
    kept: np.ndarray | None = None
    name: str = "labels_pred"
    given: int | None = None


@described(parameters=LABEL_PARAMETERS)  # and the entry points' sample_weight
def checked_objects(labels, *, labels_true=None, sample_weight=None, noise=None, name: str = "labels_pred") -> Objects:
    """The labels, truth, weights and noise policy of one score, checked and factorised once.

    Parameters
    ----------
    labels_true : array-like of shape (n,), or Labels, optional
        The classes of the same objects.

    Returns
    -------
    Objects
        The objects that remain, their labels, truth and weights.

    Raises
    ------
    clustval.errors.InputError
        Labels, truth or weights that fail their checks or differ in length, a noise policy
        that is none, or no object left to score; one line.

    Examples
    --------
    >>> objects = checked_objects([0, -1, 1, 1], labels_true=["a", "a", "b", "b"],
    ...                           sample_weight=[1, 1, 2, 0], noise="exclude")
    >>> objects.labels.codes.tolist(), objects.truth.uniques.tolist(), objects.weights.tolist()
    ([0, 1], ['a', 'b'], [1, 2])
    >>> objects.kept.tolist()
    [True, False, True, False]
    """
    labels = as_labels(labels, name)
    weights = check_sample_weight(sample_weight, labels.n)
    # the truth is only counted: factorised as the table counts labels (uniques unsorted, those
    # of a small integer span kept whether or not they occur), which spares a pass over it
    truth = None if labels_true is None else _for_counting(labels_true)
    if truth is not None and truth.n != labels.n:
        raise InputError(
            f"labels_true has {truth.n} labels but {name} has {labels.n}: "
            "they must label the same objects in the same order."
        )
    copies, given = None, labels.n
    if weights is not None and check_noise(noise) == "singletons":
        copies = _noise_copies(labels, weights, name)
        if copies is not None:  # each copy of a noise object is a cluster of its own, as repeated
            at, weights = copies
            labels = Labels(labels.codes[at], labels.uniques, labels.noise)
            truth = None if truth is None else Labels(truth.codes[at], truth.uniques, truth.noise)
    labels, kept = apply_noise(labels, noise, name, weights)
    if weights is not None and not weights.all():  # an object of weight 0 is absent
        weighed = weights > 0 if kept is None else weights[kept] > 0
        if not weighed.any():
            raise InputError(f"every object of {name} left to score has weight 0: nothing to score.")
        labels = _subset(labels, weighed)
        if kept is None:
            kept = weighed
        else:
            kept[np.flatnonzero(kept)] = weighed
    if kept is not None:
        truth = None if truth is None else _subset(truth, kept)
        weights = None if weights is None else weights[kept]
    if copies is not None:  # the given object of each copy left
        kept = copies[0] if kept is None else copies[0][kept]
    return Objects(labels, truth, weights, kept, name, given)


def _noise_copies(labels: Labels, weights: np.ndarray, name: str) -> tuple[np.ndarray, np.ndarray] | None:
    """With noise objects of weight above 1: the given object of each copy (a noise object
    repeated its weight's times, the others once) and the copies' weights (1 for noise);
    None when no noise object weighs more than 1."""
    at = np.flatnonzero(_equals_noise(labels.uniques))
    if at.size == 0:
        return None
    is_noise = labels.codes == int(at[0])
    if not (weights[is_noise] > 1).any():
        return None
    count = int(weights[is_noise].sum())
    if count > MAX_NOISE_COPIES:
        raise InputError(
            f'noise="singletons" makes each of the {count} copies (sample_weight) of the noise objects of '
            f"{name} a cluster of its own, more than {MAX_NOISE_COPIES}: use noise=\"exclude\" or \"cluster\"."
        )
    repeats = np.where(is_noise, weights, 1)
    return np.repeat(np.arange(labels.n), repeats), np.repeat(np.where(is_noise, 1, weights), repeats)


def _for_counting(labels_true) -> Labels:
    """The truth as a contingency table counts it (:attr:`Objects.truth`); as given if a :class:`Labels`."""
    if isinstance(labels_true, Labels):
        return labels_true
    return Labels(*factorize(as_label_array(labels_true, "labels_true"), allow_absent=True, sort=False))


def _subset(labels: Labels, kept: np.ndarray) -> Labels:
    """The labels of the objects ``kept``, the codes renumbered over the labels that remain."""
    codes = labels.codes[kept]
    present = np.bincount(codes, minlength=labels.uniques.shape[0]) > 0
    if present.all():
        return Labels(codes, labels.uniques, labels.noise)
    renumbered = np.cumsum(present, dtype=np.int64) - 1
    return Labels(renumbered[codes], labels.uniques[present], labels.noise)
