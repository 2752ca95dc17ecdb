"""Check the paper's claims C1-C9 and their robustness; write claims.csv and claims.md."""

from clustval.paper.claims import ClaimSettings, claim_robustness, evaluate_claims, write_claims
from clustval.paper.scores import ScoreTable
from clustval.pipeline import step

with step(snakemake) as log:
    settings = ClaimSettings.from_config(snakemake.config)
    results = evaluate_claims(ScoreTable.read_csv(snakemake.input.scores), settings)
    results += claim_robustness(
        settings,
        offset_table=ScoreTable.read_csv(snakemake.input.offset_scores),
        seed_table=ScoreTable.read_csv(snakemake.input.seed_scores),
    )
    for result in results:
        log.info("%s (%s): %s", result.id, result.scope, result.verdict)
    write_claims(results, snakemake.output.csv, snakemake.output.md, settings)
