"""Check the paper's claims and their robustness, sensitivity and spread; write claims.csv,
claims.md, claims.html, sensitivity.csv, .md, .html and spread.csv."""

from dataclasses import replace

from clustval.io import atomic_write_text
from clustval.repro.paper.claims import (
    ClaimSettings,
    claim_robustness,
    claims_by_group,
    evaluate_claims,
    write_claims,
)
from clustval.repro.paper.report import markdown_safe
from clustval.repro.paper.scores import ScoreTable
from clustval.repro.paper.sensitivity import (
    claims_fragility,
    dependence,
    sensitivity_markdown,
    sensitivity_table,
    write_sensitivity,
)
from clustval.repro.paper.claims.words import untested_results
from clustval.repro.paper.spread import (
    SPREAD_COLUMNS,
    attach_noise,
    bootstrap_rows,
    read_replicates,
    seed_rows,
)
from clustval.repro.paper.diagnostics import read_diagnostics, variant_checks
from clustval.repro.paper.trace import causes_text, trace_failures
from clustval.repro.pipeline import read_init_fallbacks, step
from clustval.repro.verified import read_verified_csv, write_verified_csv

with step(snakemake) as log:
    settings = ClaimSettings.from_params(snakemake.params.claims)
    spread = snakemake.params.spread
    fallback_ks = read_init_fallbacks(snakemake.input.fig3_clusterings)
    main_table = ScoreTable.read_csv(snakemake.input.scores)
    results = evaluate_claims(main_table, settings, fallback_ks)
    results = attach_noise(results, read_replicates(snakemake.input.replicates), spread["level"])
    results = attach_noise(results, read_replicates(snakemake.input.reclustered), spread["level"], "recluster")
    diagnostics = read_diagnostics(snakemake.input.diagnostics)
    if snakemake.input.label_variant:
        variant = read_verified_csv(snakemake.input.label_variant[0])
        dataset, feature = variant[0]["dataset"], int(variant[0]["feature"])
        found = variant_checks(results, dataset, {row["index"]: float(row["value"]) for row in variant},
                               f"feature {feature} as the label (classes {variant[0]['class_sizes']})")
        results = [replace(r, detail={**r.detail, "label_variant": [f for f in found if f["claim"] == r.id]})
                   if any(f["claim"] == r.id for f in found) else r for r in results]
    sweeps = dict(zip(snakemake.params.sweeps, map(ScoreTable.read_csv, snakemake.input.sweeps)))
    fallbacks = {
        study: {value: read_init_fallbacks(path, run=key) for value, key in runs}
        for (study, runs), path in zip(snakemake.params.fallback_runs.items(), snakemake.input.sweep_fig3_clusterings)
    }
    sensitivity = sensitivity_table(settings, results, sweeps, fallbacks, main_table, fallback_ks)
    spread_rows = []
    if spread["seed_sweep"]:
        seeds = sweeps[spread["seed_sweep"]]
        per_seed = claims_by_group(seeds, settings, settings.sweeps[spread["seed_sweep"]][1])
        spread_rows += seed_rows(main_table, seeds, spread["indices"], spread["algorithm"],
                                 {seed: list(found.values()) for seed, found in per_seed.items()}, results)
    spread_rows += bootstrap_rows(results)
    write_verified_csv(spread_rows, SPREAD_COLUMNS, snakemake.output.spread)
    by_sweep = {study: claims_by_group(table, settings, settings.sweeps[study][1], fallbacks.get(study, {}))
                for study, table in sweeps.items() if settings.sweeps[study][1]}
    traces = trace_failures(results, settings, sensitivity, by_sweep, diagnostics)
    results = [replace(r, detail={**r.detail, "traces": [t.as_dict() for t in traces.get(r.id, [])]}) for r in results]
    causes = {claim: causes_text(found) for claim, found in traces.items()}
    results += untested_results(settings)
    results += claim_robustness(settings, sweeps, fallbacks)
    for result in results:
        log.info("%s (%s): %s", result.id, result.scope, result.verdict)
    depends_on = {claim: dependence(sensitivity, claim, settings.labels) for claim in sensitivity.claims}
    fragility = claims_fragility(results, sensitivity, by_sweep, settings)
    write_claims(results, snakemake.output.csv, snakemake.output.md, settings,
                 html_path=snakemake.output.html, depends_on=depends_on, causes=causes, fragility=fragility)
    out = snakemake.output
    write_sensitivity(sensitivity, settings, out.sensitivity_csv, out.sensitivity_md, out.sensitivity_html)
    # a set's label from the config opens no HTML tag where the Markdown is rendered
    atomic_write_text(out.sensitivity_md, markdown_safe(sensitivity_markdown(sensitivity, settings)))
