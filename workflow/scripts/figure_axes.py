"""The paper's printed y range of every panel of Figs. 3-6 beside our data range, flagged."""

from clustval.repro.paper.axes import write_figure_axes
from clustval.repro.paper.scores import ScoreTable
from clustval.repro.pipeline import step

with step(snakemake) as log:
    p = snakemake.params.axes
    sweeps = {name: ScoreTable.read_csv(path) for name, path in zip(p["sweeps"], snakemake.input.sweeps)}
    rows = write_figure_axes(
        ScoreTable.read_csv(snakemake.input.scores), p, sweeps,
        csv_path=snakemake.output.csv, md_path=snakemake.output.md, html_path=snakemake.output.html,
    )
    for row in rows:
        log.info("%s %s (%s): %s", row["panel"], row["plots"], row["variant"], row["finding"])
