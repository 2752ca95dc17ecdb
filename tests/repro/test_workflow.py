"""The Snakemake pipeline end to end, through its command line, as a user runs it.

Real Snakemake, the real UCI files (bundled with the package: no option, no network), the
small test configuration, in a temporary directory. Outputs are checked for content, not only
existence; a second run must have nothing to do; the workflow passes its linters; and a run
through the cluster-generic executor proves every job runs self-contained.
"""

from __future__ import annotations

import csv
import hashlib
import math
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from clustval.indices.registry import EXTERNAL, INDICES, INTERNAL
from clustval.repro.verified import MANIFEST, read_manifest, remove_damaged
from tests.conftest import FIXTURES, REPO
from tests.repro.conftest import SNAKEMAKE, TEST_CONFIG, shared_run, snakemake

pytestmark = pytest.mark.slow


def read_csv(path: Path) -> list[dict]:
    """The rows of a results CSV (a plain CSV file: test_every_results_csv_is_a_standard_csv)."""
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def digest(paths) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def test_scores_hold_every_index_on_every_clustering(run):
    rows = read_csv(run / "results" / "scores.csv")
    assert list(rows[0]) == ["dataset", "algorithm", "k", "index", "value"]
    cells = {(r["dataset"], r["algorithm"], int(r["k"]), r["index"]) for r in rows}
    assert len(cells) == len(rows), "each cell is written once"
    clusterings = {(r["dataset"], r["algorithm"], int(r["k"])) for r in rows}
    park_jun = {(d, k) for d, a, k in clusterings if a == "park_jun"}
    assert len(park_jun) == 22, "10 synthetic + 12 UCI sets, K = C"
    assert ("iris", 3) in park_jun and ("segmentation", 7) in park_jun and ("uec6", 6) in park_jun
    assert {k for d, a, k in clusterings if a == "sd_kmedoids"} == set(range(2, 23))
    # the C15 run group (the UCI sets over K) scores its own indices; every other clustering all
    uci_k = yaml.safe_load((REPO / "config" / "config.yaml").read_text())["pipeline"]["uci_k"]
    for clustering in clusterings:
        names = {index for (*c, index) in cells if tuple(c) == clustering}
        dataset, algorithm, _ = clustering
        if algorithm == uci_k["algorithm"] and dataset != "fig1":
            assert names == set(uci_k["indices"]), clustering
        else:
            assert names == set(EXTERNAL) | set(INTERNAL), clustering
    for r in rows:
        lo, hi = INDICES[r["index"]].bounds
        if math.isnan(float(r["value"])):  # undefined on this clustering (a singular scatter matrix)
            assert INDICES[r["index"]].kind == "internal", r
            continue
        assert lo - 1e-9 <= float(r["value"]) <= hi + 1e-9, r


def test_every_results_csv_is_a_standard_csv(run):
    """pandas.read_csv and R's read.csv, with their defaults, read each CSV of results/ with
    the columns its first line names and one row per line: no comment line, no fragments."""
    pandas = pytest.importorskip("pandas")
    paths = sorted((run / "results").rglob("*.csv"))
    assert len(paths) >= 12 and run / "results" / "scores.csv" in paths
    expected = {}
    for path in paths:
        with open(path, newline="", encoding="utf-8") as handle:
            header, *rows = list(csv.reader(handle))
        frame = pandas.read_csv(path)
        assert list(frame.columns) == header and len(frame) == len(rows) > 0, path
        expected[path] = (header, len(rows))
    if shutil.which("Rscript"):
        # R's defaults make every column name a syntactic name ("none / PAM" -> "none...PAM")
        script = ('for (p in commandArgs(TRUE)) { x <- read.csv(p); '
                  'h <- scan(p, what = "", sep = ",", nlines = 1, quiet = TRUE); '
                  'cat(p, nrow(x), identical(names(x), make.names(h, unique = TRUE)), length(h), sep = "\\t"); '
                  'cat("\\n") }')
        out = subprocess.run(["Rscript", "-e", script, *map(str, paths)], capture_output=True, text=True,
                             check=True).stdout
        read = {Path(line.split("\t")[0]): line.split("\t")[1:] for line in out.splitlines()}
        assert read == {p: [str(rows), "TRUE", str(len(header))] for p, (header, rows) in expected.items()}


def test_the_manifest_vouches_for_every_table_read_back(run):
    """The tables jobs read back have their row count and SHA-256 in results/MANIFEST.json
    (clustval.repro.verified), and all of them match it after a run."""
    files = read_manifest(run / "results" / MANIFEST)
    read_back = [p for folder in ("clusterings", "scores", "robustness")
                 for p in (run / "results" / folder).rglob("*.csv")]
    read_back += [run / "results" / name for name in
                  ("scores.csv", "sensitivity.csv", "spread.csv", "environment.csv", "bootstrap/replicates.csv",
                   "bootstrap/reclustered.csv", "diagnostics.csv", "label_variant.csv")]
    assert {p.relative_to(run / "results").as_posix() for p in read_back} == set(files)
    assert remove_damaged(read_back) == []


def test_tables_regenerated_beside_the_print(run):
    table5 = {r["dataset"]: r for r in read_csv(run / "results" / "tables" / "table5.csv")}
    assert len(table5) == 12
    iono = next(r for r in table5.values() if r["label"] == "Iono")
    assert iono["class_sizes"] == "225 126" and iono["printed_class_sizes"] == "38 313"
    assert iono["differs"] == "true"
    assert sum(r["differs"] == "true" for r in table5.values()) == 1, "only Ionosphere differs"
    assert {r["source"] for r in table5.values()} == {"bundled"}
    table4 = {r["label"]: r for r in read_csv(run / "results" / "tables" / "table4.csv")}
    assert len(table4) == 10
    assert table4["UEc5"]["differs"] == "true" and "1400" in table4["UEc5"]["printed_class_sizes"]
    assert table4["UEc5"]["class_sizes"] == "1000 800 600 400 200"
    assert "|" in (run / "results" / "tables" / "table5.md").read_text()


def test_claims_have_a_verdict_and_numbers(run):
    claims = read_csv(run / "results" / "claims.csv")
    main = {r["id"]: r for r in claims if r["scope"] == "main"}
    assert sorted(main, key=lambda c: (c[0], int(c[1:]))) == [f"C{i}" for i in range(1, 16)] + [f"N{i}" for i in range(1, 7)]
    assert all(r["verdict"] in {"reproduced", "partly", "not reproduced"} for i, r in main.items() if i[0] == "C")
    assert {main[n]["verdict"] for n in ("N1", "N2", "N3", "N4", "N5", "N6")} == {"not tested"}
    # a baseline beside every K-finding and trend claim, fragility beside every verdict
    assert all(main[c]["baseline_met"] in ("yes", "no") for c in ("C1", "C10", "C11", "C12", "C13", "C14", "C15"))
    assert all(main[f"C{i}"]["fragility"].startswith("reproduced under: readings") for i in range(1, 16))
    # a sweep row counts its values by verdict: "3/9 reproduced, 6/9 partly"
    assert all(re.fullmatch(r"\d+/\d+ [a-z ]+(, \d+/\d+ [a-z ]+)*", r["verdict"]) for r in claims if r["scope"] != "main")
    # a tie at the top is shared, so "S2 highest" on Ec2 is attainable by equality: no infeasible check
    assert main["C2"]["checks_infeasible"] == "0" and main["C2"]["words_zh"].startswith("图4(a)")
    assert main["C9"]["verdict"] == "reproduced"
    assert all(r["summary"] for r in claims), "every verdict states its numbers"
    robust = {(r["id"], r["scope"]) for r in claims if r["scope"] != "main"}
    assert robust == {("C1", "offset"), ("C2", "seed"), ("C5", "seed"), ("C7", "seed"), ("C10", "seed"),
                      ("C13", "seed"), ("C1", "sd_radius"), ("C1", "fig3_clusterer"), ("C15", "uci_k_clusterer"),
                      *((f"C{i}", "scaling_clustering") for i in (*range(2, 9), *range(10, 15)))}
    text = (run / "results" / "claims.md").read_text()
    assert all(f"C{i}" in text for i in range(1, 16))
    depends = [main[f"C{i}"]["depends_on"] for i in range(1, 9)]
    assert all(d.startswith(("reproduced", "partly", "not reproduced", "depends on")) for d in depends), \
        "C1-C8 name the choices their verdicts depend on"
    for sweep in ("offset", "sd_radius"):  # each Fig. 3 run of a C1 sweep lists its SD fallback K
        lines = [line for line in text.splitlines() if line.startswith(f"- {sweep} ")]
        assert lines and all("SD seeds filled farthest-first at K = " in line for line in lines), sweep


def test_sensitivity_covers_three_preprocessings_by_three_clusterings_and_the_sd_radius(run):
    rows = read_csv(run / "results" / "sensitivity.csv")
    variants = [c for c in rows[0] if c not in ("claim", "main")]
    readings = [v for v in variants if v.split(" ")[0] in ("ties", "margin", "c6_bound", "exceptions", "trend_measure",
                                                           "trend_contrast")]
    assert readings == ["ties unique", "margin equal_tol", "c6_bound accuracy_or_rand", "exceptions skipped",
                        "trend_measure pearson", "trend_contrast absolute"]
    thresholds = [v for v in variants if v.split(" ")[0] in ("slightly_below", "clearly_above", "trend_threshold")]
    assert len(thresholds) == 4 + 3 + 4  # every swept value but the headline's (config claims.thresholds)
    variants = [v for v in variants if v not in thresholds]
    clusterers = [v for v in variants if v.startswith(("fig3_clusterer: ", "uci_k_clusterer: "))]
    assert len(clusterers) == 2 * 3 + 2 * 2  # STDI plain and squared x Fig. 3's three clusterings, C15's two (test.yaml)
    assert "fig3_clusterer: STDI plain / SD K-medoids *" in clusterers
    variants = [v for v in variants if v not in readings and v not in clusterers]
    assert len(variants) == 3 * 3 + 2
    assert {v.split(" / ")[0] for v in variants[:9]} == {"none", "minmax", "zscore"}
    assert {v.split(" / ")[1].rstrip(" *") for v in variants[:9]} == {"Park-Jun K-medoids", "PAM", "k-means"}
    assert variants[9:] == ["SD radius sd *", "SD radius mean"]
    by_claim = {r["claim"]: r for r in rows}
    assert [r["claim"] for r in rows] == [f"C{i}" for i in range(1, 16)] + ["checks holding", "axes fitting", "rank"]
    for i in range(2, 9):
        assert all(by_claim[f"C{i}"][v] != "—" for v in variants[:9]) and by_claim[f"C{i}"][variants[9]] == "—"
    main_variant = next(v for v in variants[:9] if v.endswith("*"))
    assert main_variant == "minmax / Park-Jun K-medoids *"
    assert all(by_claim[f"C{i}"][main_variant] == by_claim[f"C{i}"]["main"] for i in range(2, 9))
    md = (run / "results" / "sensitivity.md").read_text()
    assert "The paper names its clustering" in md and "## Which choices each verdict depends on" in md
    spread = read_csv(run / "results" / "spread.csv")
    assert {r["kind"] for r in spread} == {"seeds", "bootstrap", "recluster"}
    assert {r["word"] for r in spread if r["kind"] in ("bootstrap", "recluster")} <= {"holds", "fails", "within noise"}
    png = (run / "results" / "figures" / "sensitivity.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 20_000


def test_the_variant_equal_to_the_main_study_gives_the_main_scores(run):
    """minmax / Park-Jun in the sensitivity sweep is the main study: the same external scores."""
    main = {(r["dataset"], r["algorithm"], r["k"], r["index"]): r["value"]
            for r in read_csv(run / "results" / "scores.csv") if r["index"] in EXTERNAL}
    sweep = {(r["dataset"], r["algorithm"], r["k"], r["index"]): r["value"]
             for r in read_csv(run / "results" / "robustness" / "scaling_clustering_scores.csv")
             if r["variant"] == "minmax/park_jun"}
    main = {key: value for key, value in main.items() if key[1] == "park_jun"}
    assert sweep == main and len(main) == 22 * len(EXTERNAL)
    synthetic = [r for r in read_csv(run / "results" / "clusterings" / "scaling_clustering" / "external.csv")
                 if r["run"].startswith("ec2:")]
    assert sorted(r["run"] for r in synthetic) == ["ec2:kmeans", "ec2:pam", "ec2:park_jun"], "once per algorithm"


def test_figure_axes_flag_the_known_discrepancies(run):
    rows = read_csv(run / "results" / "figure_axes.csv")
    main = {r["panel"]: r for r in rows if r["variant"] == "main"}
    assert list(main) == [*(f"Fig. 3({p})" for p in "abcdef"), *(f"Fig. {f}({p})" for f in (4, 5, 6) for p in "ab")]
    xb = main["Fig. 3(c)"]
    assert (xb["paper_low"], xb["paper_high"], xb["paper_unreached"]) == ("0.0", "25.0", "upper")
    assert float(xb["ours_max"]) < 1, "crisp XB with centroid separation stays far below 25"
    for panel in ("Fig. 3(e)", "Fig. 3(f)"):  # the paper's sums go down to -100 and -50, ours stay above 0
        assert "lower" in main[panel]["paper_unreached"] and float(main[panel]["ours_min"]) > 0, panel
    assert main["Fig. 4(b)"]["paper_unreached"] == "no", "the printed 1.2 was set by hand, not reached"
    variants = {r["variant"]: r for r in rows if r["panel"] == "Fig. 3(c)"}
    assert set(variants) == {"main", "xb_separation = centroids", "xb_separation = closest_pair"}
    assert variants["xb_separation = centroids"]["ours_max"] == xb["ours_max"], "the default is the main XB"
    assert float(variants["xb_separation = closest_pair"]["ours_max"]) > float(xb["ours_max"])
    text = (run / "results" / "figure_axes.md").read_text()
    assert "Fig. 3(c) XB: fits with" in text and "| Fig. 6(b) |" in text


def test_figures_are_real_images(run):
    for name in ["fig1", "fig2", "fig3", "fig4", "fig5", "fig6", "fig_offset_sweep", "sensitivity"]:
        png = (run / "results" / "figures" / f"{name}.png").read_bytes()
        pdf = (run / "results" / "figures" / f"{name}.pdf").read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 20_000, name
        assert pdf.startswith(b"%PDF") and len(pdf) > 5_000, name


def test_sweep_of_the_run_fig1_set_gives_its_fig3(run, tmp_path):
    # `clustval sweep` on the Fig. 1 set this run prepared, as a plain CSV, against its Fig. 3 scores
    from clustval.datasets.dataset import read_dataset
    from clustval.io.text import best_ks_text
    from clustval.repro.paper.scores import ScoreTable

    ds = read_dataset(run / "resources" / "data" / "main" / "fig1" / "fig1.csv")
    data, out = tmp_path / "fig1.csv", tmp_path / "k.csv"
    data.write_text("".join(",".join(map(repr, map(float, x))) + "\n" for x in ds.X))
    fig3 = ScoreTable.read_csv(run / "results" / "scores" / "main" / "fig3.csv")
    ks = fig3.series("fig1", "stdi", "sd_kmedoids")[0]
    command = [sys.executable, "-m", "clustval", "sweep", "--data", str(data), "--k", f"{ks[0]}:{ks[-1]}", "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    rows = read_csv(out)
    assert [int(r["k"]) for r in rows] == ks
    for name in INTERNAL:
        values = [float(r[name]) for r in rows]
        assert values == fig3.series("fig1", name, "sd_kmedoids")[1], name
        rule = INDICES[name].k_rule  # the index's own rule: an extreme, or the elbow of a second difference
        if rule in ("max", "min"):
            pick = max if rule == "max" else min
            best = tuple(k for k, v in zip(ks, values) if v == pick(filter(math.isfinite, values)))
        else:
            diffs = [(ks[j], values[j - 1] - 2 * values[j] + values[j + 1]) for j in range(1, len(ks) - 1)
                     if all(map(math.isfinite, values[j - 1 : j + 2]))]  # fmt: skip
            pick = max if rule == "max_diff" else min
            best = tuple(k for k, diff in diffs if diff == pick(diff for _, diff in diffs))
        assert best == fig3.best_ks("fig1", name, "sd_kmedoids")[0], name
        assert f"best K {best_ks_text(best)}" in done.stdout, name


def test_second_run_does_nothing(run):
    result = snakemake(run, "--cores", "2", "--dry-run")
    assert "Nothing to be done" in result.stdout + result.stderr


def test_rerun_gives_the_same_bytes(run, copy_of_run):
    before = digest(sorted((run / "results").rglob("*.*")))
    snakemake(copy_of_run, "--cores", "2", "--forceall", "--quiet")
    assert {str(Path(p).relative_to(copy_of_run)): d for p, d in
            digest(sorted((copy_of_run / "results").rglob("*.*"))).items()} == \
        {str(Path(p).relative_to(run)): d for p, d in before.items()}


@pytest.fixture(scope="module")
def report(run, tmp_path_factory) -> str:
    """`snakemake --report` of the run, built once (outside its folder: the run is shared)."""
    path = tmp_path_factory.mktemp("report") / "report.html"
    snakemake(run, "--report", str(path))
    return path.read_text(encoding="utf-8")


def test_report_builds_with_html_tables_and_provenance(run, report):
    html = report
    assert "fig3" in html and "claims" in html.lower()
    for table in ("results/claims.html", "results/tables/table4.html", "results/tables/table5.html",
                  "results/scores.html", "results/provenance.html", "results/sensitivity.html",
                  "results/figure_axes.html", "results/replication.html"):
        assert table in html, table
    claims = (run / "results" / "claims.html").read_text()
    assert "<table>" in claims and '<h2 id="C9-main">C9' in claims and 'class="verdict v-' in claims
    provenance = (run / "results" / "provenance.html").read_text()
    assert "snakemake" in provenance and "6f608b71a7317216319b4d27b4d9bc84e6abd734eda7872b71a458569e2656c0" in provenance
    assert "offset_sweep" not in html.split("results/figures/fig3.png", 1)[-1][:3000], "no config dump per figure"


def test_the_sweeps_are_jobs_of_the_same_rules(run):
    planned = planned_jobs(run, "--forceall")
    for sweep in ("offset", "seed"):
        assert any(job.startswith(f"cluster[study={sweep},") for job in planned), sweep
        assert any(job.startswith(f"score[study={sweep},") for job in planned), sweep
    # a scoring-only sweep scores the main study's clusterings again: no data or cluster job of its own
    assert "score[study=xb,group=fig3]" in planned
    assert not any(job.startswith(("cluster[study=xb", "data[study=xb")) for job in planned)
    assert {job.split("[")[0] for job in planned} == {
        "data", "cluster", "score", "collect_scores", "collect_sweep", "figure", "figure_axes", "table", "claims",
        "provenance", "index", "bootstrap", "replication", "recluster", "diagnostics", "label_variant"}


def test_lint_and_format():
    lint = subprocess.run([*SNAKEMAKE, "--lint", "--snakefile", str(REPO / "Snakefile")],
                          capture_output=True, text=True, cwd=REPO)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    snakefmt = shutil.which("snakefmt") or str(Path(sys.executable).with_name("snakefmt"))
    files = [REPO / "Snakefile", REPO / "workflow" / "Snakefile", *sorted((REPO / "workflow" / "rules").glob("*.smk"))]
    fmt = subprocess.run([snakefmt, "--check", *map(str, files)], capture_output=True, text=True)
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_cluster_generic_executor_runs_jobs_self_contained(tmp_path):
    targets = ["results/tables/table5.csv", "results/figures/fig1.png", "results/scores/main/fig3.csv"]
    snakemake(
        tmp_path,
        "--executor", "cluster-generic",
        "--cluster-generic-submit-cmd", str(FIXTURES / "cluster" / "submit.sh"),
        "--jobs", "4",
        "--latency-wait", "30",
        *targets,
    )
    for target in targets:
        assert (tmp_path / target).stat().st_size > 0
    assert read_csv(tmp_path / "results" / "scores" / "main" / "fig3.csv")[0]["dataset"] == "fig1"


# ---------------------------------------------------------------- the experiment is the DAG
def planned_jobs(workdir: Path, *args: str, configfiles=(TEST_CONFIG,)) -> set[str]:
    """The jobs a dry run lists, as ``rule[wildcards]`` (the target rule ``all`` left out;
    jobs of a group job are listed indented)."""
    result = snakemake(workdir, "--dry-run", *args, configfiles=configfiles)
    jobs = set()
    for block in re.split(r"\n(?=\s*(?:local)?rule \w+:)", result.stdout + result.stderr):
        rule = re.match(r"\s*(?:local)?rule (\w+):", block)
        if rule and rule.group(1) != "all":
            wildcards = re.search(r"^\s+wildcards: (.*)$", block, re.MULTILINE)
            jobs.add(f"{rule.group(1)}[{wildcards.group(1).replace(' ', '')}]" if wildcards else rule.group(1))
    return jobs


def results_digest(workdir: Path) -> dict[str, str]:
    return {str(p.relative_to(workdir)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((workdir / "results").rglob("*")) if p.is_file()}


# Markup in config text (a set's label, a set's note): every page must escape it.
INJECTION = "</script><img src=x onerror=alert(3)>"
# A small run (a subset of the sets, short sweeps, markup in a label and a note) and
# successive changes, each a key of a different kind, with the jobs each must re-run and no other.
SMALL = {
    "pipeline": {
        "synthetic": ["ec2", "uec2"],
        "fig3": {"k_min": 2, "k_max": 10},
        "sweeps": {"offset": {"values": [0.08, 0.09]}, "seed": {"values": [1, 2]},
                   "scaling_clustering": {"values": [["none", "minmax"], ["park_jun", "kmeans"]]}},
    },
    "uci_datasets": ["iris", "wine", "segmentation"],
    "synthetic": {"sets": {"ec2": {"label": INJECTION}, "uec2": {"note": f"note {INJECTION}"}}},
}


@pytest.fixture(scope="module")
def small_run(tmp_path_factory) -> Path:
    """One run of SMALL, shared by the workers, to be read (or copied), not written."""
    shared = tmp_path_factory.getbasetemp()
    override = shared / "small.yaml"
    override.write_text(yaml.safe_dump(SMALL))
    return shared_run(tmp_path_factory, "pipeline-small", override)


EXTERNAL_JOBS = {"cluster[study=main,group=external]", "score[study=main,group=external]", "collect_scores",
                 "figure[figure=fig4]", "figure[figure=fig5]", "figure[figure=fig6]", "bootstrap", "diagnostics"}
# the sensitivity table is the claims job's; the index page and the replication report read the claims
CLAIMS_JOBS = {"claims", "provenance", "figure[figure=sensitivity]", "index", "replication"}


def sweep_jobs(study: str, kind: str, group: str) -> set[str]:
    return {f"data[study={study},kind={kind}]", f"cluster[study={study},group={group}]",
            f"score[study={study},group={group}]", f"collect_sweep[study={study}]"}


# The changes in groups, each group compared with one clean run after its last change: in a
# group each change re-runs a subset of the jobs the change before it re-ran, so no later
# change re-runs, and so hides, a job an earlier one should have re-run and did not.
CHANGE_GROUPS = [
    [("UCI preprocessing", {"preprocessing": {"uci": "zscore"}},
      {"data[study=main,kind=uci]", *EXTERNAL_JOBS, "table[table=table5]", "figure_axes", *CLAIMS_JOBS,
       "cluster[study=main,group=uci_k]", "score[study=main,group=uci_k]", *sweep_jobs("uci_k_clusterer", "uci", "uci_k"),
       "recluster", "figure[figure=fig_uci_k]"})],
    [("generator seed", {"synthetic": {"seed": 7}},
      {"data[study=main,kind=synthetic]", *EXTERNAL_JOBS, "table[table=table4]", "figure[figure=fig2]",
       *sweep_jobs("scaling_clustering", "synthetic", "external"), "figure_axes", *CLAIMS_JOBS})],
    [("Fig. 1 offset", {"fig1_set": {"offset": 0.1}}, {
        "data[study=main,kind=fig1]", "cluster[study=main,group=fig3]", "score[study=main,group=fig3]",
        "collect_scores", "figure[figure=fig1]", "figure[figure=fig3]", "figure[figure=fig_offset_sweep]",
        *sweep_jobs("sd_radius", "fig1", "fig3"), *sweep_jobs("fig3_clusterer", "fig1", "fig3"),
        "score[study=xb,group=fig3]", "collect_sweep[study=xb]",
        "figure_axes", "index", *CLAIMS_JOBS}),  # index: Fig. 1's caption states the offset
     # the figures whose note or caption states C1's K, and the index page showing the captions
     ("C1's K", {"claims": {"fig1_true_k": 8}}, {*CLAIMS_JOBS, "figure[figure=fig_offset_sweep]",
                                                 "figure[figure=fig1]", "figure[figure=fig3]", "index"}),
     ("claims tolerance", {"claims": {"equal_tol": 0.01}}, CLAIMS_JOBS)],
]


def merged(*overrides: dict) -> dict:
    result: dict = {}
    for override in overrides:
        result = _merge(result, override)
    return result


def _merge(base, override):
    if isinstance(base, dict) and isinstance(override, dict):
        return {**base, **{k: _merge(base.get(k), v) for k, v in override.items()}}
    return override


def test_each_change_reruns_exactly_what_it_touches(small_run, tmp_path):
    """Successive config changes (through an override file, the form that keeps numbers
    numbers): the dry run lists exactly the touched jobs, and the re-run leaves results/
    byte-identical to a clean run of the changed config (one after each group of changes)."""
    work = tmp_path / "work"
    shutil.copytree(small_run, work, symlinks=True)  # its files' times kept, Snakemake's records too
    claims = (work / "results" / "claims.csv").read_text()
    assert "not evaluated: UEc6 not in this run" in claims and "not evaluated: Bupa not in this run" in claims
    assert "Not in this run:" in (work / "results" / "tables" / "table5.md").read_text()
    override = tmp_path / "override.yaml"
    applied = [SMALL]
    for number, group in enumerate(CHANGE_GROUPS):
        for (what, _, touched), (later, _, then) in zip(group, group[1:]):
            assert then <= touched, f"{later} re-runs a job {what} did not: give it a group of its own"
        for what, change, expected in group:
            applied.append(change)
            override.write_text(yaml.safe_dump(merged(*applied)))
            assert planned_jobs(work, configfiles=(TEST_CONFIG, override)) == expected, what
            snakemake(work, "--cores", "2", "--quiet", configfiles=(TEST_CONFIG, override))
        clean = tmp_path / f"clean{number}"
        clean.mkdir()
        snakemake(clean, "--cores", "2", "--quiet", configfiles=(TEST_CONFIG, override))
        assert results_digest(work) == results_digest(clean), [what for what, _, _ in group]
    last = snakemake(work, "--dry-run", configfiles=(TEST_CONFIG, override))
    assert "Nothing to be done" in last.stdout + last.stderr


@pytest.mark.parametrize(
    "override, message",
    [
        ({"uci_mirorr": "/data"}, "uci_mirorr"),
        ({"pipeline": {"fig3": {"k_min": 9, "k_max": 3}}}, "k_min = 9 > k_max = 3"),
        ({"pipeline": {"synthetic": ["ec2", "ec7"]}}, "unknown data set 'ec7'"),
        ({"uci_datasets": ["iris", "irls"]}, "irls"),
    ],
)
def test_a_bad_config_fails_before_any_job(tmp_path, override, message):
    path = tmp_path / "override.yaml"
    path.write_text(yaml.safe_dump(override))
    result = snakemake(tmp_path, "--dry-run", configfiles=(TEST_CONFIG, path), check=False)
    assert result.returncode != 0 and message in result.stdout + result.stderr
    assert not (tmp_path / "results").exists() and "Traceback" not in result.stderr


def test_command_line_nested_numbers_arrive_as_strings_and_are_refused(tmp_path):
    """`--config fig1_set={offset: 0.1}` passes "0.1" (a string): the schema says so, which is
    why the README overrides nested numbers with --configfile."""
    result = snakemake(tmp_path, "--dry-run", "--config", "fig1_set={offset: 0.1}", check=False)
    assert result.returncode != 0 and "'0.1' is not of type 'number'" in result.stdout + result.stderr


def test_damaged_prepared_file_is_refused_then_rebuilt(tmp_path):
    target = "results/clusterings/main/fig3.csv"
    snakemake(tmp_path, "--cores", "2", target)
    prepared = tmp_path / "resources" / "data" / "main" / "fig1" / "fig1.csv"
    good, clusterings = prepared.read_bytes(), (tmp_path / target).read_bytes()
    prepared.write_bytes(good.replace(b"\n0,", b"\n1,", 1))  # one class code changed
    # A file changed inside a data folder leaves the folder's time alone; before the DAG is
    # built the run finds it damaged and removes its folder, and the job that reads it (forced
    # here: a run of this one target) rebuilds it first, in the same run.
    rebuilt = snakemake(tmp_path, "--cores", "2", target, "--forcerun", "cluster")
    assert "damaged, removed and rebuilt in this run: resources/data/main/fig1" in rebuilt.stderr
    assert "does not match the sha256 in its header" in rebuilt.stderr
    assert prepared.read_bytes() == good and (tmp_path / target).read_bytes() == clusterings


# ---------------------------------------------------------------- config text in the report
def _elements(text: str) -> list[tuple[str, dict]]:
    from html.parser import HTMLParser

    class Tags(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.tags = []

        def handle_starttag(self, tag, attrs):
            self.tags.append((tag, dict(attrs)))

    parser = Tags()
    parser.feed(text)
    parser.close()
    return parser.tags


def test_config_text_cannot_inject_markup_into_the_report_or_the_pages(small_run, tmp_path):
    """A set's label and note from the config (SMALL's) reach figures, tables, claims and the
    provenance page, and the job parameters `snakemake --report` embeds in a <script> block:
    no page, Markdown file or report gains an element or attribute from them, and the jobs
    still receive the exact text (the CSV files hold it)."""
    work = tmp_path / "work"
    shutil.copytree(small_run, work, symlinks=True)  # the report is written in the run's folder
    override = tmp_path / "override.yaml"
    override.write_text(yaml.safe_dump(SMALL))
    snakemake(work, "--report", str(work / "report.html"), configfiles=(TEST_CONFIG, override))
    report = (work / "report.html").read_text(encoding="utf-8")
    assert "&lt;/script&gt;&lt;img" in report, "the label reaches the report's job parameters, escaped"
    pages = {"report.html": report}
    pages.update({str(p.relative_to(work)): p.read_text(encoding="utf-8")
                  for p in (work / "results").rglob("*.html")})
    for name, text in pages.items():
        tags = _elements(text)
        assert not [t for t in tags if t[0] == "img" and t[1].get("src") == "x"], name
        assert not [t for t in tags if "onerror" in t[1]], name
    for path in (work / "results").rglob("*.md"):
        text = path.read_text(encoding="utf-8")
        assert "<img" not in text and "</script" not in text, path
    table4 = {r["dataset"]: r for r in read_csv(work / "results" / "tables" / "table4.csv")}
    assert table4[INJECTION]["label"] == INJECTION, "the job received the label exactly"
    assert table4["UEc2"]["note"].endswith(INJECTION)
    index = (work / "results" / "index.html").read_text(encoding="utf-8")
    assert 'href="claims.html"' in index and 'src="figures/fig2.png"' in index


def test_index_page_links_every_output_of_the_run(run):
    index = (run / "results" / "index.html").read_text(encoding="utf-8")
    links = {attrs["href"] for tag, attrs in _elements(index) if tag == "a"}
    sweeps = yaml.safe_load((REPO / "config" / "config.yaml").read_text())["pipeline"]["sweeps"]
    outputs = {str(p.relative_to(run / "results")) for p in (run / "results").rglob("*")
               if p.is_file() and p.parent.name not in ("clusterings", "main", *sweeps)}
    outputs -= {"index.html", MANIFEST, f".{MANIFEST}.lock"}  # the tables' checksums, not an output
    assert outputs <= links, sorted(outputs - links)
    for page in (run / "results").rglob("*.html"):
        if page.name != "index.html":
            home = "../index.html" if page.parent.name == "tables" else "index.html"
            assert f'href="{home}"' in page.read_text(encoding="utf-8"), page


def test_the_replication_report_and_the_index_open_with_the_verdict(run):
    report = (run / "results" / "replication.md").read_text(encoding="utf-8")
    sentence = report.split("## Verdict\n\n")[1].split("\n")[0]
    assert re.match(r"The paper (replicates|replicates in part|does not replicate)\. (None of|Of) its \d+ central", sentence)
    assert "## Why claims fail" in report and "## One rule for each word" in report and "![Fig. 3 (C1)]" in report
    assert "## 4 Failures traced to their causes" in report and "| software | version |" in report
    index = (run / "results" / "index.html").read_text(encoding="utf-8")
    assert index.index('id="verdict"') < index.index('id="claims"') and html_unescape(sentence) in html_unescape(index)


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


def test_report_lists_figures_in_figure_order_with_small_job_panels(report):
    import json

    html = report
    block = html[html.index('<script id="results">'):]
    results = json.loads(block[block.index("{"):block.index("</script>")].strip().rstrip(";"))
    figures = [entry["labels"]["figure"] for path, entry in results.items() if path.startswith("results/figures/")]
    assert sorted(figures) == sorted(set(figures)) and figures[:6] == [f"Fig. {i}" for i in range(1, 7)]
    table5 = results["results/tables/table5.html"]["job_properties"]["params"]
    assert "sha256" not in table5 and "citation" not in table5 and "uci_base_url" not in table5
    assert len(table5) < 3000
