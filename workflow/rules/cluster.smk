# Clustering: Park-Jun K-medoids with K = C on every set; SD K-medoids over the K sweep
# of Fig. 3 on the Fig. 1 set. One distance matrix serves a whole sweep.


rule cluster:
    input:
        "resources/data/{dataset}.csv",
    output:
        "results/clusterings/{algorithm}/{dataset}.csv",
    log:
        "logs/cluster/{algorithm}/{dataset}.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=2048,
        runtime=20,
    params:
        clustering=config["clustering"],
        ks=lambda wildcards: K_SWEEP if wildcards.algorithm == FIG3["algorithm"] else [],
    script:
        "../scripts/cluster.py"
