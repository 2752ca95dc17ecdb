# Figures 1-6, the offset-sweep figure and the sensitivity heat map, Tables 4-5, the claims
# and sensitivity tables, and results/index.html linking them all. `snakemake --report`
# embeds each job's params as text, raw, in a <script> block: every param that can hold text
# from the config is a ReportParams, whose text is HTML-escaped (its job gets it as it is).
from clustval.repro.paper.report import ReportParams
from clustval.repro.pipeline import code_commit


rule figure:
    input:
        unpack(figure_inputs),
        code=script_code("figure.py"),
    output:
        png=report(
            "results/figures/{figure}.png",
            category="Figures",
            caption="../report/figure.rst",
            # the report lists figures by this label, sorted as text: Fig. 1-6, then Fig. S1, S2
            labels=lambda wildcards: {
                "figure": figure_table.figure_label(wildcards.figure)
            },
        ),
        pdf="results/figures/{figure}.pdf",
    log:
        "logs/figure/{figure}.log",
    wildcard_constraints:
        figure="|".join(figure_table.figures_to_draw(SETTINGS)),
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=1024,
        runtime=5,
    params:
        figure=lambda wildcards: ReportParams(
            figure_table.figure_params(SETTINGS, wildcards.figure)
        ),
    script:
        "../scripts/figure.py"


rule table:
    input:
        unpack(table_inputs),
        code=script_code("table.py"),
    output:
        csv="results/tables/{table}.csv",
        md="results/tables/{table}.md",
        html=report(
            "results/tables/{table}.html",
            category="Tables",
            caption="../report/table.rst",
            labels=lambda wildcards: {
                "table": wildcards.table.replace("table", "Table ")
            },
        ),
    log:
        "logs/table/{table}.log",
    wildcard_constraints:
        table="table4|table5",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    params:
        table=lambda wildcards: ReportParams(
            figure_table.table_params(SETTINGS, wildcards.table)
        ),
    script:
        "../scripts/table.py"


rule claims:
    input:
        scores="results/scores.csv",
        fig3_clusterings=f"results/clusterings/{MAIN}/fig3.csv",
        sweeps=expand("results/robustness/{study}_scores.csv", study=SWEEPS),
        sweep_fig3_clusterings=fallback_clusterings(),
        replicates="results/bootstrap/replicates.csv",
        reclustered="results/bootstrap/reclustered.csv",
        diagnostics="results/diagnostics.csv",
        label_variant=label_variant_file(),
        code=script_code("claims.py"),
    output:
        csv="results/claims.csv",
        md=report(
            "results/claims.md", category="Claims", caption="../report/claims.rst"
        ),
        html=report(
            "results/claims.html", category="Claims", caption="../report/claims.rst"
        ),
        sensitivity_csv="results/sensitivity.csv",
        sensitivity_md="results/sensitivity.md",
        sensitivity_html=report(
            "results/sensitivity.html",
            category="Claims",
            caption="../report/sensitivity.rst",
        ),
        spread="results/spread.csv",
    log:
        "logs/claims.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    params:
        claims=ReportParams(SETTINGS.claim_params()),
        sweeps=SWEEPS,
        fallback_runs=SETTINGS.fallback_runs(),
        spread=SETTINGS.spread_params(),
    script:
        "../scripts/claims.py"


rule provenance:
    input:
        data=list(data_dirs(MAIN).values()),
        code=script_code("provenance.py"),
    output:
        html=report(
            "results/provenance.html",
            category="Provenance",
            caption="../report/provenance.rst",
        ),
        environment="results/environment.csv",
    log:
        "logs/provenance.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    params:
        config=ReportParams(config),
        commit=code_commit(workflow.basedir),
    script:
        "../scripts/provenance.py"


rule figure_axes:
    input:
        scores="results/scores.csv",
        sweeps=expand(
            "results/robustness/{study}_scores.csv", study=SETTINGS.figure_axes_sweeps
        ),
        code=script_code("figure_axes.py"),
    output:
        csv="results/figure_axes.csv",
        md="results/figure_axes.md",
        html=report(
            "results/figure_axes.html",
            category="Figure axes",
            caption="../report/figure_axes.rst",
        ),
    log:
        "logs/figure_axes.log",
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=512,
        runtime=5,
    params:
        axes=SETTINGS.figure_axes_params(),
    script:
        "../scripts/figure_axes.py"


rule index:
    input:
        claims="results/claims.csv",
        code=script_code("index.py"),
    output:
        "results/index.html",
    log:
        "logs/index.log",
    localrule: True
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=256,
        runtime=5,
    params:
        # what the run writes (rule all's targets) and the figures' labels and captions; the
        # verdicts come from its one input, the claims
        index=ReportParams(
            {
                "files": [
                    path for path in final_outputs() if path != "results/index.html"
                ],
                "figures": figure_table.index_figures(SETTINGS),
                "groups": SETTINGS.verdict_groups(),
            }
        ),
    script:
        "../scripts/index.py"


rule replication:
    input:
        claims="results/claims.csv",
        spread="results/spread.csv",
        sensitivity="results/sensitivity.csv",
        environment="results/environment.csv",
        diagnostics="results/diagnostics.csv",
        code=script_code("replication.py"),
    output:
        md="results/replication.md",
        html=report(
            "results/replication.html",
            category="Replication",
            caption="../report/replication.rst",
        ),
    log:
        "logs/replication.log",
    localrule: True
    conda:
        "../envs/clustval.yaml"
    threads: 1
    resources:
        mem_mb=256,
        runtime=5,
    params:
        report=ReportParams(
            {
                **SETTINGS.replication_params(),
                "figures": figure_table.claim_figures(SETTINGS),
            }
        ),
    script:
        "../scripts/replication.py"
