"""The registry of validity indices: one entry per index drives scoring, tables, figures and tests.

Adding an index is one entry here plus its function; the CLI, the pipeline's scoring rule,
the figures' labels and the registry-driven property tests pick it up from this table.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable, Literal

Kind = Literal["external", "internal"]
Direction = Literal["higher", "lower"]

_INF = float("inf")


@dataclass(frozen=True)
class IndexSpec:
    """What a validity index is, as the rest of the project needs to know it."""

    name: str  # registry key, used in scores.csv and on the command line
    label: str  # display name in figures and tables (the paper's spelling)
    kind: Kind  # external: (labels_true, labels_pred); internal: (X, labels)
    direction: Direction  # which way is better
    bounds: tuple[float, float]  # attainable range
    reference: str
    function: str  # public function in clustval.external / clustval.internal
    symmetric: bool = False  # external only: f(a, b) == f(b, a)
    stochastic: bool = False  # a seeded Monte Carlo estimate: invariances hold in expectation only

    @property
    def func(self) -> Callable[..., float]:
        """The public function that computes this index on its own."""
        return getattr(importlib.import_module(f"clustval.{self.kind}"), self.function)

    def better(self, a: float, b: float) -> bool:
        """True when value ``a`` is strictly better than ``b`` for this index."""
        return a > b if self.direction == "higher" else a < b

    def best_of(self, values) -> int:
        """Position of the best value in ``values`` (the first one on ties)."""
        values = list(values)
        pick = max if self.direction == "higher" else min
        best = pick(values)
        return values.index(best)


def _ext(name, label, bounds, reference, function, symmetric=False, stochastic=False):
    return IndexSpec(
        name, label, "external", "higher", bounds, reference, function, symmetric, stochastic
    )


def _int(name, label, direction, bounds, reference, function):
    return IndexSpec(name, label, "internal", direction, bounds, reference, function)


_XIE2017 = "Xie, Zhou, Wang, Jiang (2017), CAAI Trans. Intell. Syst. 12(6):873-882"
_ROSENBERG2007 = "Rosenberg & Hirschberg (2007), EMNLP-CoNLL, 410-420"

INDICES: dict[str, IndexSpec] = {
    spec.name: spec
    for spec in (
        # ---- external: ground truth vs prediction, all from one contingency table
        _ext("s2", "S2", (0, 1), f"{_XIE2017}, eqs. 1-3", "s2"),
        _ext("ps2", "PS2", (0, 1), f"{_XIE2017}, eqs. 5-8", "ps2"),
        _ext("accuracy", "Accuracy", (0, 1), "Hungarian-matched accuracy (Kuhn 1955)",
             "accuracy", symmetric=True),
        _ext("purity", "Purity", (0, 1), "Manning, Raghavan, Schuetze (2008), sec. 16.3",
             "purity"),
        _ext("f_measure", "F_measure", (0, 1), "Larsen & Aone (1999), KDD", "f_measure"),
        _ext("rand", "R", (0, 1), "Rand (1971), JASA 66:846-850", "rand_index",
             symmetric=True),
        _ext("jaccard", "Jaccard", (0, 1), "Jaccard coefficient on pairs (Zhou 2016, sec. 9.2)",
             "jaccard_index", symmetric=True),
        _ext("fmi", "FMI", (0, 1), "Fowlkes & Mallows (1983), JASA 78:553-569",
             "fowlkes_mallows_index", symmetric=True),
        _ext("ari", "ARI", (-0.5, 1), "Hubert & Arabie (1985), J. Classif. 2:193-218",
             "adjusted_rand_index", symmetric=True),
        _ext("nmi", "NMI", (0, 1), "Strehl & Ghosh (2002); arithmetic-mean normalisation",
             "normalized_mutual_info", symmetric=True),
        _ext("ami", "AMI", (-1, 1), "Vinh, Epps, Bailey (2010), JMLR 11:2837-2854",
             "adjusted_mutual_info", symmetric=True),
        _ext("mutual_info", "MI", (0, _INF),
             "Shannon mutual information in nats (Cover & Thomas 2006, sec. 2.3)", "mutual_info",
             symmetric=True),
        _ext("homogeneity", "Homogeneity", (0, 1), _ROSENBERG2007, "homogeneity"),
        _ext("completeness", "Completeness", (0, 1), _ROSENBERG2007, "completeness"),
        _ext("v_measure", "V-measure", (0, 1), f"{_ROSENBERG2007}, beta = 1", "v_measure",
             symmetric=True),
        _ext("bcubed_precision", "BCubed P", (0, 1), "Bagga & Baldwin (1998); Amigo et al. (2009)",
             "bcubed_precision"),
        _ext("bcubed_recall", "BCubed R", (0, 1), "Bagga & Baldwin (1998); Amigo et al. (2009)",
             "bcubed_recall"),
        _ext("bcubed_f", "BCubed F", (0, 1), "Bagga & Baldwin (1998); Amigo et al. (2009)",
             "bcubed_f", symmetric=True),
        _ext("cp_accuracy", "CP accuracy", (0, 1),
             "Bartenyev (2026), Bulletin of MPEI 2(2026), accuracy from correspondence probabilities",
             "cp_accuracy"),
        _ext("cp_accuracy_mc", "CP accuracy (MC)", (0, 1),
             "Bartenyev (2026), Bulletin of MPEI 2(2026), seeded Monte Carlo of the procedure",
             "cp_accuracy_mc", stochastic=True),
        _ext("nca", "NCA", (-1, 1), "Gagolewski (2024), normalised clustering accuracy", "nca"),
        # ---- internal: data and prediction
        _int("stdi", "STDI", "higher", (0, _INF), f"{_XIE2017}, eq. 9", "stdi"),
        _int("db", "DB", "lower", (0, _INF), "Davies & Bouldin (1979), IEEE TPAMI 1(2):224-227",
             "davies_bouldin"),
        _int("dbi", "DBI", "lower", (0, _INF),
             "Davies-Bouldin, mean intra-cluster distance (Zhou 2016, sec. 9.2)", "dbi"),
        _int("xb", "XB", "lower", (0, _INF), "Xie & Beni (1991), IEEE TPAMI 13(8), crisp form",
             "xie_beni"),
        _int("igp", "IGP", "higher", (0, 1), "Kapp & Tibshirani (2007), Biostatistics 8(1):9-31",
             "igp"),
        _int("sil", "Sil", "higher", (-1, 1), "Rousseeuw (1987), J. Comput. Appl. Math. 20:53-65",
             "silhouette_score"),
        _int("sil_sum", "Sil (sum)", "higher", (-_INF, _INF),
             "Rousseeuw (1987); summed over samples as in the paper's Fig. 3", "silhouette_sum"),
        _int("bwp", "BWP", "higher", (-1, 1), "Zhou, Xu, Tang (2011), Control and Decision 26(8):1147-1152",
             "bwp_score"),
        _int("bwp_sum", "BWP (sum)", "higher", (-_INF, _INF),
             "Zhou et al. (2011); summed over samples as in the paper's Fig. 3", "bwp_sum"),
        _int("dunn", "Dunn", "higher", (0, _INF), "Dunn (1974), J. Cybernetics 4(1):95-104",
             "dunn"),
        _int("calinski_harabasz", "CH", "higher", (0, _INF),
             "Calinski & Harabasz (1974), Commun. Stat. 3(1):1-27", "calinski_harabasz"),
    )
}

EXTERNAL = tuple(name for name, spec in INDICES.items() if spec.kind == "external")
INTERNAL = tuple(name for name, spec in INDICES.items() if spec.kind == "internal")


def get_index(name: str) -> IndexSpec:
    """Look an index up by its registry name, with a helpful error for a typo."""
    try:
        return INDICES[name]
    except KeyError:
        raise KeyError(
            f"unknown index {name!r}; known indices: {', '.join(INDICES)}"
        ) from None
