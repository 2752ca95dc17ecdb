"""requirements.lock pins the pipeline's environment with hashes, and the rules' conda
environment carries the same versions (both written by tools/lock.py)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
import lock  # noqa: E402
from .test_dependencies import extra_closure  # noqa: E402

TEXT = (REPO / "requirements.lock").read_text()
VERSIONS = lock.locked_versions(TEXT)


def test_every_pin_is_exact_and_hashed():
    entries = re.split(r"\n(?=[A-Za-z0-9_.-]+==)", TEXT.split("\n", 3)[-1].strip())
    assert len(entries) == len(VERSIONS) > 30
    for entry in entries:
        assert re.match(r"[A-Za-z0-9_.-]+==\S+ \\", entry), entry
        assert re.search(r"--hash=sha256:[0-9a-f]{64}", entry), entry


def test_the_lock_holds_the_whole_pipeline_extra():
    names = {name.replace("_", "-") for name in VERSIONS}
    assert extra_closure("pipeline") - {"clustval"} <= names


def test_the_rules_environment_carries_the_locked_versions():
    yaml = pytest.importorskip("yaml")
    env = yaml.safe_load((REPO / "workflow" / "envs" / "clustval.yaml").read_text())
    pins = [item for entry in env["dependencies"] if isinstance(entry, dict) for item in entry["pip"]
            if "==" in item]
    assert {p.split("==")[0] for p in pins} == set(lock.RULES_NAMES)
    assert all(VERSIONS[name] == version for name, version in (p.split("==") for p in pins))
    python = next(entry for entry in env["dependencies"] if isinstance(entry, str) and entry.startswith("python="))
    assert "python " + python.split("=")[1] in TEXT.splitlines()[0]


def test_pinning_rewrites_only_the_marked_block():
    env = f"dependencies:\n  - pip:\n      {lock.BEGIN}\n      - numpy==1.0\n      {lock.END}\n      - -e ../..\n"
    out = lock.pinned_env(env, {"numpy": "2.4.6", "scipy": "1.17.1"}, ["numpy", "scipy"])
    assert "- numpy==2.4.6\n      - scipy==1.17.1\n" in out and out.endswith("- -e ../..\n")
