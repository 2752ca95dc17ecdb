"""The page of the study beyond the paper's sets and its figures, from the summary's tables."""

import csv

from clustval.repro.generalisation.report import battery_figure, claims_figure, recovery_figure, write_report
from clustval.repro.pipeline import step


def read(path):
    def cell(text):
        if text in ("true", "false"):
            return text == "true"
        try:
            return int(text)
        except ValueError:
            pass
        try:
            return float(text)
        except ValueError:
            return text

    with open(path, newline="", encoding="utf-8") as handle:
        return [{key: cell(value) for key, value in row.items()} for row in csv.DictReader(handle)]


with step(snakemake):
    p, out = snakemake.params, snakemake.output
    recovery, claims, sets = (read(snakemake.input[name]) for name in ("recovery", "claims", "sets"))
    recovery_figure(recovery, p.k_algorithms, out.recovery_png, out.recovery_pdf, p.dpi)
    claims_figure(claims, out.claims_png, out.claims_pdf, p.dpi)
    battery_figure(recovery, p.k_algorithms[0], out.batteries_png, out.batteries_pdf, p.dpi)
    write_report(recovery, claims, sets, dict(p), out.md, out.html)
