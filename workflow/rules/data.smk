# Data: the twelve UCI sets (bundled with the package, or from a mirror, the archive URL or ucimlrepo, cached
# under uci_cache_dir and checksummed; parsed, verified against Table 5, scaled) and the
# generated sets of Table 4 and Fig. 1.


rule prepare_uci:
    # Sources, mirror and URLs are read from the config inside the script: switching between
    # the mirror and the network gives the same verified bytes and must not re-run the rule.
    output:
        "resources/data/{uci}.csv",
    log:
        "logs/prepare_uci/{uci}.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=10,
    params:
        spec=uci_spec,
        preprocessing=config["preprocessing"]["uci"],
    script:
        "../scripts/prepare_uci.py"


rule generate_dataset:
    output:
        "resources/data/{generated}.csv",
    log:
        "logs/generate_dataset/{generated}.log",
    wildcard_constraints:
        generated="|".join(SYNTHETIC + [FIG1]),
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    params:
        spec=generator_spec,
        preprocessing=config["preprocessing"]["synthetic"],
    script:
        "../scripts/generate_dataset.py"
