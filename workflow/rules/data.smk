# Data: the twelve UCI sets (fetched from the mirror, the archive URL or ucimlrepo, cached
# under uci_cache_dir and checksummed; parsed, verified against Table 5, scaled) and the
# generated sets of Table 4 and Fig. 1.


rule prepare_uci:
    # Sources, mirror and URLs are read from the config inside the script: switching between
    # the mirror and the network gives the same verified bytes and must not re-run the rule.
    output:
        "resources/data/{uci}.csv",
    params:
        spec=lambda wildcards: config["uci_datasets"][wildcards.uci],
        preprocessing=config["preprocessing"]["uci"],
    log:
        "logs/prepare_uci/{uci}.log",
    threads: 1
    resources:
        mem_mb=512,
        runtime=10,
    script:
        "../scripts/prepare_uci.py"


rule generate_dataset:
    output:
        "resources/data/{generated}.csv",
    params:
        spec=generator_spec,
        preprocessing=config["preprocessing"]["synthetic"],
    wildcard_constraints:
        generated="|".join(SYNTHETIC + [FIG1]),
    log:
        "logs/generate_dataset/{generated}.log",
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    script:
        "../scripts/generate_dataset.py"
