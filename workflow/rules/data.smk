# Data: the selected UCI sets (fetched, checksummed, parsed, verified against Table 5,
# scaled) and the generated sets of Table 4 and Fig. 1. One job per study and kind of set
# writes one file per set (and per value, when a sweep changes the data).


rule data:
    input:
        code=script_code("data.py"),
    output:
        directory("resources/data/{study}/{kind}"),
    log:
        "logs/data/{study}/{kind}.log",
    group:
        "study"
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=1024,
        runtime=10,
    params:
        recipes=lambda wildcards: SETTINGS.data_params(wildcards.study, wildcards.kind),
    script:
        "../scripts/data.py"
