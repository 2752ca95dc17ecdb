"""Check the paper's claims C1-C9 and their robustness; write claims.csv, claims.md, claims.html."""

from clustval.paper.claims import ClaimSettings, claim_robustness, evaluate_claims, write_claims
from clustval.paper.scores import ScoreTable
from clustval.pipeline import read_init_fallbacks, step

with step(snakemake) as log:
    settings = ClaimSettings.from_params(snakemake.params.claims)
    fallback_ks = read_init_fallbacks(snakemake.input.fig3_clusterings)
    results = evaluate_claims(ScoreTable.read_csv(snakemake.input.scores), settings, fallback_ks)
    sweeps = dict(zip(snakemake.params.sweeps, map(ScoreTable.read_csv, snakemake.input.sweeps)))
    results += claim_robustness(settings, sweeps)
    for result in results:
        log.info("%s (%s): %s", result.id, result.scope, result.verdict)
    write_claims(results, snakemake.output.csv, snakemake.output.md, settings, html_path=snakemake.output.html)
