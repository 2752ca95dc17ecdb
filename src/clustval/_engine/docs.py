"""Numpydoc written once: the machinery that completes a docstring's Parameters from entries
shared by name, so that each shared parameter is described in one place and ``help()`` still
shows the whole text.

A docstring writes what is its own; :func:`with_parameters` fills in, in the order of the
signature, the entries it leaves out. The indices' documentation
(:mod:`clustval.indices._docs`) and the entry points' shared entries build on it; the engine's
own helpers share the entries of the pass they feed (:data:`PASS_PARAMETERS`).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping

TITLES = ("Parameters", "Returns", "Yields", "Raises", "Warns", "See Also", "Notes", "References", "Examples")
_HEADER = re.compile(rf"^({'|'.join(TITLES)})\n-{{3,}}\n", re.M)


def split(doc: str | None) -> tuple[str, dict[str, str]]:
    """The description of a numpydoc docstring (the text before its first section) and its
    sections by title; a docstring without an Examples section may end with its example
    instead (its paragraphs from the first that starts with ``>>>``).

    Parameters
    ----------
    doc : str or None
        A docstring.

    Returns
    -------
    description : str
        The text before the first section.
    sections : dict of str to str
        The body of each section, by its title.

    Examples
    --------
    >>> split("One line.\\n\\nExamples\\n--------\\n>>> 1\\n1")
    ('One line.', {'Examples': '>>> 1\\n1'})
    >>> split("One line.\\n\\n>>> 1\\n1")  # the same
    ('One line.', {'Examples': '>>> 1\\n1'})
    """
    text, example = inspect.cleandoc(doc or ""), None
    found = re.search(r"(?:\A|\n\n)(>>> .*)\Z", text, re.S)
    if found and not re.search(r"^Examples\n-{3,}$", text, re.M):
        text, example = text[: found.start()], found.group(1)
    parts = _HEADER.split(text)
    sections = {title: body.strip("\n") for title, body in zip(parts[1::2], parts[2::2])}
    if example:
        sections["Examples"] = example.strip("\n")
    return parts[0].strip(), sections


def entries(body: str) -> dict[str, str]:
    """The entries of a Parameters, Raises or See Also section, by the name their first line
    starts with (an exception is named by its last dotted part).

    Parameters
    ----------
    body : str
        A section's body: unindented first lines, each followed by its indented text.

    Returns
    -------
    dict of str to str
        Each entry, its first line included.

    Examples
    --------
    >>> entries("q : float\\n    An exponent.\\nclustval.errors.InputError\\n    q < 1.")
    {'q': 'q : float\\n    An exponent.', 'InputError': 'clustval.errors.InputError\\n    q < 1.'}
    """
    found: dict[str, str] = {}
    for line in body.splitlines():
        if line and not line[0].isspace():
            key = line.split(" : ")[0].rsplit(".", 1)[-1]
            found[key] = line
        elif found:
            found[key] += "\n" + line
    return found


def entry_text(entry: str) -> str:
    """An entry's text, without its first line."""
    return entry.partition("\n")[2]


def lookup(written: dict[str, str], name: str) -> str | None:
    """The entry that documents parameter ``name`` (alone, or in a list ``a, b : ...``;
    ``**name`` for ``name`` the keywords' dictionary)."""
    return next((entry for key, entry in written.items() if name in key.replace("*", "").split(", ")), None)


def signature_names(function: Callable) -> list[str]:
    """The parameters of ``function`` (or of a class's constructor), in the order of its
    signature (from its code object: ``inspect.signature`` would take most of the time that
    documenting every index takes)."""
    if isinstance(function, type):  # a class: the parameters of its __init__ after self
        return signature_names(function.__init__)[1:]
    code = function.__code__
    names, positional, keyword = code.co_varnames, code.co_argcount, code.co_kwonlyargcount
    star, double_star = bool(code.co_flags & inspect.CO_VARARGS), bool(code.co_flags & inspect.CO_VARKEYWORDS)
    return [*names[:positional], *names[positional + keyword : positional + keyword + star],
            *names[positional : positional + keyword],
            *names[positional + keyword + star : positional + keyword + star + double_star]]  # fmt: skip


def parameters_section(function: Callable, entry_of: Callable[[str], str | None]) -> str:
    """The Parameters of every parameter of ``function`` (a method's but ``self``, a class
    method's but ``cls``), in order, each from ``entry_of``."""
    names = signature_names(function)
    lines = []
    for name in names[1:] if names[:1] in (["self"], ["cls"]) else names:
        entry = entry_of(name)
        if entry is None:
            raise ValueError(f"{function.__name__}: parameter {name!r} is not described.")
        if entry not in lines:  # "a, b : ..." documents two parameters at once
            lines.append(entry)
    return "\n".join(lines)


def completed_from(function: Callable, shared: dict[str, str]) -> tuple[str, dict[str, str]]:
    """The description and sections of ``function``'s docstring, its Parameters completed from
    the ``shared`` entries (by parameter name; a shared entry's ``, default ...`` written as
    the signature has it, or left out where the parameter has none)."""
    description, own = split(function.__doc__)
    written = entries(own.get("Parameters", ""))
    defaults = _defaults(function)

    def entry_of(name: str) -> str | None:
        entry = lookup(written, name)
        if entry is None and shared.get(name) is not None:  # its default as the signature has it
            first, _, rest = shared[name].partition("\n")
            default = f", default {_spelled(defaults[name])}" if name in defaults else ""
            entry = re.sub(r", default .*$", default, first) + "\n" + rest
        return entry

    own["Parameters"] = parameters_section(function, entry_of)
    return description, own


def _defaults(function: Callable) -> dict[str, object]:
    """The default of each parameter of ``function`` that has one."""
    if isinstance(function, type):
        return _defaults(function.__init__)
    code, defaults = function.__code__, function.__defaults__ or ()
    positional = code.co_varnames[: code.co_argcount]
    return {**dict(zip(positional[len(positional) - len(defaults) :], defaults)), **(function.__kwdefaults__ or {})}


def _spelled(value) -> str:
    """A default as numpydoc writes it: a string in double quotes, a whole float as an integer."""
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def join(description: str, sections: dict[str, str]) -> str:
    """A numpydoc docstring: the description, then the sections in numpydoc's order."""
    titled = [f"{title}\n{'-' * len(title)}\n{sections[title]}" for title in TITLES if sections.get(title)]
    return "\n\n".join([description, *titled]) + "\n"




def with_parameters(parameters: Mapping[str, str]):
    """Decorator: fill in the Parameters entries that a docstring leaves out from
    ``parameters`` (whole entries, by parameter name), in the order of the signature; an
    entry the docstring writes stays.

    Parameters
    ----------
    parameters : mapping of str to str
        Entries shared by name (``"X"``: ``"X : ndarray\\n    The data."``).

    Returns
    -------
    callable
        A decorator that completes the docstring of the function it returns.

    Examples
    --------
    >>> @with_parameters({"n_clusters": N_CLUSTERS})
    ... def seeds(n_clusters):
    ...     "The seeds."
    >>> seeds.__doc__.splitlines()[4:6]  # its Parameters, filled in
    ['n_clusters : int', '    K, the number of clusters.']
    """

    def decorate(function: Callable) -> Callable:
        if function.__doc__ is not None:  # python -OO: no docstrings to complete
            function.__doc__ = join(*completed_from(function, dict(parameters)))
        return function

    return decorate


# The parameters that the library's layers share, each described here once.
#: X where it is the data alone, never a distance matrix (the clusterers, choosing K, the
#: peers' layers, the distance matrix of the K-medoids)
DATA = {"X": """X : array-like of shape (n_samples, n_features)
    The data, finite numbers."""}
MEMORY_BUDGET_MB = """memory_budget_mb : float, default 256
    Bound, in MB, on each block of pairwise distances held at once. Left unset, the rank
    passes (Gamma, G+, Tau, C-index) take up to 1,280 MB where 256 would need 16 passes or
    more (n = 100,000 with overlapping clusters)."""
N_CLUSTERS = """n_clusters : int
    K, the number of clusters."""
K = """k : int
    K, the number of clusters."""
N_OBJECTS = """n : int
    The number of objects."""
M_NEIGHBOURS = """M : int
    How many neighbours, 1 <= M <= n - 1."""
#: What the passes over the pairs read (the distance pass, the neighbour search, their Dask
#: form), as the indices' partition hands it to them: checked and prepared already.
PASS_PARAMETERS = {
    "X": """X : ndarray
    The data as checked and scaled (:func:`~clustval._engine.validation.as_data_matrix`), in
    the metric's form; with ``precomputed`` the (n, n) distance matrix
    (:func:`~clustval._engine.validation.check_distances`).""",
    "codes": """codes : ndarray of shape (n,)
    Cluster codes 0..n_clusters-1, every code present.""",
    "n_clusters": N_CLUSTERS,
    "precomputed": """precomputed : bool, default False
    The data (X) are the distance matrix.""",
    "metric": """metric : Metric or None, default None
    A metric other than Euclidean (:class:`~clustval._engine.metrics.Metric`), X holding the
    rows it prepared (:meth:`~clustval._engine.metrics.Metric.prepare`); None: Euclidean.""",
    "weights": """weights : ndarray of shape (n,), optional
    Each object's count of copies (whole numbers > 0): the summaries are those of the data
    with each row repeated its weight's times; None: every row once.""",
    "memory_budget_mb": MEMORY_BUDGET_MB,
}
