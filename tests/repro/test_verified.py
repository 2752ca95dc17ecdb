"""Every table the pipeline writes and reads back is a plain CSV file whose row count and
SHA-256 are in one manifest beside it: a damaged one is refused on read, and removed before
the next run's DAG is built, which rebuilds it and what it feeds, ending byte-identical to a
clean run (clustval.repro.verified)."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import subprocess
import sys
from pathlib import Path

import pytest

from clustval.datasets.dataset import Dataset, write_dataset
from clustval.errors import DamagedFileError
from clustval.repro.verified import (
    MANIFEST,
    manifest_of,
    read_manifest,
    read_verified_csv,
    remove_damaged,
    remove_damaged_before_jobs,
    write_verified_csv,
)
from tests.conftest import REPO



def test_a_verified_table_is_a_plain_csv_with_its_entry_in_the_manifest(tmp_path):
    pandas = pytest.importorskip("pandas")
    rows = [{"k": 2, "value": 0.1 + 0.2}, {"k": 3, "value": float("inf")}]
    path = write_verified_csv(rows, ["k", "value"], tmp_path / "results" / "scores" / "t.csv")
    assert path.read_text() == "k,value\n2,0.30000000000000004\n3,inf\n"
    assert read_verified_csv(path) == [{"k": "2", "value": "0.30000000000000004"}, {"k": "3", "value": "inf"}]
    frame = pandas.read_csv(path)
    assert list(frame.columns) == ["k", "value"] and frame["value"].tolist() == [0.1 + 0.2, float("inf")]
    manifest = tmp_path / "results" / MANIFEST
    assert manifest_of(path) == manifest
    assert read_manifest(manifest) == {
        "scores/t.csv": {"rows": 2, "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}
    }
    assert json.loads(manifest.read_text())["format"] == "clustval manifest v1"


def _forget(path: Path) -> None:
    manifest = manifest_of(path)
    content = json.loads(manifest.read_text())
    del content["files"][path.name]
    manifest.write_text(json.dumps(content))


def _cut(path: Path, end: int) -> None:
    path.write_text(path.read_text()[:end])


@pytest.mark.parametrize(
    ("damage", "message", "also_refused"),
    [
        (lambda path: _cut(path, path.read_text().rindex("\n", 0, -1) + 1), "1 rows, .*MANIFEST.json says 2", 0),
        (lambda path: _cut(path, -3), "1 rows, .*MANIFEST.json says 2", 0),
        (lambda path: path.write_text(path.read_text().replace("0.5", "0.6")), "content does not match", 0),
        (lambda path: path.write_text(""), "0 rows, .*MANIFEST.json says 2", 0),
        (lambda path: path.write_text("# clustval table v1 {}\n" + path.read_text()), "3 rows", 0),
        (_forget, "no row count and sha256 in", 0),
        (lambda path: manifest_of(path).unlink(), "no row count and sha256 in", 1),
        (lambda path: manifest_of(path).write_text("{"), "no row count and sha256 in", 1),
    ],
    ids=["row cut", "mid-row", "edited", "emptied", "old header", "entry lost", "manifest lost", "manifest cut"],
)
def test_a_damaged_table_is_refused_and_removed(tmp_path, damage, message, also_refused):
    path = write_verified_csv([{"k": 2, "value": 0.5}, {"k": 3, "value": 0.25}], ["k", "value"], tmp_path / "t.csv")
    other = write_verified_csv([{"k": 4}], ["k"], tmp_path / "other.csv")
    damage(path)
    with pytest.raises(DamagedFileError, match=message) as error:
        read_verified_csv(path)
    assert error.value.path == str(path) and "\n" not in str(error.value)
    removed = remove_damaged([path, other, tmp_path / "missing.csv"])
    assert removed[0].startswith(str(path)) and not path.exists()
    assert len(removed) == 1 + also_refused and other.exists() == (not also_refused)  # a lost manifest vouches for none


def test_a_missing_table_is_left_to_the_workflow(tmp_path):
    path = write_verified_csv([{"k": 2}], ["k"], tmp_path / "t.csv")
    path.unlink()
    assert remove_damaged([path]) == []
    with pytest.raises(DamagedFileError, match="cannot be read"):
        read_verified_csv(path)


def _write_many(folder: str, worker: int) -> None:
    for number in range(25):
        write_verified_csv([{"worker": worker, "number": number}], ["worker", "number"],
                           Path(folder) / f"w{worker}" / f"{number}.csv")


def test_parallel_writers_keep_every_entry(tmp_path):
    # jobs running at once share the manifest: its lock keeps each one's entries
    folder = tmp_path / "results"
    with multiprocessing.get_context("fork").Pool(4) as pool:
        pool.starmap(_write_many, [(str(folder), worker) for worker in range(4)])
    files = read_manifest(folder / MANIFEST)
    assert sorted(files) == sorted(f"w{w}/{n}.csv" for w in range(4) for n in range(25))
    assert remove_damaged(sorted(folder.rglob("*.csv"))) == []


def test_a_data_folder_with_a_damaged_file_is_removed_whole(tmp_path):
    import numpy as np

    folder = tmp_path / "uci"
    for name in ("a", "b"):
        ds = Dataset(name, np.arange(6.0).reshape(3, 2), np.array([0, 1, 1]), ["x", "y"], ["p", "q"])
        write_dataset(ds, folder / f"{name}.csv")
    assert remove_damaged([folder]) == [] and folder.exists()
    damaged = folder / "b.csv"
    damaged.write_text(damaged.read_text()[:-5])
    (line,) = remove_damaged([folder])
    assert "b.csv" in line and not folder.exists()


@pytest.mark.parametrize(("executor", "removes"), [("local", True), ("cluster-generic", True),
                                                  ("dryrun", False), ("touch", False)])
def test_damaged_files_are_removed_only_when_snakemake_executes_jobs(tmp_path, executor, removes):
    # the executor plugins Snakemake itself gives workflow.execute: a dry run and --touch
    # run no job, so they remove nothing; any other mode never calls workflow.execute
    registry = pytest.importorskip("snakemake_interface_executor_plugins.registry")
    pytest.importorskip("snakemake.executors")
    plugin = registry.ExecutorPluginRegistry().get_plugin(executor)
    path = write_verified_csv([{"k": 2}], ["k"], tmp_path / "t.csv")
    path.write_text("k\n")
    calls, removals = [], []

    def execute(executor_plugin, executor_settings, updated_files=None):
        calls.append((executor_plugin, executor_settings, updated_files, path.exists()))
        return "done"

    wrapped = remove_damaged_before_jobs(execute, lambda: [path], removals.append)
    assert wrapped(executor_plugin=plugin, executor_settings="settings", updated_files=[]) == "done"
    assert calls == [(plugin, "settings", [], not removes)], "removed before execute runs, arguments passed on"
    assert [line.split(":")[0] for line in removals] == ([str(path)] if removes else [])
    assert wrapped.__name__ == "execute"


def _tree(root: Path) -> dict[str, str]:
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for folder in ("results", "resources/data")
        for path in sorted((root / folder).rglob("*"))
        if path.is_file() and path.name != ".snakemake_timestamp"
    }


@pytest.mark.slow
def test_the_next_run_rebuilds_every_damaged_file_to_the_clean_bytes(copy_of_run):
    # a copy of the session's whole run of config/test.yaml (tests/repro/conftest.py)
    tmp_path = copy_of_run

    def run():
        return subprocess.run(
            [sys.executable, "-m", "snakemake", "--snakefile", str(REPO / "Snakefile"), "--directory",
             str(tmp_path), "--configfile", str(REPO / "config" / "test.yaml"), "--cores", "2"],
            capture_output=True, text=True,
        )  # fmt: skip

    assert "Nothing to be done" in run().stderr, "the copy is up to date"
    clean = _tree(tmp_path)

    def cut_rows(path, keep):
        lines = path.read_text().split("\n")
        path.write_text("\n".join(lines[:keep]) + "\n")

    # one of each kind, all at once: clusterings cut, labels edited, a data file truncated, a
    # data folder gone, a score file cut mid-row, rows of the read-back final tables deleted,
    # a table's entry lost from the manifest
    cut_rows(tmp_path / "results/clusterings/main/fig3.csv", 18)
    external = tmp_path / "results/clusterings/main/external.csv"
    lines = external.read_text().split("\n")
    lines[3] = lines[3][:-3] + "1 0"
    external.write_text("\n".join(lines))
    iris = tmp_path / "resources/data/main/uci/iris.csv"
    iris.write_bytes(iris.read_bytes()[:3000])
    import shutil

    shutil.rmtree(tmp_path / "resources/data/main/synthetic")
    scores = tmp_path / "results/scores/main/external.csv"
    scores.write_bytes(scores.read_bytes()[:20000])
    cut_rows(tmp_path / "results/scores.csv", 40)
    cut_rows(tmp_path / "results/sensitivity.csv", 5)
    manifest = tmp_path / "results" / MANIFEST
    content = json.loads(manifest.read_text())
    del content["files"]["robustness/offset_scores.csv"]
    manifest.write_text(json.dumps(content))

    again = run()
    assert again.returncode == 0, again.stderr[-2000:]
    assert again.stderr.count("damaged, removed and rebuilt in this run") == 7
    assert _tree(tmp_path) == clean
    assert "Nothing to be done" in run().stderr


@pytest.mark.slow
def test_a_dry_run_or_an_inspection_changes_no_file(tmp_path):
    # a dry run (-pn too: flags combined), --touch, --lint, --summary, --report must leave a
    # damaged file where it is: only a run that executes jobs removes it
    damaged = tmp_path / "results/clusterings/main/fig3.csv"
    damaged.parent.mkdir(parents=True)
    damaged.write_text("run,k\n")
    for options in (["-n"], ["-pn"], ["--touch"], ["--lint"], ["--summary"], ["--report", str(tmp_path / "r.html")]):
        subprocess.run(
            [sys.executable, "-m", "snakemake", "--snakefile", str(REPO / "Snakefile"), "--directory",
             str(tmp_path), "--cores", "1", *options],
            capture_output=True, text=True,
        )  # fmt: skip
        assert damaged.read_text() == "run,k\n", options
