"""Every index's numpydoc, written from its one description and its registry entry.

An index is described once, in its public function's docstring: what it measures, its
formula and reference, its edge cases, and an example with a worked value, which ends the
docstring (no Examples header needed). Sections are written only for what is the index's own:
the Parameters of its options, a Raises that differs from the shared one, See Also its
relatives. What the function and its core share with every other index is written here, once,
from the registry entry (:mod:`clustval.indices.registry`) and the two signatures: the
Parameters of the labels, the data and the shared keywords; Returns with the entry's label,
range and direction; the Raises of the input checks (and K = 1); See Also between the
function and its core; References from the entry; the core's example (it gives the function's
value). :func:`document_all`, called once the registry is built, writes both ``__doc__``
strings, so ``help()``, the doctests and the API pages (docs/griffe_runtime.py) show the
whole text. :func:`completed` does the same for the functions of the index modules that take
the shared parameters but are not registry indices, and :func:`described` for the entry points
(score, the *_scores, select_k, the clusterers, ...): the parameters they share (the labels,
X, the data alone (:data:`DATA`), metric, memory_budget_mb, sample_weight, noise, progress,
names, the algorithm, ``**options``) are written once, here.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable

from .._engine.docs import (
    DATA,
    MEMORY_BUDGET_MB,
    completed_from,
    entries,
    entry_text,
    join,
    lookup,
    parameters_section,
    signature_names,
    split,
    with_parameters,
)

_INPUT_ERROR, _UNDEFINED = "clustval.errors.InputError", "clustval.errors.UndefinedIndexError"

_PRECOMPUTED = """; with ``metric="precomputed"`` the (n, n) distance matrix
    instead (finite, non-negative, symmetric, zero diagonal), or its condensed upper triangle
    as ``scipy.spatial.distance.pdist`` returns it"""
# The Parameters entries every index of a kind shares, by parameter name.
_SHARED = {
    "labels_true": """array-like of shape (n_samples,)
    The true classes: integers (any sign, gaps allowed) or strings.""",
    "labels_pred": """array-like of shape (n_samples,)
    The clusters to judge, labelled the same way (the names need not match the classes').""",
    "labels": """array-like of shape (n_samples,)
    The cluster of each object: integers or strings.""",
    "memory_budget_mb": MEMORY_BUDGET_MB.partition(" : ")[2],
    "sample_weight": """array-like of shape (n_samples,), optional
    Each object's count of copies, whole numbers >= 0: the value is that of the data with
    every object repeated its weight's times; objects of weight 0 are absent.""",
}
# What a core reads, by kind: its first parameter
_CORE_INPUT = {
    "external": """ct : Contingency
    The contingency table of the classes (rows) and the clusters (columns), from
    :func:`~clustval.indices.contingency.contingency` or a table counted elsewhere
    (:func:`~clustval.indices.counts.as_contingency`).""",
    "internal": """p : Partition
    The validated data and labels with their shared summaries, as
    :func:`~clustval.indices.scoring.internal_scores` builds it once for all indices.""",
}
#: The index as an error names it (the partition's and the options' refusals)
INDEX_LABEL = """index : str
    The index's label, as an error names it."""
#: The partition a core (or a helper of the cores) reads
PARTITION = _CORE_INPUT["internal"]
# X and metric: an index that reads distances only also takes them precomputed
_DATA = {
    True: {
        "X": DATA["X"].partition(" : ")[2].rstrip(".") + _PRECOMPUTED + ".",
        "metric": """str or Metric, default "euclidean"
    How X is read: coordinates, with the distances of their rows in one of scipy's metrics
    ("euclidean", "sqeuclidean", "cityblock" (or "manhattan", "l1"), "chebyshev", "minkowski",
    "cosine", "correlation"; Minkowski's p as ``clustval.Metric("minkowski", p=3)``),
    computed block by block; or "precomputed": the pairwise distances in any metric.""",
    },
    False: {
        "X": DATA["X"].partition(" : ")[2],
        "metric": """{"euclidean"}, default "euclidean"
    Coordinates only: this index needs the centroids, so "precomputed" and the other
    metrics are refused.""",
    },
}
# The Raises every index of a kind shares, by exception
_RAISES = {
    "external": {_INPUT_ERROR: """Labels that fail the checks of :func:`~clustval.indices.contingency.contingency`
    (empty, not 1-D, unequal lengths, NaN or None, numbers mixed with strings)."""},
    "internal": {
        _UNDEFINED: "K = 1, and any other case its description names, where the index has no value.",
        _INPUT_ERROR: "Data or labels that fail the checks (lengths differ, NaN or inf, a label missing).",
    },
}
# What the core and the function of an index of each kind read
_READS = {"external": ("a contingency table", "the labels"), "internal": ("a shared partition", "the data")}
_K_RULE = {"max_diff": "K by the largest second difference, an elbow",
           "min_diff": "K by the smallest second difference, an elbow"}  # fmt: skip
# The core's example: data on which every core runs, and gives its function's value.
_EXAMPLE = {
    "external": (("contingency", "clustval.indices.contingency"),
                 ">>> t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]",
                 ">>> {core}(contingency(t, p)) == {function}(t, p)"),
    "internal": (("Partition", "clustval.indices.partition"),
                 ">>> X = [[0.0, 0.0], [2.0, 0.0], [0.0, 3.0], [9.0, 9.0], [12.0, 9.0], [9.0, 10.0]]\n"
                 ">>> labels = [0, 0, 0, 1, 1, 1]",
                 ">>> {core}(Partition(X, labels, needs={core}.needs)) == {function}(X, labels)"),
}  # fmt: skip
# The noise policy, as the entry points and the labels' checks take it
NOISE = """noise : {"cluster", "exclude", "singletons"} or None
    What the noise label -1 of the clustering (DBSCAN, HDBSCAN, OPTICS) means: one cluster,
    objects left out of the score (their truth, data and weights too), or each a cluster of
    its own. None: "cluster", with a NoiseLabelWarning when -1 occurs."""
# The Parameters entries that the entry points (score and the *_scores, their Dask, bootstrap
# and inference forms, select_k, the chance models, the scikit-learn drop-ins) share with the
# indices or among themselves, whole, by parameter name: filled in by :func:`described` where
# a docstring leaves them out, so each is written once.
_ENTRY = {
    **{name: f"{name} : {text}" for name, text in {**_SHARED, **_DATA[True]}.items()},
    "ct": _CORE_INPUT["external"],
    "undefined": """undefined : {"raise", "nan"}, default "raise"
    A requested index undefined for this input raises
    :class:`~clustval.errors.UndefinedIndexError` ("raise"), or is NaN while every other
    index keeps its value ("nan").""",
    "noise": NOISE,
    "progress": """progress : bool or None, default None
    A progress bar on stderr: None (automatic) draws it only when stderr is a terminal and
    once the call has run about 1.5 s (or keeps the bar of an enclosing call, such as
    :func:`clustval.select_k`'s); True always; False never.""",
}
# The registry's entries and the options given by name, as the registry, the table and the
# partition (which run the cores on themselves: ``value``, one index, ``scores``, several) and
# the documentation read them
SPEC = """spec : IndexSpec
    The index's registry entry."""
SPECS = """specs : iterable of IndexSpec
    The indices' registry entries."""
KS = """ks : sequence of int
    The numbers of clusters K tried."""


def ks_within(bounds: str) -> str:
    """The ``ks`` entry of a sweep over K: one text, its range that of the sweep.

    Parameters
    ----------
    bounds : str
        Where each K lies, as the entry says it (``"in 1..n"``).

    Returns
    -------
    str
        The entry.

    Examples
    --------
    >>> print(ks_within("in 1..n"))
    ks : iterable of int
        The numbers of clusters, each in 1..n.
    """
    return f"""ks : iterable of int
    The numbers of clusters, each {bounds}."""

# the seed of numpy's draws (resampling, splits, random clusterings, p-values)
SEED = """seed : int, numpy Generator or None, default 0
    Seed of the random draws, as ``numpy.random.default_rng`` takes it (an integer >= 0 or a
    ``Generator``): the same seed, the same draws; None draws fresh entropy."""
# the silhouette's random sample, drawn as scikit-learn draws it (sil and the scikit-learn
# drop-in silhouette_score; silhouette_sample takes its random_state, and a size it needs)
SAMPLE = {
    "sample_size": """sample_size : int or None
    How many objects to draw at random, as scikit-learn draws them
    (``check_random_state(random_state).permutation(n)[:sample_size]``: the same objects for
    the same ``random_state``), at least 1 (stratified: two of each cluster, one of a
    singleton); None scores every object, as does n or more.""",
    "random_state": """random_state : int, numpy.random.RandomState or None, default None
    The sample's seed, as scikit-learn takes it (None: numpy's global RandomState).""",
}
# the seed of scikit-learn's KMeans (clustval.kmeans, the k-means prototypes of conn)
KMEANS_SEED = """seed : int, default 0
    The ``random_state`` of scikit-learn's ``KMeans``: the same seed gives the same clustering."""
# how many resamples (of the objects, or of the tables that count them: the bootstrap, clusterboot)
RESAMPLES = """n_resamples : int
    The number of resamples drawn (the default is the signature's)."""
GIVEN = """given : mapping
    Options by name (:data:`clustval.indices.registry.OPTIONS`); an index reads those it
    takes, under its core's keywords."""
VALUE_PARAMETERS = {"spec": SPEC, "given": GIVEN}
# and what returns one index's value (value, IndexSpec.compute, score_alone)
VALUE_RETURNS = {"Returns": "float\n    The index's value."}
SCORES_PARAMETERS = {"specs": SPECS, "given": GIVEN}
# what ``metric`` adds where an entry point computes the indices ``names`` (or ``indices``),
# and where it also takes ``distances``
_METRIC_NAMES = """
    With any but Euclidean only the distance-based indices (Sil, BWP, IGP, Dunn, the rank and
    neighbour indices, ...) apply; those that need centroids (STDI, DB, DBI, XB,
    Calinski-Harabasz) are refused with an InputError{left_out}."""
_METRIC_DISTANCES = """
    Not with ``distances``, which are distances already."""
# what ``sample_weight`` adds where an entry point computes the indices ``names``
_WEIGHTS_NAMES = """ Only
    the indices whose entry takes weights (``IndexSpec.weights``: every internal index, DBCV
    with its default tree only) do: naming another is an InputError, and with ``names`` None
    the others are left out."""
# ``**options``, by what the entry point passes them on to: the options of the indices of a
# kind ("indices": of every index), or a clustering algorithm's
_OPTIONS = {
    **{key: f"""**options
    The {whose} options by name, as ``{example}``:
    :func:`~clustval.indices.registry.options_of` ``({kind})``, each with its values,
    default and meaning in ``help()``, and passed to its index's core under the core's own
    keyword.""" for key, whose, kind, example in (
        ("external", "external indices'", '"external"', 's2_matching="identity"'),
        ("internal", "internal indices'", '"internal"', "db_q=2"),
        ("indices", "indices'", "None", 'db_q=2, s2_matching="identity"'))},
    "algorithm": """**options
    The named algorithm's options (:attr:`clustval.clustering.Algorithm.options`), e.g.
    ``radius="mean"`` for ``sd_kmedoids``, ``n_init`` and ``seed`` for ``kmeans``.""",
}  # fmt: skip
# ``algorithm``, where ``**options`` are its options (the clusterers, the stability criteria,
# the gap statistic)
_ALGORITHM = """algorithm : str, estimator or callable
    A name of :data:`clustval.clustering.ALGORITHMS` (its options in ``**options``, none for
    the other forms); a scikit-learn-style estimator with ``fit_predict`` and an
    ``n_clusters`` parameter (a fresh copy fitted per K); or a function ``f(X, k)`` returning
    the labels."""
# ``names``: the indices of a kind that an entry point computes (``None``: the kind the
# registry's functions take, :func:`clustval.indices.registry.requested`)
_NAMES = {kind: f"""names : iterable of str, str or None, default None
    Registry names or aliases of {which} (:data:`clustval.indices.registry.{table}`);
    None means all of them.""" for kind, which, table in (
        ("external", "external indices", "EXTERNAL"), ("internal", "internal indices", "INTERNAL"),
        (None, "indices of ``kind``", "ALIASES"))}  # fmt: skip
NAMES_OF_KIND = _NAMES[None]
# The Parameters entries that some indices' functions share beyond those of their kind (a
# keyword no core takes: the silhouette's sample; an option's keyword, conn's k-means seed)
_FUNCTIONS_SHARE = {**SAMPLE, "seed": KMEANS_SEED}
_WRITTEN: dict[Callable, str] = {}  # each function's own docstring, before document_all


@with_parameters({"spec": SPEC})
def option_parameter(spec, name: str, written: dict[str, str]) -> str | None:
    """The Parameters entry of ``name``, an option of the index ``spec`` (a keyword that not
    every index takes).

    The one place an option's entry comes from: an option the entry declares
    (:mod:`clustval.indices.options`) is written from its declaration (values, default,
    meaning, and its name in :func:`clustval.score` and the other entry points); a keyword
    that is no declared option (``cp_accuracy_mc``'s ``repeats``), from the entry the
    index's description writes.

    Parameters
    ----------
    name : str
        The keyword of its function.
    written : dict of str to str
        The Parameters entries its description writes (:func:`entries`).

    Returns
    -------
    str or None
        The entry, ``name : type`` and its text; None if neither the declaration nor the
        description has one.

    Examples
    --------
    >>> from clustval.indices.registry import get_index
    >>> print(option_parameter(get_index("db"), "p", {}))  # the core's minkowski
    p : float >= 1 (inf allowed), default 2
        DB's Minkowski exponent p of the centroid distance (``inf``: the largest coordinate
        difference); ``db_p`` in :func:`clustval.score` and the other entry points.
    >>> print(option_parameter(get_index("cp_accuracy_mc"), "repeats", {"repeats": "repeats : int"}))
    repeats : int
    """
    option = _declared(spec, name)
    if option is None:
        return lookup(written, name)
    meaning = (option.description[0].upper() + option.description[1:].rstrip(".")).replace("`", "``")
    text = f"{meaning}; ``{option.name}`` in :func:`clustval.score` and the other entry points."
    return f"{name} : {option.values_text}, default {option.default_text}\n" + textwrap.fill(
        text, width=92, initial_indent="    ", subsequent_indent="    ", break_on_hyphens=False)


def _declared(spec, name: str):
    """The option the entry declares for its function's keyword ``name`` (its core's keyword
    perhaps another: matched by position, as :func:`_index_parameters` does), or None."""
    core_name = dict(zip(_options(spec), signature_names(spec.core)[1:])).get(name, name)
    return next((option for option in spec.options if option.keyword == core_name), None)


def _reads_distances(spec) -> bool:
    """Whether the index reads the distances alone (so X may be precomputed distances)."""
    return not spec.reads_coordinates


def _shared(kind: str, reads_distances: bool) -> dict[str, str]:
    """The shared Parameters entries of an index of ``kind``."""
    return {**_SHARED, **({} if kind == "external" else _DATA[reads_distances])}


def _index_parameters(spec, written: dict[str, str], core: bool) -> str:
    """The Parameters of the index's function or of its core: the shared ones, and the
    options from the description (the core's perhaps under another name: :func:`db`'s ``p``
    is its core's ``minkowski``, matched by position)."""
    shared = _shared(spec.kind, _reads_distances(spec))
    names, options = signature_names(spec.core), _options(spec)

    def function_entry(name: str) -> str | None:
        entry = option_parameter(spec, name, written) or _FUNCTIONS_SHARE.get(name)
        return entry or (f"{name} : {shared[name]}" if name in shared else None)

    if not core:
        return parameters_section(spec.function, function_entry)
    renamed = dict(zip(names[1:], options))

    def core_entry(name: str) -> str | None:
        if name == names[0]:
            return _CORE_INPUT[spec.kind]
        if renamed.get(name, name) == name:
            return function_entry(name)
        entry = option_parameter(spec, renamed[name], written)
        kind = entry and entry.partition(" : ")[2].splitlines()[0]
        return entry and f"{name} : {kind}\n    :func:`{spec.function.__name__}`'s ``{renamed[name]}``."

    return parameters_section(spec.core, core_entry)


#: What completed, described and takes_options take besides the shared entries, written once
MORE_PARAMETERS = {"parameters": """parameters : dict of str to str, optional
    More Parameters entries the functions of a module share, whole, by parameter name (they
    take precedence over the shared entries)."""}


@with_parameters(MORE_PARAMETERS)
def completed(*, reads_distances: bool, parameters: dict[str, str] | None = None,
              raises: dict[str, str] | None = None):
    """Decorator: complete the numpydoc of a function that takes the indices' shared
    parameters (X, labels, metric, ...) but is not itself a registry index: the Parameters
    entries its docstring leaves out, and the Raises of the input checks.

    Parameters
    ----------
    reads_distances : bool
        Whether X may be a precomputed distance matrix (``metric="precomputed"``).
    raises : dict of str to str, optional
        More Raises entries the functions of a module share, whole, by exception: after the
        input checks' and before the function's own.

    Returns
    -------
    callable
        The decorator, which returns the function itself.

    Examples
    --------
    >>> @completed(reads_distances=False)
    ... def spread(X, labels):
    ...     "The spread."
    >>> print(spread.__doc__.partition("----------\\n")[2].splitlines()[0])  # its Parameters
    X : array-like of shape (n_samples, n_features)
    """

    def decorate(function: Callable) -> Callable:
        if function.__doc__ is None:  # python -OO: no docstrings to complete
            return function
        kind = "external" if "labels_true" in signature_names(function) else "internal"
        shared = {name: f"{name} : {text}" for name, text in _shared(kind, reads_distances).items()}
        shared.update(parameters or {})
        description, own = completed_from(function, shared)
        shared_raise = f"{_INPUT_ERROR}\n    {_RAISES[kind][_INPUT_ERROR]}"
        written = entries(own.get("Raises", ""))
        raised = [f"clustval.errors.{key}\n{entry_text(entry)}" for key, entry in written.items()]
        own["Raises"] = "\n".join([shared_raise, *(raises or {}).values(), *raised])
        function.__doc__ = join(description, own)
        return function

    return decorate


@with_parameters(MORE_PARAMETERS)
def described(options: str | None = None, *, parameters: dict[str, str] | None = None,
              sections: dict[str, str] | None = None):
    """Decorator: fill in the Parameters entries that an entry point's docstring leaves out
    (the labels, X, metric, memory_budget_mb, undefined, ``names``, ``**options``) from the
    one text each has, in the order of its signature; an entry the docstring writes stays.

    Parameters
    ----------
    options : {"external", "internal", "indices", "algorithm"}, tuple of them, or None
        What ``**options`` takes: the options of the external or internal indices (whose
        ``names`` the entry point computes), of every index, or of the clustering
        ``algorithm``, or of several of them; None when the docstring writes it.
    sections : dict of str to str, optional
        Sections the functions of a module share, by title (``"References"``): each where
        the docstring writes none.

    Returns
    -------
    callable
        The decorator: it returns the function, its docstring completed.

    Examples
    --------
    >>> @described("external")
    ... def scores(labels_true, labels_pred, **options):
    ...     "Every external index."
    >>> print(scores.__doc__.partition("----------\\n")[2].splitlines()[0])  # its Parameters
    labels_true : array-like of shape (n_samples,)
    """
    # ``**options`` passed on to several (select_k: the internal indices and the algorithm)
    kinds = (options,) if options is None or isinstance(options, str) else tuple(options)
    passed_on = [entry_text(_OPTIONS[kind]) for kind in kinds if kind in _OPTIONS]
    shared = {**_ENTRY, "options": "**options\n" + "\n".join(passed_on) if passed_on else None,
              "names": _NAMES.get(options) if options is not None else None,
              "algorithm": _ALGORITHM if options == "algorithm" else None, **(parameters or {})}  # fmt: skip

    def decorate(function: Callable) -> Callable:
        if function.__doc__ is not None:  # python -OO: no docstrings to complete
            names = signature_names(function)
            indices = next((name for name in ("names", "indices") if name in names), None)
            # the *_scores leave those indices out when they compute every index; select_k names them all
            left_out = ", and left out when ``names`` is None" if indices == "names" else ""
            metric = shared["metric"] + (_METRIC_NAMES.format(left_out=left_out) if indices else "")
            metric += _METRIC_DISTANCES if "distances" in names else ""
            weights = shared["sample_weight"] + (_WEIGHTS_NAMES if "names" in names else "")
            description, own = completed_from(function, {**shared, "metric": metric, "sample_weight": weights})
            function.__doc__ = join(description, {**(sections or {}), **own})
        return function

    return decorate


def _bound(value: float) -> str:
    return f"{value:g}"


def _returns(spec) -> str:
    better = "a statistic with no better side" if spec.direction == "none" else f"{spec.direction} is better"
    if spec.k_rule in _K_RULE:
        better += f" ({_K_RULE[spec.k_rule]})"
    low, high = spec.bounds
    return f"float\n    {spec.label}, in [{_bound(low)}, {_bound(high)}]; {better}."


def _options(spec) -> list[str]:
    """The keywords of the index's function that not every index takes (a shared name that
    the index declares as its own option, DBCV's ``metric``, is its option)."""
    shared = _shared(spec.kind, _reads_distances(spec))
    own = {option.keyword for option in spec.options}
    return [name for name in signature_names(spec.function) if name not in shared or name in own]


def _raises(spec, written: dict[str, str], core: bool) -> str:
    """The shared Raises (the input checks; K = 1 for an internal index) and the index's own:
    its UndefinedIndexError replaces the shared one, its InputError comes after the shared one."""
    shared = dict(_RAISES[spec.kind])
    if core:
        shared.pop(_INPUT_ERROR)
    own = {key: entry_text(entry) for key, entry in written.items()}
    if "UndefinedIndexError" in own:
        shared[_UNDEFINED] = own.pop("UndefinedIndexError").strip()
    if _INPUT_ERROR in shared and "InputError" not in own and _options(spec):
        shared[_INPUT_ERROR] += "\n    Also an option out of its range."
    lines = [f"{error}\n    {shared[error]}" for error in (_UNDEFINED, _INPUT_ERROR) if error in shared]
    return "\n".join(lines + [f"clustval.errors.{key}\n{text}" for key, text in own.items()])


def _examples(spec) -> str:
    (name, module), data, call = _EXAMPLE[spec.kind]
    core, function = spec.core.__name__, spec.function.__name__
    needed = "" if name in spec.core.__globals__ else f">>> from {module} import {name}\n"
    return f"{needed}{data}\n{call.format(core=core, function=function)}\nTrue"


@with_parameters({"spec": SPEC})
def document(spec) -> None:
    """Write the numpydoc of the index's function and of its core into their ``__doc__``,
    from the function's own docstring (its one description) and the registry entry.

    Parameters
    ----------
    Examples
    --------
    >>> from clustval.indices.registry import get_index
    >>> spec = get_index("ari")
    >>> document(spec)  # done once for every index as the registry is built: the same text
    >>> "Parameters" in spec.function.__doc__ and "Returns" in spec.core.__doc__
    True
    """
    function, core = spec.function, spec.core
    if _WRITTEN.setdefault(function, function.__doc__) is None:  # python -OO: no docstrings at all
        return
    description, own = split(_WRITTEN[function])
    if "Examples" not in own:
        raise ValueError(f"{function.__name__}: its description has no example (a closing >>> block).")
    written = entries(own.get("Parameters", ""))
    raises = entries(own.get("Raises", ""))
    table, data = _READS[spec.kind]
    see_also = "\n".join([f"{core.__name__} : the same index from {table}.", own.get("See Also", ""),
                          f"clustval.indices.scoring.{spec.kind}_scores : every {spec.kind} index at once."])  # fmt: skip
    function.__doc__ = join(description, {
        "Parameters": _index_parameters(spec, written, core=False),
        "Returns": own.get("Returns", _returns(spec)),
        "Raises": _raises(spec, raises, core=False),
        "See Also": "\n".join(line for line in see_also.splitlines() if line),
        "Notes": own.get("Notes"),
        "References": own.get("References", spec.reference + "."),
        "Examples": own["Examples"],
    })  # fmt: skip
    core_description = split(_WRITTEN.setdefault(core, core.__doc__ or ""))[0]  # a note of its own, if any
    core.__doc__ = join(
        f"{spec.label} from {table} (the core of :func:`{function.__name__}`)."
        + (f"\n\n{core_description}" if core_description else ""),
        {
            "Parameters": _index_parameters(spec, written, core=True),
            "Returns": f"float\n    The value :func:`{function.__name__}` gives for {data} it was built from.",
            "Raises": _raises(spec, raises, core=True),
            "See Also": f"{function.__name__} : the same index from {data}, with its description.",
            "Examples": _examples(spec),
        },
    )


@with_parameters({"specs": SPECS})
def document_all(specs: Iterable) -> None:
    """:func:`document` every index of ``specs`` (the registry's, as it is built).

    Parameters
    ----------
    Examples
    --------
    >>> from clustval.indices.registry import INDICES
    >>> document_all(INDICES.values())  # again: the same text
    >>> print(INDICES["ari"].function.__doc__.splitlines()[0])
    Adjusted Rand index: the Rand index corrected for chance.
    """
    for spec in specs:
        document(spec)
