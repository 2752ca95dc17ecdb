"""Rows of the regenerated Table 4 (synthetic sets) and Table 5 (UCI sets), beside the print.

Each row holds the values of the data actually used (n, C, class sizes) and the printed
ones, a ``differs`` flag, a note saying what differs and why, and where the data came from
(``source``: the UCI source that served the file, or the generator seed). Write them with
:func:`clustval.io.write_csv` / :func:`clustval.io.write_markdown_table` and ``TABLE_COLUMNS``.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from clustval.datasets.catalog import CountsRow, UCISpec, as_uci_spec
from clustval.datasets.dataset import Dataset
from clustval.errors import DataError

from .specs import GaussianSetSpec

__all__ = ["TABLE_COLUMNS", "table4_rows", "table5_rows"]

TABLE_COLUMNS = (
    "dataset",
    "label",
    "n",
    "C",
    "class_sizes",
    "printed_n",
    "printed_C",
    "printed_class_sizes",
    "differs",
    "source",
    "note",
)


def _sizes_text(sizes) -> str:
    return " ".join(str(int(s)) for s in sizes)


def _source(ds: Dataset) -> str:
    if ds.meta.get("kind") == "uci":
        return str(ds.meta.get("source", "unknown"))
    return f"generated (seed {ds.meta['seed']})" if "seed" in ds.meta else "generated"


def _row(ds: Dataset, title: str, label: str, printed: CountsRow, note: str | None) -> dict:
    actual = CountsRow(ds.n, ds.n_classes, tuple(ds.class_sizes))
    what = [
        f"{field}: printed {_sizes_text(p) if field == 'sizes' else p}, data "
        f"{_sizes_text(a) if field == 'sizes' else a}"
        for field, p, a in (
            ("n", printed.n, actual.n),
            ("C", printed.C, actual.C),
            ("sizes", printed.sizes, actual.sizes),
        )
        if p != a
    ]
    if printed.sizes != actual.sizes:
        source = printed_counts_source(ds, printed.sizes)
        note = "; ".join(filter(None, (note, source)))
    return {
        "dataset": title,
        "label": label,
        "n": actual.n,
        "C": actual.C,
        "class_sizes": _sizes_text(actual.sizes),
        "printed_n": printed.n,
        "printed_C": printed.C,
        "printed_class_sizes": _sizes_text(printed.sizes),
        "differs": bool(what),
        "source": _source(ds),
        "note": "; ".join(what + ([note] if note else [])),
    }


def printed_counts_source(ds: Dataset, sizes) -> str:
    """Where printed class sizes that are not the set's may come from: a feature whose values
    fall into groups of exactly those sizes ("" when none does).

    Table 5 prints Ionosphere's classes as 38 and 313; the class column holds 225 and 126, but
    its first feature holds exactly 38 zeros and 313 ones.

    Examples
    --------
    >>> ds = Dataset(name="toy", X=np.array([[0.0, 1], [1, 1], [1, 2]]), y=np.array([0, 0, 1]),
    ...              class_names=["a", "b"], feature_names=["f1", "f2"])
    >>> printed_counts_source(ds, (1, 2))
    'feature 1 holds exactly these counts (0: 1, 1: 2): the likely source of the printed ones'
    """
    wanted = sorted(int(size) for size in sizes)
    for column in range(ds.X.shape[1]):
        values, counts = np.unique(ds.X[:, column], return_counts=True)
        if sorted(counts.tolist()) == wanted and len(values) == len(wanted):
            groups = ", ".join(f"{value:g}: {count}" for value, count in zip(values, counts))
            return f"feature {column + 1} holds exactly these counts ({groups}): the likely source of the printed ones"
    return ""


def _datasets_by_name(datasets) -> dict[str, Dataset]:
    if isinstance(datasets, Mapping):
        return dict(datasets)
    return {ds.name: ds for ds in datasets}


def table5_rows(datasets, specs: Mapping[str, UCISpec]) -> list[dict]:
    """Table 5 regenerated: one row per UCI set, in ``specs`` (config) order.

    ``datasets``: the loaded sets (a list of Dataset or a mapping name -> Dataset); every
    set in ``specs`` must be present. Class sizes are listed in the config's class order,
    which follows the printed row.
    """
    by_name = _datasets_by_name(datasets)
    missing = [name for name in specs if name not in by_name]
    if missing:
        raise DataError(f"Table 5 needs every UCI set; missing {missing}: load them first.")
    specs = {n: as_uci_spec(n, s) for n, s in specs.items()}
    return [_row(by_name[n], s.title, s.label, s.printed, s.note) for n, s in specs.items()]


def table4_rows(datasets, specs: Mapping[str, GaussianSetSpec]) -> list[dict]:
    """Table 4 regenerated: one row per synthetic set, in ``specs`` (config) order.

    ``datasets``: the generated sets (a list of Dataset or a mapping name -> Dataset).
    """
    by_name = _datasets_by_name(datasets)
    missing = [name for name in specs if name not in by_name]
    if missing:
        raise DataError(
            f"Table 4 needs every synthetic set; missing {missing}: generate them first."
        )
    specs = {
        n: s if isinstance(s, GaussianSetSpec) else GaussianSetSpec.from_config(n, s)
        for n, s in specs.items()
    }
    return [_row(by_name[n], s.label, s.label, s.printed, s.note) for n, s in specs.items()]
