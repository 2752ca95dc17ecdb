"""Draw one of the paper's figures (or the offset-sweep figure) as PNG and PDF."""

from clustval.data import read_dataset
from clustval.paper import figures
from clustval.paper.claims import ClaimSettings
from clustval.paper.scores import ScoreTable
from clustval.pipeline import step

EXTERNAL_TITLES = {
    "fig4": "Fig. 4  S2 and five external indices (Park-Jun K-medoids, K = C)",
    "fig5": "Fig. 5  PS2 and five external indices (Park-Jun K-medoids, K = C)",
    "fig6": "Fig. 6  S2, PS2 and Accuracy (Park-Jun K-medoids, K = C)",
}


def draw(name, inputs, config, labels):
    settings = config["figures"]
    if name == "fig1":
        ds = read_dataset(inputs.datasets[0])
        return figures.fig1(ds.X, ds.y, ds.meta["offset"])
    if name == "fig2":
        sets = {ds.name: ds for ds in map(read_dataset, inputs.datasets)}
        return figures.fig2([(labels[key], sets[key].X, sets[key].y) for key in settings["fig2_panels"]])
    table = ScoreTable.read_csv(inputs.scores)
    fig3 = config["pipeline"]["fig3"]
    if name == "fig3":
        return figures.fig3(
            table, settings["fig3_indices"], dataset=fig3["dataset"], algorithm=fig3["algorithm"],
            k_tick_step=settings["fig3_k_tick_step"],
        )
    if name == "fig_offset_sweep":
        expected = ClaimSettings.from_config(config).c1_expected
        return figures.fig_robustness(
            table, expected, default_offset=config["fig1_set"]["offset"],
            dataset=fig3["dataset"], algorithm=fig3["algorithm"],
        )
    panels = [
        ("Synthetic data sets", {key: labels[key] for key in settings["synthetic_order"]}),
        ("UCI data sets", {key: labels[key] for key in settings["uci_order"]}),
    ]
    return figures.fig_external(table, settings[f"{name}_indices"], panels, title=EXTERNAL_TITLES[name])


with step(snakemake):
    name = snakemake.wildcards.figure
    fig = draw(name, snakemake.input, snakemake.config, snakemake.params.labels)
    figures.save_figure(fig, [snakemake.output.png, snakemake.output.pdf], dpi=snakemake.params.figures["dpi"])
