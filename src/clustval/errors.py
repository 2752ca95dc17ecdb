"""Exceptions raised by clustval.

Every error says what is wrong and how to fix it; the CLI prints the message on one line
and exits non-zero, and the pipeline lets it fail the rule (no partial output is written).
"""


class ClustvalError(Exception):
    """Base class of every error clustval raises on purpose.

    Examples
    --------
    >>> import clustval
    >>> try:
    ...     clustval.ari([0, 1], [0, 1, 1])
    ... except ClustvalError as error:
    ...     print(type(error).__name__)
    InputError
    """


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
