"""The gap statistic against R's cluster::clusGap and maxSE (cluster 2.1.4, R 4.2), from the values
tools/r/clusgap_values.R stored in tests/fixtures/r/clusgap_*.csv: R is not needed."""

from __future__ import annotations

import csv
import functools
import math
import shutil
import subprocess
from collections import defaultdict

import numpy as np
import pytest

from clustval.compat.r_kmeans import hartigan_wong
from clustval.compat.r_random import RStream
from clustval.selection.gap import RULES, gap_statistic, max_se
from tests import conftest

FIXTURES = conftest.FIXTURES / "r"


def _rows(name: str) -> list[dict]:
    with open(FIXTURES / name, newline="") as handle:
        return list(csv.DictReader(handle))


DATA = defaultdict(list)
for _row in _rows("clusgap_data.csv"):
    DATA[_row["dataset"]].append([float(v) for v in _row["values"].split()])
RUNS = defaultdict(list)
for _row in _rows("clusgap_tab.csv"):
    RUNS[int(_row["run"])].append(_row)
CLUSTERINGS = defaultdict(list)  # run -> R's clusterings in the order clusGap asked for them
for _row in _rows("clusgap_clusterings.csv"):
    CLUSTERINGS[int(_row["run"])].append((int(_row["k"]), [int(v) for v in _row["cluster"].split()]))
RULE_ROWS = _rows("clusgap_rules.csv")


def replaying(run: int):
    """A clustering that gives back R's clusterings, call after call, checking each K asked."""
    calls = iter(CLUSTERINGS[run])

    def cluster(X, k):
        k_r, labels = next(calls)
        assert k == k_r and len(labels) == len(X)
        return np.array(labels)

    return cluster


def r_kmeans_sharing(stream: RStream, run: int):
    """R's kmeans(x, k) drawing its starts from the stream the reference sets come from, as
    inside clusGap; each partition is checked against R's."""
    calls = iter(CLUSTERINGS[run])

    def cluster(X, k):
        m = len(X)
        centers = X[np.asarray(stream.sample_int(m, k)) - 1]
        if len(np.unique(centers, axis=0)) < k:  # as R: start again from the distinct rows
            _, first = np.unique(X, axis=0, return_index=True)
            distinct = X[np.sort(first)]
            centers = distinct[np.asarray(stream.sample_int(len(distinct), k)) - 1]
        labels = hartigan_wong(X, centers).cluster
        assert labels.tolist() == next(calls)[1]
        return labels

    return cluster


def _call(run: int, algorithm, draws="r"):
    first = RUNS[run][0]
    return gap_statistic(np.array(DATA[first["dataset"]]), range(1, len(RUNS[run]) + 1), algorithm,
                         B=int(first["B"]), reference=first["spaceH0"], d_power=float(first["d_power"]),
                         ddof=1, draws=draws, seed=int(first["seed"]))  # fmt: skip


@functools.cache
def _computed(run: int):
    """pam runs replay R's clusterings; kmeans runs cluster as R's kmeans, from the shared stream."""
    if RUNS[run][0]["fun"] == "pam":
        return _call(run, replaying(run))
    stream = RStream(int(RUNS[run][0]["seed"]))
    return _call(run, r_kmeans_sharing(stream, run), draws=stream)


def _assert_equals_r(found, run: int) -> None:
    rows = RUNS[run]
    # Gap and s are R's to rounding; R halves W_K, so its log W is ours minus log 2
    assert found.gap == pytest.approx([float(r["gap"]) for r in rows], rel=1e-12, abs=1e-13)
    assert found.s == pytest.approx([float(r["SE.sim"]) for r in rows], rel=1e-12)
    assert [v - math.log(2) for v in found.log_w] == pytest.approx([float(r["logW"]) for r in rows], rel=1e-12)
    assert [v - math.log(2) for v in found.log_w_reference] == pytest.approx(
        [float(r["E.logW"]) for r in rows], rel=1e-12)  # fmt: skip


@pytest.mark.parametrize("run", [run for run, rows in RUNS.items() if rows[0]["fun"] == "pam"])
def test_clusgap_with_r_s_pam_clusterings(run):
    """Both spaceH0, d.power 1 and 2, R's stream after set.seed, R's sd: every number of R's table."""
    _assert_equals_r(_computed(run), run)


@pytest.mark.parametrize("run", [run for run, rows in RUNS.items() if rows[0]["fun"] == "kmeans"])
def test_clusgap_with_r_s_kmeans_drawing_from_the_same_stream(run):
    _assert_equals_r(_computed(run), run)


def test_the_uniform_draws_themselves_give_the_same_table():
    run = 2  # scaledPCA
    rows, n, d = RUNS[run], len(DATA["blobs"]), len(DATA["blobs"][0])
    B = int(rows[0]["B"])
    u = RStream(int(rows[0]["seed"])).unif_rand(B * n * d).reshape(B, d, n).transpose(0, 2, 1)
    _assert_equals_r(_call(run, replaying(run), draws=u), run)


@pytest.mark.parametrize("row", RULE_ROWS, ids=lambda r: f"run{r['run']}-{r['method']}-{r['SE.factor']}")
def test_every_rule_and_se_factor_on_clusgap_s_tables(row):
    rows = RUNS[int(row["run"])]
    gap, s = [float(r["gap"]) for r in rows], [float(r["SE.sim"]) for r in rows]
    factor, expected = float(row["SE.factor"]), int(row["k"])
    assert max_se(gap, s, row["method"], se_factor=factor) == expected
    chosen = _computed(int(row["run"])).best(row["method"], factor)
    # Tibshirani's rule here answers None where R, finding no K, answers K.max
    assert chosen == expected or (chosen is None and row["method"] == "Tibs2001SEmax" and expected == len(rows))


@pytest.mark.parametrize("row", _rows("clusgap_maxse.csv"), ids=lambda r: f"{r['method']}-{r['SE.factor']}")
def test_max_se_equals_r_on_vectors_with_ties_and_plateaus(row):
    gap, s = [float(v) for v in row["f"].split()], [float(v) for v in row["SE.f"].split()]
    assert max_se(gap, s, row["method"], se_factor=float(row["SE.factor"])) == int(row["k"])


def test_every_rule_is_in_the_fixtures():
    assert {row["method"] for row in RULE_ROWS} == set(RULES)



def _r_has_cluster() -> bool:
    rscript = shutil.which("Rscript")
    return bool(rscript) and subprocess.run([rscript, "-e", "library(cluster)"], check=False, capture_output=True).returncode == 0


LIVE_R = """library(cluster); X <- as.matrix(read.csv(commandArgs(TRUE)[1], header = FALSE))
pam1 <- function(x, k) { cl <- pam(x, k, cluster.only = TRUE); cat("K", k, cl, "\\n"); list(cluster = cl) }
set.seed(5); g <- clusGap(X, pam1, K.max = 4, B = 5)
cat("TAB", sprintf("%.17g", c(g$Tab[, "gap"], g$Tab[, "SE.sim"])), maxSE(g$Tab[, 3], g$Tab[, 4]), "\\n")
"""


@pytest.mark.skipif(not _r_has_cluster(), reason="R with the package cluster is not installed")
def test_live_cross_check_with_r_s_defaults(tmp_path):
    """R, when present, on new data: clusGap with its defaults against the keywords that give them."""
    rng = np.random.default_rng(11)
    X = np.vstack([rng.normal(c, 0.5, size=(15, 3)) for c in [(0, 0, 0), (3, 0, 1), (0, 3, 3)]])
    np.savetxt(tmp_path / "X.csv", X, delimiter=",", fmt="%.17g")
    (tmp_path / "gap.R").write_text(LIVE_R)
    out = subprocess.run([shutil.which("Rscript"), tmp_path / "gap.R", tmp_path / "X.csv"], capture_output=True,
                         text=True, check=True).stdout.splitlines()  # fmt: skip
    calls = iter([line.split()[1:] for line in out if line.startswith("K ")])

    def r_pam(data, k):  # R's clusterings, in the order R asked for them
        asked, *labels = next(calls)
        assert int(asked) == k
        return np.array(labels, dtype=int)

    found = gap_statistic(X, range(1, 5), r_pam, B=5, seed=5, draws="r", d_power=1, reference="scaledPCA", ddof=1,
                          rule="firstSEmax")  # fmt: skip
    values = next(line.split()[1:] for line in out if line.startswith("TAB "))
    assert found.gap == pytest.approx([float(v) for v in values[:4]], rel=1e-12, abs=1e-13)
    assert found.s == pytest.approx([float(v) for v in values[4:8]], rel=1e-12)
    assert found.best_k == int(values[8])
