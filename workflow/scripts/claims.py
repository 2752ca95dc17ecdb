"""Check the paper's claims C1-C9 and their robustness and sensitivity; write claims.csv,
claims.md, claims.html and sensitivity.csv, .md, .html."""

from clustval.io import atomic_write_text
from clustval.repro.paper.claims import (
    ClaimSettings,
    claim_robustness,
    evaluate_claims,
    write_claims,
)
from clustval.repro.paper.report import markdown_safe, unescape_params
from clustval.repro.paper.scores import ScoreTable
from clustval.repro.paper.sensitivity import (
    dependence,
    sensitivity_markdown,
    sensitivity_table,
    write_sensitivity,
)
from clustval.repro.pipeline import read_init_fallbacks, step

with step(snakemake) as log:
    settings = ClaimSettings.from_params(unescape_params(snakemake.params.claims))  # escaped for the report
    fallback_ks = read_init_fallbacks(snakemake.input.fig3_clusterings)
    results = evaluate_claims(ScoreTable.read_csv(snakemake.input.scores), settings, fallback_ks)
    sweeps = dict(zip(snakemake.params.sweeps, map(ScoreTable.read_csv, snakemake.input.sweeps)))
    fallbacks = {
        study: {value: read_init_fallbacks(path, run=key) for value, key in runs}
        for (study, runs), path in zip(snakemake.params.fallback_runs.items(), snakemake.input.sweep_fig3_clusterings)
    }
    sensitivity = sensitivity_table(settings, results, sweeps, fallbacks)
    results += claim_robustness(settings, sweeps, fallbacks)
    for result in results:
        log.info("%s (%s): %s", result.id, result.scope, result.verdict)
    depends_on = {claim: dependence(sensitivity, claim, settings.labels) for claim in sensitivity.claims}
    write_claims(results, snakemake.output.csv, snakemake.output.md, settings,
                 html_path=snakemake.output.html, depends_on=depends_on)
    out = snakemake.output
    write_sensitivity(sensitivity, settings, out.sensitivity_csv, out.sensitivity_md, out.sensitivity_html)
    # a set's label from the config opens no HTML tag where the Markdown is rendered
    atomic_write_text(out.sensitivity_md, markdown_safe(sensitivity_markdown(sensitivity, settings)))
