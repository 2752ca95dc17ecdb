# Figures 1-6 and the offset-sweep figure, Tables 4-5, the claims table.

FIGURE_INPUTS = {
    "fig1": {"datasets": [f"resources/data/{FIG1}.csv"]},
    "fig2": {"datasets": expand("resources/data/{name}.csv", name=SYNTHETIC)},
    "fig3": {"scores": "results/scores.csv"},
    "fig4": {"scores": "results/scores.csv"},
    "fig5": {"scores": "results/scores.csv"},
    "fig6": {"scores": "results/scores.csv"},
    "fig_offset_sweep": {"scores": "results/robustness/offset_scores.csv"},
}


rule figure:
    input:
        unpack(lambda wildcards: FIGURE_INPUTS[wildcards.figure]),
    output:
        png=report(
            "results/figures/{figure}.png",
            category="Figures",
            caption="../report/figure.rst",
            labels={"figure": "{figure}"},
        ),
        pdf="results/figures/{figure}.pdf",
    log:
        "logs/figure/{figure}.log",
    wildcard_constraints:
        figure="|".join(FIGURE_INPUTS),
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=1024,
        runtime=5,
    params:
        figures=config["figures"],
        labels=dataset_labels(),
    script:
        "../scripts/figure.py"


rule table4:
    input:
        expand("resources/data/{name}.csv", name=SYNTHETIC),
    output:
        csv=report(
            "results/tables/table4.csv",
            category="Tables",
            caption="../report/table4.rst",
        ),
        md="results/tables/table4.md",
    log:
        "logs/table4.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    params:
        synthetic=config["synthetic"],
    script:
        "../scripts/table.py"


rule table5:
    input:
        expand("resources/data/{name}.csv", name=UCI),
    output:
        csv=report(
            "results/tables/table5.csv",
            category="Tables",
            caption="../report/table5.rst",
        ),
        md="results/tables/table5.md",
    log:
        "logs/table5.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    params:
        uci_datasets=config["uci_datasets"],
    script:
        "../scripts/table.py"


rule claims:
    input:
        scores="results/scores.csv",
        offset_scores="results/robustness/offset_scores.csv",
        seed_scores="results/robustness/seed_scores.csv",
    output:
        csv=report(
            "results/claims.csv", category="Claims", caption="../report/claims.rst"
        ),
        md="results/claims.md",
    log:
        "logs/claims.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    params:
        claims=config["claims"],
        figures=config["figures"],
        labels=dataset_labels(),
    script:
        "../scripts/claims.py"
