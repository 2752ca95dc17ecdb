"""The every-index suite of benchmarks/bench_every.py on tiny sizes: its rows' structure
and the agreement of both sides' values, never its timings. R is taken as absent, so its
rows must say they are skipped."""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from clustval.indices.registry import INDICES, names_of

pytest.importorskip("sklearn", reason="scikit-learn is the peer of the score rows")

# benchmarks/ is not an installed package: load it from its folder (its modules import each other)
_ROOT = Path(__file__).parents[1]
if "benchmarks" not in sys.modules:
    _package = importlib.util.spec_from_file_location(
        "benchmarks", _ROOT / "benchmarks" / "__init__.py", submodule_search_locations=[str(_ROOT / "benchmarks")]
    )
    sys.modules["benchmarks"] = importlib.util.module_from_spec(_package)
    _package.loader.exec_module(sys.modules["benchmarks"])
bench = importlib.import_module("benchmarks.bench_every")

TINY = dict(score=[("blobs", 200)], genieclust=[], r_n=[200])


@pytest.mark.slow  # fresh interpreters per side
def test_rows_from_fresh_processes(tmp_path, monkeypatch):
    # one compared row (two worker processes) and the R rows skipped
    monkeypatch.setattr(bench, "r_available", lambda package: False)
    rows = bench.run(False, tmp_path, settings=TINY, repeats=1, budget_s=1.0)
    assert [(r["part"], r["n"]) for r in rows] == [("score", 200), ("R clusterCrit", 200), ("R NbClust", 200)]
    score = rows[0]
    assert score["note"] == "" or score["note"].startswith("peak RSS")
    assert score["indices"] == len(INDICES) and score["agree"] is True and score["compared"] == 1
    assert score["passes"] >= 1
    for key in ("ours_s", "theirs_s", "ratio", "ours_mb", "theirs_mb"):
        assert score[key] >= 0 and math.isfinite(score[key]), key
    assert score["ours_runs"] == score["theirs_runs"] == 1
    assert all(r["note"].startswith("skipped: R with") and "ratio" not in r for r in rows[1:])
    assert json.loads((tmp_path / "every.json").read_text())[0]["indices"] == len(INDICES)
    table = (tmp_path / "every.md").read_text()
    assert table.startswith("Machine: ") and "AVX-512" in table
    assert len([line for line in table.splitlines() if line.startswith("| ")]) == 1 + len(rows)


@pytest.mark.parametrize("part, data", [*(("score", kind) for kind in bench.PARTITIONS),
                                        *(("genieclust", kind) for kind in bench.LARGE)])
def test_both_sides_agree_in_process(part, data, tmp_path):
    # the workers' own function, in this process: each side's values, compared as a row would be
    if part == "genieclust":
        pytest.importorskip("genieclust")
    case = dict(part=part, data=data, n=200, peer="")
    path = str(bench.write_data(tmp_path, case["data"], case["n"]))
    ours, theirs = (bench.measure(case, side, path, 1, 1.0) for side in ("ours", "theirs"))
    assert ours["runs"] == theirs["runs"] == 1
    assert set(theirs["values"]) <= set(ours["values"])
    assert bench.agree(ours["values"], theirs["values"])
    assert (ours["passes"] is not None) == (part == "score")
    if part == "genieclust":
        assert len(ours["values"]) == len(theirs["values"])
    else:  # every internal index, and every external one where the partition has a truth
        truth = "labels_true" in np.load(path + ".npz")
        assert len(ours["values"]) == len(names_of("internal")) + truth * len(names_of("external"))


def test_the_partitions_go_from_separated_to_overlapping():
    # what each score row measures: the share of within distances in buckets shared with
    # between ones grows from blobs to random labels (read off the pass counts at one size)
    data = {kind: bench.partition(kind, 1000) for kind in bench.PARTITIONS}
    assert {kind: d["X"].shape for kind, d in data.items()}["wdbc, replicated"] == (1000, 30)
    for kind, d in data.items():
        assert d["labels"].shape == (1000,) and (("labels_true" in d) == (kind != "uniform")), kind
    own = data["blobs, random labels"]["labels_true"]
    assert np.mean(data["blobs, 5 % moved"]["labels"] != own) == pytest.approx(0.05 * 0.9, abs=0.02)


def test_counting_passes_leaves_the_library_as_it_was():
    import clustval.indices.partition

    original = clustval.indices.partition.pair_stats
    with bench.counting_passes():
        assert clustval.indices.partition.pair_stats is not original
    assert clustval.indices.partition.pair_stats is original


def test_agree_and_genieclust_relations():
    assert bench.agree({"a": 1.0, "b": math.nan, "c": 3.0}, {"a": 1.0 + 1e-12, "b": math.nan})
    assert not bench.agree({"a": 1.0}, {"a": 1.001})
    assert not bench.agree({}, {"a": 1.0})  # a value only the peer gives
    assert bench.from_genieclust("negated", 2.0, 10) == -2.0
    assert bench.from_genieclust("negated and summed over the clusters: -K times this mean", 20.0, 10) == -2.0
    with pytest.raises(ValueError):
        bench.from_genieclust("halved", 1.0, 10)
