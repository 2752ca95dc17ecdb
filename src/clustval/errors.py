"""Exceptions raised by clustval.

Every error says what is wrong and how to fix it; the CLI prints the message on one line
and exits non-zero, and the pipeline lets it fail the rule (no partial output is written).
"""


class ClustvalError(Exception):
    """Base class of every error clustval raises on purpose."""


class InputError(ClustvalError, ValueError):
    """Labels or data that an index cannot be computed on (shape, NaN, length mismatch)."""


class UndefinedIndexError(InputError):
    """The index is mathematically undefined for this partition (e.g. one cluster for DB)."""


class DataError(ClustvalError):
    """A data set could not be obtained, parsed or verified."""


class ChecksumError(DataError):
    """A raw file's SHA-256 differs from the one recorded in the catalog."""


class DamagedFileError(DataError):
    """A data set file's content does not match the row count or SHA-256 in its header."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.path = path


class ClusteringError(ClustvalError, ValueError):
    """A clustering request that cannot be carried out (e.g. K above the distinct points)."""
