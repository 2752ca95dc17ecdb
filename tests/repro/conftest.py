"""The pipeline run on config/test.yaml, once per test session, for every slow test that reads it.

A run takes minutes, so the end-to-end tests (tests/repro/test_workflow.py and
tests/repro/test_verified.py) read one run (:func:`shared_run`): the pytest-xdist workers
share it through a lock in their common temporary folder. A test that writes in a run (a
forced re-run, damaged files) works on a copy (``copy_of_run``).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

SNAKEMAKE = [sys.executable, "-m", "snakemake"]
TEST_CONFIG = REPO / "config" / "test.yaml"


def snakemake(workdir: Path, *args: str, configfiles=(TEST_CONFIG,), check: bool = True,
              timeout: int = 1200) -> subprocess.CompletedProcess:
    command = [
        *SNAKEMAKE,
        "--snakefile", str(REPO / "Snakefile"),
        "--directory", str(workdir),
        "--configfile", *map(str, configfiles),
        *args,
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=workdir)
    if check:
        assert result.returncode == 0, f"snakemake {' '.join(args)} failed:\n{result.stdout[-3000:]}\n{result.stderr[-6000:]}"
    return result


def shared_run(tmp_path_factory, name: str, *overrides: Path) -> Path:
    """The working folder of one whole run of config/test.yaml (and ``overrides``), made once
    per test session under ``name``: the pytest-xdist workers share it through a lock in
    their common temporary folder (the first to ask runs it; the others wait for it)."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the workers' common folder
    workdir, done = shared / name, shared / f"{name}.done"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(workdir, ignore_errors=True)
            workdir.mkdir()
            snakemake(workdir, "--cores", "2", configfiles=(TEST_CONFIG, *overrides))
            done.touch()
    return workdir


@pytest.fixture(scope="session")
def run(tmp_path_factory) -> Path:
    """The working folder of one whole run of config/test.yaml, to be read, not written."""
    return shared_run(tmp_path_factory, "pipeline-test-yaml")


@pytest.fixture
def copy_of_run(run, tmp_path) -> Path:
    """A copy of the run (its files' times kept, Snakemake's records too), to write in."""
    copy = tmp_path / "run"
    shutil.copytree(run, copy, symlinks=True)
    return copy
