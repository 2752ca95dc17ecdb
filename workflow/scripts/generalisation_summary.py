"""Sum the study up over the battery: every score in one table, each index's best K, the
K-recovery shares with their intervals, the claims' shares, the sets."""

from clustval.repro.generalisation.study import SCORE_COLUMNS
from clustval.repro.generalisation.summary import best_k_rows, claim_rows, paper_shares, recovery_rows, set_rows
from clustval.repro.paper.scores import ScoreTable
from clustval.repro.pipeline import step
from clustval.repro.verified import read_verified_csv, write_verified_csv

with step(snakemake) as log:
    p = snakemake.params
    rows = [row for path in snakemake.input.scores for row in read_verified_csv(path)]
    paper = paper_shares(ScoreTable.read_csv(snakemake.input.paper_scores), p.paper_claim_settings, p.claims)
    write_verified_csv(rows, SCORE_COLUMNS, snakemake.output.scores)
    ties = p.claim_settings["readings"]["ties"]
    best = best_k_rows(rows, p.sets, p.ks, p.k_algorithms, p.correlation_index, ties)
    tables = {
        "best_k": best,
        "recovery": recovery_rows(best, p.bootstrap, p.baselines, p.ks, ties),
        "claims": claim_rows(rows, p.sets, p.claims, p.claim_settings, p.reference_algorithm, p.k_algorithms[0],
                             p.bootstrap, p.permutation, paper),
        "sets": set_rows(p.sets, p.ks),
    }
    for name, table in tables.items():
        write_verified_csv(table, list(table[0]), snakemake.output[name])
        log.info("%s: %d rows", snakemake.output[name], len(table))
