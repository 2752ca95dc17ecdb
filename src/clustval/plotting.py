"""Drawing indices: the figures' style, each index's colour and marker, saving figures
byte for byte, and the indices against the number of clusters K with each best K marked
(what :func:`clustval.selection.plots.plot_selection` draws, and the paper's Fig. 3).

Needs matplotlib (the ``plot`` extra). Figures are built without pyplot (no global state,
Agg rendering).
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # figures are files, never windows

from matplotlib.figure import Figure  # noqa: E402

from ._engine.docs import with_parameters  # noqa: E402
from .errors import InputError  # noqa: E402
from .io.text import best_ks_text, k_ranges_text  # noqa: E402
from .indices.registry import INDICES, get_index  # noqa: E402
from .io import atomic_write_bytes  # noqa: E402

# Style: readable at print size, light grid, no chart junk; svg.hashsalt keeps SVG ids stable.
STYLE = {
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.titleweight": "bold",
    "axes.labelsize": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#d9d9d9",
    "grid.linewidth": 0.6,
    "legend.fontsize": 8.5,
    "legend.frameon": False,
    "xtick.labelsize": 8.5,
    "ytick.labelsize": 8.5,
    "lines.linewidth": 1.6,
    "lines.markersize": 5.5,
    "pdf.fonttype": 42,  # embed TrueType: text stays text in the PDF
    "svg.hashsalt": "clustval",
    "path.simplify": False,
}

# One colour and marker per index, the same in every figure; proposed indices in warm reds.
INDEX_STYLE: dict[str, tuple[str, str]] = {
    "s2": ("#d62728", "o"),
    "ps2": ("#9467bd", "D"),
    "accuracy": ("#1f77b4", "s"),
    "ari": ("#2ca02c", "^"),
    "rand": ("#ff7f0e", "v"),
    "jaccard": ("#8c564b", "P"),
    "f_measure": ("#17becf", "X"),
    "stdi": ("#c2185b", "o"),
    "db": ("#3949ab", "s"),
    "xb": ("#9e9d24", "D"),
    "igp": ("#00897b", "^"),
    "sil": ("#ef6c00", "v"),
    "sil_sum": ("#ef6c00", "v"),
    "bwp": ("#6d4c41", "P"),
    "bwp_sum": ("#6d4c41", "P"),
}
_FALLBACK_COLOURS = matplotlib.colormaps["tab20"].colors

BEST_K_GID = "best-k"  # gid of the marker of each panel's best K (tests look it up)
FALLBACK_GID = "init-fallback"  # gid of the K-axis marks where SD seeding fell back to farthest-first
PNG_METADATA = {"Software": None}  # no version string: same bytes on every matplotlib build
PDF_METADATA = {"CreationDate": None, "ModDate": None, "Creator": "clustval", "Producer": None}


def index_style(name: str, others: Sequence[str] = ()) -> tuple[str, str]:
    """(colour, marker) of an index, the same in every figure; ``others`` names the series that
    are no registry index (:data:`clustval.selection.select.CRITERIA`), whose colours follow the
    registry's in that order."""
    if name in INDEX_STYLE:
        return INDEX_STYLE[name]
    if name in others:
        position = len(INDICES) + list(others).index(name)
    else:
        get_index(name)  # unknown names fail with the list of known ones
        position = list(INDICES).index(name)
    colour = _FALLBACK_COLOURS[position % len(_FALLBACK_COLOURS)]
    return matplotlib.colors.to_hex(colour), "o"


def panel_letter(i: int) -> str:
    """The label of panel ``i``: "(a)", "(b)", ..., "(z)", "(aa)", "(ab)", ... (a figure of
    every internal index has more panels than letters).

    Examples
    --------
    >>> panel_letter(0), panel_letter(25), panel_letter(26), panel_letter(27 + 25)
    ('(a)', '(z)', '(aa)', '(ba)')
    """
    letters = ""
    i += 1
    while i:
        i, rest = divmod(i - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return f"({letters})"


@contextmanager
def style():
    """The figures' matplotlib style, for drawing and saving alike."""
    with matplotlib.rc_context(STYLE):
        yield


def panel_grid(n_panels: int, *, n_cols: int, width: float, row_height: float):
    """A figure with ``n_panels`` axes filled row by row; the cells left over are hidden."""
    n_rows = -(-n_panels // n_cols)
    fig = new_figure(width, row_height * n_rows)
    axes = fig.subplots(n_rows, n_cols, squeeze=False).ravel()
    for ax in axes[n_panels:]:
        ax.set_visible(False)
    return fig, axes[:n_panels]


def new_figure(width: float, height: float) -> Figure:
    """An empty figure with constrained layout, outside pyplot (no global state)."""
    return Figure(figsize=(width, height), layout="constrained")


# ====================================================================== saving
def save_figure(fig: Figure, paths: str | os.PathLike | Sequence[str | os.PathLike], dpi: int = 150) -> None:
    """Write ``fig`` to each path (format from the suffix: .png or .pdf), atomically.

    Output is byte-deterministic: no timestamps, no version strings in the metadata, and the
    figure's layout is frozen at the first save.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    if fig.get_layout_engine() is not None:
        # Constrained layout refines itself on every draw; freeze it once so each save is identical.
        with style():
            fig.draw_without_rendering()
        fig.set_layout_engine("none")
    for path in map(Path, paths):
        fmt = path.suffix.lower().lstrip(".")
        if fmt not in ("png", "pdf"):
            raise InputError(f"cannot write {path}: figures are saved as .png or .pdf")
        metadata = PNG_METADATA if fmt == "png" else PDF_METADATA

        buffer = io.BytesIO()
        with style():
            fig.savefig(buffer, format=fmt, dpi=dpi, metadata=metadata,
                        bbox_inches="tight", pad_inches=0.05, facecolor="white")
        atomic_write_bytes(path, buffer.getvalue())


# ====================================================================== indices against K
#: How each K rule (clustval.indices.registry.K_RULES) reads in a panel's title.
K_RULE_WORDS = {
    "max": "largest is best",
    "min": "smallest is best",
    "max_diff": "largest 2nd difference is best",
    "min_diff": "smallest 2nd difference is best",
    # the neighbouring-partition indices' rules (clustval.selection.adjacent.ADJACENT)
    "first_stop": "first K whose test says enough",
    "before_first_stop": "K before the ratio falls below 1",
    # prediction strength's (clustval.selection.stability.STABILITY)
    "above_cutoff": "largest K above the cutoff",
}

# what every figure of the module is titled by, written once
_titled = with_parameters({"title": "title : str\n    The figure's title."})


@_titled
def indices_against_k(series: Mapping[str, tuple[Sequence[int], Sequence[float]]], *, title: str,
                      k_tick_step: int = 2, fallback_ks: Sequence[int] = (),
                      best: Mapping[str, Sequence[int]] | None = None,
                      criteria: Mapping[str, tuple[str, str]] | None = None) -> Figure:  # fmt: skip
    """Each index against the number of clusters K, one panel per index, best K marked.

    Parameters
    ----------
    series : mapping of str to (ks, values)
        Per registry name, in panel order, the K tried (ascending) and the index's values.
    k_tick_step : int
        Ticks on the K axis every ``k_tick_step``.
    fallback_ks : sequence of int
        The K at which SD seeding ran out of candidates and filled its seeds farthest-first:
        marked on every panel's K axis (gid :data:`FALLBACK_GID`) and in a note.
    best : mapping of str to sequence of int, optional
        The best K of the series of ``criteria``.
    criteria : mapping of str to (str, str), optional
        The heading and K rule of each series that is no registry index (the
        neighbouring-partition indices, whose rules read tests, and the stability criteria:
        :data:`clustval.selection.select.CRITERIA`); their colours follow the registry's in
        this order.

    Returns
    -------
    matplotlib.figure.Figure

    Notes
    -----
    The best K follows the index's registry direction (:meth:`IndexSpec.best_ks`), and every
    K sharing the best value is drawn as a ring with gid :data:`BEST_K_GID`, labelled "best K
    = 9" or "best K tied at 3, 9 and 10".
    """
    if not series:
        raise InputError("a plot of indices against K needs at least one index")
    criteria = criteria or {}
    with style():
        fig, axes = panel_grid(len(series), n_cols=3, width=10.5, row_height=3.1)
        for i, (name, (ks, values)) in enumerate(series.items()):
            if name in criteria:
                heading, rule = criteria[name]
                best_ks = tuple((best or {}).get(name, ()))
                best_value = values[list(ks).index(best_ks[0])] if best_ks else float("nan")
            else:
                spec = get_index(name)
                heading, rule = spec.label, spec.k_rule
                try:
                    best_ks, best_value = spec.best_ks(ks, values)
                except InputError:  # undefined at every K, or too few K for a second difference
                    best_ks, best_value = (), float("nan")
            colour, marker = index_style(name, tuple(criteria))
            ax = axes[i]
            ax.plot(ks, values, color=colour, marker=marker, markersize=4)
            ax.plot(best_ks, [best_value] * len(best_ks), linestyle="none", marker="o", markersize=13,
                    markerfacecolor="none", markeredgecolor="black", markeredgewidth=1.6,
                    gid=BEST_K_GID, zorder=5)
            for k in best_ks:
                ax.axvline(k, color="#555555", linestyle=":", linewidth=1.0, zorder=1)
            if fallback_ks:
                ax.plot(list(fallback_ks), [0.0] * len(fallback_ks), linestyle="none", marker="|",
                        markersize=7, color="#b00020", clip_on=False, gid=FALLBACK_GID,
                        transform=ax.get_xaxis_transform(), zorder=6)
            up = rule in ("max", "max_diff")  # label on the open side of the optimum
            if best_ks:
                label = f"best K = {best_ks[0]}" if len(best_ks) == 1 else f"best K {best_ks_text(best_ks)}"
                ax.annotate(label,
                            xy=(best_ks[0], best_value), xytext=(9, 9 if up else -9),
                            textcoords="offset points", fontsize=8.5, fontweight="bold",
                            ha="left", va="bottom" if up else "top")
            ax.set_title(f"{panel_letter(i)} {heading}  ({K_RULE_WORDS[rule]})")
            lo, hi = ks[0] - ks[0] % k_tick_step, ks[-1]
            ax.set_xticks(range(lo, hi + 1, k_tick_step))
            ax.set_xlim(ks[0] - 0.8, ks[-1] + 0.8)
            ax.margins(y=0.15)
            ax.set_xlabel("number of clusters K")
            ax.set_ylabel("index value")
        fig.suptitle(title, fontweight="bold")
        if fallback_ks:
            fig.supxlabel(
                f"red ticks on the K axis: SD seeding ran out of candidates and filled its seeds "
                f"farthest-first at K = {k_ranges_text(fallback_ks)}",
                fontsize=8, color="#b00020",
            )
    return fig


# ====================================================================== votes per K
@_titled
def votes_per_k(votes: Mapping[int, int], majority: Sequence[int], *, title: str, note: str = "") -> Figure:
    """The indices' votes as NbClust draws them: one bar per K, the majority's in black.

    Parameters
    ----------
    votes : mapping of int to int
        Per K tried, ascending, the number of indices that chose it.
    majority : sequence of int
        The K with the most votes (several: a tie, all drawn in black).
    note : str
        A line under the axis (the vote in words).

    Returns
    -------
    matplotlib.figure.Figure
    """
    with style():
        fig = new_figure(max(4.5, 0.45 * len(votes) + 2.0), 3.4)
        ax = fig.subplots()
        ks = list(votes)
        bars = ax.bar(ks, [votes[k] for k in ks], width=0.7,
                      color=["black" if k in majority else "#9aa7b8" for k in ks], gid="votes")
        ax.bar_label(bars, labels=[str(votes[k]) if votes[k] else "" for k in ks], fontsize=8, padding=2)
        ax.set_axisbelow(True)
        ax.grid(axis="x", visible=False)
        ax.margins(y=0.12)
        ax.set_xticks(ks)
        ax.set_xlabel("number of clusters K")
        ax.set_ylabel("number of indices")
        ax.yaxis.get_major_locator().set_params(integer=True)
        ax.set_title(title, fontweight="bold", fontsize=10)
        if note:
            fig.supxlabel(note, fontsize=8)
    return fig
