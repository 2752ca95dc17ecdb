"""The tidy score table the pipeline writes and the figures and claims read.

One row per (dataset, algorithm, k, index) with its value; a robustness sweep adds one leading
column (``seed`` or ``offset``) naming the run. Read and written with the csv module in a
stable sorted order, values with ``repr`` so a round trip is exact.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from clustval.errors import InputError
from clustval.indices.registry import get_index

from ..sweeps import AXES, VARIANT
from ..verified import read_verified_text, write_verified_csv

COLUMNS = ("dataset", "algorithm", "k", "index", "value")
GROUP_COLUMNS = (*AXES, VARIANT)  # the leading column a sweep adds: its axis, or its variant
NUMERIC_AXES = ("seed", "offset")

Group = int | float | str | None


@dataclass(frozen=True, order=True)
class Score:
    """One computed index value."""

    dataset: str
    algorithm: str
    k: int
    index: str
    value: float


def _parse_group(text: str, what: str) -> int | float | str:
    """An int if ``text`` is one, else a float (seeds stay ints, offsets floats); the text
    itself on an axis of names (preprocessing, algorithm, sd_radius)."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        if what not in NUMERIC_AXES:
            return text
        raise InputError(f"{what} {text!r} is not a number; fix the score file") from None


class ScoreTable:
    """Index values keyed by (group, dataset, algorithm, k, index).

    ``group_column`` is ``None`` for the main table, or ``"seed"``/``"offset"`` for a sweep,
    in which case every row carries a group value.
    """

    def __init__(self, rows: Iterable[tuple[Group, Score]] = (), group_column: str | None = None):
        if group_column is not None and group_column not in GROUP_COLUMNS:
            raise InputError(
                f"group column {group_column!r} is not one of {GROUP_COLUMNS}; "
                "use None for the main score table"
            )
        self.group_column = group_column
        self._rows: dict[tuple, float] = {}
        for group, score in rows:
            self.add(score, group)

    # ------------------------------------------------------------------ building
    def add(self, score: Score, group: Group = None) -> None:
        """Add one row; a duplicate key is an error (two values for one cell)."""
        if (group is None) != (self.group_column is None):
            raise InputError(
                f"row {score} has group {group!r} but the table's group column is "
                f"{self.group_column!r}; give a group value exactly when the table has one"
            )
        key = (group, score.dataset, score.algorithm, int(score.k), score.index)
        if key in self._rows:
            raise InputError(f"duplicate score for {key}; each cell must be written once")
        self._rows[key] = float(score.value)

    @classmethod
    def from_records(cls, records: Iterable[Sequence], group_column: str | None = None) -> ScoreTable:
        """Build from tuples ``([group,] dataset, algorithm, k, index, value)``."""
        table = cls(group_column=group_column)
        for record in records:
            if group_column is None:
                group, rest = None, tuple(record)
            else:
                group, rest = record[0], tuple(record[1:])
            if len(rest) != len(COLUMNS):
                raise InputError(f"record {tuple(record)!r} does not match columns {COLUMNS}")
            table.add(Score(rest[0], rest[1], int(rest[2]), rest[3], float(rest[4])), group)
        return table

    # ------------------------------------------------------------------ csv
    @classmethod
    def read_csv(cls, path: str | os.PathLike) -> ScoreTable:
        """Read a tidy score CSV (main table, or a sweep with a leading seed/offset column),
        checked against its row count and SHA-256 in the manifest (:mod:`clustval.repro.verified`)."""
        with io.StringIO(read_verified_text(path), newline="") as handle:
            reader = csv.reader(handle)
            try:
                header = tuple(next(reader))
            except StopIteration:
                raise InputError(f"{path} is empty; expected the header {','.join(COLUMNS)}") from None
            if header == COLUMNS:
                group_column = None
            elif header[1:] == COLUMNS and header[0] in GROUP_COLUMNS:
                group_column = header[0]
            else:
                raise InputError(
                    f"{path} has header {','.join(header)}; expected {','.join(COLUMNS)}, "
                    f"optionally led by one of {GROUP_COLUMNS}"
                )
            table = cls(group_column=group_column)
            for line_number, row in enumerate(reader, start=2):
                if len(row) != len(header):
                    raise InputError(f"{path}:{line_number} has {len(row)} fields, expected {len(header)}")
                group = None if group_column is None else _parse_group(row[0], group_column)
                dataset, algorithm, k, index, value = row[-5:]
                where = f"{path}:{line_number}"
                try:
                    score = Score(dataset, algorithm, int(k), index, float(value))
                except ValueError:
                    raise InputError(f"{where}: k {k!r} or value {value!r} is not a number") from None
                table.add(score, group)
        return table

    def write_csv(self, path: str | os.PathLike) -> None:
        """Write the table atomically, rows sorted, values as ``repr`` (exact round trip),
        recorded in the manifest (:mod:`clustval.repro.verified`)."""
        header = COLUMNS if self.group_column is None else (self.group_column, *COLUMNS)
        rows = [
            dict(zip(header, (*key, value) if self.group_column else (*key[1:], value)))
            for key, value in sorted(self._rows.items(), key=_sort_key)
        ]
        write_verified_csv(rows, header, path)

    # ------------------------------------------------------------------ lookups
    def __len__(self) -> int:
        return len(self._rows)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreTable):
            return NotImplemented
        return self.group_column == other.group_column and _same_values(self._rows, other._rows)

    def records(self) -> list[tuple]:
        """All rows as ``([group,] dataset, algorithm, k, index, value)`` in sorted order."""
        out = []
        for key, value in sorted(self._rows.items(), key=_sort_key):
            row = (*key[1:], value)
            out.append(row if self.group_column is None else (key[0], *row))
        return out

    def groups(self) -> list:
        """The distinct seed/offset values of a sweep table, sorted."""
        if self.group_column is None:
            raise InputError("this score table has no seed/offset column; it is not a sweep")
        return sorted({key[0] for key in self._rows})

    def for_group(self, group: Group) -> ScoreTable:
        """The rows of one seed/offset, as a plain (ungrouped) table."""
        if self.group_column is None:
            raise InputError("this score table has no seed/offset column; it is not a sweep")
        sub = ScoreTable()
        for (g, *rest), value in self._rows.items():
            if g == group:
                sub.add(Score(*rest, value))
        if not len(sub):
            raise InputError(
                f"no rows with {self.group_column} = {group!r}; available: {self.groups()}"
            )
        return sub

    def datasets(self) -> list[str]:
        return sorted({key[1] for key in self._rows})

    def algorithms(self) -> list[str]:
        return sorted({key[2] for key in self._rows})

    def value(self, dataset: str, index: str, algorithm: str, k: int | None = None) -> float:
        """The value of ``index`` on ``dataset`` for ``algorithm`` at ``k``.

        With ``k=None`` the table must hold exactly one k for that cell (e.g. K = C runs).
        """
        group = self._single_group()
        if k is not None:
            try:
                return self._rows[(group, dataset, algorithm, int(k), index)]
            except KeyError:
                raise InputError(
                    f"no score for dataset={dataset!r}, algorithm={algorithm!r}, k={k}, "
                    f"index={index!r}; check that the pipeline scored it"
                ) from None
        ks, values = self.series(dataset, index, algorithm)
        if len(ks) != 1:
            raise InputError(
                f"dataset={dataset!r}, algorithm={algorithm!r}, index={index!r} has scores at "
                f"k = {ks}; pass k= to choose one"
            )
        return values[0]

    def series(self, dataset: str, index: str, algorithm: str) -> tuple[list[int], list[float]]:
        """``(ks, values)`` of ``index`` on ``dataset`` for ``algorithm``, ks ascending."""
        group = self._single_group()
        pairs = sorted(
            (key[3], value)
            for key, value in self._rows.items()
            if key[0] == group and key[1] == dataset and key[2] == algorithm and key[4] == index
        )
        if not pairs:
            raise InputError(
                f"no scores for dataset={dataset!r}, algorithm={algorithm!r}, index={index!r}; "
                f"datasets present: {self.datasets()}"
            )
        return [k for k, _ in pairs], [v for _, v in pairs]

    def best_ks(self, dataset: str, index: str, algorithm: str) -> tuple[tuple[int, ...], float]:
        """Every K at which ``index`` takes its best value (registry direction), and that value.

        Non-finite values (an index undefined at some K) are skipped. Several K share the best
        value only when their values are equal (exactly: the paper's claim is about a unique
        best, and a tie such as IGP = 1 at several K is a result to report, not to break).
        """
        ks, values = self.series(dataset, index, algorithm)
        try:
            return get_index(index).best_ks(ks, values)
        except InputError:
            raise InputError(f"{index!r} on {dataset!r} has no finite value at any k = {ks}") from None

    def _single_group(self) -> None:
        if self.group_column is not None:
            raise InputError(
                f"this table is a {self.group_column} sweep; select one run with "
                f"for_group({self.group_column}) before looking values up"
            )
        return None


def _sort_key(item: tuple) -> tuple:
    (group, dataset, algorithm, k, index), _ = item
    return (group if group is not None else 0, dataset, algorithm, k, index)


def _same_values(a: dict, b: dict) -> bool:
    """Equal keys and bitwise-equal values (NaN equals NaN)."""
    return a.keys() == b.keys() and all(repr(a[key]) == repr(b[key]) for key in a)
