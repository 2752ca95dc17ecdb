"""Pin the environment a run used: ``requirements.lock`` and the rules' conda environment.

    python tools/lock.py [--uv PATH] [--python PYTHON]

1. Freezes the environment of ``--python`` (default: the running interpreter, i.e. the one
   that ran the pipeline) and resolves ``pyproject.toml``'s ``pipeline`` extra against those
   exact versions with uv (``uv pip compile --generate-hashes``) from PyPI: every distribution
   pinned with ``==`` and the SHA-256 of each of its files on PyPI, so
   ``pip install --require-hashes -r requirements.lock`` installs the same environment a year
   from now (then ``pip install --no-deps -e .``).
2. Writes the same versions into ``workflow/envs/clustval.yaml`` (the rules' conda
   environment), between its ``# pinned from requirements.lock`` markers.

The run's versions are also in ``results/environment.csv`` and the replication report;
``tests/test_lock.py`` checks that the lock, the conda environment and pyproject agree.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOCK = REPO / "requirements.lock"
RULES_ENV = REPO / "workflow" / "envs" / "clustval.yaml"
BEGIN, END = "# pinned from requirements.lock: begin", "# pinned from requirements.lock: end"
INDEX = "https://pypi.org/simple"


def locked_versions(text: str) -> dict[str, str]:
    """``{distribution: version}`` of a lock file's ``name==version`` lines."""
    return {m.group(1).lower(): m.group(2) for m in re.finditer(r"^([A-Za-z0-9_.-]+)==([^\s;\\]+)", text, re.M)}


def pinned_env(env_text: str, versions: dict[str, str], names: list[str]) -> str:
    """The conda environment with the pip pins between the markers set to ``versions``."""
    lines = [f"      - {name}=={versions[name]}" for name in names if name in versions]
    block = "\n".join([f"      {BEGIN}", *lines, f"      {END}"])
    pattern = re.compile(rf"^\s*{re.escape(BEGIN)}.*?{re.escape(END)}", re.S | re.M)
    if not pattern.search(env_text):
        raise SystemExit(f"{RULES_ENV}: no '{BEGIN}' ... '{END}' block to fill")
    return pattern.sub(block, env_text)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--uv", default=shutil.which("uv") or "uv", help="the uv executable")
    parser.add_argument("--python", default=sys.executable, help="the interpreter whose environment is pinned")
    args = parser.parse_args(argv)
    freeze = subprocess.run([args.python, "-m", "pip", "freeze", "--exclude-editable"], check=True,
                            capture_output=True, text=True).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write(freeze)
    version = subprocess.run([args.python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    subprocess.run(
        [args.uv, "pip", "compile", str(REPO / "pyproject.toml"), "--extra", "pipeline", "--constraint", handle.name,
         "--generate-hashes", "--python-version", version, "--python-platform", "x86_64-unknown-linux-gnu",
         "--index-url", INDEX, "--no-header", "--no-annotate", "--output-file", str(LOCK)],
        check=True, cwd=REPO,
    )
    Path(handle.name).unlink()
    text = LOCK.read_text()
    header = (f"# The pipeline's environment, pinned with hashes from PyPI (python {version}, linux x86-64):\n"
              "#   pip install --require-hashes -r requirements.lock && pip install --no-deps -e .\n"
              "# Regenerate with `python tools/lock.py` from the environment that ran the pipeline.\n")
    LOCK.write_text(header + text)
    versions = locked_versions(text)
    names = [name for name in RULES_NAMES if name in versions]
    RULES_ENV.write_text(pinned_env(RULES_ENV.read_text(), versions, names))
    print(f"{LOCK.name}: {len(versions)} distributions; {RULES_ENV.relative_to(REPO)}: {len(names)} pins")


# What the rules import (tests/test_dependencies.py keeps this list complete).
RULES_NAMES = ["numpy", "scipy", "numba", "llvmlite", "matplotlib", "scikit-learn", "pyyaml", "ucimlrepo"]

if __name__ == "__main__":
    main()
