"""MkDocs hook: the pages' generated parts, rendered at build time from the installed package.

A page holds a marker comment on a line of its own; this hook replaces it:

``<!-- registry:table -->``
    ``clustval indices --format markdown``: one row per entry of ``clustval.indices.registry.INDICES``.
``<!-- registry:details -->``
    one section per index: name, kind, direction, range, reference, its options, and the
    description (formula, undefined cases) of its function's docstring.
``<!-- registry:options -->``
    one row per index option of ``clustval.indices.registry.OPTIONS``: its name (keyword,
    flag, config key), values, default, indices and meaning.
``<!-- cli:help -->``
    the ``--help`` text of ``clustval`` and of each of its commands.
``<!-- sklearn:departures -->``
    one row per entry of ``clustval.compat.sklearn.DEPARTURES``: where scikit-learn's names
    and clustval's indices differ, with both values and why.
``<!-- api:external -->``, ``<!-- api:internal -->``
    the API reference of every external (internal) index under its public name,
    ``clustval.<registry name>``, in registry order, a section per family (module).

So the documentation cannot drift from the registry or the command line: adding an index
adds its row and its section, adding an option its row and its flag.
"""

from __future__ import annotations

import argparse
import inspect
import logging
import os
import re

MARKERS = (
    "<!-- registry:table -->", "<!-- registry:details -->", "<!-- cli:help -->", "<!-- sklearn:departures -->",
    "<!-- registry:options -->", "<!-- api:external -->", "<!-- api:internal -->",
)  # fmt: skip

# numpydoc section headers: the description of a docstring ends at the first one
_SECTION = re.compile(
    r"^(Parameters|Returns|Yields|Raises|Warns|See Also|Notes|References|Examples)\n-{3,}$", re.M
)
# Sphinx roles (:func:`~clustval.x`) as Markdown code
_ROLE = re.compile(r":(?:func|class|mod|data|attr|meth|obj):`~?([^`]+)`")


def markdown_text(text: str) -> str:
    """Docstring prose as Markdown: roles and ``double backquotes`` become code spans, and a
    paragraph ending in ``::`` (an indented literal block follows) ends in one colon."""
    text = re.sub(r"::$", ":", text, flags=re.M)
    return _ROLE.sub(r"`\1`", text).replace("``", "`")


def plain_signature(function) -> str:
    """``(a, b, *, c=1)``: the signature of ``function`` without its annotations."""
    signature = inspect.signature(function)
    parameters = [p.replace(annotation=p.empty) for p in signature.parameters.values()]
    return str(signature.replace(parameters=parameters, return_annotation=signature.empty))


def description(function) -> str:
    """The docstring of ``function`` up to its first numpydoc section, as Markdown."""
    doc = inspect.getdoc(function) or ""
    match = _SECTION.search(doc)
    return markdown_text((doc[: match.start()] if match else doc).strip())


def _bound(value: float) -> str:
    return f"{value:g}"


def index_table() -> str:
    from clustval.cli import format_indices

    return format_indices("markdown")


# How each K rule (clustval.indices.registry.K_RULES) reads
_K_RULE = {
    "max": "the largest value",
    "min": "the smallest value",
    "max_diff": "the largest second difference Q(K-1) - 2 Q(K) + Q(K+1) (an elbow)",
    "min_diff": "the smallest second difference Q(K-1) - 2 Q(K) + Q(K+1) (an elbow)",
}


# Clustering.jl's functions (JuliaStats/Clustering.jl 0.15.8, whose own tests
# tests/indices/test_clusteringjl_port.py ports, each difference asserted there): index ->
# (the call, how its value relates to clustval's)
CLUSTERING_JL = {
    "sil": ("mean(silhouettes(assignments, distances))", "same"),
    "calinski_harabasz": ("clustering_quality(X, centres, assignments; quality_index=:calinski_harabasz)",
                          "same at its default metric SqEuclidean(); with Euclidean() it sums unsquared distances"),
    "xb": ("clustering_quality(X, centres, assignments; quality_index=:xie_beni)",
           "same at its default metric SqEuclidean(); with Euclidean() it sums unsquared distances"),
    "db": ("clustering_quality(X, centres, assignments; quality_index=:davies_bouldin)", "same"),
    "dunn": ("clustering_quality(X, assignments; quality_index=:dunn)", "same"),
    "ari": ("randindex(a, b)[1]", "same"),
    "rand": ("randindex(a, b)[2]", "same"),
    "vi": ("varinfo(a, b)", "same"),
    "v_measure": ("vmeasure(a, b)", "same"),
    "mutual_info": ("mutualinfo(a, b; normed=false)", "same"),
    "nmi": ("mutualinfo(a, b)", "same: 2 MI / (H(a) + H(b)), the arithmetic mean"),
}  # fmt: skip


def peers(name: str) -> list[str]:
    """Where the peers compute index ``name``, and whether they define it the same way:
    scikit-learn's function of the same index (``clustval.compat.sklearn``, with the cases
    of its ``DEPARTURES``), clusterCrit's criteria
    (``clustval.compat.clustercrit.COUNTERPART``; ``DEPARTURES`` says how one departs),
    genieclust's (``clustval.indices.neighbours.GENIECLUST_PEERS``), cvi's
    (``clustval.indices.cvi.CVI_PEERS``) and Clustering.jl's (:data:`CLUSTERING_JL`)."""
    from clustval.compat import clustercrit
    from clustval.compat import sklearn as sklearn_names

    found = []
    for alias, index in sklearn_names.INDEX.items():
        if index == name:
            cases = [d.case for d in sklearn_names.DEPARTURES if alias in d.names]
            found.append(f"scikit-learn `{alias}` (" + ("same" if not cases else "differs on: " + "; ".join(cases)) + ")")
    for criterion, index in clustercrit.COUNTERPART.items():
        if index == name:
            found.append(f"clusterCrit `{criterion}` ({clustercrit.DEPARTURES.get(criterion, 'same')})")
    # genieclust's and cvi's, each mapping kept beside the indices it names
    from clustval.indices.cvi import CVI_PEERS
    from clustval.indices.neighbours import GENIECLUST_PEERS

    if name in GENIECLUST_PEERS:
        call, relation = GENIECLUST_PEERS[name]
        found.append(f"genieclust `cluster_validity.{call}` ({relation})")
    if name in CVI_PEERS:
        cls, relation = CVI_PEERS[name]
        found.append(f"cvi `{cls}().get_cvi(X, y)` ({relation})")
    if name in CLUSTERING_JL:
        call, relation = CLUSTERING_JL[name]
        found.append(f"Clustering.jl `{call}` ({relation})")
    return found


def option_text(option) -> str:
    """One option as the index page lists it: ``name`` (values, default): meaning."""
    return f"`{option.name}` ({option.values_text}, default {option.default_text}): {option.description}"


def options_table() -> str:
    """The Markdown table of every index option (``clustval.indices.registry.OPTIONS``)."""
    from clustval.indices.registry import INDICES, OPTIONS

    rows = ["| option (keyword, `indices.` config key) | flag | values | default | indices (core keyword) | meaning |",
            "|---|---|---|---|---|---|"]  # fmt: skip
    for option in OPTIONS.values():
        owners = ", ".join(f"`{spec.name}`" for spec in INDICES.values() if option in spec.options)
        cells = [f"`{option.name}`", f"`{option.flag}`", option.values_text, option.default_text,
                 f"{owners} (`{option.keyword}`)", option.description]  # fmt: skip
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(rows)


def index_details() -> str:
    from clustval.indices.registry import INDICES

    parts = []
    for spec in INDICES.values():
        function = spec.function
        call = f"clustval.{spec.name}"
        better = "no better side (a statistic)" if spec.direction == "none" else f"{spec.direction} is better"
        facts = [
            f"**{spec.label}**, {spec.kind}, {better}, "
            f"range [{_bound(spec.bounds[0])}, {_bound(spec.bounds[1])}].",
            f"Function: `{call}{plain_signature(function)}`; "
            f"core: `{getattr(spec.core, '__module__', '')}.{getattr(spec.core, '__name__', repr(spec.core))}`.",
            f"Reference: {spec.reference}.",
        ]
        if spec.options:  # their declarations: name (keyword, flag, config key), values, meaning
            facts.append("Options (keywords of `clustval.score`, the CLI's `--` flags, the config's `indices.` "
                         "keys): " + "; ".join(option_text(option) for option in spec.options) + ".")
        if spec.kind == "internal":
            facts.append(f"Best K (`select_k`, the vote): {_K_RULE[spec.k_rule]}.")
        facts.append("Peers: " + ("; ".join(peers(spec.name)) or "none of scikit-learn, clusterCrit, genieclust, cvi and Clustering.jl") + ".")
        parts.append(f"### `{spec.name}`\n\n" + "\n".join(
            f"- {fact}" for fact in facts) + "\n\n" + description(function))
    return "\n\n".join(parts)


def cli_help() -> str:
    from clustval.cli import build_parser

    os.environ["COLUMNS"] = "100"  # argparse wraps the help to the terminal's width: fix it
    parser = build_parser()
    blocks = [("clustval --help", parser.format_help())]
    for action in parser._actions:  # the subcommands, in the order the parser lists them
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                blocks.append((f"clustval {name} --help", sub.format_help()))
    return "\n\n".join(f"`{title}`\n\n```text\n{text.rstrip()}\n```" for title, text in blocks)


def _outcome(value) -> str:
    """A value of the departures' table as the page shows it."""
    if isinstance(value, type):
        return f"raises {value.__name__}"
    if value is None:
        return "(no such keyword)"
    return value if isinstance(value, str) else format(value, ".6g")


def sklearn_departures() -> str:
    """The Markdown table of ``clustval.compat.sklearn.DEPARTURES``: per kind of input, what
    scikit-learn gives, what clustval's scikit-learn name gives (marked where it does not
    follow scikit-learn), what the registry's function gives, and why."""
    from clustval.compat.sklearn import DEPARTURES, INDEX

    rows = ["| scikit-learn name | input | scikit-learn | `clustval.<sklearn name>` | `clustval.<index>` | why |",
            "|---|---|---|---|---|---|"]  # fmt: skip
    for d in DEPARTURES:
        names = ", ".join(f"`{n}` (`{INDEX[n]}`)" for n in d.names)
        alias = "the same" if d.alias is None else f"**{_outcome(d.alias)}**"
        keywords = ", ".join(f"{k}={v!r}" for k, v in d.keywords.items())
        case = d.case + (f" (`{keywords}`)" if keywords and keywords not in d.case else "")
        cells = [names, case, _outcome(d.sklearn), alias, _outcome(d.native), d.why]
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(rows)


# The API pages' section of each family of indices (the module that defines them); a family
# not named here is titled by its module docstring's first sentence.
FAMILIES = {
    "clustval.indices.external": "Pair counts, matching, information and set measures",
    "clustval.indices.classic": "The paper's internal indices and the classic ones",
    "clustval.indices.scatter": "From the scatter matrices (clusterCrit)",
    "clustval.indices.pair_rank": "From the ranks and sums of all distances (clusterCrit, NbClust)",
    "clustval.indices.generalised_dunn": "The generalised Dunn indices (Bezdek & Pal; clusterCrit)",
    "clustval.indices.nbclust": "NbClust's indices that the others lack",
    "clustval.indices.neighbours": "Near neighbours: WCNN and DuNN-OWA (genieclust)",
    "clustval.indices.cvi": "The batch forms of incremental CVIs (cvi)",
    "clustval.indices.density": "Density-based validity (DBCV)",
}


def api_indices(kind: str) -> str:
    """mkdocstrings' ``::: clustval.<name>`` for every index of ``kind``, under its family."""
    import importlib

    from clustval.indices.registry import INDICES

    families: dict[str, list[str]] = {}
    for spec in INDICES.values():
        if spec.kind == kind:
            families.setdefault(spec.function.__module__, []).append(spec.name)
    parts = []
    for module, names in families.items():
        title = FAMILIES.get(module) or (importlib.import_module(module).__doc__ or module).split(".")[0].split(":")[0]
        parts.append(f"## {title}\n\n" + "\n\n".join(f"::: clustval.{name}" for name in names))
    return "\n\n".join(parts)


class _RegistryAll(logging.Filter):
    """Drop griffe's one warning about ``clustval.__all__``: the package extends it at import
    with the registry's names (``__all__ += [*INDICES, ...]``), which a static reading cannot
    follow. The API pages name each of them (``::: clustval.ari``), which griffe resolves
    through the module that defines it, so nothing is lost; every other warning still fails
    ``mkdocs build --strict``."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "Unsupported item in clustval.__all__" not in record.getMessage()


logging.getLogger("mkdocs.plugins.griffe").addFilter(_RegistryAll())

RENDERERS = {MARKERS[0]: index_table, MARKERS[1]: index_details, MARKERS[2]: cli_help, MARKERS[3]: sklearn_departures,
             MARKERS[4]: options_table, MARKERS[5]: lambda: api_indices("external"),
             MARKERS[6]: lambda: api_indices("internal")}


def render(markdown: str) -> str:
    """``markdown`` with every marker replaced by what it stands for."""
    for marker, renderer in RENDERERS.items():
        if marker in markdown:
            markdown = markdown.replace(marker, renderer())
    return markdown


def on_page_markdown(markdown: str, **kwargs) -> str:
    return render(markdown)


# In the API pages, a docstring's Sphinx role (:func:`~clustval.x`) reaches the HTML as the
# text ":func:" before a code span, the "~" inside it: keep the code span alone.
_HTML_ROLE = re.compile(r":(?:func|class|mod|data|attr|meth|obj):(<code>)~?")


def on_page_content(html: str, **kwargs) -> str:
    return _HTML_ROLE.sub(r"\1", html)
