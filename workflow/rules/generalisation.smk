# Beyond the paper's sets (target `generalisation`; never part of `all`): the paper's claims,
# and every internal index's power to find K, on Gagolewski's benchmark suite for clustering
# algorithms, version 1.1.0. One fetch, cluster and score job per set of the suite; then one
# summary (the CSVs) and one report job (the page and its figures) over every set.
rule clustbench_fetch:
    input:
        code=script_code("clustbench_fetch.py"),
    output:
        directory("resources/clustbench/{battery}/{bench}"),
    log:
        "logs/generalisation/fetch/{battery}/{bench}.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=10,
    params:
        set=lambda wildcards: STUDY.fetch_params(bench_name(wildcards)),
    script:
        "../scripts/clustbench_fetch.py"


rule generalisation_cluster:
    input:
        data="resources/clustbench/{battery}/{bench}",
        code=script_code("generalisation_cluster.py"),
    output:
        "results/generalisation/clusterings/{battery}/{bench}.csv",
    log:
        "logs/generalisation/cluster/{battery}/{bench}.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=bench_mem_mb,
        runtime=30,
    params:
        set=lambda wildcards: STUDY.cluster_params(bench_name(wildcards)),
    script:
        "../scripts/generalisation_cluster.py"


rule generalisation_score:
    input:
        data="resources/clustbench/{battery}/{bench}",
        clustering="results/generalisation/clusterings/{battery}/{bench}.csv",
        code=script_code("generalisation_score.py"),
    output:
        "results/generalisation/scores/{battery}/{bench}.csv",
    log:
        "logs/generalisation/score/{battery}/{bench}.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=bench_mem_mb,
        runtime=30,
    params:
        set=lambda wildcards: STUDY.score_params(bench_name(wildcards)),
    script:
        "../scripts/generalisation_score.py"


rule generalisation_summary:
    input:
        scores=generalisation_scores(),
        paper_scores="results/scores.csv",
        code=script_code("generalisation_summary.py"),
    output:
        scores="results/generalisation/scores.csv",
        best_k="results/generalisation/best_k.csv",
        recovery="results/generalisation/k_recovery.csv",
        claims="results/generalisation/claims.csv",
        sets="results/generalisation/sets.csv",
    log:
        "logs/generalisation/summary.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=2048,
        runtime=20,
    params:
        **STUDY.summary_params(),
    script:
        "../scripts/generalisation_summary.py"


rule generalisation_report:
    input:
        best_k="results/generalisation/best_k.csv",
        recovery="results/generalisation/k_recovery.csv",
        claims="results/generalisation/claims.csv",
        sets="results/generalisation/sets.csv",
        code=script_code("generalisation_report.py"),
    output:
        md="results/generalisation.md",
        html=report(
            "results/generalisation.html",
            category="Generalisation",
            caption="../report/generalisation.rst",
        ),
        recovery_png="results/figures/generalisation_k_recovery.png",
        recovery_pdf="results/figures/generalisation_k_recovery.pdf",
        claims_png="results/figures/generalisation_claims.png",
        claims_pdf="results/figures/generalisation_claims.pdf",
        batteries_png="results/figures/generalisation_batteries.png",
        batteries_pdf="results/figures/generalisation_batteries.pdf",
    log:
        "logs/generalisation/report.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=1024,
        runtime=10,
    params:
        **STUDY.report_params(),
    script:
        "../scripts/generalisation_report.py"


rule generalisation:
    input:
        rules.generalisation_summary.output,
        rules.generalisation_report.output,
