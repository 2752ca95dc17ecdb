# Scoring: every index of the registry on every clustering, then one tidy table.


rule score:
    input:
        data="resources/data/{dataset}.csv",
        clustering="results/clusterings/{algorithm}/{dataset}.csv",
    output:
        "results/scores/{algorithm}/{dataset}.csv",
    log:
        "logs/score/{algorithm}/{dataset}.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=1024,
        runtime=20,
    params:
        indices=config["indices"],
    script:
        "../scripts/score.py"


rule collect_scores:
    input:
        scores=[path.replace("clusterings", "scores") for path in clusterings()],
    output:
        scores=report(
            "results/scores.csv", category="Scores", caption="../report/scores.rst"
        ),
    log:
        "logs/collect_scores.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    script:
        "../scripts/collect_scores.py"
