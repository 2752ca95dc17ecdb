"""The variants other libraries compute under the same names, as options of the native
indices: Davies & Bouldin's general DB (q, p; NbClust's q = 2; cvi's squared form) and
clusterCrit's Silhouette (the mean of the clusters' means). Checked against plain loops,
R's stored values (tests/fixtures/r) and the cvi package."""

from __future__ import annotations

import csv
import json
import math
from fractions import Fraction

import numpy as np
import pytest

import clustval
from clustval.cli import main
from clustval.compat.nbclust import hclust_cut
from clustval.errors import InputError, UndefinedIndexError
from tests import conftest

FIXTURES = conftest.FIXTURES / "r"


def _data(name):
    with open(FIXTURES / f"{name}.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    X = np.array([[float(v) for c, v in r.items() if c.startswith("x")] for r in rows])
    return X, {c: np.array([int(r[c]) for r in rows]) for c in ("true", "kmeans", "noisy", "singleton")}


def db_by_loops(X, labels, q=1.0, p=2.0, squared=False) -> float:
    """Davies & Bouldin (1979) from the definition, one cluster and one pair at a time."""
    X = [list(map(float, x)) for x in X]
    clusters = sorted(set(labels.tolist()))
    members = {c: [x for x, l in zip(X, labels.tolist()) if l == c] for c in clusters}
    centre = {c: [sum(col) / len(m) for col in zip(*m)] for c, m in members.items()}
    spread = {c: (sum(math.dist(x, centre[c]) ** q for x in m) / len(m)) ** (1 / q) for c, m in members.items()}

    def separation(a, b):
        gaps = [abs(u - v) for u, v in zip(centre[a], centre[b])]
        return max(gaps) if math.isinf(p) else sum(g**p for g in gaps) ** (1 / p)

    power = 2 if squared else 1
    worst = [max((spread[a] ** power + spread[b] ** power) / separation(a, b) ** power
                 for b in clusters if b != a) for a in clusters]  # fmt: skip
    return sum(worst) / len(worst)


@pytest.mark.parametrize("q", [1, 2, 3.5])
@pytest.mark.parametrize("p", [1, 2, 3, math.inf])
@pytest.mark.parametrize("squared", [False, True])
def test_db_general_form_equals_the_loops(q, p, squared):
    rng = np.random.default_rng(int(q * 10 + (p if math.isfinite(p) else 9) + squared))
    X = rng.normal(size=(40, 3)) + np.repeat(rng.normal(0, 4, size=(4, 3)), 10, axis=0)
    labels = np.repeat(np.arange(4), 10)
    assert clustval.db(X, labels, q=q, p=p, squared=squared) == pytest.approx(
        db_by_loops(X, labels, q, p, squared), rel=1e-12)


def test_the_default_db_is_unchanged():
    X, labels = _data("iris")
    value = clustval.db(X, labels["true"])
    assert value == 0.7517428073901371  # the value before the options existed, bit for bit
    assert value == clustval.db(X, labels["true"], q=1, p=2, squared=False)
    assert value == pytest.approx(db_by_loops(X, labels["true"]), rel=1e-13)
    from sklearn.metrics import davies_bouldin_score

    assert value == pytest.approx(davies_bouldin_score(X, labels["true"]), rel=1e-12)


@pytest.mark.parametrize("dataset", ["iris", "blobs_small", "blobs_5d"])
@pytest.mark.parametrize("method", ["ward.D2", "average"])
def test_db_q2_is_nbclust_s_db(dataset, method):
    """NbClust's DB (q = 2, p = 2) from R, on its own hierarchy's cuts (no coincident centroids)."""
    X, _ = _data(dataset)
    with open(FIXTURES / "nbclust_index.csv", newline="") as f:
        want = {int(r["k"]): float(r["value"]) for r in csv.DictReader(f)
                if (r["dataset"], r["method"], r["index_set"], r["index"]) == (dataset, method, "all", "DB")}  # fmt: skip
    assert len(want) == 7
    for k, value in want.items():
        assert clustval.db(X, hclust_cut(X, k, method), q=2) == pytest.approx(value, rel=1e-10)


def test_db_squared_q2_is_cvi_s_db():
    cvi = pytest.importorskip("cvi")
    X, labels = _data("blobs_5d")
    for name in ("true", "kmeans", "noisy"):
        codes = np.unique(labels[name], return_inverse=True)[1]
        assert clustval.db(X, codes, q=2, squared=True) == pytest.approx(cvi.DB().get_cvi(X, codes), rel=1e-10)


@pytest.mark.parametrize("dataset", ["iris", "blobs_small", "blobs_ties", "blobs_5d"])
def test_sil_by_clusters_is_clustercrit_s_silhouette(dataset):
    X, labels = _data(dataset)
    with open(FIXTURES / "clustercrit_internal.csv", newline="") as f:
        want = {r["labels"]: float(r["value"]) for r in csv.DictReader(f)
                if r["dataset"] == dataset and r["criterion"] == "Silhouette"}  # fmt: skip
    for name in ("true", "kmeans", "noisy"):
        assert clustval.sil(X, labels[name], average="clusters") == pytest.approx(want[name], rel=1e-10)
    # clusterCrit gives NaN with a singleton (a = 0/0): undefined here, NaN under undefined="nan"
    assert math.isnan(want["singleton"])
    with pytest.raises(UndefinedIndexError, match="singleton") as caught:
        clustval.sil(X, labels["singleton"], average="clusters")
    assert "\n" not in str(caught.value)
    got = clustval.score(labels["singleton"], X=X, names=["sil"], sil_average="clusters", undefined="nan")
    assert math.isnan(got["sil"])


def sil_by_clusters_by_fractions(x, labels) -> Fraction:
    """clusterCrit's Silhouette of 1-d data in exact arithmetic: the mean of the clusters' means."""
    def width(i):
        own = [abs(x[i] - x[j]) for j in range(len(x)) if labels[j] == labels[i] and j != i]
        means = [sum(d) / len(d) for d in ([abs(x[i] - x[j]) for j in range(len(x)) if labels[j] == c]
                                          for c in set(labels) if c != labels[i])]  # fmt: skip
        a, b = Fraction(sum(own), len(own)), min(means)
        return (b - a) / max(a, b)

    per_cluster = [[width(i) for i in range(len(x)) if labels[i] == c] for c in sorted(set(labels))]
    return sum(sum(w) / len(w) for w in per_cluster) / len(per_cluster)


def test_sil_by_clusters_equals_exact_arithmetic():
    x = [Fraction(v) for v in (0, 1, 3, 7, 8, 20, 21, 22, 24)]
    labels = [0, 0, 0, 1, 1, 2, 2, 2, 2]
    want = sil_by_clusters_by_fractions(x, labels)
    assert clustval.sil([[float(v)] for v in x], labels, average="clusters") == pytest.approx(float(want), rel=1e-14)
    assert clustval.sil([[float(v)] for v in x], labels) != pytest.approx(float(want), rel=1e-6)  # the two differ


def test_options_reach_the_cores_through_score_select_k_and_the_cli(tmp_path, capsys):
    X, labels = _data("blobs_small")
    y = labels["noisy"]
    got = clustval.score(y, X=X, names=["sil", "db"], sil_average="clusters", db_q=2, db_p=3, db_squared=True)
    assert got == {"sil": clustval.sil(X, y, average="clusters"), "db": clustval.db(X, y, q=2, p=3, squared=True)}
    assert clustval.internal_scores(X, y, ["db"], db_q=2)["db"] == clustval.db(X, y, q=2)
    found = clustval.select_k(X, [2, 3], "pam", ["sil", "db"], sil_average="clusters", db_q=2)
    for row in found.table:
        assert row["sil"] == clustval.sil(X, found.labels[row["k"]], average="clusters")
        assert row["db"] == clustval.db(X, found.labels[row["k"]], q=2)
    data, pred = tmp_path / "X.csv", tmp_path / "y.txt"
    np.savetxt(data, X, delimiter=",")
    pred.write_text("\n".join(map(str, y)) + "\n")
    assert main(["score", "--pred", str(pred), "--data", str(data), "--index", "db", "--index", "sil",
                 "--db-q", "2", "--db-squared", "--sil-average", "clusters", "--json"]) == 0  # fmt: skip
    printed = json.loads(capsys.readouterr().out)
    assert printed["db"] == pytest.approx(clustval.db(X, y, q=2, squared=True), rel=1e-15)
    assert printed["sil"] == pytest.approx(clustval.sil(X, y, average="clusters"), rel=1e-15)


@pytest.mark.parametrize(("call", "message"), [
    (lambda X, y: clustval.db(X, y, q=0.5), "db_q = 0.5; use a number of at least 1"),
    (lambda X, y: clustval.db(X, y, p=math.nan), "db_p = nan; use a number of at least 1, or inf"),
    (lambda X, y: clustval.db(X, y, q=math.inf), "db_q = inf; use a number of at least 1"),
    (lambda X, y: clustval.db(X, y, squared="yes"), "db_squared = 'yes'; use True or False"),
    (lambda X, y: clustval.sil(X, y, average="median"), "sil_average"),
    (lambda X, y: clustval.score(y, X=X, names=["sil"], sil_average="mean"), "sil_average"),
    (lambda X, y: clustval.score(y, X=X, names=["sil"], db_q=0), "db_q = 0"),
    (lambda X, y: clustval.internal_scores(X, y, ["sil"], stdi_squared="no"), "stdi_squared"),
])  # fmt: skip
def test_bad_options_are_one_line(call, message):
    X, labels = _data("blobs_small")
    with pytest.raises(InputError, match=message) as caught:
        call(X, labels["true"])
    assert "\n" not in str(caught.value)


def test_the_cli_refuses_an_exponent_below_one(capsys):
    with pytest.raises(SystemExit) as code:
        main(["score", "--pred", "-", "--data", "x.csv", "--db-q", "0.5"])
    assert code.value.code == 2 and "at least 1" in capsys.readouterr().err


def test_the_index_page_names_each_variant_and_the_option_that_reproduces_a_peer():
    hooks = conftest.load_file("docs/hooks.py", "variants_docs_hooks")
    page = hooks.index_details()
    db_part = page[page.index("### `db`"):page.index("### `dbi`")]
    for text in ("`db_q` (float >= 1, default 1)", "`db_p` (float >= 1 (inf allowed), default 2)",
                 "`db_squared` (bool, default False)",
                 "NbClust's DB: `db_q=2`", "`db_q=2, db_squared=True`"):
        assert text in db_part
    sil_part = page[page.index("### `sil`"):page.index("### `sil_sum`")]
    assert '`sil_average` ({"objects", "clusters"}, default "objects")' in sil_part
    assert "sil_average='clusters'" in sil_part  # clusterCrit's Silhouette, among the peers
