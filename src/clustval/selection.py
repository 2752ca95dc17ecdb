"""Choosing the number of clusters K: the job STDI was proposed for.

:func:`select_k` clusters the data once per K (one distance matrix for the whole sweep),
scores each clustering with internal indices and reports, per index, every K at which it
takes its best value. It runs the steps of the pipeline's Fig. 3 (Xie, Zhou, Wang, Jiang
2017, Fig. 3: SD K-medoids on the Fig. 1 set, K = 2..22): the same clustering dispatch
(:func:`clustval.pipeline.cluster`), the same score rows
(:func:`clustval.pipeline.score_rows`) and the same best-K rule
(:meth:`clustval.paper.scores.ScoreTable.best_ks`: exact ties are reported as ties, never
broken), so a sweep of the Fig. 1 set gives the K of Fig. 3 and of claim C1.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ._validation import as_data_matrix
from .errors import InputError
from .kmedoids import DEFAULT_MAX_ITER, DEFAULT_MEMORY_BUDGET_MB, SeedFallbackWarning
from .registry import INDICES, INTERNAL, get_index

if TYPE_CHECKING:
    from .paper.scores import ScoreTable

__all__ = ["Selection", "plot_selection", "select_k"]


@dataclass(frozen=True)
class Selection:
    """What :func:`select_k` found.

    Attributes
    ----------
    table : tuple of dict
        One row per K, ascending: ``{"k": K, index: value, ...}`` (tidy; write it with
        :func:`clustval.io.write_csv` and :attr:`columns`).
    best : dict of str to tuple of int
        Per index, every K at which it takes its best value (its registry direction); more
        than one K only when their values are exactly equal (a tie, reported as such).
    fallback_ks : tuple of int
        The K at which SD seeding ran out of candidates and filled its seeds farthest-first.
    labels : dict of int to ndarray
        The clustering at each K.
    scores : clustval.paper.scores.ScoreTable
        The same values as the pipeline's score table holds them (what Fig. 3 draws).

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [10, 0], [10, 1], [0, 10], [0, 11], [10, 10], [10, 11]]
    >>> found = select_k(X, range(2, 5), indices=["sil"])
    >>> found.ks, found.columns, found.best
    ((2, 3, 4), ('k', 'sil'), {'sil': (4,)})
    """

    name: str
    algorithm: str
    indices: tuple[str, ...]
    table: tuple[dict, ...]
    best: dict[str, tuple[int, ...]]
    fallback_ks: tuple[int, ...]
    labels: dict[int, np.ndarray]
    scores: ScoreTable = field(repr=False)

    @property
    def ks(self) -> tuple[int, ...]:
        """The K tried, ascending (the ``k`` of each row of :attr:`table`).

        Examples
        --------
        >>> select_k([[0, 0], [0, 1], [5, 5], [5, 6]], [3, 2], indices=["sil"]).ks
        (2, 3)
        """
        return tuple(row["k"] for row in self.table)

    @property
    def columns(self) -> tuple[str, ...]:
        """The table's columns: ``k``, then the indices in the order asked.

        Examples
        --------
        >>> select_k([[0, 0], [0, 1], [5, 5], [5, 6]], [2], indices=["sil", "db"]).columns
        ('k', 'sil', 'db')
        """
        return ("k", *self.indices)


def select_k(
    X,
    ks: Iterable[int],
    algorithm: str = "sd_kmedoids",
    indices: Sequence[str] | None = None,
    *,
    name: str = "data",
    sd_radius: str = "sd",
    max_iter: int = DEFAULT_MAX_ITER,
    backend: str = "clustval",
    stdi_squared: bool = False,
    xb_separation: str = "centroids",
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
) -> Selection:
    """Cluster ``X`` at each K of ``ks`` and find the best K of each internal index.

    Parameters
    ----------
    X : array-like of shape (n, d)
        The data.
    ks : iterable of int
        The numbers of clusters to try, each in 2..n (e.g. ``range(2, 23)``, Fig. 3's).
    algorithm : str
        A clustering of the pipeline (``clustval.settings.ALGORITHMS``): ``sd_kmedoids``
        (Xie & Gao 2015, Fig. 3's), ``park_jun`` (Park & Jun 2009), ...
    indices : sequence of str, optional
        Registry names of internal indices; default every internal index.
    name : str
        The data set's name in :meth:`Selection.score_table` and the plot.
    sd_radius, max_iter, backend
        The clustering's options (:func:`clustval.kmedoids.sd_kmedoids`).
    stdi_squared, xb_separation, memory_budget_mb
        The indices' options (:func:`clustval.internal.internal_scores`).

    Raises
    ------
    clustval.errors.InputError
        Bad data, an empty or out-of-range K, an unknown algorithm or an external index;
        :class:`~clustval.errors.UndefinedIndexError` for an index undefined at some K
        (Sil and BWP at K = n).
    clustval.errors.ClusteringError
        A K above the number of distinct points, or a bad clustering option.

    Examples
    --------
    Three groups of four points: DB, Sil and IGP all find K = 3; SD seeding runs out of
    candidates beyond it (each seed's radius covers its whole group).

    >>> import clustval
    >>> corners = [(0, 0), (1, 0), (0, 1), (1, 1)]
    >>> X = [[x + dx, y + dy] for x, y in [(0, 0), (10, 0), (5, 9)] for dx, dy in corners]
    >>> found = clustval.select_k(X, range(2, 6), indices=["db", "sil", "igp"])
    >>> found.best
    {'db': (3,), 'sil': (3,), 'igp': (3,)}
    >>> found.labels[3].tolist(), found.fallback_ks
    ([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2], (4, 5))
    >>> found.columns, found.table[1]["k"], round(found.table[1]["sil"], 4)
    (('k', 'db', 'sil', 'igp'), 3, 0.8857)
    """
    # The pipeline's modules are loaded here, not by ``import clustval``.
    from .data import Dataset
    from .paper.scores import ScoreTable
    from .pipeline import SCORE_COLUMNS, cluster, score_rows
    from .settings import ALGORITHMS

    as_data_matrix(X)  # one clear error for bad data, before any work
    X = np.asarray(X, dtype=np.float64)
    X = X[:, None] if X.ndim == 1 else X
    ks = _check_ks(ks, len(X))
    if algorithm not in ALGORITHMS:
        raise InputError(f"unknown algorithm {algorithm!r}; use one of {', '.join(ALGORITHMS)}.")
    indices = _check_indices(indices)

    # The pipeline's steps take a data set; the classes are not used (internal indices only).
    ds = Dataset(name, X, np.zeros(len(X), dtype=np.int64), ["unlabelled"],
                 [f"x{j}" for j in range(X.shape[1])])
    clustering = {"max_iter": max_iter, "sd_radius": sd_radius, "backend": backend}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeedFallbackWarning)  # reported in fallback_ks
        results = cluster(ds, algorithm, ks, clustering)
    labels = {k: r.labels for k, r in zip(ks, results)}
    options = {"s2_matching": "hungarian", "cp_accuracy_seed": 1, "stdi_squared": stdi_squared,
               "xb_separation": xb_separation, "memory_budget_mb": memory_budget_mb}
    rows = score_rows(ds, algorithm, labels, options, external=False, names=indices)
    scores = ScoreTable.from_records(tuple(row[c] for c in SCORE_COLUMNS) for row in rows)
    return Selection(
        name=name,
        algorithm=algorithm,
        indices=indices,
        table=tuple({"k": k, **{i: scores.value(name, i, algorithm, k) for i in indices}} for k in ks),
        best={i: scores.best_ks(name, i, algorithm)[0] for i in indices},
        fallback_ks=tuple(k for k, r in zip(ks, results) if r.init_fallback),
        labels=labels,
        scores=scores,
    )


def _check_ks(ks: Iterable[int], n: int) -> list[int]:
    try:
        ks = list(ks)
    except TypeError:
        raise InputError(f"ks must be an iterable of integers such as range(2, 23), got {ks!r}.") from None
    if not ks:
        raise InputError("ks is empty: give at least one number of clusters K.")
    for k in ks:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
            raise InputError(f"every K must be an integer, got {k!r}.")
        if not 2 <= k <= n:
            raise InputError(f"K = {k} is outside 2..{n}: a K must be at least 2 and at most n = {n} objects.")
    if len(set(ks)) != len(ks):
        raise InputError(f"ks {ks} repeats a K; give each K once.")
    return sorted(int(k) for k in ks)


def _check_indices(indices: Sequence[str] | None) -> tuple[str, ...]:
    if indices is None:
        return INTERNAL
    if isinstance(indices, str):
        indices = [indices]
    indices = tuple(dict.fromkeys(indices))
    if not indices:
        raise InputError("indices is empty: name at least one internal index, or pass None for all.")
    for index in indices:
        if get_index(index).kind != "internal":
            raise InputError(
                f"{index!r} is an external index: choosing K uses internal indices ({', '.join(INTERNAL)})."
            )
    return indices


def plot_selection(selection: Selection, path, *, title: str | None = None, k_tick_step: int = 2,
                   dpi: int = 150):
    """Draw ``selection`` as Fig. 3 is drawn (one panel per index, best K ringed, SD seeding
    fallbacks ticked on the K axis), save it as PNG or PDF (``path``'s suffix) and return
    the matplotlib Figure.

    Needs matplotlib (the ``plot`` extra).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> corners = [(0, 0), (1, 0), (0, 1), (1, 1)]
    >>> X = [[x + dx, y + dy] for x, y in [(0, 0), (10, 0), (5, 9)] for dx, dy in corners]
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     fig = plot_selection(select_k(X, range(2, 6), indices=["db", "sil"]), pathlib.Path(folder) / "k.png")
    >>> [ax.get_title() for ax in fig.axes if ax.get_visible()]
    ['(a) DB  (smallest is best)', '(b) Sil  (largest is best)']
    """
    figures = plotting()
    ks = selection.ks
    fig = figures.fig3(selection.scores, selection.indices, dataset=selection.name,
                       algorithm=selection.algorithm, k_tick_step=k_tick_step,
                       fallback_ks=selection.fallback_ks)
    fig.suptitle(title or f"Internal indices against K on {selection.name} "
                          f"({selection.algorithm}, K = {ks[0]}..{ks[-1]})", fontweight="bold")
    figures.save_figure(fig, path, dpi=dpi)
    return fig


def plotting():
    """The figures module, or one clear error when matplotlib (the ``plot`` extra) is absent.

    Examples
    --------
    >>> plotting().__name__
    'clustval.paper.figures'
    """
    try:
        from .paper import figures
    except ModuleNotFoundError as exc:
        if exc.name != "matplotlib" and not str(exc.name).startswith("matplotlib."):
            raise
        raise InputError("plotting needs matplotlib: pip install 'clustval[plot]'.") from None
    return figures


def summary(selection: Selection) -> str:
    """One line per index: its best K, as Fig. 3 and the claims write it.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [10, 0], [10, 1], [0, 10], [0, 11], [10, 10], [10, 11]]
    >>> print(summary(select_k(X, range(2, 6), indices=["igp", "sil"])))
    IGP  best K tied at 2, 3 and 4
    Sil  best K 4
    """
    from .paper.claims import best_ks_text

    width = max(len(INDICES[i].label) for i in selection.indices)
    return "\n".join(
        f"{INDICES[i].label:<{width}}  best K {best_ks_text(selection.best[i])}" for i in selection.indices
    )
