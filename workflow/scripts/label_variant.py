"""results/label_variant.csv: a UCI set with one feature read as its label (Table 5's
Ionosphere 38/313), clustered as the main study clusters it, and the compared indices."""

from clustval.clustering import cluster
from clustval.indices.scoring import external_scores
from clustval.repro.paper.diagnostics import external_options, relabelled
from clustval.repro.pipeline import clustering_options, read_run_data, step
from clustval.repro.verified import write_verified_csv

with step(snakemake) as log:
    p = snakemake.params
    ds = read_run_data(p.row, snakemake.input)
    X, y = relabelled(ds.X, p.feature)
    k = len(set(y.tolist()))
    (result,) = cluster(X, p.row["algorithm"], [k], **clustering_options(p.row["algorithm"], p.row["clustering"]))
    values = external_scores(y, result.labels, names=p.indices, **external_options(p.index_options))
    sizes = " ".join(str(int((y == c).sum())) for c in range(k))
    rows = [{"dataset": p.row["dataset"], "feature": p.feature, "class_sizes": sizes, "index": name,
             "value": float(values[name])} for name in p.indices]
    log.info("%s with feature %d as its label: classes %s", p.row["dataset"], p.feature, sizes)
    write_verified_csv(rows, ["dataset", "feature", "class_sizes", "index", "value"], snakemake.output[0])
