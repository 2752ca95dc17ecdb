# The settings (read once in the Snakefile) and the input functions of the rules (no rules here).
from clustval.repro import figure_table
from clustval.repro.settings import MAIN
from clustval.repro.sources import script_sources

STUDIES = SETTINGS.studies
SWEEPS = [study for study in STUDIES if study != MAIN]


wildcard_constraints:
    study="|".join(STUDIES),
    group="external|fig3|uci_k",
    kind="synthetic|uci|fig1",
    battery="[a-z0-9_]+",
    bench="[A-Za-z0-9_]+",


SCRIPTS = Path(workflow.current_basedir).parent / "scripts"


def script_code(script):
    """The reproduction's modules that a rule's script runs, the rule's input `code`: an
    edit to one reruns the jobs whose outputs it may change (clustval.repro.sources)."""
    return script_sources(SCRIPTS / script)


def data_dirs(study, group=None):
    """The data directories a batch reads, by kind of set (a sweep that changes the
    scoring only reads the main study's)."""
    source = SETTINGS.source_study(study)
    return {
        kind: f"resources/data/{source}/{kind}"
        for kind in SETTINGS.data_kinds(study, group)
    }


def clustering_file(wildcards):
    """The clusterings a score job scores (the main study's for a scoring-only sweep)."""
    source = SETTINGS.source_study(wildcards.study)
    return f"results/clusterings/{source}/{wildcards.group}.csv"


def batch_inputs(wildcards):
    return data_dirs(wildcards.study, wildcards.group)


def figure_inputs(wildcards):
    return figure_table.figure_inputs(SETTINGS, wildcards.figure)


def table_inputs(wildcards):
    kind = {"table4": "synthetic", "table5": "uci"}[wildcards.table]
    return {"data": f"resources/data/{MAIN}/{kind}"}


def fallback_clusterings():
    """The Fig. 3 clusterings of each sweep (C1 lists the K where SD seeding fell back)."""
    return [
        f"results/clusterings/{SETTINGS.source_study(study)}/fig3.csv"
        for study in SETTINGS.fallback_runs()
    ]


def score_files(study):
    return [
        f"results/scores/{study}/{group}.csv" for _, group in SETTINGS.batches(study)
    ]


def intermediate_outputs():
    """Every file or data folder a job writes for other jobs. `rule all` asks for them too,
    so one that is missing, or damaged and removed before the DAG is built, is rebuilt in
    the same run, and what it feeds after it (Snakemake alone skips a missing intermediate
    whose consumers look up to date)."""
    paths = set()
    for study in STUDIES:
        for _, group in SETTINGS.batches(study):
            paths.update(data_dirs(study, group).values())
            paths.add(f"results/clusterings/{SETTINGS.source_study(study)}/{group}.csv")
            paths.add(f"results/scores/{study}/{group}.csv")
    return sorted(paths)


def label_variant_file():
    """The label variant's values, when its set runs (config claims.label_variant)."""
    return ["results/label_variant.csv"] if SETTINGS.label_variant_params() else []


def read_back_outputs():
    """The final outputs other jobs read back (checked like the intermediates)."""
    return [
        "results/scores.csv",
        "results/sensitivity.csv",
        "results/bootstrap/replicates.csv",
        "results/bootstrap/reclustered.csv",
        "results/diagnostics.csv",
        *label_variant_file(),
        "results/spread.csv",
        "results/environment.csv",
        *expand("results/robustness/{study}_scores.csv", study=SWEEPS),
    ]


def final_outputs():
    figures = expand(
        "results/figures/{figure}.{ext}",
        figure=figure_table.figures_to_draw(SETTINGS),
        ext=["png", "pdf"],
    )
    tables = expand(
        "results/tables/{table}.{ext}",
        table=[
            name
            for name, sets in (("table4", SETTINGS.synthetic), ("table5", SETTINGS.uci))
            if sets
        ],
        ext=["csv", "md", "html"],
    )
    return (
        figures
        + tables
        + [
            "results/scores.csv",
            "results/scores.html",
            "results/claims.csv",
            "results/claims.md",
            "results/claims.html",
            "results/sensitivity.csv",
            "results/sensitivity.md",
            "results/sensitivity.html",
            "results/spread.csv",
            "results/bootstrap/replicates.csv",
            "results/bootstrap/reclustered.csv",
            "results/diagnostics.csv",
            *label_variant_file(),
            "results/provenance.html",
            "results/environment.csv",
            "results/replication.md",
            "results/replication.html",
            "results/figure_axes.csv",
            "results/figure_axes.md",
            "results/figure_axes.html",
            *expand("results/robustness/{study}_scores.csv", study=SWEEPS),
            "results/index.html",
        ]
    )


# ---------------------------------------------------------------- the generalisation target
STUDY_SETS = STUDY.sets


def bench_name(wildcards):
    return f"{wildcards.battery}/{wildcards.bench}"


def bench_mem_mb(wildcards):
    # the K-medoids hold the n x n distance matrix (8 n^2 bytes), the indices their budget
    n = STUDY.catalog[bench_name(wildcards)]["n"]
    return 1024 + 8 * n * n // 2**20 + STUDY.settings.indices["memory_budget_mb"]


def generalisation_scores():
    return [f"results/generalisation/scores/{name}.csv" for name in STUDY_SETS]


def generalisation_read_back():
    """The study's tables that its jobs read back (checked against the manifest, as the
    main study's are)."""
    return [
        *(f"results/generalisation/clusterings/{name}.csv" for name in STUDY_SETS),
        *generalisation_scores(),
        *(
            f"results/generalisation/{name}.csv"
            for name in ("scores", "best_k", "k_recovery", "claims", "sets")
        ),
    ]
