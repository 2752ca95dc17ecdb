"""What a user of the repository relies on: the README's two commands are the ones CI runs and
need no option, folder or network; LICENSE, CITATION.cff and the workflow catalog file agree
with pyproject.toml and the paper."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def readme_commands() -> list[str]:
    readme = (REPO / "README.md").read_text()
    block = re.search(r"## Two commands.*?```bash\n(.*?)```", readme, re.S)
    return [line for line in block.group(1).splitlines() if line and not line.startswith("#")]


def test_readme_commands_need_nothing_beside_the_clone_and_ci_runs_them_word_for_word():
    pipeline, tests = readme_commands()
    assert pipeline.endswith(".venv/bin/snakemake --cores 2") and "--config" not in pipeline
    assert '".[pipeline]"' in pipeline, "command 1 installs the pipeline extra alone"
    assert tests.endswith(".venv/bin/python -m pytest")
    ci = (REPO / ".ci" / "run").read_text()
    assert f"PIPELINE='{pipeline}'" in ci and f"TESTS='{tests}'" in ci, "CI runs the README's commands literally"
    # command 2 runs through tools/readme_numbers.py, which takes it from the README (its tests)
    tests_step = ci.index("python3 tools/readme_numbers.py")
    assert ci.index('bash -c "$PIPELINE"') < tests_step < ci.index("bash .ci/sklearn_extra.sh")
    assert ci.count("rm -rf .venv") >= 2, "each README command in a fresh venv"
    # the fast suite on the newest Python, non-editable, kernels compiled for a generic CPU;
    # the Python between installs and runs a share of it
    assert "for version in 3.13 3.12; do" in ci and 'install -q ".[pipeline,test]"' in ci
    assert 'NUMBA_CPU_NAME=generic "$venv/bin/python" -m pytest -q -p no:cacheprovider\n' in ci
    for text in (pipeline, tests, ci):
        assert "shared" not in text and "CLUSTVAL_UCI_MIRROR" not in text


def test_license_is_the_bsd_3_clause_text_pyproject_declares():
    # an SPDX expression and its file (PEP 639), with no License classifier beside them
    assert PYPROJECT["license"] == "BSD-3-Clause" and PYPROJECT["license-files"] == ["LICENSE"]
    assert not [c for c in PYPROJECT["classifiers"] if c.startswith("License ::")]
    text = (REPO / "LICENSE").read_text()
    assert text.startswith("BSD 3-Clause License") and "clustval developers" in text
    assert "Neither the name of the copyright holder" in text  # clause 3, not the 2-clause text


def test_citation_cites_this_version_and_the_paper():
    yaml = pytest.importorskip("yaml")
    cff = yaml.safe_load((REPO / "CITATION.cff").read_text())
    import clustval  # the one place the version is written (pyproject reads it)

    assert cff["cff-version"] == "1.2.0" and str(cff["version"]) == clustval.__version__
    assert cff["license"] == "BSD-3-Clause" and cff["repository-code"] == PYPROJECT["urls"]["Source"]
    (paper,) = cff["references"]
    assert paper["doi"] == "10.11992/tis.201706029" and paper["year"] == 2017
    assert (paper["volume"], paper["issue"], paper["start"], paper["end"]) == (12, 6, 873, 882)


def test_workflow_catalog_file_has_the_standardized_usage_keys():
    yaml = pytest.importorskip("yaml")
    usage = yaml.safe_load((REPO / ".snakemake-workflow-catalog.yml").read_text())["usage"]
    assert set(usage) == {"mandatory-flags", "software-stack-deployment"}
    assert set(usage["mandatory-flags"]) == {"desc", "flags"}
    stack = usage["software-stack-deployment"]
    assert stack["conda"] is True and stack["report"] is True
    assert (REPO / "workflow" / "Snakefile").is_file() and (REPO / "config" / "README.md").is_file()


def test_package_metadata_is_ready_for_an_index():
    # what `python -m build` puts on the package's page: classifiers for the versions CI
    # tests and requires-python allows, links to the repository
    classifiers = PYPROJECT["classifiers"]
    assert PYPROJECT["requires-python"] == ">=3.11"
    tested = [c.rsplit(" ", 1)[-1] for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    assert tested == ["3.11", "3.12", "3.13"], "the versions .ci/run tests"
    assert "Typing :: Typed" in classifiers and (REPO / "src" / "clustval" / "py.typed").is_file()
    assert len(set(classifiers)) == len(classifiers) and all(" :: " in c for c in classifiers)
    urls = PYPROJECT["urls"]
    assert set(urls) == {"Source", "Documentation", "Issues"}
    assert all(url.startswith(urls["Source"] + "/") for name, url in urls.items() if name != "Source")


def test_the_readme_links_every_repository_file_absolutely():
    # the README is the package's page on an index too, where a relative link leads nowhere:
    # each link into the repository is the Source URL's blob/main/<path>, and the path exists
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    inline = re.findall(r"\]\(([^)\s]+)\)", readme)
    defined = re.findall(r"^\[[^\]]+\]:\s*(\S+)", readme, re.M)
    used = set(re.findall(r"\]\[([^\]]+)\]", readme))
    labels = set(re.findall(r"^\[([^\]]+)\]:", readme, re.M))
    assert used == labels, "every reference link is defined, every definition used"
    links = inline + defined
    assert links and all(link.startswith(("https://", "http://", "#")) for link in links), links
    files = [link for link in links if link.startswith(PYPROJECT["urls"]["Source"])]
    prefix = PYPROJECT["urls"]["Source"] + "/blob/main/"
    assert len(files) >= 12 and all(link.startswith(prefix) for link in files)
    missing = [link for link in files if not (REPO / link.removeprefix(prefix).split("#")[0]).is_file()]
    assert missing == []


def test_every_test_file_the_repository_names_exists():
    # CI's steps, the docs and the tools name test files by path: a moved test must take them along
    named = {}
    texts = [REPO / "README.md", REPO / "pyproject.toml", REPO / "environment.yml", *(REPO / ".ci").iterdir()]
    for folder in ("src", "docs", "tools", "benchmarks", "workflow", "examples", "tests"):
        texts += [p for p in (REPO / folder).rglob("*") if p.suffix in (".md", ".py", ".R", ".yaml", ".smk", ".sh")]
    for text in texts:
        for path in re.findall(r"(?<![\w/.])tests/[\w/]+\.(?:py|sh)\b", text.read_text(encoding="utf-8")):
            named.setdefault(path, text.relative_to(REPO).as_posix())
    assert len(named) >= 30
    assert {path: by for path, by in named.items() if not (REPO / path).is_file()} == {}


def test_no_test_module_defines_a_name_twice():
    # a second def of a name silently replaces the first: that test never runs, and a row of
    # tests/indices/references.py naming it would still find it
    import ast

    twice = []
    for path in sorted((REPO / "tests").rglob("*.py")):
        seen: set[str] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if node.name in seen:
                    twice.append(f"{path.relative_to(REPO)}: {node.name}")
                seen.add(node.name)
    assert not twice, twice
