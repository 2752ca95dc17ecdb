"""The paper's printed figure axes beside the range of our data.

The only numbers the paper prints for Figs. 3-6 are their y-axis tick labels. Each panel's
printed range is compared with the range of what we plot in it, and two things are
flagged, side by side (lower, upper):

* **outside**: our values leave the paper's range (our minimum below its lower end, or our
  maximum above its upper end);
* **unreached**: the paper's limit lies more than ``tolerance_steps`` of its tick steps
  beyond our data. Axes scaled automatically end on the first tick at or beyond the data,
  so each extreme of the paper's data lay within one tick step of its limit: a wider gap
  means the paper's values went where ours never go (Fig. 3(e): its Sil sums reach down
  to -100, ours stay above 150). A limit at or beyond the attainable range of every index
  the panel plots was chosen, not reached: beyond it (Fig. 4(b)'s 1.2 for indices in
  [0, 1]) it was set by hand, for the legend; at it (Fig. 3(a)'s 0 for STDI >= 0, Fig. 3(d)'s
  0 and 1 for IGP in [0, 1]) it is the index's natural origin, which plots often keep.
  Either way no line had to reach it: that side is not checked.

A panel *fits* when neither flag is raised on either side. :func:`panel_fits` scores any
score table (the main study, or one value of a sweep) against the printed axes, so the
variants of a sensitivity study can be ranked by how many panels they fit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from clustval.errors import InputError
from clustval.indices.registry import get_index

from .scores import ScoreTable

__all__ = [
    "AXES_COLUMNS",
    "PanelFit",
    "PaperAxis",
    "axes_rows",
    "count_fits",
    "figure_axes_rows",
    "panel_fits",
    "paper_axes",
    "write_figure_axes",
]

SIDES = ("lower", "upper")
# A gap of exactly one tick step must not be flagged because of rounding (0.5 - 0.4 > 0.1).
_RELATIVE_SLACK = 1e-9


@dataclass(frozen=True)
class PaperAxis:
    """One panel of the paper's Figs. 3-6: the y range it prints, and what it plots.

    The panel's data are ``indices`` on each of ``datasets`` for ``algorithm``, at every K
    the score table holds (Fig. 3: K = 2..22; Figs. 4-6: K = C).
    """

    figure: str  # "fig3" .. "fig6"
    panel: str  # "a", "b", ...
    label: str  # what the panel shows, e.g. "XB" or "UCI data sets"
    low: float  # the paper's printed y range and tick step
    high: float
    step: float
    datasets: tuple[str, ...]
    indices: tuple[str, ...]
    algorithm: str

    def __post_init__(self):
        if not (self.low < self.high and self.step > 0):
            raise InputError(
                f"{self.name}: printed axis {self.low}..{self.high} step {self.step}; "
                "give low < high and a positive step"
            )
        if not self.datasets or not self.indices:
            raise InputError(f"{self.name}: a panel needs at least one data set and one index")

    @property
    def name(self) -> str:
        return f"Fig. {self.figure.removeprefix('fig')}({self.panel})"

    @classmethod
    def from_params(cls, params: Mapping) -> PaperAxis:
        """From the plain mapping the pipeline passes (:meth:`clustval.repro.settings.Settings.paper_axes_params`)."""
        return cls(
            params["figure"], params["panel"], params["label"], float(params["low"]),
            float(params["high"]), float(params["step"]), tuple(params["datasets"]),
            tuple(params["indices"]), params["algorithm"],
        )

    def attainable(self) -> tuple[float, float]:
        """The widest range any plotted index can take (registry bounds)."""
        bounds = [get_index(name).bounds for name in self.indices]
        return min(lo for lo, _ in bounds), max(hi for _, hi in bounds)


@dataclass(frozen=True)
class PanelFit:
    """One panel's printed range against our data range, and the flags of each side."""

    axis: PaperAxis
    data_low: float
    data_high: float
    tolerance_steps: float
    outside: tuple[str, ...]  # sides where our values leave the printed range
    unreached: tuple[str, ...]  # sides where the printed limit lies beyond the tolerance
    unchecked: tuple[str, ...]  # sides at or beyond every plotted index's range: chosen

    @property
    def fits(self) -> bool:
        return not self.outside and not self.unreached

    def gap_steps(self, side: str) -> float:
        """How many tick steps the paper's limit lies beyond our data on ``side`` (negative:
        our data lie beyond the limit)."""
        a = self.axis
        gap = self.data_low - a.low if side == "lower" else a.high - self.data_high
        return gap / a.step

    def finding(self) -> str:
        """One sentence saying what the flags mean for this panel."""
        a = self.axis
        parts = []
        for side in self.outside:
            ours, limit = (self.data_low, a.low) if side == "lower" else (self.data_high, a.high)
            word = "below" if side == "lower" else "above"
            parts.append(f"ours reach {_num(ours)}, {word} the paper's {side} end {_num(limit)}")
        for side in self.unreached:
            ours, limit = (self.data_low, a.low) if side == "lower" else (self.data_high, a.high)
            word = "minimum" if side == "lower" else "maximum"
            parts.append(
                f"the paper's {side} end {_num(limit)} lies {self.gap_steps(side):.2f} tick steps "
                f"beyond our {word} {_num(ours)}: its values went where ours never go"
            )
        reach = dict(zip(SIDES, a.attainable()))
        for side in self.unchecked:
            limit = a.low if side == "lower" else a.high
            if limit == reach[side]:
                parts.append(f"the {side} end {_num(limit)} is the plotted indices' own bound (a "
                             "natural origin, chosen rather than reached)")
            else:
                parts.append(f"the {side} end {_num(limit)} is beyond every plotted index's range "
                             "(set by hand)")
        if not parts:
            return "fits: our range spans the printed axis as an automatically scaled axis would"
        return "; ".join(parts)


def data_range(table: ScoreTable, axis: PaperAxis) -> tuple[float, float]:
    """(min, max) of the finite values the panel plots (an undefined index is not drawn)."""
    values = [
        v
        for dataset in axis.datasets
        for index in axis.indices
        for v in table.series(dataset, index, axis.algorithm)[1]
        if math.isfinite(v)
    ]
    if not values:
        raise InputError(f"{axis.name}: no finite value to plot in the score table")
    return min(values), max(values)


def panel_fit(table: ScoreTable, axis: PaperAxis, *, tolerance_steps: float = 1.0) -> PanelFit:
    """Compare one panel's printed range with our data (see the module docstring for the rule)."""
    if not tolerance_steps >= 0:
        raise InputError(f"tolerance_steps = {tolerance_steps}; give a number >= 0")
    low, high = data_range(table, axis)
    reach_low, reach_high = axis.attainable()
    outside = tuple(side for side, out in zip(SIDES, (low < axis.low, high > axis.high)) if out)
    unchecked = tuple(
        side for side, chosen in zip(SIDES, (axis.low <= reach_low, axis.high >= reach_high)) if chosen
    )
    allowed = tolerance_steps * axis.step * (1 + _RELATIVE_SLACK)
    gaps = (low - axis.low, axis.high - high)
    unreached = tuple(
        side for side, gap in zip(SIDES, gaps) if gap > allowed and side not in unchecked
    )
    return PanelFit(axis, low, high, tolerance_steps, outside, unreached, unchecked)


def panel_fits(
    table: ScoreTable,
    axes: Iterable[PaperAxis],
    *,
    tolerance_steps: float = 1.0,
    algorithm: str | None = None,
    missing: str = "raise",
) -> list[PanelFit]:
    """Every panel of ``axes`` compared with the data of ``table`` (an ungrouped score table:
    the main study, or one value of a sweep via ``ScoreTable.for_group``).

    ``algorithm``: read every panel's series for this algorithm instead of the panel's own
    (a clustering variant, e.g. a sweep over the algorithm). ``missing``: a panel none of
    whose series the table holds is an error (``"raise"``) or left out (``"skip"``: a sweep
    that re-runs only some panels); a panel with some of its series missing is always an error.
    """
    if missing not in ("raise", "skip"):
        raise InputError(f"missing = {missing!r}; use 'raise' or 'skip'")
    held = {(d, a, i) for d, a, _, i, _ in table.records()}
    fits = []
    for axis in axes:
        if algorithm is not None:
            axis = replace(axis, algorithm=algorithm)
        wanted = {(d, axis.algorithm, i) for d in axis.datasets for i in axis.indices}
        if not wanted & held and missing == "skip":
            continue
        lacking = sorted(wanted - held)
        if lacking:
            raise InputError(
                f"{axis.name}: the score table lacks {len(lacking)} of its series, e.g. "
                f"dataset={lacking[0][0]!r}, algorithm={lacking[0][1]!r}, index={lacking[0][2]!r}"
            )
        fits.append(panel_fit(table, axis, tolerance_steps=tolerance_steps))
    return fits


def count_fits(fits: Sequence[PanelFit]) -> tuple[int, int]:
    """(panels that fit, panels compared)."""
    return sum(fit.fits for fit in fits), len(fits)


def paper_axes(params: Iterable[Mapping]) -> list[PaperAxis]:
    """The pipeline's panel list (plain mappings) as :class:`PaperAxis` objects."""
    return [PaperAxis.from_params(p) for p in params]


# ---------------------------------------------------------------------------- the table
AXES_COLUMNS = (
    "panel", "plots", "variant", "paper_low", "paper_high", "paper_step", "ours_min", "ours_max",
    "ours_outside", "paper_unreached", "fits", "finding",
)


def axes_rows(fits: Iterable[PanelFit], variant: str = "main") -> list[dict]:
    """One row per panel for ``figure_axes.csv`` / ``.md``; ``variant`` names the analysis
    choices the data come from (``main``, or a sweep's ``axis = value``)."""
    return [
        {
            "panel": fit.axis.name,
            "plots": fit.axis.label,
            "variant": variant,
            "paper_low": fit.axis.low,
            "paper_high": fit.axis.high,
            "paper_step": fit.axis.step,
            "ours_min": round(fit.data_low, 4),
            "ours_max": round(fit.data_high, 4),
            "ours_outside": " and ".join(fit.outside) or "no",
            "paper_unreached": " and ".join(fit.unreached) or "no",
            "fits": "yes" if fit.fits else "no",
            "finding": fit.finding(),
        }
        for fit in fits
    ]


def variant_summary(rows: Sequence[Mapping]) -> list[str]:
    """Per panel measured under several variants: which variants fit its printed axis."""
    by_panel: dict[str, list[Mapping]] = {}
    for row in rows:
        by_panel.setdefault(row["panel"], []).append(row)
    lines = []
    for panel, panel_rows in by_panel.items():
        if len(panel_rows) < 2:
            continue
        fitting = [row["variant"] for row in panel_rows if row["fits"] == "yes"]
        plots = panel_rows[0]["plots"]
        verdict = f"fits with {', '.join(fitting)}" if fitting else "fits with none of the variants measured"
        lines.append(f"{panel} {plots}: {verdict} (of {', '.join(r['variant'] for r in panel_rows)}).")
    return lines


RULE_NOTE = (
    "ours_outside: our values leave the paper's printed range on that side. paper_unreached: "
    "the printed limit lies more than {tolerance:g} tick step(s) beyond our data (an automatically "
    "scaled axis ends within one step of its data, so the paper's values went there and ours "
    "do not). A limit at or beyond every plotted index's attainable range was chosen (by hand, "
    "or the index's natural origin such as 0), not reached, and is not checked. A panel fits "
    "when neither flag is raised."
)


def figure_axes_rows(main: ScoreTable, params: Mapping, sweeps: Mapping[str, ScoreTable] = {}) -> list[dict]:
    """The rows of the figure-axes table: every panel on the main study, then, for each
    listed sweep, the panels it re-runs once per value (variant ``axis = value``). A panel
    whose data range is the same under every value and in the main study adds nothing and
    is left out (the XB separation changes Fig. 3(c) only).

    ``params``: ``axes`` (the panels, :meth:`clustval.repro.settings.Settings.paper_axes_params`),
    ``tolerance_steps``, ``sweeps`` (each sweep's name -> its axis); ``sweeps``: the tables.
    """
    axes = paper_axes(params["axes"])
    tolerance = params["tolerance_steps"]
    main_fits = panel_fits(main, axes, tolerance_steps=tolerance)
    rows = axes_rows(main_fits)
    main_range = {fit.axis.name: (fit.data_low, fit.data_high) for fit in main_fits}
    for name, axis_name in params["sweeps"].items():
        table = sweeps[name]
        by_value = {
            value: panel_fits(table.for_group(value), axes, tolerance_steps=tolerance, missing="skip")
            for value in table.groups()
        }
        ranges: dict[str, set] = {}
        for fits in by_value.values():
            for fit in fits:
                ranges.setdefault(fit.axis.name, {main_range.get(fit.axis.name)}).add((fit.data_low, fit.data_high))
        for value, fits in by_value.items():
            changed = [fit for fit in fits if len(ranges[fit.axis.name]) > 1]
            rows += axes_rows(changed, variant=f"{axis_name} = {value}")
    order = {axis.name: i for i, axis in enumerate(axes)}
    return sorted(rows, key=lambda row: order[row["panel"]])  # stable: main first in each panel


def write_figure_axes(main: ScoreTable, params: Mapping, sweeps: Mapping[str, ScoreTable] = {}, *,
                      csv_path, md_path, html_path=None) -> list[dict]:
    """Write ``figure_axes.csv``, ``.md`` (and ``.html``) atomically; return the rows."""
    from clustval.io import atomic_write_text, markdown_table, write_csv

    from .report import write_html_table

    rows = figure_axes_rows(main, params, sweeps)
    title = "The paper's figure axes beside ours (Figs. 3-6)"
    notes = [RULE_NOTE.format(tolerance=params["tolerance_steps"]), *variant_summary(rows)]
    write_csv(rows, AXES_COLUMNS, csv_path)
    paragraphs = "".join(f"{note}\n\n" for note in notes)
    atomic_write_text(md_path, f"# {title}\n\n{paragraphs}{markdown_table(rows, AXES_COLUMNS)}")
    if html_path is not None:
        write_html_table(html_path, rows, AXES_COLUMNS, title=title, notes=notes)
    return rows


def _num(value: float) -> str:
    return f"{value:.4g}"
