# Config helpers and input functions only (no rules).
from dataclasses import asdict

from clustval.data import FIG1, uci_specs

UCI_SPECS = uci_specs(config)  # the package's catalog entries that config selects
UCI = list(UCI_SPECS)
SYNTHETIC = list(config["synthetic"]["sets"])
DATASETS = SYNTHETIC + UCI + [FIG1]

FIG3 = config["pipeline"]["fig3"]
K_SWEEP = list(range(FIG3["k_min"], FIG3["k_max"] + 1))
OFFSETS = [f"{offset:.2f}" for offset in config["fig1_set"]["offset_sweep"]]
SEEDS = [str(seed) for seed in config["pipeline"]["robustness"]["generator_seeds"]]


wildcard_constraints:
    uci="|".join(UCI),
    synthetic="|".join(SYNTHETIC),
    dataset="|".join(DATASETS),
    algorithm="park_jun|sd_kmedoids",
    offset=r"\d+\.\d+",
    seed=r"\d+",


def clusterings():
    """Every clustering of the main experiment: Park-Jun with K = C, SD K-medoids on Fig. 1."""
    runs = [f"results/clusterings/park_jun/{name}.csv" for name in SYNTHETIC + UCI]
    runs.append(f"results/clusterings/{FIG3['algorithm']}/{FIG3['dataset']}.csv")
    return runs


def uci_spec(wildcards):
    """The catalog entry of a UCI set (params, so a catalog change re-runs it)."""
    return asdict(UCI_SPECS[wildcards.uci])


def generator_spec(wildcards):
    """The config entry a generated set is drawn from (params, so an edit re-runs it)."""
    if wildcards.generated == FIG1:
        return config["fig1_set"]
    return {
        "seed": config["synthetic"]["seed"],
        **config["synthetic"]["sets"][wildcards.generated],
    }


def final_outputs():
    figures = expand(
        "results/figures/{figure}.{ext}", figure=list(FIGURE_INPUTS), ext=["png", "pdf"]
    )
    tables = expand(
        "results/tables/{table}.{ext}", table=["table4", "table5"], ext=["csv", "md"]
    )
    return (
        figures
        + tables
        + [
            "results/scores.csv",
            "results/claims.csv",
            "results/claims.md",
            "results/robustness/offset_scores.csv",
            "results/robustness/seed_scores.csv",
        ]
    )


def dataset_labels():
    """Display label of every data set, as the paper's figures spell it."""
    labels = {name: spec["label"] for name, spec in config["synthetic"]["sets"].items()}
    labels.update({name: spec.label for name, spec in UCI_SPECS.items()})
    labels[FIG1] = "Fig. 1 set"
    return labels
