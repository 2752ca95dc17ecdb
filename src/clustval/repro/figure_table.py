"""The figure table: one entry per figure of the reproduction, as ``INDICES`` is for indices.

An entry says what the figure's job reads (``inputs``: paths of the run), exactly what its
drawing uses (``params``, from the settings), whether this run can draw it (``drawable``),
how it is drawn from those two (``draw``) and the report's caption. The Snakefile's figure
rule, its input function and ``workflow/scripts/figure.py`` read nothing else, so adding a
figure is one entry here (and its drawing function in :mod:`clustval.repro.paper.figures`).

Drawing imports matplotlib; building the DAG does not: ``draw`` functions import the
drawing module when a job calls them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from clustval.clustering import ALGORITHMS
from clustval.errors import InputError
from clustval.indices.registry import get_index
from clustval.io.text import spoken_list

from .data import FIG1
from .settings import MAIN, Settings

__all__ = ["FIGURES", "FigureSpec", "caption_text", "claim_figures", "draw_figure", "figure_inputs", "figure_label", "figure_params",
           "figures_to_draw", "index_figures", "table_params"]


@dataclass(frozen=True)
class FigureSpec:
    """One figure of the reproduction: what its job reads, uses and draws.

    Examples
    --------
    >>> FIGURES["fig3"].caption.startswith("Fig. 3:")
    True
    """

    name: str  # the file name, results/figures/{name}.png and .pdf
    # the report's caption, with {fields} filled from the run's settings (caption_text)
    caption: str
    inputs: Callable[[Settings], dict[str, str]]  # {name: path} the job reads
    params: Callable[[Settings], dict]  # what the drawing uses (the dpi is added)
    draw: Callable[[Mapping[str, str], dict], object]  # (inputs, params) -> matplotlib Figure
    drawable: Callable[[Settings], bool] = lambda settings: True  # a figure of no selected set: False
    # its name in the report and on the index page ("Fig. 3"; beyond the paper "Fig. S1 ...");
    # the report sorts figures by it (as text), so these labels sort in figure order
    label: str = ""
    claims: tuple[str, ...] = ()  # the claims whose numbers it draws (the report shows it in their sections)


def _not_in_run(labels) -> str:
    return f"\nnot in this run: {', '.join(labels)}" if labels else ""


# ---------------------------------------------------------------- Fig. 1 and Fig. 2: the data
def _draw_fig1(inputs, p):
    from clustval.datasets.dataset import read_dataset

    from .paper import figures

    ds = read_dataset(Path(inputs["data"]) / p["file"])
    return figures.fig1(ds.X, ds.y, ds.meta["offset"], pattern=(p["true_k"], p["group_k"]))


def _fig2_panels(settings: Settings) -> list[str]:
    return [name for name in settings.config["figures"]["fig2_panels"] if name in settings.synthetic]


def _fig2_params(settings: Settings) -> dict:
    return {
        "panels": [[settings.labels()[key], f"{key}.csv"] for key in _fig2_panels(settings)],
        "not_in_run": settings.dropped_labels(settings.config["figures"]["fig2_panels"]),
    }


def _draw_fig2(inputs, p):
    from clustval.datasets.dataset import read_dataset

    from .paper import figures

    sets = [(label, read_dataset(Path(inputs["data"]) / file)) for label, file in p["panels"]]
    fig = figures.fig2([(label, ds.X, ds.y) for label, ds in sets])
    if p["not_in_run"]:
        fig.supxlabel(_not_in_run(p["not_in_run"]).strip(), fontsize=8)
    return fig


# ---------------------------------------------------------------- Fig. 3: choosing K
def _fig3_params(settings: Settings) -> dict:
    figures = settings.config["figures"]
    return {
        "indices": list(figures["fig3_indices"]),
        "dataset": settings.fig3["dataset"],
        "algorithm": settings.fig3["algorithm"],
        "algorithm_label": ALGORITHMS[settings.fig3["algorithm"]].label,
        "k_tick_step": figures["fig3_k_tick_step"],
    }


def _draw_fig3(inputs, p):
    from .paper import figures
    from .paper.scores import ScoreTable
    from .pipeline import read_init_fallbacks

    return figures.fig3(
        ScoreTable.read_csv(inputs["scores"]), p["indices"], dataset=p["dataset"],
        algorithm=p["algorithm"], k_tick_step=p["k_tick_step"],
        fallback_ks=read_init_fallbacks(inputs["clusterings"]), algorithm_label=p["algorithm_label"],
    )  # fmt: skip


# ---------------------------------------------------------------- Figs. 4-6: external indices
_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _external_title(name: str, indices) -> str:
    """"Fig. 4  S2 and five external indices", or the indices themselves when few."""
    labels = [get_index(index).label for index in indices]
    others = len(labels) - 1
    if others < 3:
        return f"Fig. {name.removeprefix('fig')}  {spoken_list(labels)}"
    count = _COUNTS[others] if others < len(_COUNTS) else others
    return f"Fig. {name.removeprefix('fig')}  {labels[0]} and {count} external indices"


def _external_params(name: str) -> Callable[[Settings], dict]:
    def params(settings: Settings) -> dict:
        figures = settings.config["figures"]
        labels = settings.labels()
        kinds = [("Synthetic data sets", settings.synthetic, "a"), ("UCI data sets", settings.uci, "b")]
        printed = figures["paper_axes"].get(name, {})
        return {
            "indices": list(figures[f"{name}_indices"]),
            "panels": [[title, {key: labels[key] for key in names}] for title, names, _ in kinds if names],
            # the paper's y axis of each panel (its panel letter: (a) synthetic, (b) UCI)
            "y_axes": [printed.get(letter) for _, names, letter in kinds if names],
            "algorithm": settings.external_algorithm,
            "algorithm_label": ALGORITHMS[settings.external_algorithm].label,
            "not_in_run": settings.dropped_labels(settings.dropped),
        }

    return params


def _external_draw(name: str):
    def draw(inputs, p):
        from .paper import figures
        from .paper.scores import ScoreTable

        title = f"{_external_title(name, p['indices'])} ({p['algorithm_label']}, K = C){_not_in_run(p['not_in_run'])}"
        return figures.fig_external(
            ScoreTable.read_csv(inputs["scores"]), p["indices"], p["panels"], title=title,
            algorithm=p["algorithm"], y_axes=p["y_axes"],
        )  # fmt: skip

    return draw


def _external(name: str, caption: str, claims: tuple[str, ...]) -> FigureSpec:
    return FigureSpec(
        name, caption, lambda settings: {"scores": f"results/scores/{MAIN}/external.csv"},
        _external_params(name), _external_draw(name),
        drawable=lambda settings: bool(settings.synthetic or settings.uci),
        label=f"Fig. {name.removeprefix('fig')}", claims=claims,
    )  # fmt: skip


# ---------------------------------------------------------------- beyond the paper
def _offset_sweep_params(settings: Settings) -> dict:
    from .paper.claims import ClaimSettings

    claims = ClaimSettings.from_params(settings.claim_params())
    return {
        "expected": claims.c1_expected,
        "ties": claims.readings["ties"],
        "true_k": claims.fig1_true_k,
        "default_offset": settings.config["fig1_set"]["offset"],
        "dataset": settings.fig3["dataset"],
        "algorithm": settings.fig3["algorithm"],
    }


def _draw_offset_sweep(inputs, p):
    from .paper import figures
    from .paper.scores import ScoreTable

    return figures.fig_robustness(
        ScoreTable.read_csv(inputs["scores"]), p["expected"], default_offset=p["default_offset"],
        dataset=p["dataset"], algorithm=p["algorithm"], ties=p["ties"], true_k=p["true_k"],
    )  # fmt: skip


def _uci_k_params(settings: Settings) -> dict:
    baselines = settings.config["claims"]["baselines"]
    return {
        "datasets": [[name, settings.labels()[name], len(settings.class_sizes()[name])] for name in settings.uci],
        "indices": list(settings.uci_k["indices"]),
        "algorithm": settings.uci_k["algorithm"],
        "algorithm_label": ALGORITHMS[settings.uci_k["algorithm"]].label,
        "ks": [settings.uci_k["k_min"], settings.uci_k["k_max"]],
        "fixed_k": baselines["fixed_k"],
        "ties": settings.config["claims"]["readings"]["ties"],
    }


def _draw_uci_k(inputs, p):
    from .paper import figures
    from .paper.scores import ScoreTable

    return figures.fig_uci_k(ScoreTable.read_csv(inputs["scores"]), p["datasets"], p["indices"], algorithm=p["algorithm"],
                             algorithm_label=p["algorithm_label"], ks=p["ks"], fixed_k=p["fixed_k"], ties=p["ties"])


def _draw_sensitivity(inputs, p):
    from .paper import figures
    from .paper.sensitivity import read_sensitivity_csv

    return figures.fig_sensitivity(*read_sensitivity_csv(inputs["table"]))


#: Every figure, by name, in the order the report lists them.
FIGURES: dict[str, FigureSpec] = {
    spec.name: spec
    for spec in (
        FigureSpec(
            "fig1",
            "Fig. 1: the 2-D set with {fig1_clusters} true sub-clusters in {fig1_groups} groups, "
            "coloured by true sub-cluster. The offset {offset} was fixed before the claims were checked; "
            "whether the paper's pattern holds at it, and over which band of offsets, is C1 across the "
            "offset sweep (results/claims.md and the offset sweep figure).",
            lambda settings: {"data": f"resources/data/{MAIN}/fig1"},
            lambda settings: {"file": f"{FIG1}.csv", "true_k": settings.config["claims"]["fig1_true_k"],
                              "group_k": settings.config["claims"]["fig1_group_k"]},  # fmt: skip
            _draw_fig1,
            label="Fig. 1",
            claims=("C1",),
        ),
        FigureSpec(
            "fig2",
            "Fig. 2: the synthetic sets {fig2_sets}, coloured by true class (reconstructed from "
            "Table 4's sizes and the paper's axis ranges).",
            lambda settings: {"data": f"resources/data/{MAIN}/synthetic"},
            _fig2_params,
            _draw_fig2,
            drawable=lambda settings: bool(_fig2_panels(settings)),
            label="Fig. 2",
        ),
        FigureSpec(
            "fig3",
            "Fig. 3: {fig3_indices} of {fig3_algorithm} on the {fig3_dataset} for K = "
            "{k_min}..{k_max}; each panel rings its best K, every K of a tie (claim C1: only STDI at "
            "{true_k}, the others at {group_k}, a tie read as {ties}); red ticks on the K axis mark "
            "where SD seeding ran out of candidates and filled its seeds farthest-first. The "
            "paper's panels print other y ranges (figures.paper_axes): the figure-axes table "
            "compares every panel.",
            lambda settings: {
                "scores": f"results/scores/{MAIN}/fig3.csv",
                "clusterings": f"results/clusterings/{MAIN}/fig3.csv",
            },
            _fig3_params,
            _draw_fig3,
            label="Fig. 3",
            claims=("C1",),
        ),
        _external(
            "fig4",
            "Fig. 4: {fig4_indices} for {external_algorithm} with K = C on (a) the synthetic "
            "sets and (b) the UCI sets (claims C2-C4). Each panel "
            "is drawn on the y range the paper prints for it, extended by whole tick steps (and a "
            "note in the panel says so) where our values fall outside it. Markers only: the data "
            "sets on the x axis are unrelated, so a line joining them (as the paper draws) would "
            "show a trend that does not exist; the indices are set slightly apart within each set.",
            ("C2", "C3", "C4", "C10", "C11", "C12"),
        ),
        _external(
            "fig5",
            "Fig. 5: {fig5_indices}, as Fig. 4 (claims C4-C6), on the paper's printed y ranges, "
            "markers only.",
            ("C4", "C5", "C6", "C13"),
        ),
        _external(
            "fig6",
            "Fig. 6: {fig6_indices} on (a) the synthetic sets and (b) the UCI sets (claims C7, "
            "C8), on the paper's printed y ranges, markers only.",
            ("C7", "C8", "C14"),
        ),
        FigureSpec(
            "fig_offset_sweep",
            "Beyond the paper: the best K of each Fig. 3 index as the Fig. 1 set's sub-cluster "
            "offset varies; C1 holds where STDI finds {true_k}, every other index finds "
            "{group_k} and no other index finds {true_k}, under the headline's tie rule ({ties}), as "
            "claims.csv reads it. Where an index ties (IGP = 1 at several K) every K of the tie is marked, "
            "as Fig. 3 rings them: open markers joined at that offset, and the index's line breaks "
            "there. The K axis labels the groups' and the true sub-clusters' K in bold. A narrow "
            "bar shades each measured offset where C1 holds: nothing was measured between grid "
            "points, so no shading spans them.",
            lambda settings: {"scores": f"results/robustness/{settings.offset_sweep}_scores.csv"},
            _offset_sweep_params,
            _draw_offset_sweep,
            drawable=lambda settings: settings.offset_sweep is not None,
            label="Fig. S1 (offset sweep)",
            claims=("C1",),
        ),
        FigureSpec(
            "fig_uci_k",
            "Beyond the paper (claim C15): on each UCI set, the true number of classes and the best K of STDI "
            "and of the other Fig. 3 indices over K = {uci_k_min}..{uci_k_max} ({uci_k_algorithm}), every K of "
            "a tie marked; the dashed line is the baseline that always answers K = {fixed_k}, which finds the "
            "true number on every two-class set.",
            lambda settings: {"scores": f"results/scores/{MAIN}/uci_k.csv"},
            _uci_k_params,
            _draw_uci_k,
            drawable=lambda settings: bool(settings.uci),
            label="Fig. S2 (C15)",
            claims=("C15",),
        ),
        FigureSpec(
            "sensitivity",
            "Beyond the paper: one small heat map per sensitivity sweep (UCI preprocessing x "
            "clustering of Figs. 4-6, the SD K-medoids radius, STDI's norm x clustering for C1 and "
            "for C15), for the other readings of the words, and for each swept threshold "
            "('slightly below', 'clearly above', 'the same trend'); rows are the claims the panel "
            "re-checks, colour = share of the claim's checks that hold, each cell annotated with its "
            "verdict; * marks the variant equal to the main study.",
            lambda settings: {"table": "results/sensitivity.csv"},
            lambda settings: {},
            _draw_sensitivity,
            drawable=lambda settings: bool(settings.sensitivity_sweeps),
            label="Fig. S3 (sensitivity)",
        ),
    )
}


def _labels(names) -> str:
    return spoken_list([get_index(name).label for name in names])


# What a caption may name: each value from the run's settings, computed when a caption asks.
_CAPTION_FIELDS: dict[str, Callable[[Settings], object]] = {
    "offset": lambda s: s.config["fig1_set"]["offset"],
    "fig1_groups": lambda s: len(s.config["fig1_set"]["group_centres"]),
    "fig1_clusters": lambda s: len(s.config["fig1_set"]["group_centres"]) * len(s.config["fig1_set"]["angles_deg"]),
    "fig2_sets": lambda s: spoken_list([label for label, _ in _fig2_params(s)["panels"]]),
    "fig3_indices": lambda s: _labels(s.config["figures"]["fig3_indices"]),
    "fig3_algorithm": lambda s: ALGORITHMS[s.fig3["algorithm"]].label,
    "fig3_dataset": lambda s: s.labels()[s.fig3["dataset"]],
    "k_min": lambda s: s.fig3["k_min"],
    "k_max": lambda s: s.fig3["k_max"],
    "true_k": lambda s: s.config["claims"]["fig1_true_k"],
    "group_k": lambda s: s.config["claims"]["fig1_group_k"],
    "ties": lambda s: s.config["claims"]["readings"]["ties"],
    "uci_k_min": lambda s: s.uci_k["k_min"],
    "uci_k_max": lambda s: s.uci_k["k_max"],
    "uci_k_algorithm": lambda s: ALGORITHMS[s.uci_k["algorithm"]].label,
    "fixed_k": lambda s: s.config["claims"]["baselines"]["fixed_k"],
    "external_algorithm": lambda s: ALGORITHMS[s.external_algorithm].label,
    **{f"{figure}_indices": (lambda s, figure=figure: _labels(s.config["figures"][f"{figure}_indices"]))
       for figure in ("fig4", "fig5", "fig6")},
}  # fmt: skip


class _CaptionFields(dict):
    def __init__(self, settings: Settings):
        super().__init__()
        self.settings = settings

    def __missing__(self, field: str):
        return _CAPTION_FIELDS[field](self.settings)


def caption_text(settings: Settings, name: str) -> str:
    """Figure ``name``'s caption with its fields filled from the run's settings (the numbers
    and names it states come from the config, as the figure's do).

    Examples
    --------
    >>> class Run:
    ...     config = {"fig1_set": {"offset": 0.1, "group_centres": [[0, 0], [1, 1]], "angles_deg": [0, 180]}}
    >>> caption_text(Run(), "fig1")[:70]
    'Fig. 1: the 2-D set with 4 true sub-clusters in 2 groups, coloured by '
    """
    return _spec(name).caption.format_map(_CaptionFields(settings))


def _spec(name: str) -> FigureSpec:
    try:
        return FIGURES[name]
    except KeyError:
        raise InputError(f"unknown figure {name!r}; known figures: {', '.join(FIGURES)}.") from None


def figures_to_draw(settings: Settings) -> list[str]:
    """The figures this run can draw, in table order: a figure of no selected set is left out.

    Examples
    --------
    >>> class NoSets:  # a run that selects no data set and no sweep
    ...     config = {"figures": {"fig2_panels": ["ec2"]}}
    ...     synthetic = uci = {}
    ...     offset_sweep, sensitivity_sweeps = None, []
    >>> figures_to_draw(NoSets())
    ['fig1', 'fig3']
    """
    return [name for name, spec in FIGURES.items() if spec.drawable(settings)]


def figure_inputs(settings: Settings, name: str) -> dict[str, str]:
    """The paths figure ``name``'s job reads.

    Examples
    --------
    >>> figure_inputs(None, "fig3")  # the same in every run
    {'scores': 'results/scores/main/fig3.csv', 'clusterings': 'results/clusterings/main/fig3.csv'}
    """
    return _spec(name).inputs(settings)


def figure_params(settings: Settings, name: str) -> dict:
    """Exactly what the job drawing figure ``name`` uses: its entry's params, the dpi and
    the caption.

    Examples
    --------
    >>> class Run:
    ...     config = {"figures": {"dpi": 150}, "claims": {"fig1_true_k": 9, "fig1_group_k": 3},
    ...               "fig1_set": {"offset": 0.09, "group_centres": [[0, 0]] * 3, "angles_deg": [0, 1, 2]}}
    >>> params = figure_params(Run(), "fig1")
    >>> params["dpi"], params["file"], params["caption"][:7]
    (150, 'fig1.csv', 'Fig. 1:')
    """
    spec = _spec(name)
    return {"dpi": settings.config["figures"]["dpi"], **spec.params(settings), "caption": caption_text(settings, name)}


def figure_label(name: str) -> str:
    """How the report and the index page name figure ``name`` (its label; else its name).

    Examples
    --------
    >>> [figure_label(name) for name in ("fig1", "fig6", "fig_offset_sweep")]
    ['Fig. 1', 'Fig. 6', 'Fig. S1 (offset sweep)']
    """
    spec = _spec(name)
    return spec.label or spec.name


def claim_figures(settings: Settings) -> dict[str, list[dict[str, str]]]:
    """Each claim's figures of this run, in figure order: ``{claim: [{"file", "label"}]}``
    (the replication report shows them in the claim's section).

    Examples
    --------
    >>> class Run:
    ...     config = {"figures": {"fig2_panels": []}}
    ...     synthetic, uci, offset_sweep, sensitivity_sweeps = ["ec2"], [], None, []
    >>> [f["file"] for f in claim_figures(Run())["C1"]]
    ['figures/fig1.png', 'figures/fig3.png']
    """
    found: dict[str, list[dict[str, str]]] = {}
    for name in figures_to_draw(settings):
        for claim in _spec(name).claims:
            found.setdefault(claim, []).append({"file": f"figures/{name}.png", "label": figure_label(name)})
    return found


def index_figures(settings: Settings) -> dict[str, dict[str, str]]:
    """The figures of this run for the index page, in figure order: label and caption."""
    return {
        name: {"label": figure_label(name), "caption": caption_text(settings, name)}
        for name in figures_to_draw(settings)
    }


#: What a row of Table 5 reads of its set's catalog entry (clustval.repro.data.table5_rows).
TABLE5_FIELDS = ("label", "title", "printed", "note")


def table_params(settings: Settings, name: str) -> dict:
    """Exactly what the job writing Table 4 or Table 5 uses. Table 4: the selected sets'
    config entries. Table 5: the selection (``uci_datasets``) and, per set, the four fields
    of its catalog entry a row prints (:data:`TABLE5_FIELDS`): a change to one re-runs the
    job, and the report's job panel shows them, not the whole catalog and the download
    settings.
    """
    params = settings.table_params(name)
    if name != "table5":
        return params
    catalog = params["config"].get("catalog", {})
    return {
        "config": {"uci_datasets": list(params["config"]["uci_datasets"])},
        "rows": {key: {field: catalog[key][field] for field in TABLE5_FIELDS} for key in catalog},
        "files": params["files"],
        "not_in_run": params["not_in_run"],
    }


def draw_figure(name: str, inputs: Mapping[str, str], params: dict):
    """Draw figure ``name`` from its job's inputs and params (a matplotlib Figure).

    Examples
    --------
    >>> draw_figure("fig7", {}, {})
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: unknown figure 'fig7'; known figures: fig1, fig2, fig3, fig4, fig5, fig6, fig_offset_sweep, fig_uci_k, sensitivity.
    """
    return _spec(name).draw(inputs, params)
