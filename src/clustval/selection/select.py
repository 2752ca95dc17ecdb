"""Choosing the number of clusters K: the job STDI was proposed for.

:func:`select_k` clusters the data once per K, scores each clustering with internal indices
(:func:`clustval.indices.scoring.internal_scorer`: the values of :func:`clustval.score`) and reports, per index, every K at which it takes its best value
(:meth:`clustval.indices.registry.IndexSpec.best_ks`: exact ties are reported as ties, never broken)
by each index's own rule (largest, smallest, or the elbow of a second difference). With
``vote=True`` it also counts the indices' votes, NbClust-style (Charrad, Ghazzali, Boiteau,
Niknafs 2014, J. Stat. Softw. 61(6)): each index whose best K is unique votes for it, and the
K with the most votes is the majority (a tie is reported as one).
With SD K-medoids over K = 2..22 on the Fig. 1 set it is the paper's Fig. 3 (Xie, Zhou,
Wang, Jiang 2017), and gives the pipeline's best K and claim C1's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from .._engine import compiled as _compiled
from .._engine import progress as _progress
from .._engine.docs import with_parameters
from .._engine.validation import check_ks, check_undefined_policy, checked_data
from ..clustering import ALGORITHM_FORMS, clusterings
from ..clustering.kmedoids import DEFAULT_MEMORY_BUDGET_MB
from ..errors import InputError, UndefinedIndexError, shown
from ..indices._docs import DATA, KS, described
from ..indices.partition import PreparedData
from ..indices.registry import INTERNAL, OPTIONS, get_index, index_options, registry_name, takes_options
from ..indices.scoring import internal_scorer
from ..io.text import best_ks_text, k_ranges_text, spoken_list
from .adjacent import ADJACENT, adjacent_of_k
from .stability import STABILITY, stability_of_k

__all__ = ["CRITERIA", "Selection", "Vote", "index_label", "select_k", "summary", "vote_text"]

# an index as select_k names it, written once
_AN_INDEX = with_parameters({"index": """index : str
    A registry name, or a name of :data:`CRITERIA`."""})


@dataclass(frozen=True)
class Vote:
    """The indices' votes for K, NbClust-style (Charrad et al. 2014).

    Attributes
    ----------
    votes : dict of int to int
        Per K tried, ascending, the number of indices whose single best K it is.
    voters : dict of str to int
        Per index that voted, its K.
    abstained : dict of str to tuple of int
        Per index that did not vote, the K it found best: several (a tie it cannot break), or
        none (undefined at every K, or too few K for its second-difference rule).
    majority : tuple of int
        The K with the most votes; more than one is a tie between them; empty when nobody voted.

    Examples
    --------
    >>> Vote.count([2, 3, 4], {"sil": (3,), "db": (3,), "igp": (2, 3)})
    Vote(votes={2: 0, 3: 2, 4: 0}, voters={'sil': 3, 'db': 3}, abstained={'igp': (2, 3)}, majority=(3,))
    """

    votes: dict[int, int]
    voters: dict[str, int]
    abstained: dict[str, tuple[int, ...]]
    majority: tuple[int, ...]

    @classmethod
    @described(parameters={"ks": KS})
    def count(cls, ks: Sequence[int], best: Mapping[str, tuple[int, ...]]) -> Vote:
        """Count the votes of the indices' best K.

        Parameters
        ----------
        best : mapping of str to tuple of int
            Per index, every K at which it is best (:attr:`Selection.best_ks`).

        Returns
        -------
        Vote
            The votes, voters, abstentions and majority.

        Examples
        --------
        >>> Vote.count([2, 3], {"sil": (2,), "db": (3,)}).majority  # a tie
        (2, 3)
        """
        voters = {index: found[0] for index, found in best.items() if len(found) == 1}
        abstained = {index: found for index, found in best.items() if len(found) != 1}
        votes = {k: 0 for k in sorted(ks)}
        for k in voters.values():
            votes[k] += 1
        most = max(votes.values(), default=0)
        majority = tuple(k for k, count in votes.items() if count == most) if most else ()
        return cls(votes=votes, voters=voters, abstained=abstained, majority=majority)


@dataclass(frozen=True)
class Selection:
    """What :func:`select_k` found.

    Attributes
    ----------
    name : str
        The data set's name (the plot's title says it).
    algorithm : str
        The clustering: an algorithm's name, an estimator's class name, a function's name, or
        ``"given"`` for partitions passed in.
    indices : tuple of str
        The registry names of the indices scored, in the order asked.
    table : tuple of dict
        One row per K, ascending: ``{"k": K, index: value, ...}`` (tidy; write it with
        :func:`clustval.io.write_csv` and :attr:`columns`).
    best_ks : dict of str to tuple of int
        Per index, every K at which it takes its best value (its registry direction); more
        than one K only when their values are exactly equal (a tie, reported as such: a tied
        index abstains from the vote).
    fallback_ks : tuple of int
        The K at which SD seeding ran out of candidates and filled its seeds farthest-first.
    labels : dict of int to ndarray
        The clustering at each K.
    undefined : dict of str to tuple of int
        Per index undefined at some K (NaN in :attr:`table`), those K.
    vote : Vote or None
        The indices' votes (``select_k(..., vote=True)``), or None.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [10, 0], [10, 1], [0, 10], [0, 11], [10, 10], [10, 11]]
    >>> found = select_k(X, range(2, 5), indices=["sil"])
    >>> found.ks, found.columns, found.best, found.best_ks
    ((2, 3, 4), ('k', 'sil'), {'sil': 4}, {'sil': (4,)})
    """

    name: str
    algorithm: str
    indices: tuple[str, ...]
    table: tuple[dict, ...]
    best_ks: dict[str, tuple[int, ...]]
    fallback_ks: tuple[int, ...]
    labels: dict[int, np.ndarray]
    undefined: dict[str, tuple[int, ...]] = field(default_factory=dict)
    vote: Vote | None = None

    @property
    def best(self) -> dict[str, int | None]:
        """The best K of each index: the K of :attr:`best_ks`, the smallest of a tie (as R's
        ``which.max`` and clusterCrit's ``bestCriterion`` take the first), None for an index
        with no best K (undefined at every K).

        Examples
        --------
        >>> select_k([[0, 0], [0, 1], [5, 5], [5, 6], [9, 0], [9, 1]], [2, 3], indices=["sil"]).best
        {'sil': 3}
        """
        return {index: ks[0] if ks else None for index, ks in self.best_ks.items()}

    @property
    def ks(self) -> tuple[int, ...]:
        """The K tried, ascending (the ``k`` of each row of :attr:`table`).

        Examples
        --------
        >>> select_k([[0, 0], [0, 1], [5, 5], [5, 6]], [3, 2], indices=["sil"]).ks
        (2, 3)
        """
        return tuple(row["k"] for row in self.table)

    @property
    def columns(self) -> tuple[str, ...]:
        """The table's columns: ``k``, then the indices in the order asked.

        Examples
        --------
        >>> select_k([[0, 0], [0, 1], [5, 5], [5, 6]], [2], indices=["sil", "db"]).columns
        ('k', 'sil', 'db')
        """
        return ("k", *self.indices)

    @_AN_INDEX
    def series(self, index: str) -> tuple[list[int], list[float]]:
        """``(ks, values)`` of one index of the selection's, K ascending.

        Returns
        -------
        ks : list of int
            The numbers of clusters, ascending.
        values : list of float
            The index's value at each of them.

        Examples
        --------
        >>> select_k([[0, 0], [0, 1], [5, 5], [5, 6]], [2, 3], indices=["db"]).series("db")[0]
        [2, 3]
        """
        name = index
        if isinstance(index, str) and index not in self.indices:
            try:  # an alias ("silhouette" is sil)
                name = registry_name(index)
            except InputError:
                pass
        if name not in self.indices:
            raise InputError(f"this selection holds no index {shown(index)}: it holds {', '.join(self.indices)}.")
        return [row["k"] for row in self.table], [row[name] for row in self.table]


# Keywords of score that select_k does not take, and what it says instead of passing them to
# the algorithm as options (which would say that the algorithm does not take them)
_SCORE_WORDS = {
    "names": "takes the indices to compare as indices=, not names= (score's word for them)",
    "sample_weight": ("takes no sample_weight: the algorithms cluster the objects as they are (to weigh them, "
                      "score each K's clustering with clustval.score(labels, X=X, sample_weight=...))"),
    "labels_true": ("chooses K by internal indices and takes no labels_true (to compare each K's clustering "
                    "with the truth, score it with clustval.score(labels, labels_true=...))"),
}


@takes_options("internal", others=True)
@described(("internal", "algorithm"), parameters={**DATA, "algorithm": ALGORITHM_FORMS})  # X the data alone
def select_k(
    X,
    ks: Iterable[int] | None = None,
    algorithm: str | object | Callable | Mapping = "sd_kmedoids",
    indices: Sequence[str] | None = None,
    *,
    name: str = "data",
    memory_budget_mb: float = DEFAULT_MEMORY_BUDGET_MB,
    undefined: str = "nan",
    vote: bool = False,
    progress: bool | None = None,
    stability: str | Sequence[str] = (),
    stability_options: Mapping | None = None,
    metric="euclidean",
    **options,
) -> Selection:
    """Cluster ``X`` at each K of ``ks`` and find the best K of each internal index.

    Whatever ``metric`` (the distance the indices read), the algorithms cluster as they do
    (Euclidean).

    Parameters
    ----------
    ks : iterable of int, optional
        The numbers of clusters to try, each in 2..n (e.g. ``range(2, 23)``, Fig. 3's).
        Optional only when ``algorithm`` gives the partitions (then their K).
    indices : sequence of str, optional
        Registry names of internal indices; default every internal index. Also the indices
        that read the partitions next to K (:data:`clustval.selection.adjacent.ADJACENT`:
        ``kl``, ``hartigan``, ``duda_hart``, ``pseudo_t2``, ``beale``, ``frey``): the data
        are then clustered at K + 1 (and K - 1 for KL) too, and each chooses K by its own
        rule (KL's largest value; the first K whose test says K clusters are enough; Frey's
        K before its ratio falls below 1). Duda-Hart, pseudo T^2 and Beale test a split, so
        they need nested partitions (a hierarchical algorithm): elsewhere they are NaN.
    name : str
        The data set's name, as the plot's title gives it.
    undefined : {"nan", "raise"}, default "nan"
        An index undefined at some K (Silhouette at K = n, a determinant of a singular
        scatter matrix) is NaN there, listed in :attr:`Selection.undefined` and skipped when
        its best K is found (``"nan"``), or raises (``"raise"``).
    vote : bool, default False
        Also count the indices' votes for K (:class:`Vote`, :attr:`Selection.vote`).
    stability : str or sequence of str, optional
        Stability criteria of K beside the indices (:data:`clustval.selection.stability.STABILITY`):
        ``"prediction_strength"`` (Tibshirani & Walther 2005; best: the largest K whose
        strength exceeds the cutoff, no vote when none does) and ``"instability"`` (Lange et
        al. 2004; best: the smallest). Each re-clusters subsamples of X with ``algorithm``, so
        they need a named algorithm, an estimator or a function, not given partitions; their
        values join :attr:`Selection.table`, their best K :attr:`Selection.best` (ties in
        :attr:`Selection.best_ks`) and the vote.
    stability_options : mapping, optional
        The criteria's own keywords (``n_splits``, ``seed``, ``cutoff``:
        :func:`clustval.selection.stability.stability_of_k`).

    Returns
    -------
    Selection
        The values per K, the best K of each index, the clusterings.

    Raises
    ------
    clustval.errors.InputError
        Bad data, an empty or out-of-range K, an unknown algorithm or option, a value an
        index option does not take, an estimator
        without ``n_clusters``, or an external index; :class:`~clustval.errors.UndefinedIndexError`
        for an index undefined at some K (Sil and BWP at K = n) with ``undefined="raise"``.
    clustval.errors.ClusteringError
        A K above the number of distinct points, or a bad clustering option.

    See Also
    --------
    clustval.clustering.cluster : the named algorithms over a sweep of K.
    clustval.selection.plots.plot_selection : the indices against K, drawn as Fig. 3.

    References
    ----------
    Xie, Zhou, Wang, Jiang (2017), CAAI Trans. Intell. Syst. 12(6):873-882, Fig. 3.

    Examples
    --------
    Three groups of four points: DB, Sil and IGP all find K = 3; SD seeding runs out of
    candidates beyond it (each seed's radius covers its whole group).

    >>> import clustval
    >>> corners = [(0, 0), (1, 0), (0, 1), (1, 1)]
    >>> X = [[x + dx, y + dy] for x, y in [(0, 0), (10, 0), (5, 9)] for dx, dy in corners]
    >>> found = clustval.select_k(X, range(2, 6), indices=["db", "sil", "igp"])
    >>> found.best
    {'db': 3, 'sil': 3, 'igp': 3}
    >>> found.labels[3].tolist(), found.fallback_ks
    ([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2], (4, 5))
    >>> found.columns, found.table[1]["k"], round(found.table[1]["sil"], 4)
    (('k', 'db', 'sil', 'igp'), 3, 0.8857)

    Any clustering: a function of (X, k), or partitions of your own.

    >>> halves = lambda X, k: [i * k // len(X) for i in range(len(X))]
    >>> clustval.select_k(X, [2, 3], halves, indices=["db"]).best
    {'db': 3}
    >>> clustval.select_k(X, algorithm={3: found.labels[3]}, indices=["sil"]).ks
    (3,)

    Each index votes for its best K, as NbClust counts them:

    >>> voted = clustval.select_k(X, range(2, 6), indices=["db", "sil", "igp", "ball_hall"], vote=True)
    >>> voted.vote.majority, voted.vote.votes
    ((3,), {2: 0, 3: 4, 4: 0, 5: 0})

    With the indices that read the neighbouring partitions, on a hierarchy:

    >>> from sklearn.cluster import AgglomerativeClustering
    >>> tree = clustval.select_k(X, range(2, 6), AgglomerativeClustering(), ["kl", "hartigan", "sil"])
    >>> tree.best
    {'kl': 3, 'hartigan': 3, 'sil': 3}
    """
    # the request, then the data and their K, each checked once, before any work
    indices = _check_indices(indices)
    criteria = _check_stability(stability, algorithm)
    check_undefined_policy(undefined)
    index_given = index_options("internal", {k: v for k, v in options.items() if k in OPTIONS}, "select_k")
    algorithm_options = {k: v for k, v in options.items() if k not in OPTIONS}
    misplaced = sorted(_SCORE_WORDS.keys() & algorithm_options.keys())
    if misplaced:  # score's words: not options of the algorithm's
        raise InputError(f"select_k {_SCORE_WORDS[misplaced[0]]}.")
    if algorithm_options and not isinstance(algorithm, str):
        raise InputError(f"options {sorted(algorithm_options)} are for a named algorithm, not for {algorithm!r}.")
    given = algorithm if isinstance(algorithm, Mapping) else None
    if ks is None and given is None:
        raise InputError("give ks, the numbers of clusters to try (e.g. range(2, 23)).")
    adjacent = tuple(index for index in indices if index in ADJACENT)
    scored = [index for index in indices if index not in ADJACENT]
    # the registry's indices: the data in their form (checked, scaled, in the metric), prepared
    # once for every K, and what they ask of it (an index the metric cannot serve is refused)
    data = PreparedData.of(X, metric) if scored else None
    scores = internal_scorer(data, scored, undefined=undefined, memory_budget_mb=memory_budget_mb, metric=metric,
                             **index_given) if scored else None  # fmt: skip
    # the data as the algorithm clusters them, and their K
    X = checked_data(X)
    ks = check_ks(given if ks is None else ks, len(X))
    if given is not None and set(ks) != set(given):
        raise InputError(f"ks {ks} are not the K of the partitions given ({sorted(given)}).")
    # the adjacent indices read the partitions at K + 1 (and KL at K - 1; K - 1 = 1 is one cluster)
    neighbours = {k + 1 for k in ks if k < len(X)} | {k - 1 for k in ks if k > 2 and "kl" in adjacent}
    cluster_ks = sorted(set(ks) | neighbours) if adjacent else ks

    # the passes over the pairs of every K together decide whether loading numba pays
    _compiled.kernels(len(cluster_ks) * X.shape[0] ** 2 * X.shape[1])
    with _progress.reporting(progress):  # per K: the clustering (cluster() ticks too), then the scores
        label, labels, fallback_ks = clusterings(X, algorithm, cluster_ks, **algorithm_options)
        values: dict[int, dict[str, float]] = {}  # at each K, the registry's indices
        found: dict[str, tuple[dict[int, float], tuple[int, ...]]] = {}  # each index's values and best K
        with _progress.current().task("scores", total=len(ks) + bool(adjacent)) as step:
            for k in ks:
                step.doing(f"K = {k}")
                values[k] = scores(labels[k]) if scores else {}
                step.advance()
            if adjacent:
                step.doing(", ".join(adjacent))
                # they read Euclidean coordinates: the same preparation when the indices' metric is Euclidean
                euclidean = data is not None and data.metric is None and not data.precomputed
                found.update(adjacent_of_k(data if euclidean else X, labels, ks, adjacent))
                step.advance()
        for method in criteria:
            found[method] = stability_of_k(X, ks, algorithm, method, **dict(stability_options or {}), **algorithm_options)
    for index in scored:  # the registry's indices choose K by their own rule
        column = {k: values[k][index] for k in ks}
        found[index] = column, _best_ks(index, ks, list(column.values()))
    if undefined == "raise":
        for index in adjacent:
            gaps = [k for k, value in found[index][0].items() if not np.isfinite(value)]
            if gaps:
                raise UndefinedIndexError(f"{ADJACENT[index][0]} is undefined at K = {gaps[0]} (or its neighbour is missing).")
    indices += criteria
    table = tuple({"k": k, **{index: found[index][0][k] for index in indices}} for k in ks)
    best = {index: found[index][1] for index in indices}
    gaps = {index: tuple(row["k"] for row in table if np.isnan(row[index])) for index in indices}
    return Selection(name=name, algorithm=label, indices=indices, table=table, best_ks=best,
                     fallback_ks=tuple(k for k in fallback_ks if k in ks), labels={k: labels[k] for k in ks},
                     undefined={index: at for index, at in gaps.items() if at},
                     vote=Vote.count(ks, best) if vote else None)  # fmt: skip


def _check_stability(stability: str | Sequence[str], algorithm) -> tuple[str, ...]:
    """The stability criteria asked for, known and possible with ``algorithm``."""
    criteria = (stability,) if isinstance(stability, str) else tuple(stability)
    for method in criteria:
        if method not in STABILITY:
            raise InputError(f"stability criterion {method!r} is unknown; use {', '.join(STABILITY)}.")
    if criteria and isinstance(algorithm, Mapping):
        raise InputError("the stability criteria re-cluster subsamples of X: give an algorithm, not partitions.")
    return tuple(dict.fromkeys(criteria))


def _best_ks(index: str, ks: list[int], values: list[float]) -> tuple[int, ...]:
    """The index's best K by its own rule; none when it is undefined at too many K for it."""
    try:
        return get_index(index).best_ks(ks, values)[0]
    except InputError:  # no finite value at any K, or too few neighbours for a second difference
        return ()


#: The heading and K rule of each criterion of :func:`select_k` that is no registry index: the
#: neighbouring-partition indices (:data:`~clustval.selection.adjacent.ADJACENT`), then the
#: stability criteria (:data:`~clustval.selection.stability.STABILITY`), in the order their
#: colours follow the registry's in a figure.
CRITERIA = {**{name: (label, rule) for name, (label, _, _, rule, _) in ADJACENT.items()},
            **{name: (criterion.label, criterion.rule) for name, criterion in STABILITY.items()}}  # fmt: skip


@_AN_INDEX
def index_label(index: str) -> str:
    """How tables and figures print an index of :func:`select_k`: its registry label, or that of
    a criterion of :data:`CRITERIA`.

    Returns
    -------
    str
        Its label.

    Examples
    --------
    >>> index_label("sil"), index_label("duda_hart"), index_label("instability")
    ('Sil', 'Duda-Hart', 'Instability')
    """
    return CRITERIA[index][0] if index in CRITERIA else get_index(index).label


def _check_indices(indices: Sequence[str] | None) -> tuple[str, ...]:
    if indices is None:
        return INTERNAL
    if isinstance(indices, str):
        indices = [indices]
    # an index by its registry name or an alias; the rules of the neighbouring partitions as named
    indices = tuple(dict.fromkeys(index if index in ADJACENT else get_index(index).name for index in indices))
    if not indices:
        raise InputError("indices is empty: name at least one internal index, or pass None for all.")
    for index in indices:
        if index not in ADJACENT and get_index(index).kind != "internal":
            raise InputError(
                f"{index!r} is an external index: choosing K uses internal indices ({', '.join(INTERNAL)})."
            )
    return indices


#: What select_k found, as its readers (the summary, the plots) take it
SELECTION = """selection : Selection
    What :func:`select_k` found."""


@with_parameters({"selection": SELECTION})
def summary(selection: Selection) -> str:
    """One line per index: its best K, as Fig. 3 and the claims write it; then the K where an
    index is undefined, and the vote when there is one.

    Returns
    -------
    str
        One line per index, e.g. ``STDI  best K 9``.

    See Also
    --------
    select_k : what it summarises.

    Examples
    --------
    >>> X = [[0, 0], [0, 1], [10, 0], [10, 1], [0, 10], [0, 11], [10, 10], [10, 11]]
    >>> print(summary(select_k(X, range(2, 9), indices=["igp", "sil"], vote=True)))  # Sil: K = n
    IGP  best K tied at 2, 3 and 4
    Sil  best K 4 (undefined at K = 8)
    votes: K = 4 has 1 of 1 (IGP tied, no vote)
    """
    width = max(len(index_label(i)) for i in selection.indices)
    lines = []
    for index in selection.indices:
        found = selection.best_ks[index]
        text = f"best K {best_ks_text(found)}" if found else "no best K"
        if index in selection.undefined:
            text += f" (undefined at K = {k_ranges_text(selection.undefined[index])})"
        lines.append(f"{index_label(index):<{width}}  {text}")
    if selection.vote is not None:
        lines.append(vote_text(selection.vote))
    return "\n".join(lines)


def vote_text(vote: Vote) -> str:
    """The vote in one line: the majority K, its votes, and who did not vote.

    Parameters
    ----------
    vote : Vote
        The indices' votes.

    Returns
    -------
    str
        E.g. ``votes: K = 3 has 5 of 7 (IGP tied, no vote)``.

    Examples
    --------
    >>> vote_text(Vote.count([2, 3], {"sil": (2,), "db": (3,)}))
    'votes: tie between K = 2 and 3, 1 of 2 each'
    """
    cast = len(vote.voters)
    if not vote.majority:
        text = "votes: no index voted"
    elif len(vote.majority) == 1:
        text = f"votes: K = {vote.majority[0]} has {vote.votes[vote.majority[0]]} of {cast}"
    else:
        text = (f"votes: tie between K = {spoken_list(vote.majority)}, "
                f"{vote.votes[vote.majority[0]]} of {cast} each")  # fmt: skip
    if vote.abstained:
        text += " (" + ", ".join(f"{index_label(i)} {'tied' if found else 'undefined'}"
                                 for i, found in vote.abstained.items()) + ", no vote)"  # fmt: skip
    return text
