"""The paper's printed figure axes beside our data: the flags of each side, on hand-made
score tables whose ranges are known, and the panels the settings derive from the config."""

from __future__ import annotations

import copy

import pytest
import yaml

from clustval.errors import InputError
from clustval.repro.figure_table import figure_params
from clustval.repro.paper.axes import (
    PaperAxis,
    count_fits,
    figure_axes_rows,
    panel_fits,
    paper_axes,
    write_figure_axes,
)
from clustval.repro.paper.scores import Score, ScoreTable
from clustval.repro.settings import Settings
from tests.conftest import REPO

CONFIG = yaml.safe_load((REPO / "config" / "config.yaml").read_text())


def k_series(index: str, values, dataset="fig1", algorithm="sd_kmedoids", group=None):
    """Rows of one index over K = 2, 3, ... (a Fig. 3 panel)."""
    return [(group, Score(dataset, algorithm, k, index, v)) for k, v in enumerate(values, start=2)]


def axis(index="xb", low=0.0, high=25.0, step=5.0, **changes) -> PaperAxis:
    fields = dict(figure="fig3", panel="c", label=index, low=low, high=high, step=step,
                  datasets=("fig1",), indices=(index,), algorithm="sd_kmedoids")
    return PaperAxis(**{**fields, **changes})


def test_a_range_spanning_the_axis_fits():
    # XB from 1 to 24 on a 0..25 axis in steps of 5: both extremes within one step.
    (fit,) = panel_fits(ScoreTable(k_series("xb", [24.0, 1.0, 3.0])), [axis()])
    assert (fit.data_low, fit.data_high) == (1.0, 24.0)
    assert fit.fits and fit.outside == fit.unreached == ()
    assert count_fits([fit]) == (1, 1)


def test_the_printed_xb_axis_flags_our_small_values_as_unreached():
    # Ours span 0.03..0.7 on the paper's 0..25: the upper end lies 24.3 / 5 = 4.86 steps above.
    (fit,) = panel_fits(ScoreTable(k_series("xb", [0.03, 0.7, 0.2])), [axis()])
    assert fit.unreached == ("upper",) and fit.outside == () and not fit.fits
    assert fit.gap_steps("upper") == pytest.approx(24.3 / 5)
    assert "4.86 tick steps beyond our maximum 0.7" in fit.finding()


def test_sums_above_the_printed_lower_end_are_flagged_on_that_side_only():
    # Fig. 3(e): the paper's Sil sums reach -100; ours from 155.9 up to 350.6 (just above 350).
    table = ScoreTable(k_series("sil_sum", [155.9, 350.6, 300.0]))
    (fit,) = panel_fits(table, [axis("sil_sum", -100, 350, 50, panel="e")])
    assert fit.unreached == ("lower",) and fit.outside == ("upper",)
    assert "ours reach 350.6, above the paper's upper end 350" in fit.finding()


def test_values_below_the_axis_are_outside_and_the_tolerance_counts_tick_steps():
    table = ScoreTable(k_series("db", [0.33, 1.05]))
    printed = axis("db", 0.4, 1.3, 0.1, panel="b")
    (strict,) = panel_fits(table, [printed])  # 1.3 - 1.05 = 2.5 steps > 1
    assert strict.outside == ("lower",) and strict.unreached == ("upper",)
    (loose,) = panel_fits(table, [printed], tolerance_steps=3)
    assert loose.unreached == () and loose.outside == ("lower",)
    # exactly one step away is within the tolerance despite rounding (0.5 - 0.4 > 0.1 in floats)
    (edge,) = panel_fits(ScoreTable(k_series("db", [0.5, 1.2])), [printed])
    assert edge.fits


def test_a_limit_beyond_every_plotted_index_is_not_checked():
    # Fig. 4(b): 0..1.2 for indices in [0, 1] (ARI down to -0.5): 1.2 was set by hand.
    rows = [(None, Score(name, "park_jun", 2, index, v))
            for name, values in {"iris": (0.9, 0.7), "wine": (0.05, 0.8)}.items()
            for index, v in zip(("s2", "ari"), values)]
    printed = axis("s2", 0.0, 1.2, 0.2, figure="fig4", panel="b", label="UCI data sets",
                   datasets=("iris", "wine"), indices=("s2", "ari"), algorithm="park_jun")
    (fit,) = panel_fits(ScoreTable(rows), [printed])
    assert (fit.data_low, fit.data_high) == (0.05, 0.9)
    assert fit.unchecked == ("upper",) and fit.fits
    assert "set by hand" in fit.finding()


def test_undefined_values_are_not_part_of_the_range():
    (fit,) = panel_fits(ScoreTable(k_series("xb", [float("inf"), 2.0, 22.0])), [axis()])
    assert (fit.data_low, fit.data_high) == (2.0, 22.0)


def test_missing_panels_are_an_error_or_skipped_and_the_algorithm_can_be_replaced():
    table = ScoreTable(k_series("xb", [1.0, 24.0], algorithm="pam"))
    other = axis("stdi", 0, 1.4, 0.2, panel="a")
    with pytest.raises(InputError, match=r"Fig. 3\(c\): the score table lacks 1 of its series"):
        panel_fits(table, [axis()])
    assert panel_fits(table, [axis(), other], missing="skip") == []
    (fit,) = panel_fits(table, [axis(), other], algorithm="pam", missing="skip")
    assert fit.axis.algorithm == "pam" and fit.fits
    partial = axis(indices=("xb", "db"))
    with pytest.raises(InputError, match="lacks 1 of its series"):
        panel_fits(table, [partial], algorithm="pam", missing="skip")


@pytest.mark.parametrize("fields, message", [
    ({"low": 2.0, "high": 1.0}, "give low < high"),
    ({"step": 0.0}, "positive step"),
    ({"indices": ()}, "at least one data set and one index"),
])
def test_a_bad_printed_axis_is_one_clear_error(fields, message):
    with pytest.raises(InputError, match=message):
        axis(**fields)


def test_the_settings_derive_every_panel_of_figs_3_to_6():
    s = Settings.from_config(copy.deepcopy(CONFIG))
    axes = paper_axes(s.paper_axes_params())
    assert [a.name for a in axes] == [
        *(f"Fig. 3({p})" for p in "abcdef"), *(f"Fig. {f}({p})" for f in (4, 5, 6) for p in "ab")]
    xb = axes[2]
    assert (xb.label, xb.low, xb.high, xb.step, xb.indices) == ("XB", 0, 25, 5, ("xb",))
    assert axes[6].datasets == tuple(s.synthetic) and axes[7].datasets == tuple(s.uci)
    assert axes[10].indices == ("s2", "ps2", "accuracy") and axes[10].low == 0.65
    cut = copy.deepcopy(CONFIG)
    cut["pipeline"]["synthetic"] = []
    cut["pipeline"]["sweeps"].pop("seed")
    names = [a.name for a in paper_axes(Settings.from_config(cut).paper_axes_params())]
    assert "Fig. 4(a)" not in names and "Fig. 4(b)" in names
    bad = copy.deepcopy(CONFIG)
    bad["figures"]["paper_axes"]["fig3"]["g"] = [0, 1, 0.1]
    with pytest.raises(InputError, match=r"paper_axes.fig3.g: Fig. 3 has panels a..f"):
        Settings.from_config(bad).paper_axes_params()


def test_figs_4_to_6_get_the_printed_y_axis_of_each_panel_they_draw():
    s = Settings.from_config(copy.deepcopy(CONFIG))
    assert figure_params(s, "fig6")["y_axes"] == [[0.65, 1.0, 0.05], [0.4, 1.0, 0.1]]
    assert figure_params(s, "fig3")["algorithm_label"] == "SD K-medoids"
    uci_only = copy.deepcopy(CONFIG)
    uci_only["pipeline"]["synthetic"] = []
    uci_only["pipeline"]["sweeps"].pop("seed")
    params = figure_params(Settings.from_config(uci_only), "fig4")
    assert [title for title, _ in params["panels"]] == ["UCI data sets"]
    assert params["y_axes"] == [[0, 1.2, 0.2]], "the UCI panel keeps the paper's (b) axis"


def test_the_table_lists_main_then_each_sweep_value_and_says_which_fits(tmp_path):
    db = [0.5, 1.2]  # a panel the option leaves as it is: no sweep rows
    main = ScoreTable(k_series("xb", [0.03, 0.7]) + k_series("db", db))
    sweep = ScoreTable(
        k_series("xb", [0.03, 0.7], group="centroids") + k_series("xb", [2.0, 23.0], group="closest_pair")
        + k_series("db", db, group="centroids") + k_series("db", db, group="closest_pair"),
        group_column="xb_separation",
    )
    panel = {"figure": "fig3", "datasets": ["fig1"], "algorithm": "sd_kmedoids"}
    params = {"axes": [{**panel, "panel": "b", "label": "DB", "low": 0.4, "high": 1.3, "step": 0.1, "indices": ["db"]},
                       {**panel, "panel": "c", "label": "XB", "low": 0, "high": 25, "step": 5, "indices": ["xb"]}],
              "tolerance_steps": 1, "sweeps": {"xb": "xb_separation"}}
    rows = figure_axes_rows(main, params, {"xb": sweep})
    assert [(r["panel"], r["variant"]) for r in rows if r["panel"] == "Fig. 3(b)"] == [("Fig. 3(b)", "main")]
    rows = [r for r in rows if r["panel"] == "Fig. 3(c)"]
    assert [(r["variant"], r["fits"], r["paper_unreached"]) for r in rows] == [
        ("main", "no", "upper"),
        ("xb_separation = centroids", "no", "upper"),
        ("xb_separation = closest_pair", "yes", "no"),
    ]
    paths = {name: tmp_path / f"figure_axes.{name}" for name in ("csv", "md", "html")}
    write_figure_axes(main, params, {"xb": sweep}, csv_path=paths["csv"], md_path=paths["md"],
                      html_path=paths["html"])
    md = paths["md"].read_text()
    assert "Fig. 3(c) XB: fits with xb_separation = closest_pair" in md
    assert paths["csv"].read_text().splitlines()[0].startswith("panel,plots,variant,paper_low")
    assert "<table>" in paths["html"].read_text()


def test_a_limit_at_the_indices_own_bound_is_not_checked():
    # Fig. 3(a) and (d): axes from 0 for STDI >= 0 and 0..1 for IGP in [0, 1] are the indices'
    # natural origins: values far above 0 do not contradict them; a limit inside the
    # attainable range still is checked (DB's upper end 1.3 against our 0.5).
    (stdi,) = panel_fits(ScoreTable(k_series("stdi", [0.43, 1.2, 0.9])), [axis("stdi", 0.0, 1.4, 0.2)])
    assert stdi.unchecked == ("lower",) and stdi.unreached == () and stdi.fits
    assert "natural origin" in stdi.finding()
    (igp,) = panel_fits(ScoreTable(k_series("igp", [0.93, 1.0])), [axis("igp", 0.0, 1.0, 0.1)])
    assert igp.unchecked == ("lower", "upper") and igp.fits
    (db,) = panel_fits(ScoreTable(k_series("db", [0.45, 0.5])), [axis("db", 0.4, 1.3, 0.1)])
    assert db.unreached == ("upper",) and not db.fits
