"""Choosing K: ``select_k`` and ``clustval sweep`` give the pipeline's Fig. 3 on the Fig. 1 set.

The Fig. 1 set and its Fig. 3 run are built from the project's config exactly as the
workflow builds them (the settings' data recipe and run-table row), clustered and scored by
the pipeline's steps; the sweep command, run on the set written as a plain CSV, must give the
same values and the same best K, which the test finds again by its own exact-tie argmax.
"""

from __future__ import annotations

import csv
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import yaml

import clustval
from clustval import cli
from clustval.errors import InputError
from clustval.indices.registry import INDICES, INTERNAL
from clustval.io.text import best_ks_text
from clustval.repro.data import build_dataset
from clustval.repro.figure_table import figure_params
from clustval.repro.paper.scores import ScoreTable
from clustval.repro.pipeline import SCORE_COLUMNS, cluster_run, score_rows
from clustval.repro.settings import MAIN, Settings
from tests.conftest import REPO

SETTINGS = Settings.from_config(yaml.safe_load((REPO / "config" / "config.yaml").read_text()))


@pytest.fixture(scope="module")
def fig3_run():
    """The pipeline's Fig. 3: the Fig. 1 data set, its run row and its score table."""
    (recipe,) = SETTINGS.data_params(MAIN, "fig1")
    ds = build_dataset(recipe["name"], recipe["config"])
    (row,) = SETTINGS.run_params(MAIN, "fig3")
    with pytest.warns(clustval.clustering.kmedoids.SeedFallbackWarning):
        results = cluster_run(ds, row["algorithm"], row["ks"], row["clustering"])
    labels = {len(r.medoids): r.labels for r in results}
    rows = score_rows(ds, row["algorithm"], labels, SETTINGS.indices, external=False)
    table = ScoreTable.from_records(tuple(r[c] for c in SCORE_COLUMNS) for r in rows)
    fallback = [len(r.medoids) for r in results if r.init_fallback]
    return ds, row, table, fallback


def _write_matrix(X, path: Path) -> Path:
    path.write_text("".join(",".join(repr(float(v)) for v in x) + "\n" for x in X))
    return path


def _best_ks(ks, values, direction):
    """Every K whose value equals the best finite value (independent of the registry's rule)."""
    finite = [v for v in values if math.isfinite(v)]
    best = max(finite) if direction == "higher" else min(finite)
    return tuple(k for k, v in zip(ks, values) if v == best)


def test_sweep_on_the_fig1_set_gives_the_best_k_of_fig3(fig3_run, tmp_path, capsys):
    ds, row, table, fallback = fig3_run
    fig3_indices = figure_params(SETTINGS, "fig3")["indices"]
    data, out = _write_matrix(ds.X, tmp_path / "fig1.csv"), tmp_path / "sweep.csv"
    k_range = f"{row['ks'][0]}:{row['ks'][-1]}"
    names = [arg for name in fig3_indices for arg in ("--index", name)]
    assert cli.main(["sweep", "--data", str(data), "--k", k_range, "--out", str(out), *names]) == 0
    printed = capsys.readouterr()

    with open(out, newline="") as handle:
        written = list(csv.DictReader(handle))
    assert list(written[0]) == ["k", *fig3_indices]
    ks = [int(r["k"]) for r in written]
    assert ks == row["ks"]
    for name in fig3_indices:
        values = [float(r[name]) for r in written]
        assert values == table.series(row["dataset"], name, row["algorithm"])[1], name  # exact
        best = _best_ks(ks, values, INDICES[name].direction)
        assert best == table.best_ks(row["dataset"], name, row["algorithm"])[0], name
        assert f"best K {best_ks_text(best)}" in printed.out
    # the README's result of the full run: STDI finds the 9 sub-clusters, IGP ties
    assert table.best_ks("fig1", "stdi", "sd_kmedoids")[0] == (9,)
    assert table.best_ks("fig1", "igp", "sd_kmedoids")[0] == (3, 9, 10)
    assert "farthest-first at K = 9..22" in printed.err and fallback == list(range(9, 23))


def test_select_k_is_the_pipeline_run(fig3_run):
    ds, row, table, fallback = fig3_run
    found = clustval.select_k(ds.X, range(2, 23), name="fig1")
    assert found.indices == INTERNAL and found.ks == tuple(row["ks"])
    assert found.fallback_ks == tuple(fallback)
    for name in INTERNAL:
        assert found.best_ks[name] == table.best_ks("fig1", name, "sd_kmedoids")[0]
        assert [r[name] for r in found.table] == table.series("fig1", name, "sd_kmedoids")[1]
    assert len(np.unique(found.labels[9])) == 9


def test_ties_are_reported_as_ties():
    # Four far pairs: while no pair is split, every nearest neighbour is in its own cluster,
    # so IGP = 1 at K = 2, 3 and 4; K = 5 splits a pair. Sil has one best, K = 4.
    X = [[0, 0], [0, 1], [10, 0], [10, 1], [0, 10], [0, 11], [10, 10], [10, 11]]
    found = clustval.select_k(X, [5, 2, 3, 4], indices=["igp", "sil"])
    assert found.ks == (2, 3, 4, 5)
    assert [r["igp"] for r in found.table] == [1.0, 1.0, 1.0, 0.6]
    assert found.best_ks == {"igp": (2, 3, 4), "sil": (4,)} and found.best == {"igp": 2, "sil": 4}


@pytest.mark.parametrize(
    ("ks", "kwargs", "message"),
    [
        ([], {}, "ks is empty"),
        ([2, 2], {}, "repeats a K"),
        ([1, 2], {}, "K = 1 is outside 2..6"),
        ([7], {}, "K = 7 is outside 2..6"),
        ([2.5], {}, "must be an integer"),
        ([2], {"algorithm": "kmeanz"}, "unknown algorithm 'kmeanz'"),
        ([2], {"indices": ["ari"]}, "'ari' is an external index"),
        ([2], {"indices": ["nope"]}, "unknown index 'nope'"),  # as score() says it
        ([2], {"names": ["sil"]}, "select_k takes the indices to compare as indices=, not names="),
        ([2], {"sample_weight": np.ones(6)}, "select_k takes no sample_weight"),  # score's words, no option
        ([2], {"labels_true": [0, 0, 0, 1, 1, 1]}, "select_k chooses K by internal indices and takes no labels_true"),
        ([2, 3], {"algorithm": lambda X, k: np.arange(len(X)) % (k + 1)}, "<lambda> gave 3 clusters at K = 2: a "
         "clustering at K has at most K clusters"),
        ([2], {"algorithm": lambda X, k: [0, 1]}, r"gave labels of shape \(2,\) at K = 2 for 6 objects"),
        (None, {"algorithm": {3: [0, 1, 2, 3, 0, 1]}}, "the partition given gave 4 clusters at K = 3"),
    ],
)
def test_bad_requests_are_one_clear_error(ks, kwargs, message):
    X = np.arange(12.0).reshape(6, 2) ** 2
    with pytest.raises((InputError, KeyError), match=message):
        clustval.select_k(X, ks, **kwargs)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"indices": ["db"], "metric": "cityblock"}, "DB needs the data's coordinates"),
        ({"indices": ["sil"], "metric": "precomputed"}, r"distances must be a square \(n, n\) matrix"),
    ],
)
def test_what_the_indices_ask_of_the_data_is_refused_before_any_clustering(kwargs, message):
    X = np.arange(12.0).reshape(6, 2) ** 2
    clustered = []
    with pytest.raises(InputError, match=message):
        clustval.select_k(X, [2, 3], lambda X, k: clustered.append(k) or np.arange(len(X)) % k, **kwargs)
    assert clustered == []


def test_a_clusterer_may_find_fewer_clusters_than_k():
    # k-means on coincident points finds fewer: scored as found, as before
    X = np.arange(12.0).reshape(6, 2) ** 2
    found = clustval.select_k(X, [2, 3], lambda X, k: np.arange(len(X)) % 2, indices=["sil"])
    assert found.table[0]["sil"] == found.table[1]["sil"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--k", "22:2"], "the K range '22:2' is empty"),
        (["--k", "2-22"], "FIRST:LAST"),
        (["--k", "2:9"], "K = 7 is outside 2..6"),
        (["--k", "2:3", "--algorithm", "kmeanz"], "invalid choice: 'kmeanz'"),
        (["--k", "2:3", "--index", "s2"], "'s2' is an external index"),
        (["--k", "2:3", "--sd-radius", "wide"], "invalid choice: 'wide'"),
        (["--k", "2:3", "--plot", "out.svg"], "saved as .png or .pdf"),
    ],
)
def test_sweep_errors_are_one_line(tmp_path, capsys, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    data = _write_matrix(np.arange(12.0).reshape(6, 2) ** 2, tmp_path / "x.csv")
    try:
        status = cli.main(["sweep", "--data", str(data), *args])
    except SystemExit as exit_:  # a usage error, from argparse
        status = exit_.code
    err = capsys.readouterr().err
    assert status in (1, 2) and message in err and err.count("\n") == 1, err


def test_plot_without_matplotlib_is_one_line(tmp_path):
    # A fresh interpreter in which ``import matplotlib`` fails, as without the plot extra.
    data = _write_matrix(np.arange(12.0).reshape(6, 2) ** 2, tmp_path / "x.csv")
    code = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "from clustval.cli import main\n"
        f"sys.exit(main(['sweep', '--data', {str(data)!r}, '--k', '2:3', '--plot', 'k.png']))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == "clustval: error: plotting needs matplotlib: pip install 'clustval[plot]'.\n"
    assert not (tmp_path / "k.png").exists()


def test_plot_is_drawn_by_the_fig3_panels(tmp_path):
    pytest.importorskip("matplotlib")
    from clustval.plotting import BEST_K_GID, FALLBACK_GID
    from clustval.selection import plot_selection

    X = [[x + dx, y + dy] for x, y in [(0, 0), (10, 0), (5, 9)] for dx, dy in [(0, 0), (1, 0), (0, 1), (1, 1)]]
    found = clustval.select_k(X, range(2, 6), indices=["db", "sil"])
    path = tmp_path / "k.png"
    fig = plot_selection(found, path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    lines = [line for ax in fig.axes for line in ax.get_lines()]
    assert [list(line.get_xdata()) for line in lines if line.get_gid() == BEST_K_GID] == [[3], [3]]
    assert [list(line.get_xdata()) for line in lines if line.get_gid() == FALLBACK_GID] == [[4, 5]] * 2
    assert fig.get_suptitle() == "Internal indices against K on data (sd_kmedoids, K = 2..5)"


# ---- NbClust-style votes -------------------------------------------------------------------


def test_each_index_with_one_best_k_votes_for_it_and_ties_abstain():
    # a hand count: sil and db vote 3, ch votes 2, igp's tie and an undefined index abstain
    vote = clustval.Vote.count([2, 3, 4], {"sil": (3,), "db": (3,), "calinski_harabasz": (2,), "igp": (2, 3), "sd_dis": ()})
    assert vote.votes == {2: 1, 3: 2, 4: 0}
    assert vote.voters == {"sil": 3, "db": 3, "calinski_harabasz": 2}
    assert vote.abstained == {"igp": (2, 3), "sd_dis": ()}
    assert vote.majority == (3,)
    assert clustval.Vote.count([2, 3], {"sil": (2,), "db": (3,)}).majority == (2, 3)  # a tie
    assert clustval.Vote.count([2, 3], {"igp": (2, 3)}).majority == ()  # nobody voted


def _three_groups(seed=0):
    rng = np.random.default_rng(seed)
    return np.vstack([rng.normal(centre, 0.4, (30, 2)) for centre in [(0, 0), (6, 0), (0, 6)]])


@pytest.mark.parametrize("algorithm", ["park_jun", "pam", "sd_kmedoids", "kmeans"])
def test_the_vote_is_the_count_of_each_index_s_own_best_k(algorithm):
    X = _three_groups()
    found = clustval.select_k(X, range(2, 7), algorithm, vote=True)
    # recount from the table by each index's own rule (registry k_rule), by hand
    expected = {k: 0 for k in range(2, 7)}
    for index in found.indices:
        ks, values = found.series(index)
        best = found.best_ks[index]
        rule = INDICES[index].k_rule
        finite = [(k, v) for k, v in zip(ks, values) if math.isfinite(v)]
        if rule in ("max", "min") and finite:
            pick = max if rule == "max" else min
            target = pick(v for _, v in finite)
            assert best == tuple(k for k, v in finite if v == target), index
        if len(best) == 1:
            expected[best[0]] += 1
    assert found.vote.votes == expected
    assert found.vote.majority == (3,)  # three well separated groups


def test_the_vote_counts_user_partitions_and_undefined_indices_abstain():
    X = _three_groups(1)
    truth = np.repeat([0, 1, 2], 30)
    partitions = {2: np.minimum(truth, 1), 3: truth, 4: np.where(np.arange(90) == 0, 3, truth)}  # K = 4: a singleton
    found = clustval.select_k(X, algorithm=partitions, indices=["sil", "db", "banfeld_raftery"], vote=True)
    assert found.undefined == {"banfeld_raftery": (4,)}  # a singleton has no scatter to take the log of
    assert math.isnan(found.table[2]["banfeld_raftery"])
    assert found.vote.majority == (3,)
    with pytest.raises(clustval.errors.UndefinedIndexError, match="Banfeld-Raftery"):
        clustval.select_k(X, algorithm=partitions, indices=["banfeld_raftery"], undefined="raise")
    assert "undefined at K = 4" in clustval.selection.summary(found)


def test_sweep_vote_prints_the_majority_and_draws_the_bars(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    data = tmp_path / "x.csv"
    np.savetxt(data, _three_groups(), delimiter=",")
    bars = tmp_path / "votes.png"
    status = cli.main(["sweep", "--data", str(data), "--k", "2:5", "--algorithm", "park_jun",
                       "--index", "sil", "--index", "db", "--index", "calinski_harabasz", "--vote-plot", str(bars)])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0
    assert out.splitlines()[-1] == "votes: K = 3 has 3 of 3"
    assert bars.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_best_is_one_int_per_index_the_smallest_of_a_tie_and_none_without_one():
    X = [[0, 0], [0, 1], [10, 0], [10, 1], [0, 10], [0, 11], [10, 10], [10, 11]]
    found = clustval.select_k(X, range(2, 9), indices=["igp", "sil"], undefined="nan")
    assert found.best_ks["igp"] == (2, 3, 4) and found.best["igp"] == 2
    assert all(type(k) is int for k in found.best.values())
    alone = clustval.select_k(X, [8], indices=["sil"], undefined="nan")  # K = n: Sil undefined
    assert alone.best_ks == {"sil": ()} and alone.best == {"sil": None}


def test_series_reads_an_alias_and_refuses_an_index_it_does_not_hold():
    found = clustval.select_k(np.arange(12.0).reshape(6, 2) ** 2, [2, 3], indices=["sil", "db"])
    assert found.series("silhouette") == found.series("sil")
    with pytest.raises(InputError, match="this selection holds no index 'ch': it holds sil, db"):
        found.series("ch")
    with pytest.raises(InputError, match="holds no index 'nope'"):
        found.series("nope")
