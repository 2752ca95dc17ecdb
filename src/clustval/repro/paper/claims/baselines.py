"""Baselines: what a claim would score if it carried no information.

A claim that a trivial rule also meets says little, however its verdict reads. Two kinds:

- **K-finding** (C1, C15: an index "finds the true number of clusters"): the same checks
  answered by rules that look at no data: always ``fixed_k`` (2), the smallest and the largest
  K of the range searched, and a random K, uniform over the range, drawn once per set from
  ``seed`` (config ``claims.baselines``); beside them the expected hits of a random K.
- **Trend** (C10-C14: "the same trend", 走势一致): the statistic of each claim (a correlation
  across the sets of a panel) for every pair of the external indices the figures draw, over
  the same sets. When at least ``pair_share`` of all pairs pass the same threshold, any two of
  these indices "follow the same trend": the claim is met by the baseline.

A claim is *met by a baseline* when a baseline holds at least as many of its checks as the
claim's own index does (K-finding), or when most pairs pass (trend). The verdict stands; the
mark is beside it, and the overall sentence counts such claims apart.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Mapping, Sequence

from clustval.indices.registry import get_index

from ...data.synthetic import set_rng
from .correlation import correlation

FIXED, SMALLEST, LARGEST, RANDOM = "always K = {k}", "smallest K", "largest K", "random K"


def k_baselines(ks: Sequence[int], datasets: Sequence[str], fixed_k: int, seed: int) -> dict[str, dict[str, int]]:
    """Each baseline's answer on each set: ``{baseline: {dataset: K}}`` over the range ``ks``.

    Examples
    --------
    >>> found = k_baselines([2, 3, 4], ["a", "b"], 2, 0)
    >>> found["always K = 2"], found["smallest K"], found["largest K"]
    ({'a': 2, 'b': 2}, {'a': 2, 'b': 2}, {'a': 4, 'b': 4})
    >>> all(k in (2, 3, 4) for k in found["random K"].values())
    True
    """
    ks = sorted(ks)
    return {
        FIXED.format(k=fixed_k): {d: fixed_k for d in datasets},
        SMALLEST: {d: ks[0] for d in datasets},
        LARGEST: {d: ks[-1] for d in datasets},
        RANDOM: {d: int(ks[set_rng(seed, f"baseline:{d}").integers(len(ks))]) for d in datasets},
    }


def k_baseline_detail(ks: Sequence[int], truth: Mapping[str, int], hits: int, fixed_k: int, seed: int) -> dict:
    """The K-finding baselines beside an index that finds ``hits`` of the sets' true K
    (``truth``: set -> true K): each baseline's hits, the expected hits of a random K, whether
    one does as well, and a sentence.

    Examples
    --------
    >>> found = k_baseline_detail([2, 3, 4, 5], {"a": 2, "b": 2, "c": 3}, 1, 2, 0)
    >>> found["hits"]["always K = 2"], found["met"], found["expected_random"]
    (2, True, 0.75)
    """
    answers = k_baselines(ks, list(truth), fixed_k, seed)
    hits_by = {name: sum(answer[d] == k for d, k in truth.items()) for name, answer in answers.items()}
    expected = len(truth) / len(ks)
    met = [name for name, n in hits_by.items() if n >= hits]
    n = len(truth)
    text = (f"baselines find the true K on: " + ", ".join(f"{name} {h}/{n}" for name, h in hits_by.items())
            + f" (a random K expects {expected:.2g}/{n}); the index finds {hits}/{n}")
    text += (f": met by {', '.join(met)}" if met else ": no baseline does as well")
    return {"kind": "k", "hits": hits_by, "expected_random": expected, "index_hits": hits, "met": bool(met),
            "met_by": met, "text": text, "answers": answers}


def pair_baseline_detail(values: Mapping[str, Mapping[str, float]], panels: Sequence[Sequence[str]],
                         indices: Sequence[str], measure: str, threshold: float, pair_share: float) -> dict:
    """The trend baseline: every pair of ``indices`` correlated across each panel's sets with
    ``measure``; how many pass ``threshold``, their median, and whether at least ``pair_share``
    of them pass (the claim is then met by the baseline).

    Examples
    --------
    >>> values = {d: {"s2": v, "ari": v, "rand": -v} for d, v in zip("pqr", (1.0, 2.0, 3.0))}
    >>> found = pair_baseline_detail(values, [list("pqr")], ["s2", "ari", "rand"], "spearman", 0.7, 0.5)
    >>> found["passing"], found["pairs"], found["met"]
    (1, 3, False)
    """
    rs = []
    for datasets in panels:
        for a, b in itertools.combinations(indices, 2):
            rs.append(correlation([values[d][a] for d in datasets], [values[d][b] for d in datasets], measure))
    finite = [r for r in rs if r == r]
    passing = sum(r >= threshold for r in finite)
    median = statistics.median(finite) if finite else float("nan")
    lowest = min(finite) if finite else float("nan")
    met = bool(rs) and passing / len(rs) >= pair_share
    labels = ", ".join(get_index(name).label for name in indices)
    text = (f"baseline: {passing}/{len(rs)} pairs of the external indices ({labels}) pass the same threshold "
            f"over the same sets (median {measure} r {median:.2f}, min {lowest:.2f})"
            + (f": met, any two of them 'follow the same trend'" if met else ": not met"))
    return {"kind": "pairs", "passing": passing, "pairs": len(rs), "median": median,
            "min": lowest, "met": met, "text": text}
