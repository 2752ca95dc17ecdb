"""The documentation runs and is complete.

* Every ```python block of README.md and of docs/**/*.md runs as a script file of its own
  in a temporary folder (as ``__main__`` in the test process's block server,
  tests/_block_server.py; a block that starts worker processes as ``python block.py``): no
  undefined name, no missing import, no error. A block that imports an optional package
  (Dask, pandas) is skipped only when that package is missing.
* The site's generated parts (docs/hooks.py) render, and every page of mkdocs.yml exists.
* Every public function and method of the documented modules has the numpydoc sections
  Parameters (when it takes any) and Returns (unless it returns None), found as
  tests/test_examples.py finds them.
* Every registry index is described once (clustval.indices._docs): its function and its core
  have every section, written from that description and the registry entry; and the index
  modules' docstrings are no longer than their code.
"""

from __future__ import annotations

import ast
import atexit
import functools
import importlib.util
import inspect
import json
import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from tests.documented import MODULES as DOCUMENTED
from tests.documented import public
from tests.conftest import REPO, load_file
PAGES = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
# Optional packages a block may import: the block is skipped only when one is missing.
OPTIONAL = ("dask", "distributed", "dask_jobqueue", "pandas", "matplotlib", "sklearn")
# Blocks that cluster many times (over ~4 s of CPU) run in the slow suite: (page, a line of
# the block), which holds however the page's lines move.
SLOW = {
    ("docs/choosing-k.md", 'found = clustval.gap_statistic(X, range(1, 7), "kmeans", B=20, seed=0)'),
    ("docs/choosing-k.md", 'stability=["prediction_strength", "instability"], stability_options={"seed": 0})'),
}
# A block that starts a Dask cluster of worker processes (each imports clustval and loads
# its kernels: about 6 s of CPU a block) runs as written in the slow suite; the fast suite
# runs the same code with the workers as threads of one process (processes=False).
PROCESSES, THREADS = "processes=True", "processes=False"
ENV = {**os.environ, "MPLBACKEND": "Agg", "PYTHONDONTWRITEBYTECODE": "1"}  # the blocks' environment
BLOCK_TIMEOUT_S = 300


def _blocks():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
            line = text.count("\n", 0, match.start()) + 1
            yield f"{page.relative_to(REPO)}:{line}", match.group(1)


BLOCKS = list(_blocks())


def _names(entry: tuple[str, str], name: str, code: str) -> bool:
    """Whether a SLOW entry (page, a line) names the block ``name``."""
    page, line = entry
    return name.split(":")[0] == page and line in code


def _slow(name: str, code: str) -> bool:
    return any(_names(entry, name, code) for entry in SLOW)


def _imported(code: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def _run_as_a_script(name, code, tmp_path, *, fresh=False):
    """Run the block as a script in tmp_path: in the test process's block server
    (tests/_block_server.py: one interpreter, each block its own ``__main__``), or with
    ``fresh`` in an interpreter of its own."""
    for module in sorted(_imported(code) & set(OPTIONAL)):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{name} needs {module}, which is not installed")
    script = tmp_path / "block.py"
    script.write_text(code, encoding="utf-8")
    if fresh:
        done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=ENV,
                              capture_output=True, text=True, timeout=BLOCK_TIMEOUT_S)  # fmt: skip
        error = done.stderr[-3000:] if done.returncode else None
    else:
        error = _server_run(script)
    assert error is None, f"{name} failed as a script:\n{error}"
    assert list(tmp_path.iterdir()) == [script], "a block writes only to its own temporary folders"


@functools.cache
def _server() -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, str(REPO / "tests" / "_block_server.py")], env=ENV,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    atexit.register(server.kill)
    return server


def _server_run(script: Path) -> str | None:
    server = _server()
    server.stdin.write(f"{script}\n")
    server.stdin.flush()
    ready, _, _ = select.select([server.stdout], [], [], BLOCK_TIMEOUT_S)
    line = server.stdout.readline() if ready else ""
    if not line:  # hung or died: the next block gets a new server
        server.kill()
        _server.cache_clear()
        return f"no answer within {BLOCK_TIMEOUT_S} s (exit status {server.poll()})"
    return json.loads(line)["error"]


def test_the_pages_have_python_blocks():
    where = {name.split(":")[0] for name, _ in BLOCKS}
    for entry in SLOW:  # each slow entry still names one block
        assert sum(_names(entry, n, c) for n, c in BLOCKS) == 1, entry
    assert {"README.md", "docs/scaling-out.md", "docs/library.md", "docs/choosing-k.md"} <= where


@pytest.mark.parametrize(
    ("name", "code"),
    [pytest.param(n, c, marks=[pytest.mark.slow] if _slow(n, c) or PROCESSES in c else []) for n, c in BLOCKS],
    ids=[name for name, _ in BLOCKS],
)
def test_python_block_runs_as_a_script(name, code, tmp_path):
    _run_as_a_script(name, code, tmp_path, fresh=PROCESSES in code)


@pytest.mark.parametrize(
    ("name", "code"), [(n, c) for n, c in BLOCKS if PROCESSES in c], ids=[n for n, c in BLOCKS if PROCESSES in c]
)
def test_a_block_of_worker_processes_runs_on_threads(name, code, tmp_path):
    # the same script, its cluster's workers threads of one process (as written: slow suite)
    assert code.count(PROCESSES) == 1
    _run_as_a_script(name, code.replace(PROCESSES, THREADS), tmp_path)


def _hooks():
    return load_file("docs/hooks.py", "clustval_docs_hooks")


def test_the_generated_parts_render_from_the_registry_and_the_parser():
    from clustval.cli import format_indices
    from clustval.indices.registry import INDICES

    hooks = _hooks()
    page = hooks.render((REPO / "docs" / "indices.md").read_text(encoding="utf-8"))
    assert not any(marker in page for marker in hooks.MARKERS)
    assert format_indices("markdown") in page
    for spec in INDICES.values():  # every index has its section, with its facts
        section = page.partition(f"### `{spec.name}`\n")[2].partition("\n### ")[0]
        better = "no better side" if spec.direction == "none" else f"{spec.direction} is better"
        assert spec.reference in section and better in section and spec.kind in section
        assert hooks.description(spec.function) in section and len(hooks.description(spec.function)) > 40
        assert "Peers: " in section and (spec.kind == "external" or "Best K" in section)
    # the peers: scikit-learn's aliases, and clusterCrit's criteria with how they depart
    assert hooks.peers("ari") == [
        "scikit-learn `adjusted_rand_score` (differs on: two empty labellings; labels given as a list "
        "mixing numbers and strings)",
        "Clustering.jl `randindex(a, b)[1]` (same)",
    ]
    # every Clustering.jl name is an index whose ported tests name that function
    ported = (REPO / "tests" / "indices" / "test_clusteringjl_port.py").read_text(encoding="utf-8")
    for name, (call, _) in hooks.CLUSTERING_JL.items():
        assert name in INDICES and call.split("(")[0] in ported, name
    # the table of where scikit-learn's names and the indices differ, one row per departure
    from clustval.compat.sklearn import DEPARTURES

    library = hooks.render((REPO / "docs" / "library.md").read_text(encoding="utf-8"))
    assert not any(marker in library for marker in hooks.MARKERS)
    assert all(f"| {d.case}" in library and d.why in library for d in DEPARTURES)
    assert hooks.peers("ball_hall")[0] == "clusterCrit `Ball_Hall` (same)"
    assert "genieclust `cluster_validity.negated_ball_hall_index` (negated" in hooks.peers("ball_hall")[1]
    assert hooks.peers("rcip")[0].startswith("cvi `rCIP().get_cvi(X, y)` (adds 10**(-12 / d)")
    assert "mean of the clusters' mean silhouettes" in hooks.peers("sil")[1]
    cli = hooks.render((REPO / "docs" / "cli.md").read_text(encoding="utf-8"))
    assert "clustval score --help" in cli and "--truth" in cli and "clustval sweep --help" in cli


def test_the_api_reference_documents_every_public_name_once_under_that_name():
    import clustval

    hooks = _hooks()
    pages = {page.name: hooks.render(page.read_text(encoding="utf-8")) for page in (REPO / "docs" / "api").glob("*.md")}
    entries = [(name, line) for name, text in pages.items() for line in re.findall(r"^::: (\S+)$", text, re.M)]
    names = [line.removeprefix("clustval.") for _, line in entries if line.count(".") == 1]
    documented = [name for name in names if not inspect.ismodule(vars(clustval).get(name, clustval))]  # not clustval.dask
    assert sorted(documented) == sorted(set(documented)), "a name documented twice"
    assert sorted(documented) == sorted(clustval.__all__)
    assert all(line.startswith("clustval.") for _, line in entries)


def test_no_page_counts_the_indices():
    # adding an index is one registry entry, no edit of prose: the pages say "every index",
    # and the list is rendered from the registry (docs/indices.md). A page that wrote the
    # registry's counts would be wrong after the next entry.
    from clustval.indices.registry import INDICES, names_of

    n = "|".join(str(len(names)) for names in (INDICES, names_of("external"), names_of("internal")))
    counted = re.compile(rf"\b({n}) (validity |external |internal )?(indices|external|internal)\b|\ball ({n})\b")
    for page in PAGES:
        found = counted.search(" ".join(page.read_text(encoding="utf-8").split()))
        assert found is None, (page.name, found and found.group())


def test_every_page_of_the_site_exists_and_the_site_stays_outside_the_repository():
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    pages = re.findall(r"^ +- (?:[^:\n]+: )?(\S+\.md)$", config, re.M)
    assert len(pages) >= 10
    assert sorted(pages) == sorted(str(p.relative_to(REPO / "docs")) for p in (REPO / "docs").rglob("*.md"))
    assert "site/" in (REPO / ".gitignore").read_text().splitlines()
    ci = (REPO / ".ci" / "run").read_text()
    build = '.venv/bin/mkdocs build --strict --site-dir "${TMPDIR:-/tmp}/clustval-site"'
    assert build in ci and ci.index("python3 tools/readme_numbers.py") < ci.index(build) < ci.index("pytest -m slow")


def test_readme_is_short_and_links_to_every_page():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert readme.count("\n") <= 200
    for page in (REPO / "docs").glob("*.md"):  # absolutely: tests/test_repository.py
        assert f"/blob/main/docs/{page.name}" in readme, f"README does not link docs/{page.name}"
    assert "shared/SPEC" not in readme and "../" not in readme


# --------------------------------------------------------------------------------------
# numpydoc sections
# --------------------------------------------------------------------------------------

MODULES = [*DOCUMENTED, "clustval.clustering", "clustval.dask"]
# the module's own public functions and methods (properties are attributes: no sections)
FUNCTIONS = sorted({q: f for m in MODULES for q, f in public(m, classes=False, properties=False)}.items())


def _returns_none(function) -> bool:
    """Annotated ``-> None``, or a body with neither ``return <value>`` nor ``yield``."""
    annotation = inspect.signature(function).return_annotation
    if annotation in (None, "None"):
        return True
    if annotation is not inspect.Signature.empty:
        return False
    body = ast.parse(inspect.cleandoc("\n" + inspect.getsource(function)))
    return not any(isinstance(node, (ast.Yield, ast.YieldFrom)) or (isinstance(node, ast.Return) and node.value)
                   for node in ast.walk(body))  # fmt: skip


def _takes_parameters(function) -> bool:
    return any(name not in ("self", "cls") for name in inspect.signature(function).parameters)


def _section(doc: str, title: str) -> str | None:
    """The text of the numpydoc section ``title`` of ``doc`` (None: no such section)."""
    match = re.search(rf"^{title}\n-{{{len(title)}}}\n(.*?)(?=^[A-Z][A-Za-z ]+\n-{{3,}}\n|\Z)", doc, re.S | re.M)
    return match.group(1) if match else None


def _documented(section: str) -> set[str]:
    """The parameter names of a Parameters section: the unindented ``name : type`` lines."""
    names = set()
    for line in section.splitlines():
        if line and not line[0].isspace():
            names |= {name.strip().lstrip("*") for name in line.split(" : ")[0].split(",")}
    return names


def test_the_search_finds_the_public_functions():
    names = {name for name, _ in FUNCTIONS}
    assert {"clustval.indices.external.s2", "clustval.indices.external.v_measure", "clustval.indices.scoring.score",
            "clustval.indices.registry.register", "clustval.selection.select.Selection.series",
            "clustval.indices.contingency.Contingency.from_table", "clustval.datasets.load_uci"} <= names  # fmt: skip
    assert len(names) > 100


@pytest.mark.parametrize(("name", "function"), FUNCTIONS, ids=[name for name, _ in FUNCTIONS])
def test_has_numpydoc_parameters_and_returns(name, function):
    doc = inspect.getdoc(function) or ""
    if _takes_parameters(function):
        section = _section(doc, "Parameters")
        assert section is not None, f"{name} has no Parameters section"
        signature = {p for p in inspect.signature(function).parameters if p not in ("self", "cls")}
        missing = signature - _documented(section) - _documented(_section(doc, "Other Parameters") or "")
        assert not missing, f"{name}: parameters {sorted(missing)} are not documented"
    if not _returns_none(function):
        assert _section(doc, "Returns") is not None or _section(doc, "Yields") is not None, (
            f"{name} has no Returns section"
        )


def _source_parameters(function) -> set[str]:
    """The parameter names of ``function`` as its source writes them (not its ``__signature__``)."""
    code = inspect.unwrap(function).__code__
    count = (code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & inspect.CO_VARARGS)
             + bool(code.co_flags & inspect.CO_VARKEYWORDS))  # fmt: skip
    return set(code.co_varnames[:count])


@pytest.mark.parametrize(("name", "function"), FUNCTIONS, ids=[name for name, _ in FUNCTIONS])
def test_parameters_name_only_what_the_source_signature_has(name, function):
    # The site's doc tool reads signatures from the source, where an entry point has only
    # **options, and fails the strict build on a Parameters name it does not find there:
    # the options belong in Other Parameters.
    section = _section(inspect.getdoc(function) or "", "Parameters")
    unknown = _documented(section or "") - _source_parameters(function)
    assert not unknown, f"{name}: Parameters names {sorted(unknown)}, which its source signature lacks"


# --------------------------------------------------------------------------------------
# one description per index
# --------------------------------------------------------------------------------------

INDEX_MODULES = [*(f"indices/{name}" for name in ("external", "classic", "scatter", "pair_rank", "generalised_dunn",
                                                   "nbclust", "neighbours", "cvi", "density")), "selection/gap"]


def test_every_index_and_its_core_have_their_numpydoc_from_the_registry():
    from clustval.indices.registry import INDICES

    for name, spec in INDICES.items():
        function_doc, core_doc = inspect.getdoc(spec.function), inspect.getdoc(spec.core)
        for which, doc in (("function", function_doc), ("core", core_doc)):
            for title in ("Parameters", "Returns", "See Also", "Examples") + ("Raises",) * (which == "function"):
                assert _section(doc, title), f"{name}: its {which} has no {title} section"
            assert ">>> " in _section(doc, "Examples"), f"{name}: its {which} has no example"
        returns = _section(function_doc, "Returns")
        better = "no better side" if spec.direction == "none" else f"{spec.direction} is better"
        assert f"{spec.label}, in [" in returns and better in returns, f"{name}: {returns}"
        assert spec.reference in _section(function_doc, "References"), name
        assert _section(function_doc, "See Also").startswith(f"{spec.core.__name__} : "), name
        assert _section(core_doc, "See Also").startswith(f"{spec.function.__name__} : "), name
        # the description comes first and is the index's own: no two indices share one
        assert function_doc.partition("\n")[0] not in {
            inspect.getdoc(other.function).partition("\n")[0] for other in INDICES.values() if other is not spec
        }, name


def _docstring_and_code_lines(path: Path) -> tuple[int, int]:
    """Non-blank lines of the docstrings (module, class, function; and any other string that
    holds an example, such as a template of descriptions) and of the rest, comments left out."""
    source = path.read_text(encoding="utf-8")
    documentation = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and \
                ast.get_docstring(node, clean=False) is not None:  # fmt: skip
            documentation.update(range(body[0].lineno, body[0].end_lineno + 1))
        parts = node.values if isinstance(node, ast.JoinedStr) else [node]
        if any(isinstance(part, ast.Constant) and isinstance(part.value, str) and ">>> " in part.value for part in parts):
            documentation.update(range(node.lineno, node.end_lineno + 1))
    lines = source.splitlines()
    text = [number for number, line in enumerate(lines, 1) if line.strip() and not line.strip().startswith("#")]
    docs = sum(1 for number in text if number in documentation)
    return docs, len(text) - docs


def test_the_index_modules_docstrings_are_no_longer_than_their_code():
    folder = REPO / "src" / "clustval"
    counted = {name: _docstring_and_code_lines(folder / f"{name}.py") for name in INDEX_MODULES}
    longer = {name: f"{docs} docstring lines for {code} of code" for name, (docs, code) in counted.items() if docs > code}
    assert not longer, f"say it once (clustval.indices._docs writes what every index shares): {longer}"
    assert sum(docs for docs, _ in counted.values()) > 500  # the counting finds the docstrings
