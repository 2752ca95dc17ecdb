# Beyond the paper: does a claim survive other draws of the reconstructed data?
# C1 across the Fig. 1 set's `offset`; C2, C5, C7 across generator seeds.


rule offset_sweep:
    output:
        temp("results/robustness/offset/{offset}.csv"),
    log:
        "logs/offset_sweep/{offset}.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=1024,
        runtime=20,
    params:
        fig1_set=config["fig1_set"],
        preprocessing=config["preprocessing"]["synthetic"],
        clustering=config["clustering"],
        algorithm=FIG3["algorithm"],
        ks=K_SWEEP,
        indices=config["indices"],
    script:
        "../scripts/offset_sweep.py"


rule seed_sweep:
    output:
        temp("results/robustness/seed/{seed}.csv"),
    log:
        "logs/seed_sweep/{seed}.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=2048,
        runtime=30,
    params:
        synthetic=config["synthetic"],
        preprocessing=config["preprocessing"]["synthetic"],
        clustering=config["clustering"],
        indices=config["indices"],
    script:
        "../scripts/seed_sweep.py"


rule collect_robustness:
    input:
        offset=expand("results/robustness/offset/{offset}.csv", offset=OFFSETS),
        seed=expand("results/robustness/seed/{seed}.csv", seed=SEEDS),
    output:
        offset="results/robustness/offset_scores.csv",
        seed="results/robustness/seed_scores.csv",
    log:
        "logs/collect_robustness.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    script:
        "../scripts/collect_scores.py"
