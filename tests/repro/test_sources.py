"""Each rule's input `code`: the reproduction's modules its script runs, so that an edit to
the code that writes a rule's outputs reruns it (and, through their checksums, a touch alone
does not)."""

from __future__ import annotations

import re
from pathlib import Path

import clustval.repro
from clustval.repro.sources import script_sources
from tests.conftest import REPO

# where the package imported runs from: src/ in a checkout, site-packages when installed
SRC = Path(clustval.repro.__file__).parent
SCRIPT = re.compile(r'^    script:\n        "\.\./scripts/(\w+\.py)"', re.M)


def rules() -> dict[str, str]:
    """Every rule of the workflow (the main pipeline's and the study's) -> its text."""
    found = {}
    for path in sorted((REPO / "workflow" / "rules").glob("*.smk")):
        for block in re.split(r"^(?=rule )", path.read_text(), flags=re.M)[1:]:
            found[block.split()[1].rstrip(":")] = block
    return found


def relative(paths: list[str]) -> set[str]:
    return {Path(p).relative_to(SRC.resolve()).as_posix() for p in paths}


def test_every_rule_with_a_script_declares_the_code_it_runs_as_an_input():
    scripted = 0
    for name, block in rules().items():
        script = SCRIPT.search(block)
        if script is None:
            continue
        scripted += 1
        section = re.search(r"^    input:\n((?:        .*\n|            .*\n)*)", block, re.M)
        assert section is not None, f"rule {name} has no input"
        assert f'        code=script_code("{script.group(1)}"),\n' in section.group(1), name
    assert scripted >= 20  # the main pipeline's rules and the study's


def test_a_scripts_code_is_what_it_imports_from_the_reproduction_and_what_that_imports():
    report = relative(script_sources(REPO / "workflow" / "scripts" / "generalisation_report.py"))
    # the writer of the page, what it reads with, and (through a relative import) the page's frame
    assert {"generalisation/report.py", "generalisation/summary.py", "paper/report.py",
            "pipeline.py", "__init__.py", "paper/__init__.py"} <= report
    # not the study's per-set code, nor this module: editing them leaves the page alone
    assert "generalisation/study.py" not in report and "sources.py" not in report
    score = relative(script_sources(REPO / "workflow" / "scripts" / "generalisation_score.py"))
    assert "generalisation/study.py" in score and "generalisation/report.py" not in score


def test_every_script_runs_only_code_that_exists_under_the_reproduction():
    for script in sorted((REPO / "workflow" / "scripts").glob("*.py")):
        sources = script_sources(script)
        assert sources, script.name
        assert all(Path(p).is_file() for p in sources), script.name
        assert relative(sources)  # each under src/clustval/repro (relative_to raises otherwise)
