"""clustval.selection.plots: what select_k found, drawn with clustval.plotting's figures, which
know no criterion of K beyond the registry's: the selection hands them its CRITERIA."""

from __future__ import annotations

import pytest

matplotlib = pytest.importorskip("matplotlib")

import clustval.selection  # noqa: E402
from clustval import INDICES, plotting, select_k  # noqa: E402
from clustval.errors import InputError  # noqa: E402
from clustval.selection import CRITERIA, plot_selection  # noqa: E402
from clustval.selection.adjacent import ADJACENT  # noqa: E402
from clustval.selection.stability import STABILITY  # noqa: E402


def test_the_criteria_beyond_the_registry_are_the_adjacent_then_the_stability_ones():
    assert list(CRITERIA) == [*ADJACENT, *STABILITY]
    assert CRITERIA["duda_hart"] == ("Duda-Hart", "first_stop")
    assert CRITERIA["prediction_strength"] == ("Prediction strength", "above_cutoff")
    assert all(rule in plotting.K_RULE_WORDS for _, rule in CRITERIA.values())


def test_their_colours_follow_the_registry_in_that_order():
    tab20 = matplotlib.colormaps["tab20"].colors
    for position, name in enumerate(CRITERIA, start=len(INDICES)):
        assert plotting.index_style(name, tuple(CRITERIA)) == (matplotlib.colors.to_hex(tab20[position % 20]), "o")


def test_a_selection_with_every_kind_of_criterion_is_drawn_with_their_headings(tmp_path):
    corners = [(0, 0), (1, 0), (0, 1), (1, 1)]
    X = [[x + dx, y + dy] for x, y in [(0, 0), (10, 0), (5, 9)] for dx, dy in corners]
    found = select_k(X, range(2, 5), "pam", indices=["sil", "hartigan"], stability="instability",
                     stability_options={"n_splits": 2})  # fmt: skip
    fig = plot_selection(found, tmp_path / "k.png")
    titles = [ax.get_title() for ax in fig.axes if ax.get_visible()]
    assert titles == ["(a) Sil  (largest is best)", "(b) Hartigan  (first K whose test says enough)",
                      "(c) Instability  (smallest is best)"]  # fmt: skip
    colours = [ax.get_lines()[0].get_color() for ax in fig.axes if ax.get_visible()]
    assert colours == [plotting.index_style(name, tuple(CRITERIA))[0] for name in ("sil", "hartigan", "instability")]


def test_without_a_path_the_figures_are_returned_and_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    X = [[0, 0], [0, 1], [10, 0], [10, 1], [0, 10], [0, 11], [10, 10], [10, 11]]
    found = select_k(X, range(2, 6), indices=["db", "sil"], vote=True)
    from clustval.selection import plot_votes

    figures = [plot_selection(found), plot_votes(found), plot_selection(found, None)]
    assert all(isinstance(fig, matplotlib.figure.Figure) and fig.axes for fig in figures)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("drawer", ["plot_selection", "plot_votes"])
def test_what_is_not_a_selection_is_refused_in_one_line(drawer):
    with pytest.raises(InputError, match=f"{drawer} draws what select_k returns \\(a Selection\\), got 'k.png'"):
        getattr(clustval.selection, drawer)("k.png")  # the path where the selection goes
