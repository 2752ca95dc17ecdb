"""Every file the pipeline writes and reads back carries its row count and SHA-256: a damaged
one is refused on read, and removed before the next run's DAG is built, which rebuilds it and
what it feeds, ending byte-identical to a clean run (clustval.repro.verified)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from clustval.datasets.dataset import Dataset, write_dataset
from clustval.errors import DamagedFileError
from clustval.repro.verified import (
    read_verified_csv,
    read_verified_text,
    remove_damaged,
    verified_text,
    write_verified_csv,
)

REPO = Path(__file__).resolve().parents[1]


def test_a_verified_table_round_trips(tmp_path):
    rows = [{"k": 2, "value": 0.1 + 0.2}, {"k": 3, "value": float("inf")}]
    path = write_verified_csv(rows, ["k", "value"], tmp_path / "t.csv")
    assert read_verified_csv(path) == [{"k": "2", "value": "0.30000000000000004"}, {"k": "3", "value": "inf"}]
    assert verified_text(read_verified_text(path)) == path.read_text()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda text: text[: text.rindex("\n", 0, -1) + 1], "1 rows, its header says 2"),  # a row cut off
        (lambda text: text[:-3], "1 rows, its header says 2"),  # cut mid-row
        (lambda text: text.replace("0.5", "0.6"), "content does not match"),  # a value edited
        (lambda text: text.split("\n", 1)[1], "no valid row count and sha256 header"),  # header lost
        (lambda text: "", "no valid row count"),  # emptied
    ],
    ids=["row cut", "mid-row", "edited", "no header", "empty"],
)
def test_a_damaged_table_is_refused_and_removed(tmp_path, damage, message):
    path = write_verified_csv([{"k": 2, "value": 0.5}, {"k": 3, "value": 0.25}], ["k", "value"], tmp_path / "t.csv")
    path.write_text(damage(path.read_text()))
    with pytest.raises(DamagedFileError, match=message) as error:
        read_verified_csv(path)
    assert error.value.path == str(path) and "\n" not in str(error.value)
    (line,) = remove_damaged([path, tmp_path / "missing.csv"])
    assert line.startswith(str(path)) and not path.exists()


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


def _tree(root: Path) -> dict[str, str]:
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for folder in ("results", "resources/data")
        for path in sorted((root / folder).rglob("*"))
        if path.is_file() and path.name != ".snakemake_timestamp"
    }


@pytest.mark.slow
def test_the_next_run_rebuilds_every_damaged_file_to_the_clean_bytes(tmp_path):
    def run():
        return subprocess.run(
            [sys.executable, "-m", "snakemake", "--snakefile", str(REPO / "Snakefile"), "--directory",
             str(tmp_path), "--configfile", str(REPO / "config" / "test.yaml"), "--cores", "2"],
            capture_output=True, text=True,
        )  # fmt: skip

    assert run().returncode == 0
    clean = _tree(tmp_path)

    def cut_rows(path, keep):
        lines = path.read_text().split("\n")
        path.write_text("\n".join(lines[:keep]) + "\n")

    # one of each kind, all at once: clusterings cut, labels edited, a data file truncated, a
    # data folder gone, a score file cut mid-row, rows of the read-back final tables deleted
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

    again = run()
    assert again.returncode == 0, again.stderr[-2000:]
    assert again.stderr.count("damaged, removed and rebuilt in this run") == 6
    assert _tree(tmp_path) == clean
    assert "Nothing to be done" in run().stderr


@pytest.mark.slow
def test_a_dry_run_or_an_inspection_changes_no_file(tmp_path):
    # -n, --lint, --summary must leave a damaged file where it is: only a run removes it
    damaged = tmp_path / "results/clusterings/main/fig3.csv"
    damaged.parent.mkdir(parents=True)
    damaged.write_text("run,k\n")
    for options in (["-n"], ["--lint"], ["--summary"]):
        subprocess.run(
            [sys.executable, "-m", "snakemake", "--snakefile", str(REPO / "Snakefile"), "--directory",
             str(tmp_path), "--cores", "1", *options],
            capture_output=True, text=True,
        )  # fmt: skip
        assert damaged.read_text() == "run,k\n", options
