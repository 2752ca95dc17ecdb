"""Causes that are computed, not asserted: diagnostics of each clustering of Figs. 4-6, and a
bootstrap that clusters every resample again.

Three properties of a K = C clustering decide checks the paper states about S2, PS2 and
Accuracy, and each is computed here per set (``results/diagnostics.csv``):

- **The two-class recall relation** (eqs. (2)-(4)). With K = C = 2 and classes matched to
  clusters, the specificity of one class is the recall of the other, so S2 = 2 r1 r2 / (r1 + r2),
  the harmonic mean of the two recalls, while Accuracy = w1 r1 + w2 r2 weighs them by the class
  shares. The harmonic mean is at most the plain mean, so S2 > Accuracy needs the weighted mean
  below the plain one: the *minority* class recalled better. A clustering that recalls the
  majority better makes S2 <= Accuracy whatever S2's merits: a property of the clustering.
- **PS2 follows Rand on two classes** (eqs. (5)-(8)). PS2 is the harmonic mean of the pair
  recall TP / (TP + FN) and the pair specificity TN / (TN + FP), Rand their weighted mean; with
  two classes about half the pairs are same-class pairs, so PS2 lies close to Rand, and with
  Accuracy a and errors spread evenly Rand is about 1 - 2 a (1 - a), so Accuracy - PS2 is about
  (1 - a)(2 a - 1): beyond 0.05 once a exceeds about 0.95 / 1 ... (the column gives the number).
- **A local optimum.** Park-Jun stops when no medoid moves; PAM's swaps search further. A PAM
  partition of lower cost (the same objective, summed distances to the medoids) shows Park-Jun
  stopped at a local optimum, and the claims can be checked on that better partition.

The re-clustering bootstrap (:func:`recluster_values`) draws the objects of a set with
replacement and clusters each resample again with the study's algorithm and K = C: unlike the
fixed-partition bootstrap (:mod:`.spread`) it carries the clustering's own variability, so
"within noise" from it is a measured cause.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

from clustval.indices.contingency import contingency
from clustval.indices.registry import options_of
from clustval.indices.scoring import external_scores

from ..verified import read_verified_csv

DIAGNOSTIC_COLUMNS = ("dataset", "n_classes", "class_sizes", "recalls", "majority_recall", "minority_recall",
                      "s2", "accuracy", "ps2", "rand", "ps2_minus_rand", "rand_even_errors", "cost",
                      "better_algorithm", "better_cost", "better_s2", "better_accuracy", "better_ps2",
                      "better_rand", "better_ari", "better_jaccard", "better_f_measure")


def matched_recalls(labels_true, labels_pred) -> tuple[list[int], list[float]]:
    """Each class's size and its recall under the one-to-one map of classes to clusters that
    matches the most objects (Accuracy's map), classes in the order of their labels.

    Examples
    --------
    >>> matched_recalls([0, 0, 0, 0, 1, 1], [1, 1, 1, 0, 0, 0])
    ([4, 2], [0.75, 1.0])
    """
    table = np.asarray(contingency(labels_true, labels_pred).table, dtype=float)
    rows, cols = linear_sum_assignment(-table)
    sizes = table.sum(axis=1)
    recalls = np.zeros(len(sizes))
    recalls[rows] = table[rows, cols] / sizes[rows]
    return [int(s) for s in sizes], [float(r) for r in recalls]


def set_diagnostics(dataset: str, y, labels, cost: float, indices: Mapping, better=None) -> dict:
    """One row of ``results/diagnostics.csv``: the recalls, S2, Accuracy, PS2 and Rand of a
    clustering; with ``better`` (algorithm, ClusteringResult of the same objective) its cost
    and the indices of its partition."""
    sizes, recalls = matched_recalls(y, labels)
    names = ["s2", "accuracy", "ps2", "rand", "ari", "jaccard", "f_measure"]
    indices = external_options(indices)
    values = external_scores(y, labels, names=names, **indices)
    accuracy = float(values["accuracy"])
    row = {
        "dataset": dataset, "n_classes": len(sizes), "class_sizes": " ".join(map(str, sizes)),
        "recalls": " ".join(f"{r:.6f}" for r in recalls),
        "s2": float(values["s2"]), "accuracy": accuracy, "ps2": float(values["ps2"]), "rand": float(values["rand"]),
        "ps2_minus_rand": float(values["ps2"]) - float(values["rand"]),
        "rand_even_errors": 1 - 2 * accuracy * (1 - accuracy), "cost": float(cost),
    }
    if len(sizes) == 2:
        major = int(np.argmax(sizes))
        row["majority_recall"], row["minority_recall"] = recalls[major], recalls[1 - major]
    if better is not None:
        algorithm, result = better
        found = external_scores(y, result.labels, names=names, **indices)
        row.update({"better_algorithm": algorithm, "better_cost": float(result.cost),
                    **{f"better_{name}": float(found[name]) for name in names}})
    return {column: row.get(column) for column in DIAGNOSTIC_COLUMNS}


def recluster_values(X, y, k: int, clusterer, names: Sequence[str], n_boot: int, rng: np.random.Generator,
                     options: Mapping | None = None) -> np.ndarray:
    """``names`` on ``n_boot`` resamples of the objects, each clustered again: an array
    (n_boot, len(names)). ``clusterer(X, k)`` returns labels (the study's algorithm)."""
    X, y = np.asarray(X), np.asarray(y)
    out = np.empty((n_boot, len(names)))
    for b in range(n_boot):
        rows = rng.integers(0, len(y), len(y))
        labels = clusterer(X[rows], k)
        values = external_scores(y[rows], labels, names=list(names), **external_options(options or {}))
        out[b] = [float(values[name]) for name in names]
    return out


def external_options(options: Mapping) -> dict:
    """The external indices' options among the run's index options."""
    return {name: value for name, value in options.items() if name in options_of("external")}


def read_diagnostics(path) -> dict[str, dict]:
    """``{dataset: row}`` of ``results/diagnostics.csv``, numbers as floats."""
    found = {}
    for row in read_verified_csv(path):
        parsed = {}
        for key, value in row.items():
            if key in ("dataset", "class_sizes", "recalls", "better_algorithm") or value in ("", None):
                parsed[key] = value
            else:
                parsed[key] = float(value)
        found[row["dataset"]] = parsed
    return found


# ====================================================================== a label read from a feature
def relabelled(X, feature: int):
    """The objects with feature ``feature`` (1-based, as Table 5's remark counts) as their label
    and the other features as the data: Table 5 prints Ionosphere's 38/313, the counts of its
    feature 1, not of its class column; this is the set the paper may have clustered.

    Examples
    --------
    >>> X = np.array([[0.0, 5.0], [1.0, 6.0], [1.0, 7.0]])
    >>> data, labels = relabelled(X, 1)
    >>> data.tolist(), labels.tolist()
    ([[5.0], [6.0], [7.0]], [0, 1, 1])
    """
    X = np.asarray(X, dtype=float)
    column = feature - 1
    _, labels = np.unique(X[:, column], return_inverse=True)
    return np.delete(X, column, axis=1), labels.astype(np.int64)


def variant_checks(results, dataset: str, values: Mapping[str, float], name: str) -> list[dict]:
    """Each per-set check of the headline claims on ``dataset`` evaluated again with the values of
    a variant of that set (``values``: index -> value): the claim, the check, whether it holds
    with the set as published and with the variant."""
    rows = []
    for result in results:
        if result.scope != "main":
            continue
        for check in result.checks:
            if check.condition is None or check.subject.split(" ")[-1] != dataset:
                continue
            try:
                _, holds = check.condition({dataset: dict(values)})
            except KeyError:  # a check over several sets (a trend)
                continue
            rows.append({"claim": result.id, "subject": check.subject, "variant": name,
                         "holds_published": bool(check.holds), "holds_variant": bool(holds)})
    return rows
