"""Draw one figure of the figure table (clustval.repro.figure_table) as PNG and PDF."""

from clustval.plotting import save_figure
from clustval.repro.figure_table import draw_figure
from clustval.repro.pipeline import step

with step(snakemake):
    params = snakemake.params.figure
    fig = draw_figure(snakemake.wildcards.figure, dict(snakemake.input.items()), params)
    save_figure(fig, [snakemake.output.png, snakemake.output.pdf], dpi=params["dpi"])
