# Scoring: the indices of the registry on every clustering of a batch, then one tidy table
# per study (the main one, and one per sweep with the sweep's axis as leading column).


rule score:
    input:
        unpack(batch_inputs),
        clustering=clustering_file,
        code=script_code("score.py"),
    output:
        "results/scores/{study}/{group}.csv",
    log:
        "logs/score/{study}/{group}.log",
    group:
        "study"
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=1024,
        runtime=30,
    params:
        rows=lambda wildcards: SETTINGS.run_params(wildcards.study, wildcards.group),
        axis=lambda wildcards: SETTINGS.axis(wildcards.study),
        indices=SETTINGS.indices,
    script:
        "../scripts/score.py"


rule collect_scores:
    input:
        scores=score_files(MAIN),
        code=script_code("collect_scores.py"),
    output:
        csv="results/scores.csv",
        html=report(
            "results/scores.html", category="Scores", caption="../report/scores.rst"
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


rule collect_sweep:
    input:
        scores=lambda wildcards: score_files(wildcards.study),
        code=script_code("collect_scores.py"),
    output:
        csv="results/robustness/{study}_scores.csv",
    log:
        "logs/collect_sweep/{study}.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    script:
        "../scripts/collect_scores.py"


rule bootstrap:
    input:
        unpack(lambda wildcards: data_dirs(MAIN, "external")),
        clustering=f"results/clusterings/{MAIN}/external.csv",
        code=script_code("bootstrap.py"),
    output:
        "results/bootstrap/replicates.csv",
    log:
        "logs/bootstrap.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=10,
    params:
        **SETTINGS.bootstrap_params(),
    script:
        "../scripts/bootstrap.py"


rule diagnostics:
    input:
        unpack(lambda wildcards: data_dirs(MAIN, "external")),
        clustering=f"results/clusterings/{MAIN}/external.csv",
        code=script_code("diagnostics.py"),
    output:
        "results/diagnostics.csv",
    log:
        "logs/diagnostics.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=1024,
        runtime=10,
    params:
        **SETTINGS.diagnostics_params(),
    script:
        "../scripts/diagnostics.py"


rule recluster:
    input:
        unpack(
            lambda wildcards: {
                kind: path
                for kind, path in data_dirs(MAIN, "external").items()
                if kind in SETTINGS.recluster_kinds()
            }
        ),
        code=script_code("recluster.py"),
    output:
        "results/bootstrap/reclustered.csv",
    log:
        "logs/recluster.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=1024,
        runtime=20,
    params:
        **SETTINGS.recluster_params(),
    script:
        "../scripts/recluster.py"


rule label_variant:
    input:
        unpack(lambda wildcards: data_dirs(MAIN, "external")),
        code=script_code("label_variant.py"),
    output:
        "results/label_variant.csv",
    log:
        "logs/label_variant.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    params:
        **(SETTINGS.label_variant_params() or {}),
    script:
        "../scripts/label_variant.py"
