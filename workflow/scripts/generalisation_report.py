"""The page of the study beyond the paper's sets and its figures, from the summary's tables."""

from clustval.repro.generalisation.report import battery_figure, claims_figure, recovery_figure, write_report
from clustval.repro.generalisation.summary import read_table
from clustval.repro.pipeline import step

with step(snakemake):
    p, out = snakemake.params, snakemake.output
    recovery, claims, sets = (read_table(snakemake.input[name]) for name in ("recovery", "claims", "sets"))
    recovery_figure(recovery, p.k_algorithms, out.recovery_png, out.recovery_pdf, p.dpi)
    claims_figure(claims, out.claims_png, out.claims_pdf, p.dpi)
    battery_figure(recovery, p.k_algorithms[0], out.batteries_png, out.batteries_pdf, p.dpi)
    write_report(recovery, claims, sets, dict(p), out.md, out.html)
