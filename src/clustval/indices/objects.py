"""Which objects a score counts, and how often: sample weights and the noise label.

* ``sample_weight``: whole numbers, each the count of an object's copies. The contingency
  table counts weights (:func:`clustval.indices.contingency.contingency`), so an index of
  the weighted labels equals, bit for bit, the index of the labels with each object
  repeated its weight's times. Real-valued weights are refused: the pair-counting and
  chance-adjusted indices have no exact form for them.
* ``noise``: what a clustering's noise label (-1 for DBSCAN, HDBSCAN and OPTICS) means.
  ``"cluster"``: one cluster like any other (every index's value as if the label were
  ordinary); ``"exclude"``: its objects are left out of the score (from both labellings,
  the data and the weights); ``"singletons"``: each of its objects is a cluster of its own.
  Not given, it is ``"cluster"``, with a :class:`~clustval.errors.NoiseLabelWarning` when
  the label occurs.
"""

from __future__ import annotations

import warnings

import numpy as np

from .._engine.validation import Labels
from ..errors import InputError, NoiseLabelWarning

NOISE_POLICIES = ("cluster", "exclude", "singletons")
#: The label DBSCAN, HDBSCAN and OPTICS give their noise objects.
NOISE_LABEL = -1
# Weights are summed in float64: exact while every total stays below 2^53.
_EXACT_TOTAL = 2**53


def check_sample_weight(sample_weight, n: int) -> np.ndarray | None:
    """``sample_weight`` as int64 counts of copies, checked; None when not given.

    Parameters
    ----------
    sample_weight : array-like of shape (n,) or None
        Non-negative whole numbers (floats such as 2.0 are taken as 2).
    n : int
        The number of objects.

    Returns
    -------
    ndarray of int64, or None

    Raises
    ------
    clustval.errors.InputError
        A weight that is negative, not finite or not whole, a length other than n, or
        weights that are all zero or total 2^53 or more; one line.

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
    if total >= _EXACT_TOTAL:
        raise InputError(f"sample_weight totals {total:.3g} copies; the tables count below 2^53.")
    return w.astype(np.int64)


def check_noise(noise) -> str | None:
    """``noise`` if it is a policy (or None), else one line of error.

    Parameters
    ----------
    noise : object
        The value given.

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


def apply_noise(labels: Labels, noise: str | None, name: str = "labels_pred") -> tuple[Labels, np.ndarray | None]:
    """The clustering under the noise policy, and which objects remain (None: all).

    Parameters
    ----------
    labels : Labels
        The clustering, checked and factorised.
    noise : {"cluster", "exclude", "singletons"} or None
        The policy (module docstring); None is "cluster", with a warning when the noise
        label occurs.
    name : str
        The labels' name, as the warning and errors say it.

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
    >>> from clustval._engine.validation import as_labels
    >>> labels, kept = apply_noise(as_labels([0, -1, 1, -1]), "singletons")
    >>> labels.codes.tolist(), kept
    ([0, 2, 1, 3], None)
    >>> labels, kept = apply_noise(as_labels([0, -1, 1, -1]), "exclude")
    >>> labels.codes.tolist(), kept.tolist()
    ([0, 1], [True, False, True, False])
    """
    noise = check_noise(noise)
    if noise is None:
        warn_noise(labels.uniques, name)
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
        return Labels(codes, np.delete(labels.uniques, code), labels.noise + int(is_noise.sum())), kept
    # singletons: the other clusters keep their order, each noise object follows alone
    # (the labels stand for codes from here: a noise object has no label of its own)
    k = labels.uniques.shape[0]
    codes = labels.codes - (labels.codes > code)
    codes[is_noise] = np.arange(k - 1, k - 1 + int(is_noise.sum()))
    return Labels(codes, np.arange(k - 1 + int(is_noise.sum())), labels.noise), None


def warn_noise(uniques: np.ndarray, name: str = "labels_pred") -> None:
    """A :class:`~clustval.errors.NoiseLabelWarning` if the distinct labels ``uniques`` hold
    the noise label (no policy was given, so it is scored as one cluster).

    Parameters
    ----------
    uniques : array-like
        The clustering's distinct labels.
    name : str
        The labels' name, as the warning says it.

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
            stacklevel=4,
        )


def _equals_noise(uniques: np.ndarray) -> np.ndarray:
    """Which of the distinct labels is the noise label (only numbers can be)."""
    if uniques.dtype.kind in "iuf":
        return uniques == NOISE_LABEL
    if uniques.dtype.kind == "O":
        return np.array([isinstance(u, (int, float, np.integer, np.floating)) and not isinstance(u, bool)
                         and u == NOISE_LABEL for u in uniques], dtype=bool)  # fmt: skip
    return np.zeros(uniques.shape, dtype=bool)
