"""The registry of validity indices: one entry per index drives everything else.

An entry holds the index's public function, its core (the function of the shared
intermediate: the contingency table for external indices, the validated partition with its
distance-pass summaries for internal ones), what that core reads, and how the index reads
(label, direction, range, reference). :func:`clustval.score`,
:func:`~clustval.indices.scoring.external_scores`, :func:`~clustval.indices.scoring.internal_scores`, the
command line (``clustval score``, ``clustval indices``), the figures' labels, the docs'
index table and the registry-driven property tests all derive from :data:`INDICES`, so
adding an index is one entry (:func:`register` adds one at run time). An entry names its
options (:mod:`clustval.indices.options`, each declared beside its index); :data:`OPTIONS`
collects them, and every entry point takes them from there under their one name.

Names: an index's function bears its registry name (``clustval.ari``), its core that name
with ``_from_contingency`` or ``_from_partition``; where scikit-learn names the same index,
its name is a drop-in for scikit-learn's function, with scikit-learn's values at the edges
(``clustval.adjusted_rand_score``: :mod:`clustval.compat.sklearn`).

Examples
--------
>>> spec = get_index("ari")
>>> spec.label, spec.kind, spec.direction, spec.bounds
('ARI', 'external', 'higher', (-0.5, 1))
>>> spec.function([0, 0, 1, 1], [1, 1, 0, 0])
1.0
"""

from __future__ import annotations

import contextlib
import difflib
import inspect
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Literal

from ..errors import InputError, shown
from . import classic, cvi, density, external, generalised_dunn, nbclust, neighbours, pair_rank, partition, scatter
from ._docs import (
    GIVEN,
    KS,
    MORE_PARAMETERS,
    NAMES_OF_KIND,
    SPEC,
    VALUE_PARAMETERS,
    VALUE_RETURNS,
    described,
    document_all,
)
from .options import IndexOption
from .partition import needs_of

Kind = Literal["external", "internal"]
Direction = Literal["higher", "lower", "none"]  # none: a statistic with no better side (McNemar)
#: How an index chooses K over a range of K (IndexSpec.k_rule, clusterCrit's bestCriterion):
#: its largest or smallest value, or the K with the largest or smallest second difference
#: Q(K-1) - 2 Q(K) + Q(K+1) (an elbow of an index that moves monotonically with K).
K_RULES = ("max", "min", "max_diff", "min_diff")
#: Partitions on which an index is undefined whatever the data (IndexSpec.undefined_for):
#: "one_class" (external: the truth has a single class), "singletons" (internal: every
#: object a cluster of its own, K = n). Every internal index is undefined for one cluster.
UNDEFINED_FOR = ("one_class", "singletons")

_INF = float("inf")

# What a core reads (IndexSpec.needs): external cores read the contingency table, internal
# ones what the partition computes (clustval.indices.partition.NEEDS: coordinates and/or distance
# summaries), as each internal core declares it (clustval.indices.partition.reads).
CONTINGENCY = "contingency"
NEEDS = (CONTINGENCY, *partition.NEEDS)

# Written once (clustval.indices._docs.described): what the registry's functions and the entry's
# methods take, what its methods that compare values refuse, and what adding an index refuses
_PARAMETERS = {
    **MORE_PARAMETERS,
    "given": GIVEN,
    "spec": SPEC,
    "ks": KS,
    "values": """values : sequence of float
    Values of this index (with ``ks``: at each of them).""",
    "kind": """kind : {"external", "internal"} or None
    The kind of the indices (that an entry point computes, or to list); None: every kind.""",
    "names": NAMES_OF_KIND,
    "name": """name : str
    A registry name (``"sil"``) or one of :data:`ALIASES` (``"silhouette_score"``, ``"CH"``);
    any case, with ``-``, ``.`` or spaces for ``_`` (``"C-index"``).""",
}
_by_name = described(parameters=_PARAMETERS)
_sided = described(parameters=_PARAMETERS, sections={"Raises": """clustval.errors.InputError
    The index has no better side (``direction == "none"``)."""})
_adding = described(parameters=_PARAMETERS, sections={"Raises": """clustval.errors.InputError
    An index of that name is registered already."""})


@dataclass(frozen=True)
class IndexSpec:
    """What a validity index is, as the rest of the project needs to know it.

    Examples
    --------
    >>> get_index("sil").needs == frozenset({"cluster_sums"})
    True
    >>> get_index("db").better(0.2, 0.5)  # lower is better
    True
    >>> get_index("db").k_rule, get_index("trace_w").k_rule  # how each chooses K (K_RULES)
    ('min', 'max_diff')
    """

    name: str  # registry key: scores.csv, config, the command line, JSON keys, function alias
    label: str  # display name in figures and tables (the paper's spelling)
    kind: Kind  # external: function(labels_true, labels_pred); internal: function(X, labels)
    direction: Direction  # which way is better
    bounds: tuple[float, float]  # attainable range
    reference: str
    function: Callable[..., float]  # the public function that computes this index on its own
    # core(ct) (external: a Contingency) or core(partition) (internal: a clustval.indices.partition.Partition)
    core: Callable[..., float]
    # what the core reads (NEEDS); None: the core's own declaration (clustval.indices.partition.reads)
    needs: frozenset[str] | None = None
    options: tuple[IndexOption, ...] = ()  # its options (clustval.indices.options), by name everywhere
    symmetric: bool = False  # external only: f(a, b) == f(b, a)
    stochastic: bool = False  # a seeded Monte Carlo estimate: invariances hold in expectation only
    # how K is chosen over a range of K (K_RULES); None: from direction, "max" or "min"
    k_rule: str | None = None
    # external only: a perfect clustering scores the bound on the better side (False: it only
    # scores at least as well as any other clustering of the same truth, e.g. Russel-Rao, MI)
    perfect_at_bound: bool = True
    # the partitions on which the index is undefined whatever the data (UNDEFINED_FOR)
    undefined_for: frozenset[str] = frozenset()
    # takes sample_weight: with whole-number weights its value is that of the data with each
    # object repeated its weight's times. None: every external index (its table counts
    # weights); an internal one only when its entry says so, its core reading only the
    # weighted terms of the partition (clustval.indices.partition.Partition)
    weights: bool | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("external", "internal"):
            raise InputError(f"index {self.name!r}: kind must be 'external' or 'internal', got {self.kind!r}.")
        if self.needs is None:
            default = frozenset({CONTINGENCY}) if self.kind == "external" else getattr(self.core, "needs", None)
            if default is None:
                raise InputError(f"index {self.name!r}: say what its core reads (needs, or clustval.indices.partition.reads).")
            object.__setattr__(self, "needs", frozenset(default))
        if self.direction not in ("higher", "lower", "none"):
            raise InputError(f"index {self.name!r}: direction must be 'higher', 'lower' or 'none', got {self.direction!r}.")
        if self.k_rule is None and self.direction != "none":
            object.__setattr__(self, "k_rule", "max" if self.direction == "higher" else "min")
        if self.k_rule not in K_RULES and not (self.k_rule is None and self.direction == "none"):
            raise InputError(f"index {self.name!r}: k_rule must be one of {K_RULES}, got {self.k_rule!r}.")
        object.__setattr__(self, "needs", frozenset(self.needs))
        if self.weights is None:
            object.__setattr__(self, "weights", self.kind == "external")
        object.__setattr__(self, "undefined_for", frozenset(self.undefined_for))
        if not self.undefined_for <= set(UNDEFINED_FOR):
            raise InputError(f"index {self.name!r}: undefined_for must name cases of {UNDEFINED_FOR}.")
        object.__setattr__(self, "options", tuple(self.options))
        for option in self.options:
            if not isinstance(option, IndexOption):
                raise InputError(f"index {self.name!r}: declare each option with clustval.indices.options (choice, "
                                 f"flag, number, seed), got {option!r}.")
        unknown = set(self.needs) - set(NEEDS)
        if unknown or (CONTINGENCY in self.needs) != (self.kind == "external"):
            raise InputError(f"index {self.name!r}: needs {sorted(self.needs)} do not fit kind {self.kind!r}.")

    @described(parameters=VALUE_PARAMETERS, sections=VALUE_RETURNS)
    def compute(self, shared, given: Mapping[str, object]):
        """The core on the shared table or partition, with its options taken from ``given``
        (the options by name; those it does not take are left out).

        Parameters
        ----------
        shared : Contingency or Partition
            The table (external index) or partition (internal index) the core reads.

        Examples
        --------
        >>> from clustval.indices.contingency import contingency
        >>> ct = contingency([0, 0, 1, 1], [1, 1, 0, 0])
        >>> get_index("s2").compute(ct, {"s2_matching": "identity", "cp_seed": 1})  # matching="identity"
        0.0
        """
        return shared.value(self, given)  # the table or the partition runs the core on itself

    @_by_name
    def core_options(self, given: Mapping[str, object]) -> dict[str, object]:
        """The options of ``given`` (by name) that this index takes, under its core's keywords.

        Returns
        -------
        dict
            ``{keyword: value}`` for the index's core.

        Examples
        --------
        >>> get_index("db").core_options({"db_q": 2, "s2_matching": "identity"})
        {'q': 2}
        """
        return {option.keyword: given[option.name] for option in self.options if option.name in given}

    @_by_name
    def refuse_weights(self, given: Mapping[str, object]) -> None:
        """One line of InputError when the index takes no ``sample_weight`` with the options
        ``given``: its entry takes none (:attr:`weights`), or an option's value is one its
        declaration weighs not (:attr:`clustval.indices.options.IndexOption.unweighted`).

        Raises
        ------
        clustval.errors.InputError
            The index, so given, takes no weights.

        Examples
        --------
        >>> get_index("dbcv").refuse_weights({"dbcv_tree": "distance"})
        >>> get_index("dbcv").refuse_weights({"dbcv_tree": "matlab"})
        Traceback (most recent call last):
        ...
        clustval.errors.InputError: DBCV takes no sample_weight with dbcv_tree = 'matlab' (only with 'distance'): leave the weights out, or choose another dbcv_tree.
        """
        if not self.weights:
            raise InputError(f"{self.label} takes no sample_weight (IndexSpec.weights); leave the weights out.")
        for option in self.options:
            option.refuse_weights(given.get(option.name, option.default), self.label)

    @_by_name
    def takes_weights(self, given: Mapping[str, object]) -> bool:
        """Whether the index takes ``sample_weight`` with the options ``given``
        (:meth:`refuse_weights` says why not).

        Returns
        -------
        bool
            True when its entry takes weights and no option's value refuses them.

        Examples
        --------
        >>> get_index("db").takes_weights({}), get_index("dbcv").takes_weights({"dbcv_tree": "hdbscan"})
        (True, False)
        """
        return self.weights and all(given.get(o.name, o.default) not in o.unweighted for o in self.options)

    @_by_name
    def needs_for(self, given: Mapping[str, object]) -> frozenset[str]:
        """What the core reads with the options ``given`` (score()'s keywords): :attr:`needs`,
        and what an option's value adds (XB's closest pair comes from the distance pass), as
        the core declares it (:func:`clustval.indices.partition.reads`).

        Returns
        -------
        frozenset of str
            Names of :data:`NEEDS`.

        Examples
        --------
        >>> sorted(get_index("xb").needs_for({"xb_separation": "closest_pair"}))
        ['coordinates', 'extremes']
        >>> sorted(get_index("xb").needs_for({}))
        ['coordinates']
        """
        return self.needs | needs_of(self.core, self.core_options(given)) if hasattr(self.core, "needs") else self.needs

    @property
    def reads_coordinates(self) -> bool:
        """Whether the core reads X's coordinates; if not, the distances alone (X may be a
        precomputed distance matrix).

        Examples
        --------
        >>> get_index("xb").reads_coordinates, get_index("sil").reads_coordinates
        (True, False)
        """
        return partition.COORDINATES in self.needs

    @_sided
    def better(self, a: float, b: float) -> bool:
        """True when value ``a`` is strictly better than ``b`` for this index.

        Parameters
        ----------
        a : float
            A value of this index.
        b : float
            Another value.

        Returns
        -------
        bool
            ``a > b`` for a higher-is-better index, ``a < b`` otherwise.

        Examples
        --------
        >>> get_index("sil").better(0.5, 0.2), get_index("db").better(0.5, 0.2)
        (True, False)
        """
        self._check_has_direction()
        return a > b if self.direction == "higher" else a < b

    def _check_has_direction(self) -> None:
        if self.direction == "none":
            raise InputError(f"{self.name} is a statistic with no better side: it cannot rank clusterings.")

    @_by_name
    def best_ks(self, ks, values) -> tuple[tuple[int, ...], float]:
        """Every K of ``ks`` at which the index takes its best value, and that value.

        Non-finite values (the index undefined at some K) are skipped. Several K share the
        best value only when their values are equal: exactly, as a tie such as IGP = 1 at
        several K is a result to report, not one to break. An index whose :attr:`k_rule` is
        ``max_diff`` (``min_diff``) is best at the K of ``ks`` with the largest (smallest)
        second difference Q(K-1) - 2 Q(K) + Q(K+1) of its neighbours in ``ks``, as
        clusterCrit's ``bestCriterion`` picks it; ``best`` is then the index's value there.

        Returns
        -------
        ks : tuple of int
            Every K with the best value, ascending as in ``ks``.
        best : float
            That value.

        Raises
        ------
        clustval.errors.InputError
            No finite value at any K, or the index has no better side.

        See Also
        --------
        clustval.selection.select_k : clusters at each K and applies this rule.

        Examples
        --------
        >>> get_index("igp").best_ks([2, 3, 4], [0.9, 1.0, 1.0])
        ((3, 4), 1.0)
        >>> get_index("db").best_ks([2, 3], [float("nan"), 0.7])
        ((3,), 0.7)
        >>> get_index("trace_w").best_ks([2, 3, 4, 5], [90.0, 40.0, 30.0, 25.0])  # the elbow
        ((3,), 40.0)
        """
        self._check_has_direction()
        if self.k_rule in ("max_diff", "min_diff"):
            return self._best_second_difference(list(ks), list(values))
        finite = [(k, v) for k, v in zip(ks, values) if math.isfinite(v)]
        if not finite:
            raise InputError(f"{self.name} has no finite value at any K = {list(ks)}.")
        best = finite[self.best_of([v for _, v in finite])][1]
        return tuple(k for k, v in finite if v == best), best

    def _best_second_difference(self, ks: list, values: list) -> tuple[tuple[int, ...], float]:
        diffs = [(ks[j], values[j - 1] - 2 * values[j] + values[j + 1]) for j in range(1, len(ks) - 1)
                 if all(math.isfinite(v) for v in values[j - 1 : j + 2])]  # fmt: skip
        if not diffs:
            raise InputError(f"{self.name} chooses K by a second difference: it needs finite values "
                             f"at three neighbouring K of {ks}.")  # fmt: skip
        best = (max if self.k_rule == "max_diff" else min)(diff for _, diff in diffs)
        chosen = tuple(k for k, diff in diffs if diff == best)
        return chosen, values[ks.index(chosen[0])]

    @_sided
    def best_of(self, values) -> int:
        """Position of the best value in ``values`` (the first one on ties).

        Returns
        -------
        int
            Position of the best one, the first of a tie.

        Examples
        --------
        >>> get_index("db").best_of([0.9, 0.4, 0.4])  # the lowest, first of a tie
        1
        """
        self._check_has_direction()
        values = list(values)
        pick = max if self.direction == "higher" else min
        best = pick(values)
        return values.index(best)


def _ext(name, label, bounds, reference, function, core, *, symmetric=False, stochastic=False,
         options=(), direction="higher", perfect_at_bound=True, undefined_for=()):  # fmt: skip
    return IndexSpec(name, label, "external", direction, bounds, reference, function, core,
                     None, options, symmetric=symmetric, stochastic=stochastic,
                     perfect_at_bound=perfect_at_bound, undefined_for=undefined_for)  # fmt: skip


def _int(name, label, direction, bounds, reference, function, core, options=(), *, k_rule=None,
         undefined_for=(), weights=False):  # fmt: skip
    return IndexSpec(name, label, "internal", direction, bounds, reference, function, core,
                     None, options, k_rule=k_rule, undefined_for=undefined_for, weights=weights)  # fmt: skip


_XIE2017 = "Xie, Zhou, Wang, Jiang (2017), CAAI Trans. Intell. Syst. 12(6):873-882"
_ROSENBERG2007 = "Rosenberg & Hirschberg (2007), EMNLP-CoNLL, 410-420"
_CLUSTERCRIT = "clusterCrit vignette (Desgraupes 2013)"
_GAGOLEWSKI = "Gagolewski, Bartoszuk & Cena (2021), Inf. Sci. 581:620-636"


_ONE_CLASS = ("one_class",)  # undefined_for: no second class to tell apart
_SINGLETONS = ("singletons",)  # undefined_for: no within-cluster pair, spread or scatter

#: Every index, by registry name, in the order scores are reported.
INDICES: dict[str, IndexSpec] = {
    spec.name: spec
    for spec in (
        # ---- external: ground truth vs prediction, all from one contingency table
        _ext("s2", "S2", (0, 1), f"{_XIE2017}, eqs. 1-3", external.s2, external.s2_from_contingency,
             options=(external.S2_MATCHING,), undefined_for=_ONE_CLASS),
        _ext("ps2", "PS2", (0, 1), f"{_XIE2017}, eqs. 5-8", external.ps2, external.ps2_from_contingency),
        _ext("accuracy", "Accuracy", (0, 1), "Hungarian-matched accuracy (Kuhn 1955)",
             external.accuracy, external.accuracy_from_contingency, symmetric=True),
        _ext("purity", "Purity", (0, 1), "Manning, Raghavan, Schuetze (2008), sec. 16.3",
             external.purity, external.purity_from_contingency),
        _ext("f_measure", "F_measure", (0, 1), "Larsen & Aone (1999), KDD", external.f_measure,
             external.f_measure_from_contingency),
        _ext("rand", "R", (0, 1), "Rand (1971), JASA 66:846-850", external.rand,
             external.rand_from_contingency, symmetric=True),
        _ext("jaccard", "Jaccard", (0, 1), "Jaccard coefficient on pairs (Zhou 2016, sec. 9.2)",
             external.jaccard, external.jaccard_from_contingency, symmetric=True),
        _ext("fmi", "FMI", (0, 1), "Fowlkes & Mallows (1983), JASA 78:553-569", external.fmi,
             external.fmi_from_contingency, symmetric=True),
        _ext("ari", "ARI", (-0.5, 1), "Hubert & Arabie (1985), J. Classif. 2:193-218", external.ari,
             external.ari_from_contingency, symmetric=True, options=(external.ARI_MODEL, external.ARI_FIXED)),
        _ext("nmi", "NMI", (0, 1), "Strehl & Ghosh (2002); arithmetic-mean normalisation", external.nmi,
             external.nmi_from_contingency, symmetric=True, options=(external.NMI_AVERAGE,)),
        _ext("ami", "AMI", (-1, 1), "Vinh, Epps, Bailey (2010), JMLR 11:2837-2854", external.ami,
             external.ami_from_contingency, symmetric=True, options=(external.AMI_AVERAGE, external.AMI_MODEL, external.AMI_FIXED)),
        _ext("mutual_info", "MI", (0, _INF),
             "Shannon mutual information in nats (Cover & Thomas 2006, sec. 2.3)", external.mutual_info,
             external.mutual_info_from_contingency, symmetric=True, perfect_at_bound=False),
        _ext("homogeneity", "Homogeneity", (0, 1), _ROSENBERG2007, external.homogeneity,
             external.homogeneity_from_contingency),
        _ext("completeness", "Completeness", (0, 1), _ROSENBERG2007, external.completeness,
             external.completeness_from_contingency),
        _ext("v_measure", "V-measure", (0, 1), f"{_ROSENBERG2007}, beta = 1", external.v_measure,
             external.v_measure_from_contingency, symmetric=True),
        _ext("bcubed_precision", "BCubed P", (0, 1), "Bagga & Baldwin (1998); Amigo et al. (2009)",
             external.bcubed_precision, external.bcubed_precision_from_contingency),
        _ext("bcubed_recall", "BCubed R", (0, 1), "Bagga & Baldwin (1998); Amigo et al. (2009)",
             external.bcubed_recall, external.bcubed_recall_from_contingency),
        _ext("bcubed_f", "BCubed F", (0, 1), "Bagga & Baldwin (1998); Amigo et al. (2009)",
             external.bcubed_f, external.bcubed_f_from_contingency, symmetric=True),
        _ext("cp_accuracy", "CP accuracy", (0, 1),
             "Bartenyev (2026), Bulletin of MPEI 2(2026), accuracy from correspondence probabilities",
             external.cp_accuracy, external.cp_accuracy_from_contingency),
        _ext("cp_accuracy_mc", "CP accuracy (MC)", (0, 1),
             "Bartenyev (2026), Bulletin of MPEI 2(2026), seeded Monte Carlo of the procedure",
             external.cp_accuracy_mc, external.cp_accuracy_mc_from_contingency, stochastic=True,
             options=(external.CP_SEED,)),
        _ext("nca", "NCA", (-1, 1), "Gagolewski (2024), normalised clustering accuracy", external.nca,
             external.nca_from_contingency, undefined_for=_ONE_CLASS),
        # ---- external: genieclust's comparison measures (compare_partitions, genieclust 1.3)
        _ext("psi", "PSI", (0, 1), "Rezaei & Fränti (2016), IEEE TKDE 28(8):2173-2186, pair sets index",
             external.psi, external.psi_from_contingency, symmetric=True),
        _ext("afm", "AFM", (-1, 1),
             "Hubert & Arabie (1985), J. Classif. 2:193-218, eq. 4: Fowlkes-Mallows adjusted for chance",
             external.afm, external.afm_from_contingency, symmetric=True),
        _ext("npa", "NPA", (0, 1), "Gagolewski (2021), genieclust, SoftwareX 15:100722, normalised pivoted accuracy",
             external.npa, external.npa_from_contingency, symmetric=True),
        # ---- external: clusterCrit's pair-counting criteria
        # (Desgraupes 2013, the clusterCrit vignette; its Folkes_Mallows, Jaccard and Rand are
        # fmi, jaccard and rand; its Hubert is the phi coefficient, its Phi (no square root)
        # is not offered; McNemar (a signed test statistic) and Russel_Rao (not best at the
        # classes) are functions in clustval.indices.external, not indices)
        _ext("czekanowski_dice", "Czekanowski-Dice", (0, 1),
             f"Dice (1945), Ecology 26:297-302; {_CLUSTERCRIT}", external.czekanowski_dice,
             external.czekanowski_dice_from_contingency, symmetric=True),
        _ext("hubert_gamma", "Hubert Gamma", (-1, 1),
             f"Hubert & Schultz (1976), Br. J. Math. Stat. Psychol. 29:190-241; {_CLUSTERCRIT}",
             external.hubert_gamma, external.hubert_gamma_from_contingency, symmetric=True),
        _ext("kulczynski", "Kulczynski", (0, 1), f"Kulczynski (1927); {_CLUSTERCRIT}",
             external.kulczynski, external.kulczynski_from_contingency, symmetric=True),
        _ext("precision", "Precision", (0, 1), f"pair precision TP / (TP + FP); {_CLUSTERCRIT}",
             external.precision, external.precision_from_contingency),
        _ext("recall", "Recall", (0, 1), f"pair recall TP / (TP + FN); {_CLUSTERCRIT}",
             external.recall, external.recall_from_contingency),
        _ext("rogers_tanimoto", "Rogers-Tanimoto", (0, 1),
             f"Rogers & Tanimoto (1960), Science 132:1115-1118; {_CLUSTERCRIT}",
             external.rogers_tanimoto, external.rogers_tanimoto_from_contingency, symmetric=True),
        _ext("sokal_sneath1", "Sokal-Sneath 1", (0, 1), f"Sokal & Sneath (1963); {_CLUSTERCRIT}",
             external.sokal_sneath1, external.sokal_sneath1_from_contingency, symmetric=True),
        _ext("sokal_sneath2", "Sokal-Sneath 2", (0, 1), f"Sokal & Sneath (1963); {_CLUSTERCRIT}",
             external.sokal_sneath2, external.sokal_sneath2_from_contingency, symmetric=True),
        _ext("vi", "VI", (0, _INF), "Meila (2007), J. Multivariate Anal. 98:873-895, in nats",
             external.vi, external.vi_from_contingency, symmetric=True, direction="lower"),
        _ext("russel_rao", "Russel-Rao", (0, 1), f"Russell & Rao (1940), J. Malaria Inst. India 3:153-178; {_CLUSTERCRIT}",
             external.russel_rao, external.russel_rao_from_contingency, symmetric=True, perfect_at_bound=False),
        _ext("mcnemar", "McNemar", (-_INF, _INF), f"McNemar (1947), Psychometrika 12:153-157; {_CLUSTERCRIT}",
             external.mcnemar, external.mcnemar_from_contingency, direction="none"),
        # ---- internal: data and prediction; centroid terms and/or one pass over the distances
        _int("stdi", "STDI", "higher", (0, _INF), f"{_XIE2017}, eq. 9", classic.stdi,
             classic.stdi_from_partition, (classic.STDI_SQUARED,), weights=True),
        _int("db", "DB", "lower", (0, _INF), "Davies & Bouldin (1979), IEEE TPAMI 1(2):224-227",
             classic.db, classic.db_from_partition, (classic.DB_Q, classic.DB_P, classic.DB_SQUARED), weights=True),
        _int("dbi", "DBI", "lower", (0, _INF),
             "Davies-Bouldin, mean intra-cluster distance (Zhou 2016, sec. 9.2)", classic.dbi,
             classic.dbi_from_partition, weights=True),
        _int("xb", "XB", "lower", (0, _INF), "Xie & Beni (1991), IEEE TPAMI 13(8), crisp form",
             classic.xb, classic.xb_from_partition, (classic.XB_SEPARATION,), weights=True),
        _int("igp", "IGP", "higher", (0, 1), "Kapp & Tibshirani (2007), Biostatistics 8(1):9-31",
             classic.igp, classic.igp_from_partition, weights=True),
        _int("sil", "Sil", "higher", (-1, 1), "Rousseeuw (1987), J. Comput. Appl. Math. 20:53-65",
             classic.sil, classic.sil_from_partition, (classic.SIL_AVERAGE,), undefined_for=_SINGLETONS, weights=True),
        _int("sil_sum", "Sil (sum)", "higher", (-_INF, _INF),
             "Rousseeuw (1987); summed over samples as in the paper's Fig. 3", classic.sil_sum,
             classic.sil_sum_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("bwp", "BWP", "higher", (-1, 1),
             "Zhou, Xu, Tang (2011), Control and Decision 26(8):1147-1152", classic.bwp,
             classic.bwp_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("bwp_sum", "BWP (sum)", "higher", (-_INF, _INF),
             "Zhou et al. (2011); summed over samples as in the paper's Fig. 3", classic.bwp_sum,
             classic.bwp_sum_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("dunn", "Dunn", "higher", (0, _INF), "Dunn (1974), J. Cybernetics 4(1):95-104",
             classic.dunn, classic.dunn_from_partition, weights=True),
        _int("calinski_harabasz", "CH", "higher", (0, _INF),
             "Calinski & Harabasz (1974), Commun. Stat. 3(1):1-27", classic.calinski_harabasz,
             classic.calinski_harabasz_from_partition, undefined_for=_SINGLETONS, weights=True),
        # ---- internal: scatter matrices (clusterCrit)
        # coordinates only: centroids and the within-group scatter matrices W_k, computed once
        # per partition (clustval.indices.scatter); k_rule is clusterCrit's bestCriterion rule
        _int("ball_hall", "Ball-Hall", "lower", (0, _INF),
             "Ball & Hall (1965), ISODATA, Stanford Research Institute", scatter.ball_hall,
             scatter.ball_hall_from_partition, k_rule="max_diff", weights=True),
        _int("banfeld_raftery", "Banfeld-Raftery", "lower", (-_INF, _INF),
             "Banfield & Raftery (1993), Biometrics 49(3):803-821", scatter.banfeld_raftery,
             scatter.banfeld_raftery_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("det_ratio", "Det_Ratio", "higher", (1, _INF),
             "Friedman & Rubin (1967), JASA 62:1159-1178; Scott & Symons (1971)", scatter.det_ratio,
             scatter.det_ratio_from_partition, k_rule="min_diff", undefined_for=_SINGLETONS, weights=True),
        _int("ksq_detw", "Ksq_DetW", "lower", (0, _INF),
             "Marriott (1971), Biometrics 27(3):501-514", scatter.ksq_detw, scatter.ksq_detw_from_partition,
             k_rule="max_diff", weights=True),
        _int("log_det_ratio", "Log_Det_Ratio", "higher", (0, _INF),
             "Scott & Symons (1971), Biometrics 27(2):387-397", scatter.log_det_ratio,
             scatter.log_det_ratio_from_partition, k_rule="min_diff", undefined_for=_SINGLETONS, weights=True),
        _int("log_ss_ratio", "Log_SS_Ratio", "higher", (-_INF, _INF),
             "Hartigan (1975), Clustering Algorithms, Wiley", scatter.log_ss_ratio,
             scatter.log_ss_ratio_from_partition, k_rule="min_diff", weights=True),
        _int("pbm", "PBM", "higher", (0, _INF),
             "Pakhira, Bandyopadhyay, Maulik (2004), Pattern Recogn. 37(3):487-501", scatter.pbm,
             scatter.pbm_from_partition, weights=True),
        _int("ratkowsky_lance", "Ratkowsky-Lance", "higher", (0, 1),
             "Ratkowsky & Lance (1978), Aust. Comput. J. 10(3):115-117", scatter.ratkowsky_lance,
             scatter.ratkowsky_lance_from_partition, weights=True),
        _int("ray_turi", "Ray-Turi", "lower", (0, _INF), "Ray & Turi (1999), ICAPRDT'99, 137-143",
             scatter.ray_turi, scatter.ray_turi_from_partition, weights=True),
        _int("scott_symons", "Scott-Symons", "lower", (-_INF, _INF),
             "Scott & Symons (1971), Biometrics 27(2):387-397", scatter.scott_symons,
             scatter.scott_symons_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("trace_w", "Trace_W", "lower", (0, _INF),
             "Edwards & Cavalli-Sforza (1965), Biometrics 21(2):362-375", scatter.trace_w,
             scatter.trace_w_from_partition, k_rule="max_diff", weights=True),
        _int("trace_wib", "Trace_WiB", "higher", (0, _INF),
             "Friedman & Rubin (1967), JASA 62:1159-1178", scatter.trace_wib, scatter.trace_wib_from_partition,
             k_rule="max_diff", undefined_for=_SINGLETONS, weights=True),
        _int("wemmert_gancarski", "Wemmert-Gancarski", "higher", (0, 1),
             "Desgraupes (2013), clusterCrit vignette, sec. 1.2.27", scatter.wemmert_gancarski,
             scatter.wemmert_gancarski_from_partition, weights=True),
        _int("sd_scat", "SD_Scat", "lower", (0, _INF),
             "Halkidi, Vazirgiannis, Batistakis (2000), PKDD, LNCS 1910:265-276", scatter.sd_scat,
             scatter.sd_scat_from_partition, weights=True),
        _int("sd_dis", "SD_Dis", "lower", (0, _INF),
             "Halkidi, Vazirgiannis, Batistakis (2000), PKDD, LNCS 1910:265-276", scatter.sd_dis,
             scatter.sd_dis_from_partition, weights=True),
        _int("s_dbw", "S_Dbw", "lower", (0, _INF),
             "Halkidi & Vazirgiannis (2001), Proc. IEEE ICDM, 187-194", scatter.s_dbw,
             scatter.s_dbw_from_partition, weights=True),
        # ---- internal: pair ranks and generalised Dunn (clusterCrit)
        # all pairwise distances: exact rank comparisons and sums (clustval.indices.pair_rank), and
        # Bezdek & Pal's generalised Dunn indices (clustval.indices.generalised_dunn; GDI11 is dunn)
        _int("baker_hubert_gamma", "Gamma", "higher", (-1, 1),
             "Baker & Hubert (1975), JASA 70(349):31-38", pair_rank.baker_hubert_gamma,
             pair_rank.baker_hubert_gamma_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("g_plus", "G+", "lower", (0, 1), "Rohlf (1974), Annu. Rev. Ecol. Syst. 5:101-113",
             pair_rank.g_plus, pair_rank.g_plus_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("tau", "Tau", "higher", (-1, 1),
             f"Rohlf (1974), Annu. Rev. Ecol. Syst. 5:101-113; {_CLUSTERCRIT}", pair_rank.tau,
             pair_rank.tau_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("c_index", "C-index", "lower", (0, 1),
             "Hubert & Levin (1976), Psychol. Bull. 83(6):1072-1080", pair_rank.c_index,
             pair_rank.c_index_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("point_biserial", "Point-Biserial", "higher", (-_INF, _INF),
             "Milligan (1981), Psychometrika 46(2):187-199", pair_rank.point_biserial,
             pair_rank.point_biserial_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("mcclain_rao", "McClain-Rao", "lower", (0, _INF),
             "McClain & Rao (1975), J. Marketing Res. 12(4):456-460", pair_rank.mcclain_rao,
             pair_rank.mcclain_rao_from_partition, undefined_for=_SINGLETONS, weights=True),
        *(_int(f"gdi{u}{v}", f"GDI{u}{v}", "higher", (0, _INF),
               "Bezdek & Pal (1998), IEEE Trans. SMC-B 28(3):301-315",
               getattr(generalised_dunn, f"gdi{u}{v}"), getattr(generalised_dunn, f"gdi{u}{v}_from_partition"),
               weights=True)
          for u in range(1, 6) for v in range(1, 4) if (u, v) != (1, 1)),
        # ---- internal: NbClust's indices
        # those of NbClust's 30 (Charrad et al. 2014) that are functions of one partition and
        # were not above, as published (clustval.indices.nbclust); NbClust's own values are
        # clustval.compat.nbclust's
        _int("ccc", "CCC", "higher", (-_INF, _INF),
             "Sarle (1983), SAS Technical Report A-108", nbclust.ccc, nbclust.ccc_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("trcovw", "TrCovW", "lower", (0, _INF),
             "Milligan & Cooper (1985), Psychometrika 50(2):159-179", nbclust.trcovw,
             nbclust.trcovw_from_partition, k_rule="max_diff", undefined_for=_SINGLETONS, weights=True),
        _int("dindex", "Dindex", "lower", (0, _INF),
             "Lebart, Morineau, Piron (2000), Statistique exploratoire multidimensionnelle",
             nbclust.dindex, nbclust.dindex_from_partition, k_rule="max_diff", weights=True),
        _int("hubert", "Hubert", "higher", (-1, 1),
             "Hubert & Arabie (1985), J. Classif. 2:193-218; Halkidi et al. (2001)", nbclust.hubert,
             nbclust.hubert_from_partition, k_rule="min_diff", weights=True),
        # ---- internal: genieclust's and cvi's indices
        # near-neighbour indices of Gagolewski, Bartoszuk & Cena (2021) (clustval.indices.neighbours;
        # M = 25 and the DuNN-OWA variants their benchmarks report) and the batch forms of
        # the centroid indices of the incremental-CVI literature (clustval.indices.cvi)
        _int("wcnn", "WCNN_25", "higher", (-_INF, 1), _GAGOLEWSKI, neighbours.wcnn, neighbours.wcnn_from_partition,
             weights=True),
        _int("dunnowa", "DuNN-OWA", "higher", (-_INF, _INF), _GAGOLEWSKI, neighbours.dunnowa,
             neighbours.dunnowa_from_partition,
             (neighbours.DUNNOWA_M, neighbours.DUNNOWA_NUMERATOR, neighbours.DUNNOWA_DENOMINATOR), weights=True),
        *(_int(f"dunnowa_m25_{a.lower()}_{b.lower()}", f"DuNN_25_{a}_{b}", "higher", (-_INF, _INF),
               _GAGOLEWSKI, getattr(neighbours, f"dunnowa_m25_{a.lower()}_{b.lower()}"),
               getattr(neighbours, f"dunnowa_m25_{a.lower()}_{b.lower()}_from_partition"), weights=True)
          for a, b in (("Min", "Max"), ("Mean", "Mean"), ("Max", "Min"))),
        _int("ps", "PS", "higher", (-_INF, _INF),
             "Yang & Wu (2001), Proc. IEEE FUZZ 1:89-92, crisp form of Lughofer (2008), "
             "Pattern Recognit. 41(3):995-1011", cvi.ps, cvi.ps_from_partition, weights=True),
        _int("rcip", "rCIP", "lower", (0, _INF),
             "Araujo, Doria Neto & Martins (2013), Pattern Recognit. Lett. 34(16):2181-2191",
             cvi.rcip, cvi.rcip_from_partition, undefined_for=_SINGLETONS, weights=True),
        _int("csil", "cSIL", "higher", (-1, 1),
             "Rawashdeh & Ralescu (2012), SUM 2012, LNCS 7520:406-419", cvi.csil,
             cvi.csil_from_partition, weights=True),
        _int("wb", "WB", "lower", (0, _INF),
             "Zhao & Franti (2014), Data Knowl. Eng. 92:77-89", cvi.wb, cvi.wb_from_partition, weights=True),
        _int("conn", "CONN", "higher", (0, 1),
             "Tasdemir & Merenyi (2011), IEEE Trans. Syst. Man Cybern. B 41(4):1039-1053; "
             "the objects as prototypes", cvi.conn, cvi.conn_from_partition, weights=True),
        # ---- internal: density-based (clustval.indices.density)
        _int("dbcv", "DBCV", "higher", (-1, 1),
             "Moulavi, Jaskowiak, Campello, Zimek & Sander (2014), Proc. SIAM SDM, 839-847",
             density.dbcv, density.dbcv_from_partition, (density.DBCV_TREE, density.DBCV_METRIC),
             undefined_for=_SINGLETONS, weights=True),
    )
}  # fmt: skip
document_all(INDICES.values())  # each function's and core's numpydoc: its description and its entry


@_by_name
def names_of(kind: Kind | None = None) -> tuple[str, ...]:
    """The registry names of one kind (or all), in registry order.

    Returns
    -------
    tuple of str
        Registry names, in registry order.

    Examples
    --------
    >>> names_of("internal")[:3]
    ('stdi', 'db', 'dbi')
    """
    return tuple(name for name, spec in INDICES.items() if kind in (None, spec.kind))


#: The external and internal registry names, in order (refreshed by :func:`register`).
EXTERNAL = names_of("external")
INTERNAL = names_of("internal")

# The keywords of the entry points that are not index options: no option may take one of them.
_ENTRY_KEYWORDS = frozenset({
    "X", "labels", "labels_true", "labels_pred", "table", "distances", "names", "indices", "ks", "algorithm",
    "name", "undefined", "metric", "memory_budget_mb", "progress", "vote", "client", "tasks",
    "sample_weight", "noise",
})  # fmt: skip


def _collect_options() -> dict[str, IndexOption]:
    found: dict[str, IndexOption] = {}
    for spec in INDICES.values():
        for option in spec.options:
            if found.setdefault(option.name, option) != option:
                raise InputError(f"index {spec.name!r}: option {option.name!r} is declared twice, differently; "
                                 "declare it once and name it in each entry that takes it.")
            if option.name in _ENTRY_KEYWORDS:
                raise InputError(f"index {spec.name!r}: option {option.name!r} takes the name of a keyword of score().")
    return found


#: Every index option, by name, in registry order (refreshed by :func:`register`): the one
#: declaration that :func:`~clustval.indices.scoring.score`, ``external_scores``,
#: ``internal_scores``, :func:`clustval.select_k`, :mod:`clustval.dask`, the command line's
#: flags, the pipeline's config (``indices.<name>``) and the docs read (:mod:`clustval.indices.options`).
OPTIONS: dict[str, IndexOption] = _collect_options()


@_by_name
def options_of(kind: Kind | None = None) -> dict[str, IndexOption]:
    """The options of the indices of one kind (or of all), by name, in registry order.

    Returns
    -------
    dict of str to IndexOption
        The options of those indices.

    Examples
    --------
    >>> "s2_matching" in options_of("external"), "xb_separation" in options_of("external")
    (True, False)
    """
    kinds = {option.name: {spec.kind for spec in INDICES.values() if option in spec.options} for option in OPTIONS.values()}
    return {name: option for name, option in OPTIONS.items() if kind is None or kind in kinds[name]}


@_by_name
def index_options(kind: Kind | None, given: Mapping[str, object], caller: str) -> dict[str, object]:
    """Every option of the indices of ``kind`` (of all for None): those ``given`` checked,
    the others at their defaults. The entry points check their ``**options`` with it.

    Parameters
    ----------
    caller : str
        The entry point, as the errors name it.

    Returns
    -------
    dict
        ``{name: value}`` of every option of ``kind``'s indices, in registry order.

    Raises
    ------
    clustval.errors.InputError
        An unknown name, an option of the other kind's indices, or a value the option does
        not take; one line.

    Examples
    --------
    >>> given = index_options("external", {"s2_matching": "identity"}, "external_scores")
    >>> given["s2_matching"], given["cp_seed"]  # given, and at its default
    ('identity', 1)
    >>> index_options("external", {"xb_separation": "closest_pair"}, "external_scores")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: external_scores() takes no xb_separation: it is an option of XB, an internal index.
    >>> index_options("internal", {"db_qq": 2}, "internal_scores")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: internal_scores() got an unknown option 'db_qq' (did you mean db_q?); its options are stdi_squared, ...
    """
    known = options_of(kind)
    for name in given:
        if name not in known:
            raise InputError(_unknown_option(name, known, caller))
    return {name: option.check(given[name]) if name in given else option.default for name, option in known.items()}


def _unknown_option(name: str, known: Mapping[str, IndexOption], caller: str) -> str:
    if name == "sample_weight":  # an entry point that weighs no index (clustval.dask.internal_scores)
        return f"{caller}() takes no sample_weight: weigh the indices with clustval.score or internal_scores."
    if name in OPTIONS:
        owners = [spec for spec in INDICES.values() if OPTIONS[name] in spec.options]
        return (f"{caller}() takes no {name}: it is an option of {', '.join(spec.label for spec in owners)}, "
                f"an {owners[0].kind} index.")
    close = difflib.get_close_matches(str(name), list(known), n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    return f"{caller}() got an unknown option {name!r}{hint}; its options are {', '.join(known) or 'none'}."


_SIGNED: list[tuple[Callable, Kind | None, inspect.Signature, bool, str]] = []


@_by_name
def takes_options(kind: Kind | None, others: bool = False, parameters: dict[str, str] | None = None) -> Callable:
    """Mark an entry point whose ``**options`` are the options of ``kind``'s indices (every
    option for None): its signature and its docstring, as ``help()``, ``inspect.signature``
    and the editors that ask Python show them, list each option with its default (and its
    values and meaning, in an Other Parameters section after the docstring's Parameters).

    Parameters
    ----------
    others : bool, default False
        ``**options`` takes other keywords too (:func:`clustval.select_k`'s algorithm
        options): the signature keeps it after the options.

    Returns
    -------
    callable
        A decorator that returns the function, its ``__signature__`` and ``__doc__`` set
        (and kept up to date by :func:`register`), the docstring's shared parameters filled
        in (:func:`clustval.indices._docs.described`).

    Raises
    ------
    clustval.errors.InputError
        The function's docstring has no ``**options`` entry.

    Examples
    --------
    >>> @takes_options("external")
    ... def scores(labels_true, labels_pred, **options):
    ...     '''The external options.
    ...
    ...     Parameters
    ...     ----------
    ...     **options
    ...         By name.
    ...     '''
    ...     return index_options("external", options, "scores")
    >>> import inspect
    >>> inspect.signature(scores).parameters["s2_matching"]
    <Parameter "s2_matching: Literal['hungarian', 'identity'] = 'hungarian'">
    >>> for line in scores.__doc__.split("By name.")[1].splitlines()[2:5]:
    ...     print(line.strip())  # Python 3.13 dedents docstrings itself
    Other Parameters
    ----------------
    s2_matching : {"hungarian", "identity"}, default "hungarian"
    >>> _ = _SIGNED.pop()
    """

    def mark(function: Callable) -> Callable:
        # the shared parameters first, ``**options`` among them unless it takes others too
        described(None if others else kind or "indices", parameters=parameters)(function)
        doc = function.__doc__  # None under python -OO: the signature only
        if doc is not None and not re.search(r"^\s*\*\*options$", doc, re.M):
            raise InputError(f"{function.__name__}: document its **options (the options are listed after it).")
        _SIGNED.append((function, kind, inspect.signature(function), others, doc))
        _sign(*_SIGNED[-1])
        return function

    return mark


def _sign(function: Callable, kind: Kind | None, signature: inspect.Signature, others: bool, doc: str | None) -> None:
    """Set ``function``'s signature and docstring from the options of ``kind``'s indices."""
    options = options_of(kind)
    parameters = [p for p in signature.parameters.values() if p.kind != p.VAR_KEYWORD]
    parameters += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=option.default,
                                     annotation=option.annotation) for name, option in options.items()]  # fmt: skip
    parameters += [p for p in signature.parameters.values() if p.kind == p.VAR_KEYWORD and others]
    function.__signature__ = signature.replace(parameters=parameters)
    if doc is None:  # python -OO: no docstring to list them in
        return
    # numpydoc's place for what ``**options`` takes is Other Parameters, right after
    # Parameters: doc tools check Parameters against the source's signature, which has
    # only ``**options``.
    lines = doc.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip() == "**options")
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
    end = next((i for i in range(at + 1, len(lines) - 1)
                if lines[i].strip() and set(lines[i + 1].strip()) == {"-"}), len(lines))  # fmt: skip
    while end > at + 1 and not lines[end - 1].strip():
        end -= 1
    entries = ["", f"{indent}Other Parameters", f"{indent}{'-' * len('Other Parameters')}"]
    entries += [line for option in options.values() for line in (
        f"{indent}{option.name} : {option.values_text}, default {option.default_text}",
        f"{indent}    {option.description.replace('`', '``')}.",
    )]  # fmt: skip
    function.__doc__ = "\n".join(lines[:end] + entries + lines[end:])


#: Other names of registry indices, so that a peer's user types the name they know (in any
#: case): scikit-learn's functions (with or without ``_score``), clusterCrit's criteria,
#: NbClust's indices, genieclust's functions and the common abbreviations. Scores and tables
#: report the registry name. A registry name is never an alias: ``hubert`` is NbClust's
#: Hubert statistic (clusterCrit's external "Hubert" is ``hubert_gamma``).
ALIASES: dict[str, str] = {
    # scikit-learn (sklearn.metrics)
    **{f"{stem}{end}": name for stem, name in {
        "adjusted_mutual_info": "ami", "adjusted_rand": "ari", "calinski_harabasz": "calinski_harabasz",
        "completeness": "completeness", "davies_bouldin": "db", "fowlkes_mallows": "fmi",
        "homogeneity": "homogeneity", "mutual_info": "mutual_info", "normalized_mutual_info": "nmi",
        "rand": "rand", "silhouette": "sil", "v_measure": "v_measure",
    }.items() for end in ("", "_score") if f"{stem}{end}" != name},
    # clusterCrit's criteria (intCriteria, extCriteria), lower-cased
    "folkes_mallows": "fmi", "gamma": "baker_hubert_gamma", "gdi11": "dunn", "xie_beni": "xb",
    # NbClust's indices, lower-cased
    "ball": "ball_hall", "ch": "calinski_harabasz", "cindex": "c_index", "friedman": "trace_wib",
    "gplus": "g_plus", "marriot": "ksq_detw", "mcclain": "mcclain_rao", "ptbiserial": "point_biserial",
    "ratkowsky": "ratkowsky_lance", "rubin": "det_ratio", "scott": "log_det_ratio", "sdbw": "s_dbw",
    "tracew": "trace_w",
    # genieclust (genieclust.cluster_validity)
    "calinski_harabasz_index": "calinski_harabasz", "dunnowa_index": "dunnowa", "silhouette_index": "sil",
    "wcnn_index": "wcnn",
}  # fmt: skip


@_by_name
def registry_name(name: str, aliases: bool = True) -> str:
    """The registry name of an index given by its registry name or an alias, in any case.

    Parameters
    ----------
    aliases : bool, default True
        False: only the registry name as spelled there (the pipeline's config names each
        index one way).

    Returns
    -------
    str
        The registry name.

    Raises
    ------
    clustval.errors.InputError
        An unknown name: one line, with the closest names.

    Examples
    --------
    >>> registry_name("CH"), registry_name("silhouette"), registry_name("adjusted_rand_score")
    ('calinski_harabasz', 'sil', 'ari')
    >>> registry_name("silhouette", aliases=False)
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: index 'silhouette': write its registry name, 'sil'.
    >>> registry_name("silhuoette")
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: unknown index 'silhuoette' (did you mean silhouette (= sil)?); the ... indices: `clustval indices` or clustval.INDICES.
    """
    if aliases and isinstance(name, str):
        for key in (name, re.sub(r"[\s.-]+", "_", name.strip().lower())):  # "C-index" is c_index
            if key in INDICES:
                return key
            if key in ALIASES:
                return ALIASES[key]
    if isinstance(name, str) and name in INDICES:
        return name
    if not aliases and isinstance(name, str) and name != registry_name(name, True):
        raise InputError(f"index {name!r}: write its registry name, {registry_name(name)!r}.")
    raise InputError(_unknown_index(name))


def _unknown_index(name: object, kind: Kind | None = None) -> str:
    names = names_of(kind)
    known = {**{alias: index for alias, index in ALIASES.items() if index in names}, **{index: index for index in names}}
    typed = str(name).lower()
    close = difflib.get_close_matches(typed, list(known), n=4, cutoff=0.5)
    best = difflib.SequenceMatcher(None, typed, close[0]).ratio() if close else 1.0
    close = [c for c in close if difflib.SequenceMatcher(None, typed, c).ratio() > best - 0.1]  # the near-best
    first = {known[c]: c for c in reversed(close)}  # the closest spelling of each index
    hint = " or ".join(c if c == index else f"{c} (= {index})" for index, c in list(reversed(first.items()))[:2])
    which = f"{kind} " if kind else ""
    return (f"unknown {which}index {shown(name)}{f' (did you mean {hint}?)' if hint else ''}; "
            f"the {len(names)} {which}indices: `clustval indices` or clustval.INDICES.")


@_by_name
def get_index(name: str) -> IndexSpec:
    """Look an index up by its registry name or an alias, with a helpful error for a typo.

    Returns
    -------
    IndexSpec
        The index's entry.

    Raises
    ------
    clustval.errors.InputError
        An unknown name; the message names the closest ones.

    See Also
    --------
    INDICES : every entry.
    registry_name : the registry name of an alias.

    Examples
    --------
    >>> get_index("xb").label, get_index("Xie_Beni").name
    ('XB', 'xb')
    """
    return INDICES[registry_name(name)]


@_by_name
def requested(kind: Kind, names: Iterable[str] | str | None) -> list[IndexSpec]:
    """The entries of ``kind`` named in ``names`` (all of them for None), in registry order.

    Returns
    -------
    list of IndexSpec
        The entries, in registry order (whatever the order of ``names``).

    Raises
    ------
    clustval.errors.InputError
        An unknown name (with the closest ones) or an index of the other kind.

    Examples
    --------
    >>> [spec.name for spec in requested("external", ["ari", "s2"])]
    ['s2', 'ari']
    """
    wanted = set()
    for name in names_of(kind) if names is None else [names] if isinstance(names, str) else names:
        try:
            spec = get_index(name)
        except InputError:
            raise InputError(_unknown_index(name, kind)) from None
        if spec.kind != kind:
            raise InputError(f"unknown {kind} index {name!r}: {spec.label} is an {spec.kind} index.")
        wanted.add(spec.name)
    return [spec for name, spec in INDICES.items() if name in wanted]


@_adding
def register(spec: IndexSpec) -> IndexSpec:
    """Add an index: from now on scoring, the command line and the tables include it.

    Returns
    -------
    IndexSpec
        ``spec``.

    See Also
    --------
    unregister : remove it again.
    registered : register for the duration of a ``with`` block.

    Examples
    --------
    >>> ari = get_index("ari")
    >>> spec = IndexSpec("half_ari", "ARI/2", "external", "higher", (-0.25, 0.5), "ARI / 2",
    ...                  lambda t, p: ari.function(t, p) / 2, lambda ct: ari.core(ct) / 2)
    >>> with registered(spec):
    ...     names_of("external")[-1]
    'half_ari'
    >>> "half_ari" in INDICES
    False
    """
    if spec.name in INDICES:
        raise InputError(f"an index named {spec.name!r} is already registered.")
    INDICES[spec.name] = spec
    try:
        _refresh()
    except InputError:  # an option that clashes with another's: the entry is not added
        del INDICES[spec.name]
        _refresh()
        raise
    return spec


@_by_name
def unregister(name: str) -> None:
    """Remove an index added by :func:`register`.

    Raises
    ------
    clustval.errors.InputError
        No index of that name.

    See Also
    --------
    register : add an index.

    Examples
    --------
    >>> spec = register(IndexSpec("one", "One", "external", "higher", (0, 1), "constant",
    ...                           lambda t, p: 1.0, lambda ct: 1.0))
    >>> unregister("one"); "one" in INDICES
    False
    """
    del INDICES[registry_name(name)]
    _refresh()


@contextlib.contextmanager
@_adding
def registered(spec: IndexSpec) -> Iterator[IndexSpec]:
    """Register ``spec`` for the duration of a ``with`` block (see :func:`register`), and
    remove it after the block.

    Yields
    ------
    IndexSpec
        ``spec``.

    See Also
    --------
    register : add an index for good.

    Examples
    --------
    >>> nmi = get_index("nmi")
    >>> spec = IndexSpec("nmi_percent", "NMI %", "external", "higher", (0, 100), "NMI * 100",
    ...                  lambda t, p: 100 * nmi.function(t, p), lambda ct: 100 * nmi.core(ct))
    >>> from clustval import score
    >>> with registered(spec):
    ...     score([0, 0, 1, 1], labels_true=[1, 1, 0, 0], names=["nmi_percent"])
    {'nmi_percent': 100.0}
    """
    register(spec)
    try:
        yield spec
    finally:
        unregister(spec.name)


def _refresh() -> None:
    global EXTERNAL, INTERNAL
    EXTERNAL, INTERNAL = names_of("external"), names_of("internal")
    options = _collect_options()
    OPTIONS.clear()
    OPTIONS.update(options)
    for signed in _SIGNED:
        _sign(*signed)
