"""The paper's Figs. 1-6 and the robustness figure, drawn from our data and scores.

Every function returns a :class:`matplotlib.figure.Figure` built without pyplot (no global
state, Agg rendering); :func:`save_figure` writes it as PNG and/or PDF, byte-for-byte the same
for the same input. Each index keeps one colour and marker across all figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib

matplotlib.use("Agg")  # figures are files, never windows

import numpy as np  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from clustval.errors import InputError  # noqa: E402
from clustval.indices.registry import get_index  # noqa: E402
from clustval.plotting import (
    index_style,
    indices_against_k,
    new_figure,
    panel_grid,
    panel_letter,
    style,
)

from .claims.checks import c1_pattern_holds  # noqa: E402
from .scores import ScoreTable  # noqa: E402

# Nine clearly distinct colours for the Fig. 1 sub-clusters (tab10 without its grey).
CLUSTER_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                   "#8c564b", "#e377c2", "#bcbd22", "#17becf", "#7f7f7f")

EXTENDED_AXIS_GID = "extended-axis"  # gid of the note where a panel extends the paper's y axis
HOLDS_LABEL = "paper's pattern holds (measured offsets only)"


# ====================================================================== scatter plots
def _check_xy(X, y, what: str) -> tuple[np.ndarray, np.ndarray]:
    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    if X.ndim != 2 or X.shape[1] != 2:
        raise InputError(f"{what}: X has shape {X.shape}; a scatter plot needs (n, 2) points")
    if y.shape != (X.shape[0],):
        raise InputError(f"{what}: y has shape {y.shape}; it needs one label per row of X ({X.shape[0]})")
    return X, y


def _scatter_by_class(ax, X, y, *, size: float, colours: Sequence[str] | None = None,
                      names: Sequence[str] | None = None) -> None:
    classes = np.unique(y)
    colours = colours or CLUSTER_COLOURS
    for i, c in enumerate(classes):
        members = y == c
        label = names[i] if names is not None and i < len(names) else str(c)
        ax.scatter(X[members, 0], X[members, 1], s=size, color=colours[i % len(colours)],
                   linewidths=0, alpha=0.85, label=label, rasterized=True)


def fig1(X, y, offset: float, *, class_names: Sequence[str] | None = None,
         pattern: tuple[int, int]) -> Figure:  # fmt: skip
    """Fig. 1: the STDI test set, coloured by its true sub-clusters.

    The caption states the generator's sub-cluster ``offset``, that it was fixed before the
    claims were checked, and that whether the paper's pattern holds there (STDI best at
    ``pattern[0]``, the true sub-clusters; the other indices at ``pattern[1]``, the groups) is
    what the offset sweep measures: the caption asserts no band it has not read.
    """
    X, y = _check_xy(X, y, "fig1")
    with style():
        fig = new_figure(5.6, 5.4)
        ax = fig.add_subplot()
        _scatter_by_class(ax, X, y, size=9, names=class_names)
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_aspect("equal")
        ax.set_xticks(np.linspace(0, 1, 11))
        ax.set_yticks(np.linspace(0, 1, 11))
        ax.set_xlabel("X")
        ax.set_ylabel("Y")
        ax.set_title(f"Fig. 1  Synthetic set for STDI ({len(np.unique(y))} true clusters, n = {len(y)})")
        ax.legend(title="true cluster", loc="upper left", bbox_to_anchor=(1.01, 1.0),
                  markerscale=2.0, handletextpad=0.3)
        fig.text(
            0.0, -0.01,
            f"Sub-cluster offset = {offset:g} from each group centre, fixed before the claims were checked.\n"
            f"Whether the paper's pattern (STDI best at {pattern[0]}, the other indices at {pattern[1]}) holds\n"
            f"here, and over which offsets, is C1 across the offset sweep (claims; Fig. S1).",
            ha="left", va="top", fontsize=8, color="#444444",
        )
    return fig


def fig2(panels: Sequence[tuple[str, object, object]]) -> Figure:
    """Fig. 2: the ten synthetic sets, one panel each, coloured by class.

    ``panels`` is ``[(label, X, y), ...]`` in panel order (a), (b), ... (the paper: Ec2, UEc2,
    Ec3, UEc3, ..., Ec6, UEc6), drawn row by row in a 5 x 2 grid as in the paper.
    """
    if not panels:
        raise InputError("fig2 needs at least one (label, X, y) panel")
    with style():
        fig, axes = panel_grid(len(panels), n_cols=2, width=7.4, row_height=2.55)
        for i, (label, X, y) in enumerate(panels):
            X, y = _check_xy(X, y, f"fig2 panel {label}")
            ax = axes[i]
            _scatter_by_class(ax, X, y, size=2.5)
            ax.set_title(f"{panel_letter(i)} {label}  (C = {len(np.unique(y))}, n = {len(y)})",
                         fontsize=9.5)
            ax.set_xlabel("X")
            ax.set_ylabel("Y")
        fig.suptitle("Fig. 2  Synthetic data sets for S2 and PS2, coloured by class",
                     fontweight="bold")
    return fig


# ====================================================================== Fig. 3
def fig3(table: ScoreTable, indices: Sequence[str], *, dataset: str, algorithm: str,
         k_tick_step: int = 2, fallback_ks: Sequence[int] = (), algorithm_label: str | None = None) -> Figure:
    """Fig. 3: each internal index against the number of clusters K, best K marked.

    One panel per index in ``indices`` ((a) STDI ... (f) BWP in the paper), drawn by
    :func:`clustval.plotting.indices_against_k` from the scores of ``algorithm`` on
    ``dataset``. ``algorithm_label``: the algorithm as the title names it ("SD K-medoids";
    default ``algorithm``).
    """
    if not indices:
        raise InputError("fig3 needs at least one index")
    series = {name: table.series(dataset, name, algorithm) for name in indices}
    ks = series[indices[-1]][0]
    title = f"Fig. 3  Internal indices on the Fig. 1 set ({algorithm_label or algorithm}, K = {ks[0]}..{ks[-1]})"
    return indices_against_k(series, title=title, k_tick_step=k_tick_step, fallback_ks=fallback_ks)


# ====================================================================== Figs. 4-6
def fig_external(table: ScoreTable, indices: Sequence[str],
                 panels: Sequence[tuple[str, Mapping[str, str]]], *, title: str,
                 algorithm: str, y_axes: Sequence[Sequence[float] | None] = ()) -> Figure:
    """Figs. 4-6: each external index across data sets, one panel per group of sets.

    ``panels`` is ``[(panel title, {dataset key: x tick label, ...}), ...]`` with the sets in
    x-axis order, e.g. ``[("Synthetic data sets", {"ec2": "Ec2", ...}), ("UCI data sets", ...)]``.
    Each value is the index at the single K scored for that set (K = C for the paper's runs).
    ``y_axes``: per panel, the paper's printed y axis ``(low, high, tick step)`` (None or
    left out: automatic). The panel is drawn on it, extended by whole tick steps where our
    values fall outside it, and the panel says so.

    Markers only: the data sets on the x axis are unrelated, and a line from one to the next
    would draw a trend that does not exist (the paper joins them). The indices are set
    slightly apart along x so that equal values stay visible.
    """
    if not indices or not panels:
        raise InputError("fig_external needs at least one index and one panel")
    y_axes = [*y_axes, *[None] * (len(panels) - len(y_axes))]
    with style():
        fig = new_figure(5.2 * len(panels) + 0.6, 4.4)
        axes = fig.subplots(1, len(panels), squeeze=False).ravel()
        m = len(indices)
        for ax, (i, (panel_title, labels)), printed in zip(axes, enumerate(panels), y_axes):
            keys = list(labels)
            x = np.arange(len(keys))
            plotted = []
            for j, name in enumerate(indices):
                colour, marker = index_style(name)
                values = [table.value(key, name, algorithm) for key in keys]
                plotted += values
                dodge = (j - (m - 1) / 2) * min(0.6 / m, 0.12)
                ax.plot(x + dodge, values, color=colour, marker=marker, linestyle="none",
                        label=get_index(name).label, markeredgecolor="white",
                        markeredgewidth=0.5, gid=f"line-{name}", clip_on=False)  # a value on the axis limit stays whole
            ax.set_xticks(x, [labels[key] for key in keys], rotation=45, ha="right",
                          rotation_mode="anchor")
            # a light rule between sets (minor grid) instead of lines across them
            ax.set_xticks(x[:-1] + 0.5, minor=True)
            ax.tick_params(axis="x", which="minor", length=0)
            ax.grid(axis="x", which="major", visible=False)
            ax.grid(axis="x", which="minor", color="#e6e6e6", linewidth=0.6)
            ax.set_xlim(-0.5, len(keys) - 0.5)
            if printed is not None:
                _printed_y_axis(ax, printed, plotted)
            ax.set_title(f"{panel_letter(i)} {panel_title}")
            ax.set_xlabel("data set")
            ax.set_ylabel("index value")
        handles, labels_ = axes[0].get_legend_handles_labels()
        fig.legend(handles, labels_, loc="outside lower center", ncol=len(indices),
                   handlelength=2.4, columnspacing=1.6)
        fig.suptitle(title, fontweight="bold")
    return fig


def _printed_y_axis(ax, printed: Sequence[float], values: Sequence[float]) -> None:
    """Draw ``ax`` on the paper's printed y axis (low, high, step), extended by whole steps
    to cover every finite value, with a note in the panel when it had to be extended."""
    low, high, step = printed
    finite = [v for v in values if np.isfinite(v)]
    data_low, data_high = (min(finite), max(finite)) if finite else (low, high)
    new_low = low - step * np.ceil((low - data_low) / step - 1e-9) if data_low < low else low
    new_high = high + step * np.ceil((data_high - high) / step - 1e-9) if data_high > high else high
    ticks = new_low + step * np.arange(round((new_high - new_low) / step) + 1)
    ax.set_yticks(np.round(ticks, 10))
    ax.set_ylim(new_low, new_high)
    if (new_low, new_high) != (low, high):
        ax.text(0.01, 0.01, f"paper's y axis {low:g}-{high:g}, extended to {new_low:g}-{new_high:g} "
                "for our values", transform=ax.transAxes, ha="left", va="bottom", fontsize=7.5,
                color="#b00020", gid=EXTENDED_AXIS_GID)


# ====================================================================== robustness
def fig_robustness(table: ScoreTable, expected: Mapping[str, int], *, default_offset: float | None = None,
                   dataset: str, algorithm: str, ties: str, true_k: int) -> Figure:
    """Best K of each Fig. 3 index against the Fig. 1 generator's sub-cluster ``offset``.

    ``table`` is the offset sweep; ``expected`` maps each index to the K the paper reports
    (STDI 9, the others 3); its largest and smallest Ks are drawn as reference lines (the true
    sub-clusters and the groups) and labelled on the K axis. Each measured offset where C1
    holds, by the claim's own checks and tie rule ``ties`` (:func:`~clustval.repro.paper.claims.checks.c1_checks`:
    each index finds its stated K, and only STDI finds ``true_k``), is shaded by a narrow bar
    of its own: nothing was measured between grid points, so no shading spans them.

    An index's line (gid ``line-NAME``) joins its unique best Ks; where several K tie for its
    best (IGP = 1 at several K), every K of the tie is marked, as Fig. 3 rings them: open
    markers joined by a thin vertical line at that offset (gid ``tie-NAME``), and the line
    breaks there.
    """
    if table.group_column != "offset":
        raise InputError("fig_robustness needs the offset sweep table (leading column 'offset')")
    offsets = table.groups()
    if not offsets:
        raise InputError("the offset sweep table is empty")
    best_ks = {name: [table.for_group(o).best_ks(dataset, name, algorithm)[0] for o in offsets]
               for name in expected}
    holds = [c1_pattern_holds({name: best_ks[name][j] for name in expected}, expected, true_k, ties)
             for j in range(len(offsets))]
    step = min(np.diff(offsets)) if len(offsets) > 1 else 0.01
    with style():
        fig = new_figure(7.8, 4.6)
        ax = fig.add_subplot()
        held = [offset for offset, ok in zip(offsets, holds) if ok]
        for j, offset in enumerate(held):
            ax.axvspan(offset - step / 4, offset + step / 4, color="#ffe08a", zorder=0,
                       label=HOLDS_LABEL if j == 0 else None)
        true_k, group_k = max(expected.values()), min(expected.values())
        ax.axhline(true_k, color="#555555", linestyle="--", linewidth=1.0, zorder=1,
                   label=f"true sub-clusters ({true_k})")
        ax.axhline(group_k, color="#999999", linestyle="-.", linewidth=1.0, zorder=1,
                   label=f"groups ({group_k})")
        m = len(expected)
        tied_any = False
        for i, name in enumerate(expected):
            colour, marker = index_style(name)
            dodge = (i - (m - 1) / 2) * step * 0.07  # side by side where lines coincide
            x = np.asarray(offsets) + dodge
            unique = [ks[0] if len(ks) == 1 else np.nan for ks in best_ks[name]]
            ax.plot(x, unique, color=colour, marker=marker, label=get_index(name).label,
                    gid=f"line-{name}", alpha=0.9, zorder=3)
            tie_x, tie_y = [], []
            for xj, ks in zip(x, best_ks[name]):
                if len(ks) > 1:
                    tie_x += [xj] * len(ks) + [np.nan]
                    tie_y += [*ks, np.nan]
            if tie_x:
                tied_any = True
                ax.plot(tie_x, tie_y, color=colour, marker=marker, markerfacecolor="white",
                        markeredgecolor=colour, markeredgewidth=1.3, linewidth=0.7, alpha=0.75,
                        gid=f"tie-{name}", zorder=3)
        if default_offset is not None:
            ax.axvline(default_offset, color="black", linewidth=0.9, linestyle=":")
            ax.annotate(f"default {default_offset:g}", xy=(default_offset, 1.0),
                        xycoords=("data", "axes fraction"), xytext=(3, -3), textcoords="offset points",
                        ha="left", va="top", fontsize=8)
        decimals = max(0, -int(np.floor(np.log10(step) + 1e-6))) if step > 0 else 2
        ax.set_xticks(offsets, [f"{o:.{decimals}f}" for o in offsets])
        top = max(max(k for runs in best_ks.values() for ks in runs for k in ks), true_k) + 2
        ax.set_ylim(0, top)
        _k_ticks(ax, top, (group_k, true_k))
        ax.set_xlabel("sub-cluster offset of the Fig. 1 generator")
        ax.set_ylabel("best number of clusters K")
        handles, labels = ax.get_legend_handles_labels()
        if tied_any:
            handles.append(Line2D([], [], color="#555555", marker="o", markerfacecolor="white",
                                                   markeredgecolor="#555555", linewidth=0.8))
            labels.append("tied best K (every K of the tie)")
        if not held:  # said in the legend, where it overlaps nothing
            handles.insert(0, Patch(facecolor="none", edgecolor="#bbbbbb"))
            labels.insert(0, "paper's pattern holds at\nno measured offset")
        fig.legend(handles, labels, loc="outside right upper")
        ax.set_title(f"C1 across the Fig. 1 offset: holds at {len(held)}/{len(offsets)} offsets "
                     f"(ties {ties})", fontsize=10)
    return fig


def fig_uci_k(table: ScoreTable, datasets, indices: Sequence[str], *, algorithm: str, algorithm_label: str,
              ks: Sequence[int], fixed_k: int, ties: str) -> Figure:
    """C15: per UCI set (x), its true number of classes (a black bar) and the best K of each
    index over ``ks`` (markers; every K of a tie, open), beside the baseline that always answers
    ``fixed_k`` (dashed). ``datasets``: (name, label, true K) per set; the title counts the
    sets where STDI (under the tie rule ``ties``) and the baseline find the true K."""
    from .claims.checks import finds

    names = [row[0] for row in datasets]
    with style():
        fig = new_figure(max(7.0, 0.55 * len(datasets) + 2.5), 4.2)
        ax = fig.add_subplot()
        x = np.arange(len(datasets))
        ax.scatter(x, [row[2] for row in datasets], marker="_", s=500, color="black", linewidths=2.5,
                   label="true number of classes", zorder=2)
        ax.axhline(fixed_k, color="#777777", linestyle="--", linewidth=1.0, label=f"baseline: always K = {fixed_k}",
                   zorder=1)
        hits = 0
        m = len(indices)
        for i, name in enumerate(indices):
            colour, marker = index_style(name)
            dodge = (i - (m - 1) / 2) * 0.1
            for j, dataset in enumerate(names):
                try:
                    best = table.best_ks(dataset, name, algorithm)[0]
                except InputError:
                    continue
                if name == "stdi":
                    hits += finds(best, datasets[j][2], ties)
                ax.scatter([j + dodge] * len(best), best, color=colour, marker=marker, s=30 if name == "stdi" else 16,
                           facecolors=colour if len(best) == 1 else "white", zorder=3,
                           label=get_index(name).label if j == 0 else None)
        baseline = sum(row[2] == fixed_k for row in datasets)
        ax.set_xticks(x, [row[1] for row in datasets], rotation=30, ha="right")
        ax.set_yticks(range(int(ks[0]), int(ks[1]) + 1))
        ax.set_ylim(ks[0] - 0.6, ks[1] + 0.6)
        ax.set_ylabel("best number of clusters K")
        ax.set_title(f"C15: STDI finds the true number on {hits}/{len(datasets)} UCI sets, always K = {fixed_k} on "
                     f"{baseline}/{len(datasets)} ({algorithm_label})", fontsize=10)
        fig.legend(loc="outside right upper", fontsize=8)
    return fig


def _k_ticks(ax, top: int, marked: Sequence[int]) -> None:
    """Integer K ticks from 0 to ``top`` (every K when there are few) and always the
    ``marked`` Ks (the groups and the true sub-clusters), labelled in bold; a tick closer
    than half a step to a marked K is left out, so no two labels touch."""
    grid = matplotlib.ticker.MaxNLocator(integer=True).tick_values(0, top)
    step = 1 if top <= 16 else int(grid[1] - grid[0])
    ticks = sorted({*marked, *(k for k in range(0, top + 1, step)
                               if all(abs(k - m) >= max(1, step / 2) for m in marked))})
    ax.set_yticks(ticks, [str(k) for k in ticks])
    for tick, label in zip(ticks, ax.get_yticklabels()):
        if tick in marked:
            label.set_fontweight("bold")


# ====================================================================== sensitivity
VERDICT_SHORT = {"not reproduced": "not repr.", "not evaluated": "not eval."}


def fig_sensitivity(claims: Sequence[str], variants: Sequence[str], cells) -> Figure:
    """Small heat maps of the sensitivity table, one per sweep or kind of reading
    (:func:`clustval.repro.paper.sensitivity.variant_groups`): rows are the claims that group
    re-checks, columns its variants in plain words, colour = share of the claim's checks that
    hold, each cell annotated with its verdict and share; "—" where a variant does not re-check
    a claim of the panel.

    ``cells[i][j]`` is ``(verdict, share)`` or None (:func:`clustval.repro.paper.sensitivity.read_sensitivity_csv`).
    """
    from .sensitivity import GROUP_TITLES, variant_groups

    if not claims or not variants:
        raise InputError("the sensitivity table has no claims or no variants; run the sensitivity sweeps")
    panels = []
    for group, columns in variant_groups(variants).items():
        rows = [i for i in range(len(claims)) if any(cells[i][j] is not None for j, _ in columns)]
        if rows:
            panels.append((group, columns, rows))
    widest = max(len(columns) for _, columns, _ in panels)
    cmap = matplotlib.colormaps["RdYlGn"].with_extremes(bad="#eeeeee")
    with style():
        fig = new_figure(1.4 + 1.05 * widest, sum(0.9 + 0.3 * len(rows) for _, _, rows in panels) + 0.6)
        grid = fig.add_gridspec(len(panels), 1, height_ratios=[1.2 + len(rows) for _, _, rows in panels])
        for k, (group, columns, rows) in enumerate(panels):
            ax = fig.add_subplot(grid[k])
            share = np.array([[np.nan if cells[i][j] is None else cells[i][j][1] for j, _ in columns] for i in rows])
            ax.imshow(np.ma.masked_invalid(share), cmap=cmap, vmin=0, vmax=1, aspect="auto")
            ax.grid(False)
            for r, i in enumerate(rows):
                for c, (j, _) in enumerate(columns):
                    cell = cells[i][j]
                    text = "—" if cell is None else f"{VERDICT_SHORT.get(cell[0], cell[0])}\n{cell[1]:.2f}"
                    dark = cell is not None and not 0.15 < cell[1] < 0.85  # the colour map's deep ends
                    ax.text(c, r, text, ha="center", va="center", fontsize=6.5,
                            color="white" if dark else "black")
            ax.set_xticks(range(len(columns)), [label for _, label in columns], rotation=25, ha="right",
                          fontsize=7)
            ax.set_yticks(range(len(rows)), [claims[i] for i in rows], fontsize=7.5)
            ax.set_xlim(-0.5, widest - 0.5)
            ax.set_title(GROUP_TITLES.get(group, group), fontsize=8.5, loc="left")
        fig.suptitle("Each verdict under the other choices and readings (colour: share of checks holding; "
                     "* = the main study)", fontsize=9)
    return fig
