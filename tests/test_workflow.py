"""The Snakemake pipeline end to end, through its command line, as a user runs it.

Real Snakemake, the real UCI files (bundled with the package: no option, no network), the
small test configuration, in a temporary directory. Outputs are checked for content, not only
existence; a second run must have nothing to do; the workflow passes its linters; and a run
through the cluster-generic executor proves every job runs self-contained.
"""

from __future__ import annotations

import csv
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clustval.registry import EXTERNAL, INDICES, INTERNAL

REPO = Path(__file__).resolve().parents[1]
SNAKEMAKE = [sys.executable, "-m", "snakemake"]

pytestmark = pytest.mark.slow


def snakemake(workdir: Path, *args: str, timeout: int = 1200) -> subprocess.CompletedProcess:
    command = [
        *SNAKEMAKE,
        "--snakefile", str(REPO / "Snakefile"),
        "--directory", str(workdir),
        "--configfile", str(REPO / "config" / "test.yaml"),
        *args,
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=workdir)
    assert result.returncode == 0, f"snakemake {' '.join(args)} failed:\n{result.stdout[-3000:]}\n{result.stderr[-6000:]}"
    return result


def read_csv(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def digest(paths) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    workdir = tmp_path_factory.mktemp("pipeline")
    snakemake(workdir, "--cores", "2")
    return workdir


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
    for clustering in clusterings:
        names = {index for (*c, index) in cells if tuple(c) == clustering}
        assert names == set(EXTERNAL) | set(INTERNAL), clustering
    for r in rows:
        lo, hi = INDICES[r["index"]].bounds
        assert lo - 1e-9 <= float(r["value"]) <= hi + 1e-9, r


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
    assert sorted(main) == [f"C{i}" for i in range(1, 10)]
    assert all(r["verdict"] in {"reproduced", "partly", "not reproduced"} for r in claims)
    assert main["C9"]["verdict"] == "reproduced"
    assert all(r["summary"] for r in claims), "every verdict states its numbers"
    robust = {(r["id"], r["scope"]) for r in claims if r["scope"] != "main"}
    assert robust == {("C1", "offset"), ("C2", "seed"), ("C5", "seed"), ("C7", "seed")}
    text = (run / "results" / "claims.md").read_text()
    assert all(f"C{i}" in text for i in range(1, 10))


def test_figures_are_real_images(run):
    for name in ["fig1", "fig2", "fig3", "fig4", "fig5", "fig6", "fig_offset_sweep"]:
        png = (run / "results" / "figures" / f"{name}.png").read_bytes()
        pdf = (run / "results" / "figures" / f"{name}.pdf").read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 20_000, name
        assert pdf.startswith(b"%PDF") and len(pdf) > 5_000, name


def test_second_run_does_nothing(run):
    result = snakemake(run, "--cores", "2", "--dry-run")
    assert "Nothing to be done" in result.stdout + result.stderr


def test_rerun_gives_the_same_bytes(run):
    outputs = sorted((run / "results").rglob("*.*"))
    before = digest(outputs)
    snakemake(run, "--cores", "2", "--forceall", "--quiet")
    assert digest(outputs) == before


def test_report_builds(run):
    snakemake(run, "--report", str(run / "report.html"))
    html = (run / "report.html").read_text(errors="replace")
    assert "fig3" in html and "claims" in html.lower()


def test_lint_and_format():
    lint = subprocess.run([*SNAKEMAKE, "--lint", "--snakefile", str(REPO / "Snakefile")],
                          capture_output=True, text=True, cwd=REPO)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    snakefmt = shutil.which("snakefmt") or str(Path(sys.executable).with_name("snakefmt"))
    files = [REPO / "Snakefile", REPO / "workflow" / "Snakefile", *sorted((REPO / "workflow" / "rules").glob("*.smk"))]
    fmt = subprocess.run([snakefmt, "--check", *map(str, files)], capture_output=True, text=True)
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_cluster_generic_executor_runs_jobs_self_contained(tmp_path):
    targets = ["results/tables/table5.csv", "results/figures/fig1.png", "results/scores/park_jun/iris.csv"]
    snakemake(
        tmp_path,
        "--executor", "cluster-generic",
        "--cluster-generic-submit-cmd", str(REPO / "tests" / "cluster" / "submit.sh"),
        "--jobs", "4",
        "--latency-wait", "30",
        *targets,
    )
    for target in targets:
        assert (tmp_path / target).stat().st_size > 0
    assert read_csv(tmp_path / "results" / "scores" / "park_jun" / "iris.csv")[0]["dataset"] == "iris"
