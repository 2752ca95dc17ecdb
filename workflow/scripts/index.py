"""results/index.html: one page linking every page, figure and table of the run."""

from clustval.io import atomic_write_text
from clustval.repro.paper.report import index_html, unescape_params
from clustval.repro.pipeline import step

with step(snakemake) as log:
    p = unescape_params(snakemake.params.index)  # escaped for the report (figures.smk)
    atomic_write_text(snakemake.output[0], index_html(p["files"], p["figures"]))
    log.info("%s: links to %d files", snakemake.output[0], len(p["files"]))
