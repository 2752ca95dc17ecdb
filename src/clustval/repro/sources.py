"""The reproduction's code that writes each rule's outputs, as the rule's input files.

Snakemake reruns a job when its ``script:`` file changes, but not when the package code the
script calls changes. Each rule therefore lists, as the input ``code``, the source files of
the :mod:`clustval.repro` modules its script imports, and of the modules of
:mod:`clustval.repro` those import in turn (with their packages' ``__init__``): an edit to one
of them reruns every job whose outputs it may change, and Snakemake's input checksums keep a
file that is only touched (a checkout, a copy) from rerunning anything. The library beneath
(:mod:`clustval` outside ``repro``: the indices, the clusterings, the file writers) is a
dependency of every rule, like numpy: after an edit there, ``snakemake --forceall`` reruns
the whole workflow (docs/reproduction.md).

The imports are read from the source (every ``import`` statement, those inside functions
too), not by importing it.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import os
from pathlib import Path

__all__ = ["script_sources"]

PACKAGE = "clustval.repro"


def script_sources(script: str | os.PathLike) -> list[str]:
    """The source files of the :mod:`clustval.repro` modules that the workflow script
    ``script`` runs: those it imports and, in turn, those they import, with the
    ``__init__.py`` of each package on the way; absolute paths, sorted.
    """
    seen: set[str] = set()
    todo = sorted(_imported(Path(script).resolve(), ""))
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        origin, is_package = _module(name)
        if origin is not None:
            todo.extend(_imported(Path(origin), name if is_package else name.rpartition(".")[0]))
    return sorted({_module(name)[0] for name in seen} - {None})


@functools.lru_cache(maxsize=None)
def _module(name: str) -> tuple[str | None, bool]:
    """The source file of the module ``name`` (None: a namespace package, which has none)
    and whether it is a package."""
    spec = importlib.util.find_spec(name)
    if spec is None:
        raise ModuleNotFoundError(f"no module named {name!r}")
    is_package = spec.submodule_search_locations is not None
    if spec.origin is None or not spec.has_location:
        return None, is_package
    return str(Path(spec.origin).resolve()), is_package


def _is_module(name: str) -> bool:
    try:
        _module(name)
    except ModuleNotFoundError:
        return False
    return True


@functools.lru_cache(maxsize=None)
def _imported(path: Path, package: str) -> frozenset[str]:
    """The :mod:`clustval.repro` modules the file ``path`` (a module of ``package``) imports,
    with every package above them up to :mod:`clustval.repro`."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            names.add(module)
            # `from package import module` imports a module, not only a name
            if _within(module) and _module(module)[1]:
                names.update(
                    f"{module}.{alias.name}"
                    for alias in node.names
                    if _is_module(f"{module}.{alias.name}")
                )
    found = set()
    for name in names:
        if _within(name):
            parts = name.split(".")
            found.update(
                ".".join(parts[:end]) for end in range(len(PACKAGE.split(".")), len(parts) + 1)
            )
    return frozenset(found)


def _within(name: str) -> bool:
    return name == PACKAGE or name.startswith(PACKAGE + ".")
