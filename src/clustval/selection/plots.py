"""Drawing what :func:`~clustval.selection.select_k` found: the indices against K, each best K
ringed, as the paper's Fig. 3 (:func:`plot_selection`), and the indices' votes as NbClust draws
them (:func:`plot_votes`).

The figures are :mod:`clustval.plotting`'s, which needs matplotlib (the ``plot`` extra): it is
loaded only when a figure is drawn, so choosing K needs no plotting package.
"""

from __future__ import annotations

from ..errors import InputError, shown
from ..indices._docs import described
from .select import CRITERIA, SELECTION, Selection, vote_text

__all__ = ["plot_selection", "plot_votes", "plotting"]

# The Parameters every figure takes, written once (filled in where a docstring leaves them out)
_drawn = described(parameters={
    "path": """path : str or path-like, optional
    Where the figure is saved; its suffix (``.png``, ``.pdf``) sets the format. None (the
    default): not saved.""",
    "title": "title : str, optional\n    The figure's title.",
    "dpi": "dpi : int, default 150\n    Resolution of a PNG.",
    "selection": SELECTION,
})  # fmt: skip


@_drawn
def plot_selection(selection: Selection, path=None, *, title: str | None = None, k_tick_step: int = 2,
                   dpi: int = 150):
    """Draw ``selection`` as Fig. 3 is drawn (one panel per index, best K ringed, SD seeding
    fallbacks ticked on the K axis) and return the matplotlib Figure, saved as PNG or PDF
    (``path``'s suffix) when a path is given (in a notebook, leave it out: the Figure shows).

    Needs matplotlib (the ``plot`` extra).

    Parameters
    ----------
    k_tick_step : int, default 2
        Step between the labelled K on the axis.

    Returns
    -------
    matplotlib.figure.Figure
        The figure: a panel per index, its values against K.

    Raises
    ------
    clustval.errors.InputError
        matplotlib is not installed (the ``plot`` extra).

    See Also
    --------
    select_k : what it draws.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from clustval import select_k
    >>> corners = [(0, 0), (1, 0), (0, 1), (1, 1)]
    >>> X = [[x + dx, y + dy] for x, y in [(0, 0), (10, 0), (5, 9)] for dx, dy in corners]
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     fig = plot_selection(select_k(X, range(2, 6), indices=["db", "sil"]), pathlib.Path(folder) / "k.png")
    >>> [ax.get_title() for ax in fig.axes if ax.get_visible()]
    ['(a) DB  (smallest is best)', '(b) Sil  (largest is best)']
    >>> plot_selection(select_k(X, range(2, 6), indices=["sil"])).axes[0].get_xlabel()  # not saved
    'number of clusters K'
    """
    _check_selection(selection, "plot_selection")
    plots = plotting()
    ks = selection.ks
    title = title or f"Internal indices against K on {selection.name} ({selection.algorithm}, K = {ks[0]}..{ks[-1]})"
    fig = plots.indices_against_k({index: selection.series(index) for index in selection.indices}, title=title,
                                  k_tick_step=k_tick_step, fallback_ks=selection.fallback_ks,
                                  best=selection.best_ks, criteria=CRITERIA)  # fmt: skip
    return _saved(plots, fig, path, dpi)


def plotting():
    """The plotting module, or one clear error when matplotlib (the ``plot`` extra) is absent.

    Returns
    -------
    module
        :mod:`clustval.plotting`.

    Raises
    ------
    clustval.errors.InputError
        matplotlib is not installed (the ``plot`` extra).

    Examples
    --------
    >>> plotting().__name__
    'clustval.plotting'
    """
    try:
        from .. import plotting as plots  # matplotlib loads only for a plot
    except ModuleNotFoundError as exc:
        if exc.name != "matplotlib" and not str(exc.name).startswith("matplotlib."):
            raise
        raise InputError("plotting needs matplotlib: pip install 'clustval[plot]'.") from None
    return plots


@_drawn
def plot_votes(selection: Selection, path=None, *, title: str | None = None, dpi: int = 150):
    """Draw the vote of a selection found with ``vote=True`` as NbClust draws it: a bar per K,
    the number of indices that chose it, the majority in black, and return the Figure, saved
    as PNG or PDF (``path``'s suffix) when a path is given.

    Needs matplotlib (the ``plot`` extra).

    Returns
    -------
    matplotlib.figure.Figure
        The figure: a bar per K, the number of indices that chose it.

    Raises
    ------
    clustval.errors.InputError
        No vote in ``selection`` (``vote=False``), or matplotlib is not installed.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from clustval import select_k
    >>> X = [[0, 0], [0, 1], [10, 0], [10, 1], [0, 10], [0, 11], [10, 10], [10, 11]]
    >>> found = select_k(X, range(2, 6), indices=["db", "sil", "igp"], vote=True)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     fig = plot_votes(found, pathlib.Path(folder) / "votes.png")
    >>> fig.axes[0].get_xlabel()
    'number of clusters K'
    """
    _check_selection(selection, "plot_votes")
    if selection.vote is None:
        raise InputError("this selection has no vote: call select_k(..., vote=True).")
    plots = plotting()
    title = title or (f"Votes of {len(selection.indices)} internal indices on {selection.name} "
                      f"({selection.algorithm})")  # fmt: skip
    fig = plots.votes_per_k(selection.vote.votes, selection.vote.majority, title=title,
                            note=vote_text(selection.vote))  # fmt: skip
    return _saved(plots, fig, path, dpi)


def _check_selection(selection, drawer: str) -> None:
    if not isinstance(selection, Selection):
        raise InputError(f"{drawer} draws what select_k returns (a Selection), got {shown(selection)}.")


def _saved(plots, fig, path, dpi: int):
    """``fig``, first saved at ``path`` (its suffix sets the format) unless ``path`` is None."""
    if path is not None:
        plots.save_figure(fig, path, dpi=dpi)
    return fig
