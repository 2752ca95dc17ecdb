"""Figures: each runs on small fake data, writes PNG + PDF, byte-identical when run twice,
marks the right best K, and puts panels, lines and labels in the right order."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import matplotlib.text
import numpy as np
import pytest
import yaml
from matplotlib.figure import Figure

from clustval import plotting as P
from clustval.errors import InputError
from clustval.indices.registry import get_index
from clustval.repro.paper import figures as F
from clustval.repro.paper.scores import ScoreTable
from tests.conftest import REPO

CONFIG = yaml.safe_load((REPO / "config" / "config.yaml").read_text())
FIG3 = ["stdi", "db", "xb", "igp", "sil_sum", "bwp_sum"]
FIG3_RUN = {"dataset": "fig1", "algorithm": "sd_kmedoids"}  # the clustering the tables below hold
C1_RULE = {**FIG3_RUN, "ties": "shared", "true_k": 9}  # Fig. S1 shades where C1 holds, by the claim's own rule
SYN = {"ec2": "Ec2", "ec3": "Ec3", "uec6": "UEc6"}
UCI = {"iris": "Iris", "segmentation": "Seg", "bupa": "Bupa"}
EXTERNAL = ["s2", "ps2", "accuracy", "ari"]


def fig3_table(best: dict[str, int]) -> ScoreTable:
    """Curves over K = 2..12 with one optimum per index at ``best[name]``, in its direction."""
    records = []
    for name in FIG3:
        sign = 1 if get_index(name).direction == "higher" else -1
        for k in range(2, 13):
            records.append(("fig1", "sd_kmedoids", k, name, sign * (5.0 - abs(k - best[name]))))
    return ScoreTable.from_records(records)


def external_table() -> ScoreTable:
    rng = np.random.default_rng(3)
    return ScoreTable.from_records(
        (d, "park_jun", 3, name, float(rng.uniform(0.3, 1.0)))
        for d in [*SYN, *UCI] for name in EXTERNAL
    )


def offset_table(offsets=(0.07, 0.08, 0.09, 0.10)) -> ScoreTable:
    records = []
    for offset in offsets:
        best = {n: (9 if n == "stdi" and offset >= 0.08 else 3) for n in FIG3}
        if offset >= 0.10:
            best = {n: 9 for n in FIG3}
        records += [(offset, *r) for r in fig3_table(best).records()]
    return ScoreTable.from_records(records, group_column="offset")


def scatter_data(n_classes=3, n=60, seed=0):
    rng = np.random.default_rng(seed)
    y = np.repeat(np.arange(n_classes), n // n_classes)
    return rng.normal(size=(len(y), 2)) * 0.05 + 0.3 + 0.1 * y[:, None], y


def assert_saved(fig, tmp_path, stem):
    """Save as PNG and PDF in one call: both files whole, without a timestamp, no temporary
    file left. (Two saves give the same bytes: test_two_saves_give_the_same_bytes; so do two
    processes: test_same_bytes_across_processes_with_different_hash_seeds.)"""
    png, pdf = tmp_path / f"{stem}.png", tmp_path / f"{stem}.pdf"
    P.save_figure(fig, [png, pdf])
    assert png.stat().st_size > 1000 and pdf.stat().st_size > 1000
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    assert b"CreationDate" not in pdf.read_bytes()
    assert not list(tmp_path.glob(".*.tmp"))


def titles(fig):
    return [ax.get_title() for ax in fig.axes if ax.get_visible()]


# ====================================================================== Fig. 1, Fig. 2
def test_fig1_scatter_and_offset_caption(tmp_path):
    X, y = scatter_data(9, 90)
    fig = F.fig1(X, y, offset=0.09, pattern=(9, 3))
    (ax,) = fig.axes
    assert len(ax.collections) == 9  # one scatter per true sub-cluster
    assert ax.get_xlim() == (0, 1) and ax.get_ylim() == (0, 1)
    caption = " ".join(t.get_text() for t in fig.texts)
    assert "offset = 0.09" in caption and "fixed before the claims were checked" in caption
    assert_saved(fig, tmp_path, "fig1")


def test_fig2_panel_order_and_letters(tmp_path):
    order = ["Ec2", "UEc2", "Ec3", "UEc3", "Ec4", "UEc4", "Ec5", "UEc5", "Ec6", "UEc6"]
    panels = [(label, *scatter_data(2 + i // 2, 24, seed=i)) for i, label in enumerate(order)]
    fig = F.fig2(panels)
    got = titles(fig)
    assert [t.split()[:2] for t in got] == [[f"({chr(97 + i)})", label] for i, label in enumerate(order)]
    assert "C = 6" in got[-1]
    # 5 x 2 like the paper: (a) top left, (b) top right, (c) second row left
    boxes = [ax.get_position() for ax in fig.axes]
    assert boxes[0].y0 == pytest.approx(boxes[1].y0) and boxes[0].x0 < boxes[1].x0
    assert boxes[2].y0 < boxes[0].y0
    assert_saved(fig, tmp_path, "fig2")


def test_scatter_rejects_bad_shapes():
    with pytest.raises(InputError, match=r"\(n, 2\)"):
        F.fig1(np.zeros((5, 3)), np.zeros(5), offset=0.09, pattern=(9, 3))
    with pytest.raises(InputError, match="one label per row"):
        F.fig1(np.zeros((5, 2)), np.zeros(4), offset=0.09, pattern=(9, 3))


# ====================================================================== Fig. 3
def test_fig3_marks_each_best_k(tmp_path):
    best = {"stdi": 9, "db": 3, "xb": 4, "igp": 3, "sil_sum": 5, "bwp_sum": 3}
    fig = F.fig3(fig3_table(best), FIG3, **FIG3_RUN, algorithm_label="SD K-medoids")
    assert fig.get_suptitle() == "Fig. 3  Internal indices on the Fig. 1 set (SD K-medoids, K = 2..12)"
    axes = [ax for ax in fig.axes if ax.get_visible()]
    assert [t.split()[0:2] for t in titles(fig)] == [
        ["(a)", "STDI"], ["(b)", "DB"], ["(c)", "XB"], ["(d)", "IGP"], ["(e)", "Sil"], ["(f)", "BWP"]]
    for ax, name in zip(axes, FIG3):
        (marker,) = [line for line in ax.get_lines() if line.get_gid() == P.BEST_K_GID]
        assert list(marker.get_xdata()) == [best[name]]
        sign = 1 if get_index(name).direction == "higher" else -1
        assert list(marker.get_ydata()) == [sign * 5.0]
        assert any(t.get_text() == f"best K = {best[name]}" for t in ax.texts)
        assert list(ax.get_xticks()) == list(range(2, 13, 2))
    assert_saved(fig, tmp_path, "fig3")


def test_fig3_rings_every_tied_best_k_and_marks_the_seeding_fallback():
    best = {"stdi": 9, "db": 3, "xb": 4, "igp": 3, "sil_sum": 5, "bwp_sum": 3}
    table = fig3_table(best)
    records = [(d, a, k, n, 5.0 if (n == "igp" and k in (9, 10)) else v) for d, a, k, n, v in table.records()]
    fig = F.fig3(ScoreTable.from_records(records), FIG3, **FIG3_RUN, fallback_ks=[9, 10, 11, 12])
    axes = [ax for ax in fig.axes if ax.get_visible()]
    for ax, name in zip(axes, FIG3):
        (ring,) = [line for line in ax.get_lines() if line.get_gid() == P.BEST_K_GID]
        (ticks,) = [line for line in ax.get_lines() if line.get_gid() == P.FALLBACK_GID]
        assert list(ticks.get_xdata()) == [9, 10, 11, 12]
        if name == "igp":
            assert list(ring.get_xdata()) == [3, 9, 10]
            assert any(t.get_text() == "best K tied at 3, 9 and 10" for t in ax.texts)
        else:
            assert list(ring.get_xdata()) == [best[name]]
    assert "farthest-first at K = 9..12" in fig._supxlabel.get_text()
    assert not [line for line in F.fig3(table, FIG3, **FIG3_RUN).axes[0].get_lines()
                if line.get_gid() == P.FALLBACK_GID]


# ====================================================================== Figs. 4-6
def test_fig_external_lines_follow_the_table_and_axis_order(tmp_path):
    table = external_table()
    fig = F.fig_external(table, EXTERNAL, [("Synthetic data sets", SYN), ("UCI data sets", UCI)],
                         title="Fig. 5  test", algorithm="park_jun")
    ax_a, ax_b = fig.axes
    assert ax_a.get_title() == "(a) Synthetic data sets" and ax_b.get_title() == "(b) UCI data sets"
    assert [t.get_text() for t in ax_b.get_xticklabels()] == ["Iris", "Seg", "Bupa"]
    for ax, sets in ((ax_a, SYN), (ax_b, UCI)):
        lines = {line.get_gid(): line for line in ax.get_lines()}
        assert list(lines) == [f"line-{n}" for n in EXTERNAL]
        for name in EXTERNAL:
            line = lines[f"line-{name}"]
            assert list(line.get_ydata()) == [table.value(d, name, "park_jun") for d in sets]
            assert line.get_linestyle() == "None", "markers only: no line joins unrelated data sets"
            assert np.round(line.get_xdata()).tolist() == list(range(len(sets)))  # set apart, not moved
            assert line.get_color() == P.index_style(name)[0]  # one colour per index everywhere
            assert line.get_label() == get_index(name).label
    (legend,) = fig.legends
    assert [t.get_text() for t in legend.get_texts()] == ["S2", "PS2", "Accuracy", "ARI"]
    assert_saved(fig, tmp_path, "fig5")


def test_fig_external_on_the_printed_y_axis_extended_only_where_our_values_leave_it():
    table = external_table()  # values in 0.3..1.0
    fig = F.fig_external(table, EXTERNAL, [("Synthetic data sets", SYN), ("UCI data sets", UCI)],
                         title="Fig. 4  test", algorithm="park_jun", y_axes=[[0.4, 1.0, 0.1], [0, 1.2, 0.2]])
    ax_a, ax_b = fig.axes
    low = min(table.value(d, n, "park_jun") for d in SYN for n in EXTERNAL)
    assert 0.3 <= low < 0.4
    assert ax_a.get_ylim() == pytest.approx((0.3, 1.0)), "extended by one tick step below 0.4"
    assert ax_a.get_yticks() == pytest.approx(np.arange(0.3, 1.05, 0.1))
    (note,) = [t for t in ax_a.texts if t.get_gid() == F.EXTENDED_AXIS_GID]
    assert note.get_text() == "paper's y axis 0.4-1, extended to 0.3-1 for our values"
    assert ax_b.get_ylim() == pytest.approx((0, 1.2)) and not [t for t in ax_b.texts if t.get_gid()]


def test_fig_external_missing_score_is_a_clear_error():
    with pytest.raises(InputError, match="wine"):
        F.fig_external(external_table(), ["s2"], [("UCI", {"wine": "wine"})], title="x", algorithm="park_jun")


# ====================================================================== robustness
def test_fig_robustness_best_k_and_band(tmp_path):
    expected = {n: (9 if n == "stdi" else 3) for n in FIG3}
    fig = F.fig_robustness(offset_table(), expected, default_offset=0.09, **C1_RULE)
    (ax,) = fig.axes
    lines = {line.get_gid(): line for line in ax.get_lines() if line.get_gid()}
    assert list(lines["line-stdi"].get_ydata()) == [3, 9, 9, 9]
    assert list(lines["line-db"].get_ydata()) == [3, 3, 3, 9]
    refs = sorted(line.get_ydata()[0] for line in ax.get_lines() if line.get_label().startswith(("true", "groups")))
    assert refs == [3, 9]
    # one narrow bar per measured offset where the pattern holds (0.08, 0.09), none between them
    bars = [(p.get_x(), p.get_x() + p.get_width()) for p in ax.patches]
    assert bars == [pytest.approx((0.0775, 0.0825)), pytest.approx((0.0875, 0.0925))]
    assert [p.get_label() for p in ax.patches][0] == F.HOLDS_LABEL
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0.07", "0.08", "0.09", "0.10"]
    assert_saved(fig, tmp_path, "robustness")


def test_fig_robustness_a_tied_best_k_breaks_the_pattern():
    """IGP tied at 3 and 9 at offset 0.09: under the shared tie rule it also finds 9, so "only
    STDI finds 9" fails there, as C1 reads it; under the unique rule its 3 is not found."""
    expected = {n: (9 if n == "stdi" else 3) for n in FIG3}
    records = [(o, d, a, k, n, 5.0 if (o == 0.09 and n == "igp" and k == 9) else v)
               for o, d, a, k, n, v in offset_table().records()]
    fig = F.fig_robustness(ScoreTable.from_records(records, group_column="offset"), expected, **C1_RULE)
    (ax,) = fig.axes
    (bar,) = ax.patches
    assert bar.get_x() + bar.get_width() == pytest.approx(0.0825)  # 0.08 only: IGP ties at 0.09
    lines = {line.get_gid(): line for line in ax.get_lines() if line.get_gid()}
    # the line breaks at the tie, and every K of the tie is marked (as Fig. 3 rings them)
    assert np.isnan(lines["line-igp"].get_ydata()).tolist() == [False, False, True, False]
    tie = lines["tie-igp"].get_ydata()
    assert [k for k in tie if not np.isnan(k)] == [3, 9]
    unique = F.fig_robustness(ScoreTable.from_records(records, group_column="offset"), expected,
                              **{**C1_RULE, "ties": "unique"})
    assert len(unique.axes[0].patches) == 1


def test_fig_robustness_needs_the_offset_sweep():
    with pytest.raises(InputError, match="offset sweep"):
        F.fig_robustness(fig3_table({n: 3 for n in FIG3}), {"stdi": 9}, **C1_RULE)


# ====================================================================== output
@pytest.mark.slow  # two fresh interpreters drawing
def test_same_bytes_across_processes_with_different_hash_seeds(tmp_path):
    script = textwrap.dedent("""
        import sys
        from clustval import plotting as P
        from clustval.repro.paper import figures as F
        from clustval.repro.paper.scores import ScoreTable
        import numpy as np
        table = ScoreTable.from_records(
            ("fig1", "sd_kmedoids", k, n, float(np.sin(k + len(n))))
            for k in range(2, 9) for n in ("stdi", "db"))
        P.save_figure(F.fig3(table, ["stdi", "db"], dataset="fig1", algorithm="sd_kmedoids"), [sys.argv[1] + ".png", sys.argv[1] + ".pdf"])
    """)
    outputs = []
    for hash_seed in ("1", "2"):
        stem = tmp_path / f"run{hash_seed}"
        subprocess.run([sys.executable, "-c", script, str(stem)], check=True,
                       env={**os.environ, "PYTHONHASHSEED": hash_seed})
        outputs.append([(stem.with_suffix(s)).read_bytes() for s in (".png", ".pdf")])
    assert outputs[0] == outputs[1]


def test_two_saves_give_the_same_bytes(tmp_path):
    # every figure is made with a constrained layout (plotting.figure), which refines itself
    # on each draw unless save_figure freezes it: the second save must match the first
    X, y = scatter_data()
    fig = F.fig1(X, y, offset=0.09, pattern=(9, 3))
    assert fig.get_layout_engine() is not None
    first = [tmp_path / "fig1.png", tmp_path / "fig1.pdf"]
    second = [tmp_path / "fig1-again.png", tmp_path / "fig1-again.pdf"]
    P.save_figure(fig, first)
    P.save_figure(fig, second, dpi=150)
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes(), f"{a.name} differs between two saves"


def test_save_figure_rejects_unknown_formats(tmp_path):
    X, y = scatter_data()
    with pytest.raises(InputError, match=".png or .pdf"):
        P.save_figure(F.fig1(X, y, offset=0.1, pattern=(9, 3)), tmp_path / "fig.jpg")


def test_index_styles_are_distinct_within_each_figure():
    for names in (["s2", "accuracy", "ari", "rand", "jaccard", "f_measure"],
                  ["ps2", "accuracy", "ari", "rand", "jaccard", "f_measure"], FIG3):
        colours = [P.index_style(n)[0] for n in names]
        assert len(set(colours)) == len(colours)
    assert P.index_style("nmi")[0].startswith("#")  # indices without a set style get a stable one


def test_one_entry_adds_a_figure(monkeypatch, tmp_path):
    # a new figure is one entry of the figure table: the rule's wildcard, inputs, params and
    # caption and the script's drawing all come from it
    from clustval.repro import figure_table as T
    from clustval.repro.settings import Settings

    def draw(inputs, params):
        fig = Figure()
        fig.add_subplot().plot(range(params["k"]), label=Path(inputs["scores"]).name)
        return fig

    spec = T.FigureSpec("fig_new", "A new figure.", lambda settings: {"scores": "results/scores.csv"},
                        lambda settings: {"k": 3}, draw)  # fmt: skip
    monkeypatch.setitem(T.FIGURES, "fig_new", spec)
    settings = Settings.from_config(CONFIG)
    assert T.figures_to_draw(settings)[-1] == "fig_new"
    assert T.figure_inputs(settings, "fig_new") == {"scores": "results/scores.csv"}
    params = T.figure_params(settings, "fig_new")
    assert params == {"dpi": CONFIG["figures"]["dpi"], "k": 3, "caption": "A new figure."}
    P.save_figure(T.draw_figure("fig_new", {"scores": "results/scores.csv"}, params), tmp_path / "new.png")
    assert (tmp_path / "new.png").stat().st_size > 0


def test_the_workflow_names_no_figure():
    # the figure rule, its script and its caption read the table: no figure is named there
    from clustval.repro.figure_table import FIGURES

    workflow = REPO / "workflow"
    rules = (workflow / "rules" / "figures.smk").read_text(encoding="utf-8")
    texts = {
        "rule figure": re.search(r"\nrule figure:\n(.*?)\n(?=rule )", rules, re.S).group(1),
        "scripts/figure.py": (workflow / "scripts" / "figure.py").read_text(encoding="utf-8"),
        "report/figure.rst": (workflow / "report" / "figure.rst").read_text(encoding="utf-8"),
    }
    for where, text in texts.items():
        assert "figure_table" in text or where == "report/figure.rst", where
        assert not [name for name in FIGURES if re.search(rf"\b{name}\b", text)], where


# ====================================================================== offset sweep: ties, K axis, no overlap
def test_fig_robustness_marks_every_k_of_a_tie_and_labels_the_reference_ks():
    """IGP = 1 at several K is a tie, drawn as one (every K marked, as in Fig. 3); the K axis
    labels the groups' and the true sub-clusters' K, in bold."""
    expected = {n: (9 if n == "stdi" else 3) for n in FIG3}
    records = [(o, d, a, k, n, 5.0 if (n == "igp" and k in (2, 3, 10)) else v)
               for o, d, a, k, n, v in offset_table().records()]
    table = ScoreTable.from_records(records, group_column="offset")
    fig = F.fig_robustness(table, expected, default_offset=0.09, **{**C1_RULE, "ties": "unique"})
    (ax,) = fig.axes
    lines = {line.get_gid(): line for line in ax.get_lines() if line.get_gid()}
    assert np.isnan(lines["line-igp"].get_ydata()).all(), "no line through a tie"
    tie = [k for k in lines["tie-igp"].get_ydata() if not np.isnan(k)]
    assert tie == [2, 3, 10] * 3 + [2, 3, 9, 10], "every K of the tie, at every offset"
    assert "tie-stdi" not in lines
    ticks = {int(t): label for t, label in zip(ax.get_yticks(), ax.get_yticklabels())}
    assert {3, 9} <= set(ticks) and ticks[3].get_fontweight() == "bold" == ticks[9].get_fontweight()
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert "tied best K (every K of the tie)" in legend and "paper's pattern holds at\nno measured offset" in legend


def _overlaps(fig) -> list[tuple[str, str]]:
    """Pairs of visible, non-empty texts of ``fig`` whose drawn boxes overlap."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    texts = [t for t in fig.findobj(matplotlib.text.Text) if t.get_visible() and t.get_text().strip()]
    boxes = [(t.get_text(), t.get_window_extent(renderer).expanded(1.0, 1.0)) for t in texts]
    return [(a, b) for i, (a, box_a) in enumerate(boxes) for b, box_b in boxes[i + 1:]
            if box_a.overlaps(box_b) and box_a.intersection(box_a, box_b).width > 1
            and box_a.intersection(box_a, box_b).height > 1]


@pytest.mark.parametrize("held", [True, False])
def test_fig_robustness_has_no_overlapping_text(held):
    expected = {n: (9 if n == "stdi" else 3) for n in FIG3}
    records = offset_table(offsets=(0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.10, 0.11, 0.12, 0.13, 0.14)).records()
    if not held:  # IGP ties everywhere: the pattern holds nowhere, and the figure says so
        records = [(o, d, a, k, n, 5.0 if (n == "igp" and k in (2, 3, 9, 10)) else v) for o, d, a, k, n, v in records]
    fig = F.fig_robustness(ScoreTable.from_records(records, group_column="offset"), expected,
                           default_offset=0.09, **C1_RULE)
    assert _overlaps(fig) == []


def test_captions_state_the_configs_numbers():
    # the numbers and names a caption states come from the config, as the figure's do
    import copy

    from clustval.repro.figure_table import FIGURES, caption_text
    from clustval.repro.settings import Settings

    changed = copy.deepcopy(CONFIG)
    changed["fig1_set"]["offset"] = 0.1
    changed["pipeline"]["fig3"].update(k_min=3, k_max=15, algorithm="park_jun")
    changed["pipeline"]["external"]["algorithm"] = "pam"
    changed["figures"]["fig3_indices"] = ["stdi", "db"]
    settings = Settings.from_config(changed)
    assert "The offset 0.1 was fixed" in caption_text(settings, "fig1")
    fig3 = caption_text(settings, "fig3")
    assert "STDI and DB of Park-Jun K-medoids on the Fig. 1 set for K = 3..15" in fig3
    assert "for PAM with K = C" in caption_text(settings, "fig4")
    for name in FIGURES:  # every field a caption names is known
        caption_text(settings, name)
