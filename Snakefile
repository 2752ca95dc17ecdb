# Thin entry point: the workflow lives in workflow/. Snakemake ignores `default_target`
# in an included file, so the default target is set here.
include: "workflow/Snakefile"


workflow.default_target = "all"
