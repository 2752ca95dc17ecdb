"""Every module the code imports is declared where a user installs from: pyproject's core
dependencies or the ``pipeline`` extra (README command 1 installs that extra alone),
``environment.yml`` and the rules' conda environment ``workflow/envs/clustval.yaml``.

The imports are read from the source (every ``import``, also those inside functions), so a
module a job loads only on some path (k-means for the sensitivity sweep) is found too. A
module the default pipeline never loads is listed in OPTIONAL with the extra that holds it.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]

# The distribution that installs each import name, where the two differ.
DISTRIBUTION = {"sklearn": "scikit-learn", "yaml": "pyyaml"}
# Imported on purpose only off the default pipeline's path: module -> the extra that holds it
# (None: its own environment, built by .ci/sklearn_extra.sh).
OPTIONAL = {"dask": "dask", "distributed": "dask", "sklearn_extra": None}
# The workflow engine's own modules: loaded by Snakemake (the Snakefile), not by a rule's script.
ENGINE = {"snakemake", "jsonschema"}


def imported_modules(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        tree = ast.parse(text)
        names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        names |= {node.module for node in ast.walk(tree)
                  if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module}  # fmt: skip
    else:  # a Snakefile: Python statements at the start of a line
        names = set(re.findall(r"^\s*(?:from|import)\s+([A-Za-z_][\w.]*)", text, re.M))
    return {name.split(".")[0] for name in names}


def third_party_imports() -> set[str]:
    sources = [*(REPO / "src" / "clustval").rglob("*.py"), *(REPO / "workflow").rglob("*.py"),
               *(REPO / "workflow").rglob("*.smk"), REPO / "workflow" / "Snakefile"]  # fmt: skip
    modules = set().union(*map(imported_modules, sources))
    return {m for m in modules if m not in sys.stdlib_module_names and m not in ("clustval", "__future__")}


def requirement_name(requirement: str) -> str:
    return re.match(r"\s*([A-Za-z0-9_.-]+)", requirement).group(1).lower().replace("_", "-")


def extra_closure(extra: str) -> set[str]:
    """The distributions an extra installs, with clustval[...] references resolved."""
    names = {requirement_name(r) for r in PROJECT["dependencies"]}
    todo = [extra]
    while todo:
        for requirement in PROJECT["optional-dependencies"][todo.pop()]:
            inner = re.fullmatch(r"clustval\[(.*)\]", requirement.strip())
            if inner:
                todo += inner.group(1).split(",")
            else:
                names.add(requirement_name(requirement))
    return names


def conda_names(path: Path) -> set[str]:
    yaml = pytest.importorskip("yaml")
    names = set()
    for entry in yaml.safe_load(path.read_text())["dependencies"]:
        for item in entry["pip"] if isinstance(entry, dict) else [entry]:
            if not item.startswith("-"):
                names.add(requirement_name(item))
    return names


def distribution(module: str) -> str:
    return DISTRIBUTION.get(module, module).lower().replace("_", "-")


PIPELINE_MODULES = sorted(third_party_imports() - set(OPTIONAL))


def test_the_source_imports_what_this_test_expects():
    # A failing read would make every test below pass on nothing.
    assert {"numpy", "scipy", "numba", "matplotlib", "sklearn", "snakemake", "yaml"} <= set(PIPELINE_MODULES)


@pytest.mark.parametrize("module", PIPELINE_MODULES)
def test_the_pipeline_extra_installs_every_module_the_pipeline_imports(module):
    assert distribution(module) in extra_closure("pipeline"), (
        f"{module} is imported but README command 1 (pip install -e '.[pipeline]') does not install it"
    )


@pytest.mark.parametrize("module", PIPELINE_MODULES)
def test_environment_yml_lists_every_module_the_pipeline_imports(module):
    assert distribution(module) in conda_names(REPO / "environment.yml")


@pytest.mark.parametrize("module", [m for m in PIPELINE_MODULES if m not in ENGINE])
def test_the_rules_conda_env_lists_every_module_a_script_can_import(module):
    assert distribution(module) in conda_names(REPO / "workflow" / "envs" / "clustval.yaml")


@pytest.mark.parametrize("module", sorted(OPTIONAL))
def test_an_optional_module_is_in_the_extra_or_environment_named_for_it(module):
    extra = OPTIONAL[module]
    if extra is None:
        assert distribution(module).replace("-", "_") in (REPO / ".ci" / "sklearn_extra.sh").read_text().replace("-", "_")
    else:
        wanted = "dask" if module == "distributed" else distribution(module)
        assert wanted in extra_closure(extra)


def _conda_specifiers(path: Path) -> dict[str, str]:
    """{distribution: version specifier} of a conda environment file's entries (conda's and pip's)."""
    yaml = pytest.importorskip("yaml")
    found = {}
    for entry in yaml.safe_load(path.read_text())["dependencies"]:
        for item in entry["pip"] if isinstance(entry, dict) else [entry]:
            if not item.startswith("-"):
                name = requirement_name(item)
                found[name] = re.sub(r"^\s*[A-Za-z0-9_.-]+(\[[^]]*\])?", "", item).split("#")[0].strip()
    return found


def test_environment_yml_has_pyproject_bounds_and_python_range():
    # a conda user gets what pip gives: every core dependency with pyproject's bounds (numba and
    # llvmlite bounded above for the row step's LLVM IR), and the Python versions pyproject names
    from packaging.requirements import Requirement
    from packaging.specifiers import SpecifierSet

    found = _conda_specifiers(REPO / "environment.yml")
    for line in PROJECT["dependencies"]:
        requirement = Requirement(line)
        assert SpecifierSet(found[requirement.name.lower()]) == requirement.specifier, requirement.name
    minors = [int(c.rsplit(".", 1)[1]) for c in PROJECT["classifiers"] if re.fullmatch(r".*Python :: 3\.\d+", c)]
    assert SpecifierSet(found["python"]) == SpecifierSet(f"{PROJECT['requires-python']},<3.{max(minors) + 1}")
    # the pipeline extra's snakemake asks for its reports (pygments), as pip's snakemake[reports] does
    assert "snakemake[reports]" in " ".join(PROJECT["optional-dependencies"]["pipeline"]) and "pygments" in found
