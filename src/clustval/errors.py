"""Exceptions raised by clustval.

Every error says what is wrong and how to fix it, on one line; the CLI prints it and exits
non-zero, and the pipeline lets it fail the rule (no partial output is written).
"""

import re

# Past this many characters a value's repr stands in a message by its beginning
_SHOWN_CHARS = 60


def shown(value) -> str:
    """A value as an error message quotes it: its repr on one line, an array by its shape
    and type, a long repr cut (an array or a list given where one number or name was meant
    would otherwise fill the screen).

    Examples
    --------
    >>> import numpy as np
    >>> shown("sil"), shown(2.5), shown(np.arange(100.0))
    ("'sil'", '2.5', 'an array of shape (100,) and dtype float64')
    >>> shown(list(range(100)))
    '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, ... (100 items)'
    """
    if hasattr(value, "shape") and hasattr(value, "dtype") and getattr(value, "size", 0) > 1:
        return f"an array of shape {tuple(value.shape)} and dtype {value.dtype}"
    text = _one_line(repr(value))
    if len(text) <= _SHOWN_CHARS:
        return text
    size = f" ({len(value)} item{'s' * (len(value) != 1)})" if isinstance(value, (list, tuple, set, dict)) else ""
    return f"{text[:_SHOWN_CHARS].rsplit(' ', 1)[0]} ...{size}"


def _one_line(text: str) -> str:
    """``text`` with each line break, and the indentation around it, made one space."""
    return re.sub(r"\s*\n\s*", " ", text)


class ClustvalError(Exception):
    """Base class of every error clustval raises on purpose. Its message is one line: a line
    break in it, from a value's repr, becomes a space.

    Examples
    --------
    >>> import clustval
    >>> try:
    ...     clustval.ari([0, 1], [0, 1, 1])
    ... except ClustvalError as error:
    ...     print(type(error).__name__)
    InputError
    >>> str(ClustvalError("got [[1, 2],\\n       [3, 4]]."))
    'got [[1, 2], [3, 4]].'
    """

    def __init__(self, *args) -> None:
        if args and isinstance(args[0], str):
            args = (_one_line(args[0]), *args[1:])
        super().__init__(*args)


class InputError(ClustvalError, ValueError):
    """Labels or data that an index cannot be computed on (shape, NaN, length mismatch).

    Examples
    --------
    >>> import clustval
    >>> clustval.ari([0, 1], [0, 1, 1])
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: labels_true has 2 labels but labels_pred has 3: ...
    """


class UndefinedIndexError(InputError):
    """The index is mathematically undefined for this partition (e.g. one cluster for DB).

    Examples
    --------
    >>> import clustval
    >>> clustval.sil([[0.0], [1.0], [2.0]], [0, 0, 0])
    Traceback (most recent call last):
    ...
    clustval.errors.UndefinedIndexError: Silhouette is undefined for a single cluster ...
    """


class DataError(ClustvalError):
    """A data set could not be obtained, parsed or verified.

    Examples
    --------
    >>> from clustval.datasets import load_uci
    >>> load_uci("no-such-set")
    Traceback (most recent call last):
    ...
    clustval.errors.DataError: ...
    """


class ChecksumError(DataError):
    """A raw file's SHA-256 differs from the one recorded in the catalog.

    Examples
    --------
    >>> issubclass(ChecksumError, DataError)  # caught with the other data errors
    True
    """


class DamagedFileError(DataError):
    """A file's content does not match the row count or SHA-256 recorded for it (a data
    set's header, or the results manifest of :mod:`clustval.repro.verified`).

    Examples
    --------
    >>> error = DamagedFileError("iris.csv: 149 rows, the header says 150", "iris.csv")
    >>> error.path  # the file to remove and rebuild
    'iris.csv'
    """

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.path = path


class ClusteringError(ClustvalError, ValueError):
    """A clustering request that cannot be carried out (e.g. K above the distinct points).

    Examples
    --------
    >>> issubclass(ClusteringError, ValueError)  # caught like scikit-learn's errors
    True
    """


class WorkerLostError(ClustvalError, RuntimeError):
    """A Dask cluster lost the data of a pass with its workers and could not get them back
    (no worker came back in time, or the loss repeated): :mod:`clustval.dask` re-sends the
    data and resumes the pass itself after a lost worker, and raises this only when it cannot.

    Examples
    --------
    >>> issubclass(WorkerLostError, RuntimeError)
    True
    """


class ContinuousLabelWarning(UserWarning):
    """Labels given as non-integral numbers: each distinct value is one label (scikit-learn
    warns the same way; clustering labels are discrete).

    Examples
    --------
    >>> import warnings, clustval
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _ = clustval.ari([0.5, 1.5], [0, 1])
    >>> caught[0].category.__name__
    'ContinuousLabelWarning'
    """


class NoiseLabelWarning(UserWarning):
    """A clustering holds -1, the noise label of DBSCAN, HDBSCAN and OPTICS, and no noise
    policy was given: -1 is scored as one cluster (:mod:`clustval.indices.objects`).

    Examples
    --------
    >>> import warnings, clustval
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _ = clustval.score([0, 0, -1, 1], labels_true=[0, 0, 1, 1], names=["ari"])
    >>> caught[0].category.__name__
    'NoiseLabelWarning'
    """


class SlowPassesWarning(UserWarning):
    """The exact rank indices (Gamma, G+, Tau, C-index) need many passes over the pairwise
    distances: the within and between distances overlap, and ``memory_budget_mb`` holds a
    small share of them at once. The message says how many passes, about how long, and the
    budget that takes fewer (:mod:`clustval._engine.pair_pass`).

    Examples
    --------
    >>> issubclass(SlowPassesWarning, UserWarning)
    True
    """
