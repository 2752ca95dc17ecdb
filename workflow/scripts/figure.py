"""Draw one of the paper's figures (or the offset-sweep figure, or the sensitivity heat map) as PNG and PDF."""

from pathlib import Path

from clustval.datasets.dataset import read_dataset
from clustval.plotting import save_figure
from clustval.repro.paper import figures
from clustval.repro.paper.scores import ScoreTable
from clustval.repro.paper.sensitivity import read_sensitivity_csv
from clustval.repro.pipeline import read_init_fallbacks, step

TITLES = {
    "fig4": "Fig. 4  S2 and five external indices",
    "fig5": "Fig. 5  PS2 and five external indices",
    "fig6": "Fig. 6  S2, PS2 and Accuracy",
}


def not_in_run(labels):
    return f"\nnot in this run: {', '.join(labels)}" if labels else ""


def draw(name, inputs, p):
    if name == "fig1":
        ds = read_dataset(Path(inputs.data) / p["file"])
        return figures.fig1(ds.X, ds.y, ds.meta["offset"])
    if name == "fig2":
        sets = [(label, read_dataset(Path(inputs.data) / file)) for label, file in p["panels"]]
        fig = figures.fig2([(label, ds.X, ds.y) for label, ds in sets])
        if p["not_in_run"]:
            fig.supxlabel(not_in_run(p["not_in_run"]).strip(), fontsize=8)
        return fig
    if name == "sensitivity":
        return figures.fig_sensitivity(*read_sensitivity_csv(inputs.table))
    table = ScoreTable.read_csv(inputs.scores)
    if name == "fig3":
        return figures.fig3(
            table, p["indices"], dataset=p["dataset"], algorithm=p["algorithm"], k_tick_step=p["k_tick_step"],
            fallback_ks=read_init_fallbacks(inputs.clusterings), algorithm_label=p["algorithm_label"],
        )
    if name == "fig_offset_sweep":
        return figures.fig_robustness(
            table, p["expected"], default_offset=p["default_offset"], dataset=p["dataset"], algorithm=p["algorithm"]
        )
    title = f"{TITLES[name]} ({p['algorithm_label']}, K = C){not_in_run(p['not_in_run'])}"
    return figures.fig_external(
        table, p["indices"], p["panels"], title=title, algorithm=p["algorithm"], y_axes=p["y_axes"]
    )


with step(snakemake):
    params = snakemake.params.figure
    fig = draw(snakemake.wildcards.figure, snakemake.input, params)
    save_figure(fig, [snakemake.output.png, snakemake.output.pdf], dpi=params["dpi"])
