# Clustering: every row of the run table, batched by study and run group (external: K = C
# on every selected set; fig3: the K sweep of Fig. 3). One distance matrix per set serves
# its whole K sweep. On a cluster, the data, cluster and score jobs of one study that depend
# on each other are one submission (group "study"); locally the group has no effect.


rule cluster:
    input:
        unpack(batch_inputs),
        code=script_code("cluster.py"),
    output:
        "results/clusterings/{study}/{group}.csv",
    log:
        "logs/cluster/{study}/{group}.log",
    group:
        "study"
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=2048,
        runtime=30,
    params:
        rows=lambda wildcards: SETTINGS.cluster_params(wildcards.study, wildcards.group),
    script:
        "../scripts/cluster.py"
