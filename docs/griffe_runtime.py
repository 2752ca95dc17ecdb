"""griffe extension (mkdocs.yml): the functions as Python has them once imported.

Each index is described once; the numpydoc of its function and of its core is written at
import time from that description and the index's registry entry (clustval.indices._docs),
the entry points' shared parameters (the labels, X, metric, the memory budget, ``**options``)
are filled in from their one text there, and the families made from one template
(generalised Dunn, DuNN-OWA) define their functions at import time too. griffe reads the
source, which holds none of this, so for the modules under ``packages`` this extension takes
every public function's docstring from the imported module and adds the functions the
source does not define with ``def``, and the docstring of every class it documents and of
its methods (a module's shared Parameters and sections are filled in there too). The other
modules are read from the source alone.
"""

from __future__ import annotations

import importlib
import inspect

import griffe


class RuntimeDocstrings(griffe.Extension):
    def __init__(self, packages: list[str]) -> None:
        super().__init__()
        self.packages = tuple(packages)

    @staticmethod
    def _runtime_docstring(member, runtime, agent) -> None:
        """``member``'s docstring as Python has it at run time, where the source has one."""
        if not member.is_alias and member.docstring and runtime.__doc__:
            member.docstring = griffe.Docstring(
                inspect.cleandoc(runtime.__doc__), lineno=member.docstring.lineno, parent=member,
                parser=agent.docstring_parser, parser_options=agent.docstring_options,
            )  # fmt: skip

    def on_module_members(self, *, mod: griffe.Module, agent, **kwargs) -> None:
        if not mod.path.startswith(self.packages):
            return
        runtime = importlib.import_module(mod.path)
        inspected = None
        for name, function in vars(runtime).items():
            if name.startswith("_") or getattr(function, "__module__", None) != mod.path:
                continue
            member = mod.members.get(name)
            if inspect.isclass(function):  # the class's own docstring and its methods', where the source has them
                if member is not None and not member.is_alias:
                    self._runtime_docstring(member, function, agent)
                    for attribute, method in vars(function).items():
                        documented = member.members.get(attribute)
                        if inspect.isfunction(method) and documented is not None and documented.is_function:
                            self._runtime_docstring(documented, method, agent)
                continue
            if not inspect.isfunction(function):
                continue
            if member is not None and not member.is_alias and member.is_function:
                member.docstring = griffe.Docstring(
                    inspect.getdoc(function) or "", lineno=member.lineno, parent=member,
                    parser=agent.docstring_parser, parser_options=agent.docstring_options,
                )  # fmt: skip
                continue
            if inspected is None:  # defined at import time: griffe inspects the module
                inspected = griffe.inspect(mod.path, docstring_parser=agent.docstring_parser,
                                           docstring_options=agent.docstring_options)  # fmt: skip
            mod.set_member(name, inspected.members[name])
