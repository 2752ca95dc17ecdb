"""The study beyond the paper's sets, summed up over the battery: each index's best K and
whether it finds the reference K, the K-recovery shares with bootstrap intervals over sets, and
the share of sets on which each of the paper's statements holds.

Every rule is the replication report's, read once (config ``claims.readings``): a best value
tied at several K finds each of them under ``ties: shared`` and none under ``unique``
(:func:`clustval.repro.paper.claims.checks.finds`); the claims are the report's own checks
(:data:`clustval.repro.paper.claims.checks.CLAIMS`), run with the battery's sets in place of the
paper's and no exceptions; the K baselines are its ``always K = 2`` and ``random K``
(:func:`clustval.repro.paper.claims.baselines.k_baselines`). Intervals are percentile intervals
of the share over sets drawn again with replacement (a set's labellings drawn with it).

Every reference labelling counts. A statement about one set is checked on each of its
labellings (the reference clustering at that labelling's K, scored against it); a share *of
labellings* counts every such check, a share *of sets* weighs each set once, with the share of
its labellings on which the statement holds. A trend (C10-C14) is a correlation across the sets:
with every labelling as a point (labellings), and with each set as one point, its values the
mean over its labellings (sets); its null permutes each index's values across the sets.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from clustval.errors import InputError
from clustval.indices.registry import get_index
from clustval.selection.select import Vote

from ..data.synthetic import set_rng
from ..paper.claims import conditions as K
from ..paper.claims.baselines import RANDOM, k_baselines
from ..paper.claims.checks import CLAIMS, finds
from ..paper.claims.correlation import correlation
from ..paper.claims.settings import ClaimSettings
from ..paper.claims.trends import TRENDS
from ..paper.scores import Score, ScoreTable
from ..verified import read_verified_csv

__all__ = ["VOTE", "best_k_rows", "claim_rows", "labelling_unit", "paper_shares", "read_table", "recovery_rows",
           "set_rows"]

VOTE = "vote"  # the majority of the indices' votes, NbClust's rule (clustval.selection.select.Vote)
ALL = "all"  # the battery column's value for every battery together


def labelling_unit(name: str, labelling: int) -> str:
    """The name under which the claims see one reference labelling of a set: the set's name
    and the labelling's number (the suite's ``labels<i>``).

    >>> labelling_unit("sipu/r15", 2)
    'sipu/r15#2'
    """
    return f"{name}#{labelling}"


def within_one(ks: Sequence[int], expected: int, ties: str) -> bool:
    """Whether a best K (tied at ``ks``) lies within 1 of ``expected``, under the tie rule of
    :func:`~clustval.repro.paper.claims.checks.finds`.

    Examples
    --------
    >>> within_one((4,), 3, "shared"), within_one((5, 6), 3, "shared"), within_one((2, 3), 3, "unique")
    (True, False, False)
    """
    near = [k for k in ks if abs(k - expected) <= 1]
    return bool(near) if ties == "shared" else len(ks) == 1 and bool(near)


def _best(index: str, ks: Sequence[int], values: Sequence[float]) -> tuple[int, ...]:
    """The index's best K by its own rule, as select_k reads it; none when it has no finite
    value or too few K for its second difference."""
    try:
        return get_index(index).best_ks(list(ks), list(values))[0]
    except InputError:
        return ()


def best_k_rows(rows: Sequence[Mapping], sets: Mapping[str, Mapping], ks: Sequence[int], k_algorithms: Sequence[str],
                correlation_index: str, ties: str) -> list[dict]:
    """One row per (set, labelling, K-sweep algorithm, index, and the vote): the index's best K
    over ``ks``, the labelling's reference K, whether it is found exactly and within 1, and the
    Spearman correlation of the index (turned so that higher is better) with
    ``correlation_index`` over the sweep. ``rows``: the tidy score rows of every set."""
    values: dict = defaultdict(dict)  # (set, labelling, algorithm, index) -> {k: value}
    for row in rows:
        if row["algorithm"] in k_algorithms:
            values[(row["dataset"], str(row["labelling"]), row["algorithm"], row["index"])][int(row["k"])] = float(row["value"])
    out = []
    for name, entry in sets.items():
        for algorithm in k_algorithms:
            internal = sorted({key[3] for key in values if key[:3] == (name, "", algorithm)})
            best = {index: _best(index, ks, [values[(name, "", algorithm, index)].get(k, math.nan) for k in ks])
                    for index in internal}
            best[VOTE] = Vote.count(ks, best).majority
            for labelling, reference in enumerate(entry["k"]):
                external = values.get((name, str(labelling), algorithm, correlation_index), {})
                for index, found in best.items():
                    r = math.nan
                    if index != VOTE:
                        sign = -1.0 if get_index(index).direction == "lower" else 1.0
                        series = values[(name, "", algorithm, index)]
                        pairs = [(sign * series[k], external[k]) for k in ks if k in series and k in external
                                 and math.isfinite(series[k]) and math.isfinite(external[k])]
                        if len(pairs) >= 3:
                            r = correlation(*zip(*pairs), "spearman")
                    out.append({
                        "dataset": name, "battery": name.split("/")[0], "labelling": labelling,
                        "algorithm": algorithm, "index": index, "reference_k": reference,
                        "in_range": ks[0] <= reference <= ks[-1],
                        "best_k": " ".join(map(str, found)),
                        "exact": finds(found, reference, ties), "within_1": within_one(found, reference, ties),
                        "spearman": r,
                    })
    return out


def _draws(n_sets: int, replicates: int, seed: int) -> np.ndarray:
    """The bootstrap's resamples of the sets: ``replicates`` rows of ``n_sets`` positions."""
    return set_rng(seed, "generalisation:bootstrap").integers(n_sets, size=(replicates, n_sets))


def _interval(hits: np.ndarray, counts: np.ndarray, draws: np.ndarray, level: float) -> tuple[float, float, float]:
    """The share sum(hits) / sum(counts) over sets, and its percentile interval over ``draws``."""
    share = hits.sum() / counts.sum()
    boot = hits[draws].sum(axis=1) / np.maximum(counts[draws].sum(axis=1), 1)
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(boot, [tail, 100 - tail])
    return float(share), float(low), float(high)


def recovery_rows(best: Sequence[Mapping], bootstrap: Mapping, baselines: Mapping, ks: Sequence[int],
                  ties: str) -> list[dict]:
    """Per (battery or all, algorithm, unit, index): how many sets (``n_sets``) and labellings
    (``n``) count, the shares of exact and within-1 recovery with their intervals, the median
    Spearman correlation; the indices ranked by the exact share within each (battery,
    algorithm, unit). Units: ``labellings`` (every
    reference labelling one case) and ``sets`` (each set weighted once: the share of its
    labellings found, so a set of two labellings found on one counts a half). Only labellings
    whose reference K lies in the K range count, and a set with none of them is left out. The
    replication report's baselines (``always K = 2``, ``random K``) are rows of their own."""
    rows = [row for row in best if row["in_range"]]
    answered = k_baselines(ks, sorted({row["dataset"] for row in rows}), int(baselines["fixed_k"]),
                           int(baselines["seed"]))
    fixed = next(iter(answered))  # "always K = <fixed_k>"
    # a baseline's answer is one K per set, as a best K: one row per (set, labelling, algorithm)
    cases = list({(row["dataset"], row["labelling"], row["algorithm"]): row for row in rows}.values())
    for name in (fixed, RANDOM):
        for row in cases:
            found = (answered[name][row["dataset"]],)
            rows.append({**row, "index": name, "best_k": str(found[0]), "spearman": math.nan,
                         "exact": finds(found, row["reference_k"], ties),
                         "within_1": within_one(found, row["reference_k"], ties)})
    out = []
    for battery in [ALL, *sorted({row["battery"] for row in rows})]:
        part = [row for row in rows if battery in (ALL, row["battery"])]
        names = sorted({row["dataset"] for row in part})
        position = {name: i for i, name in enumerate(names)}
        draws = _draws(len(names), int(bootstrap["replicates"]), int(bootstrap["seed"]))
        for algorithm in sorted({row["algorithm"] for row in part}):
            for unit in ("sets", "labellings"):
                group = [row for row in part if row["algorithm"] == algorithm]
                ranked = []
                for index in dict.fromkeys(row["index"] for row in group):
                    mine = [row for row in group if row["index"] == index]
                    counts, exact, near = (np.zeros(len(names)) for _ in range(3))
                    for row in mine:
                        at = position[row["dataset"]]
                        counts[at] += 1
                        exact[at] += row["exact"]
                        near[at] += row["within_1"]
                    if unit == "sets":  # each set once: the share of its labellings
                        seen = counts > 0
                        exact, near = (np.where(seen, hits / np.maximum(counts, 1), 0.0) for hits in (exact, near))
                        weights = seen.astype(float)
                    else:
                        weights = counts
                    share, low, high = _interval(exact, weights, draws, bootstrap["level"])
                    share1, low1, high1 = _interval(near, weights, draws, bootstrap["level"])
                    rs = [row["spearman"] for row in mine if row["spearman"] == row["spearman"]]
                    ranked.append({
                        "battery": battery, "algorithm": algorithm, "unit": unit, "index": index,
                        "label": _label(index), "n_sets": int((counts > 0).sum()), "n": int(counts.sum()),
                        "exact": share, "exact_low": low, "exact_high": high,
                        "within_1": share1, "within_1_low": low1, "within_1_high": high1,
                        "median_spearman": float(np.median(rs)) if rs else math.nan,
                    })
                ranked.sort(key=lambda row: (-row["exact"], -row["within_1"], row["index"]))
                out += [{**row, "rank": i + 1} for i, row in enumerate(ranked)]
    return out


def _label(index: str) -> str:
    if index == VOTE:
        return "NbClust vote (majority)"
    try:
        return get_index(index).label
    except InputError:  # a baseline
        return index


def paper_shares(table: ScoreTable, params: Mapping, claims: Sequence[str]) -> dict[str, tuple[int, int]]:
    """Per claim, ``(holding, checks)`` on the paper's own sets: the replication report's checks
    on the main study's scores (``params``: its claim settings), the infeasible ones left out."""
    settings = ClaimSettings.from_params(params)
    shares = {}
    for claim in claims:
        judged = [check for check in CLAIMS[claim](table, settings).checks if not check.infeasible]
        shares[claim] = (sum(check.holds for check in judged), len(judged))
    return shares


def _claim_table(rows: Sequence[Mapping], sets: Mapping[str, Mapping], settings: ClaimSettings,
                 reference_algorithm: str, k_algorithm: str) -> tuple[ScoreTable, ScoreTable, dict]:
    """The scores the claims read, twice: one table with each reference labelling a set of its
    own (:func:`labelling_unit`: the reference clustering at its K scored against it, and the
    K sweep's internal indices), and one with each set once, its external values the mean over
    its labellings (what the trends read when a set is weighted once); and those means,
    ``{set: {index: value}}``."""
    wanted = set(settings.fig4_indices) | set(settings.fig5_indices) | {"ps2", "accuracy", "rand", "s2"}
    units, by_set = ScoreTable(), defaultdict(lambda: defaultdict(list))
    for row in rows:
        name, labelling, k = row["dataset"], str(row["labelling"]), int(row["k"])
        if row["algorithm"] == reference_algorithm and labelling != "" and row["index"] in wanted \
                and k == sets[name]["k"][int(labelling)]:
            units.add(Score(labelling_unit(name, int(labelling)), reference_algorithm, k, row["index"],
                            float(row["value"])))
            by_set[name][row["index"]].append(float(row["value"]))
        elif row["algorithm"] == k_algorithm and labelling == "" and row["index"] in settings.uci_k_indices:
            for i in range(len(sets[name]["k"])):
                units.add(Score(labelling_unit(name, i), k_algorithm, k, row["index"], float(row["value"])))
    means = {name: {index: float(np.mean(values)) for index, values in sorted(by_set[name].items())}
             for name in sets if name in by_set}
    whole = ScoreTable()
    for name, values in means.items():
        for index, value in values.items():
            whole.add(Score(name, reference_algorithm, sets[name]["k"][0], index, value))
    return units, whole, means


def _set_params(params: Mapping, sets: Mapping[str, Mapping]) -> dict:
    """The claims' settings with each set once in place of each labelling (the trends' sets)."""
    names = list(sets)
    return {**params, "synthetic": names, "uci": names, "names": {name: name for name in names},
            "labels": {name: name for name in names},
            "class_sizes": {name: params["class_sizes"][labelling_unit(name, 0)] for name in names}}


def _holding(checks, values) -> float:
    """The share of ``checks`` whose condition holds on ``values``."""
    return sum(K.evaluate(check.condition, values)[1] for check in checks) / len(checks)


def trend_null(checks, means: Mapping[str, Mapping[str, float]], draws: np.ndarray, level: float,
               permutation: Mapping) -> dict:
    """A trend claim's checks (correlations across the sets) re-evaluated on resamples of the
    sets (``draws``: the share's percentile interval at ``level``) and on ``permutation``'s
    shuffles, each of which moves every index's values to other sets independently of the
    other indices, so that no index follows another: the mean share of checks holding under the
    shuffle (``null_share``) and the share of shuffles in which at least as many hold as on the
    sets (``null_p``, counting the sets' own order as one shuffle).

    Examples
    --------
    >>> from clustval.repro.paper.claims.results import Check
    >>> names = "abcdefghijkl"
    >>> means = {name: {"a": v, "b": v} for name, v in zip(names, range(12))}
    >>> r = lambda values: np.corrcoef([values[d]["a"] for d in names], [values[d]["b"] for d in names])[0, 1]
    >>> check = Check("a ~ b", "", True, condition=K.at_least(r, lambda values: 0.7, 0.0))
    >>> found = trend_null([check], means, _draws(12, 50, 1), 0.9, {"replicates": 200, "seed": 3})
    >>> found["share"], found["null_share"] < 0.2, found["null_p"] < 0.05
    (1.0, True, True)
    """
    names = list(means)
    indices = sorted({index for values in means.values() for index in values})
    share = _holding(checks, means)
    boot = [_holding(checks, {names[j]: means[names[at]] for j, at in enumerate(draw)}) for draw in draws]
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(boot, [tail, 100 - tail])
    rng = set_rng(int(permutation["seed"]), "generalisation:permutation")
    null = []
    for _ in range(int(permutation["replicates"])):
        order = {index: rng.permutation(len(names)) for index in indices}
        null.append(_holding(checks, {name: {index: means[names[order[index][j]]][index] for index in indices
                                             if index in means[names[order[index][j]]]}
                                      for j, name in enumerate(names)}))
    null = np.array(null)
    return {"share": share, "share_low": float(low), "share_high": float(high),
            "null_share": float(null.mean()), "null_p": float((1 + (null >= share).sum()) / (1 + len(null)))}


def trend_labelling_interval(claim: str, units: ScoreTable, settings: ClaimSettings,
                             labellings: Mapping[str, Sequence[str]], draws: np.ndarray,
                             level: float) -> tuple[float, float]:
    """The percentile interval at ``level`` of a trend claim's share of labellings (its checks
    with every labelling a point, on ``units``), over ``draws``: resamples of the sets, each
    drawn set bringing all its labellings (``labellings``: set -> its units), since the sets
    are what is drawn independently and a set's labellings share its data. A resample holds
    as many labellings as its sets have, each drawn copy a point of its own: the claim's checks
    are made once for each number of points (on the first resample of that size) and
    re-evaluated on every resample of it, as :func:`trend_null` re-evaluates its checks."""
    algorithm = settings.external_algorithm
    values: dict[str, dict[str, float]] = defaultdict(dict)
    ks: dict[str, int] = {}
    for dataset, alg, k, index, value in units.records():
        if alg == algorithm:
            values[dataset][index], ks[dataset] = value, k
    names = list(labellings)
    made: dict[int, tuple[list[str], list]] = {}
    shares = []
    for draw in draws:
        drawn = [unit for at in draw for unit in labellings[names[at]]]
        if len(drawn) not in made:
            points = [f"resample#{i}" for i in range(len(drawn))]
            table = ScoreTable((None, Score(point, algorithm, ks[unit], index, value))
                               for point, unit in zip(points, drawn) for index, value in values[unit].items())
            resampled = replace(settings, synthetic=tuple(points), uci=tuple(points),
                                names={point: point for point in points}, labels={point: point for point in points},
                                class_sizes={point: settings.class_sizes[unit] for point, unit in zip(points, drawn)})
            checks = {check.subject: check for check in CLAIMS[claim](table, resampled).checks}
            made[len(drawn)] = points, [check for check in checks.values() if not check.infeasible]
        points, checks = made[len(drawn)]
        shares.append(_holding(checks, dict(zip(points, (values[unit] for unit in drawn)))) if checks else math.nan)
    tail = (1 - level) / 2 * 100
    low, high = np.nanpercentile(shares, [tail, 100 - tail])
    return float(low), float(high)


def claim_rows(rows: Sequence[Mapping], sets: Mapping[str, Mapping], claims: Sequence[str], params: Mapping,
               reference_algorithm: str, k_algorithm: str, bootstrap: Mapping, permutation: Mapping,
               paper: Mapping[str, tuple[int, int]]) -> list[dict]:
    """Per statement of the paper, on every reference labelling of the battery's sets (the
    reference algorithm at each labelling's K, STDI over the K sweep of ``k_algorithm``;
    ``params``: the claims' settings with each labelling a set, :func:`labelling_unit`):

    - a statement about one set: ``checks`` and ``holding`` count the labellings' checks (the
      checks the definitions make impossible apart); ``labelling_share`` is their share and
      ``share`` the share of sets, each set weighted once with the share of its labellings on
      which it holds; both with intervals over the sets;
    - a trend (C10-C14): ``checks`` and ``holding`` count its checks with every labelling a point
      (``labelling_share``, its interval over the same resamples of the sets, each drawn set with
      all its labellings: :func:`trend_labelling_interval`); ``share`` is the share of its checks
      that hold with each set one point (its values the mean over its labellings), with its
      interval over the sets and its permutation null (:func:`trend_null`);

    beside the replication report's baseline where it has one (C15: always K = 2 and a random
    K, ``baseline_share`` over sets as ``share`` is; a trend: the pairs of external indices that
    pass the same threshold over the sets) and the share on the paper's own sets (``paper``:
    :func:`paper_shares`)."""
    settings = ClaimSettings.from_params(params)
    units, whole, means = _claim_table(rows, sets, settings, reference_algorithm, k_algorithm)
    per_set_settings = ClaimSettings.from_params(_set_params(params, sets))
    names = list(sets)
    labellings = {name: [labelling_unit(name, i) for i in range(len(sets[name]["k"]))] for name in names}
    owner = {unit: name for name, units_of in labellings.items() for unit in units_of}
    position = {name: i for i, name in enumerate(names)}
    draws = _draws(len(names), int(bootstrap["replicates"]), int(bootstrap["seed"]))
    level = bootstrap["level"]
    out = []
    for claim in claims:
        result = CLAIMS[claim](units, settings)
        # the battery is both the paper's panels here: a check made on each is counted once
        unique = list({check.subject: check for check in result.checks}.values())
        judged = [check for check in unique if not check.infeasible]
        row = {"claim": claim, "source": result.source, "statement": on_the_battery(result.statement),
               "verdict_on_battery": result.verdict, "sets": len(names), "checks": len(judged),
               "holding": sum(check.holds for check in judged), "infeasible": len(unique) - len(judged),
               "share": math.nan, "share_low": math.nan, "share_high": math.nan,
               "labelling_share": sum(check.holds for check in judged) / len(judged) if judged else math.nan,
               "labelling_low": math.nan, "labelling_high": math.nan,
               "baseline": "", "baseline_share": math.nan, "null_share": math.nan, "null_p": math.nan,
               "paper_holding": paper[claim][0], "paper_checks": paper[claim][1],
               "paper_share": paper[claim][0] / paper[claim][1] if paper[claim][1] else math.nan}
        baseline = result.detail.get("baseline") if result.detail else None
        if claim in TRENDS:
            whole_result = CLAIMS[claim](whole, per_set_settings)
            trend = [check for check in {c.subject: c for c in whole_result.checks}.values() if not check.infeasible]
            if trend:
                row.update(trend_null(trend, means, draws, level, permutation))
            if judged:
                row["labelling_low"], row["labelling_high"] = trend_labelling_interval(
                    claim, units, settings, labellings, draws, level)
            baseline = whole_result.detail.get("baseline") if whole_result.detail else None
        else:
            hits, counts = np.zeros(len(names)), np.zeros(len(names))
            for check in judged:
                unit = _set_of(check.subject, owner)
                if unit is not None:
                    hits[position[owner[unit]]] += check.holds
                    counts[position[owner[unit]]] += 1
            if counts.sum():
                seen = counts > 0
                row["sets"] = int(seen.sum())
                row["labelling_share"], row["labelling_low"], row["labelling_high"] = \
                    _interval(hits, counts, draws, level)
                row["share"], row["share_low"], row["share_high"] = \
                    _interval(np.where(seen, hits / np.maximum(counts, 1), 0.0), seen.astype(float), draws, level)
        if baseline and baseline.get("kind") == "k":
            hits = baseline["hits"]
            best = max(hits, key=hits.get)
            row["baseline"] = f"{best}: {hits[best]}/{len(judged)} labellings; " + \
                ", ".join(f"{k} {v}" for k, v in hits.items())
            span = units.series(judged[0].subject, "stdi", k_algorithm)[0]
            row["baseline_share"] = _k_baseline_share(judged, owner, best, span, settings)
        elif baseline and baseline.get("kind") == "pairs":
            row["baseline"] = baseline["text"]
            row["baseline_share"] = baseline["passing"] / max(baseline["pairs"], 1)
        out.append(row)
    return out


def _k_baseline_share(checks, owner: Mapping[str, str], baseline: str, ks: Sequence[int],
                      settings: ClaimSettings) -> float:
    """A K baseline's share of sets (each weighted once, as the claim's share is) on the
    labellings of ``checks`` (C15's: one per labelling, its true K in ``numbers``), each answered
    as the replication report's baseline answers it over ``ks``."""
    answers = k_baselines(ks, [check.subject for check in checks], int(settings.baselines["fixed_k"]),
                          int(settings.baselines["seed"]))[baseline]
    found = defaultdict(list)
    for check in checks:
        found[owner[check.subject]].append(answers[check.subject] == check.numbers["true_k"])
    return float(np.mean([np.mean(hits) for hits in found.values()])) if found else math.nan


def _set_of(subject: str, position: Mapping[str, int]) -> str | None:
    """The set a check is about: its subject, or the longest set name its subject holds
    (a check per figure and set names both)."""
    if subject in position:
        return subject
    found = [name for name in position if name in subject.split()]
    return max(found, key=len) if found else None


def on_the_battery(statement: str) -> str:
    """A statement of the paper as the battery checks it: its named exceptions dropped (the
    battery has none) and its panel's sets ("the synthetic sets", "the UCI sets") the battery's.

    Examples
    --------
    >>> on_the_battery("On the synthetic sets except none, S2 >= Accuracy; on none, S2 is below both.")
    "On the battery's sets, S2 >= Accuracy."
    >>> on_the_battery("STDI finds the true number of clusters of a data set (checked on the UCI sets).")
    'STDI finds the true number of clusters of a data set.'
    """
    statement = re.sub(r";? (?:on|On) none,[^;.]*", "", statement)
    statement = re.sub(r" except (?:on )?none(?: \([^)]*\))?", "", statement)
    statement = re.sub(r" \(checked on the UCI sets\)", "", statement)
    return re.sub(r"the (?:synthetic|UCI) sets", "the battery's sets", statement)


def read_table(path) -> list[dict]:
    """A table the summary wrote (a plain CSV, checked against the results manifest), its
    cells typed back: true/false, int, float, text."""
    def typed(text: str):
        if text in ("true", "false"):
            return text == "true"
        for kind in (int, float):
            try:
                return kind(text)
            except ValueError:
                pass
        return text

    return [{key: typed(value) for key, value in row.items()} for row in read_verified_csv(path)]


def set_rows(sets: Mapping[str, Mapping], ks: Sequence[int]) -> list[dict]:
    """Each set of the run: its battery, n, the reference K of each labelling, how many of its
    labellings have their K in the K range, and whether any has (else the set is left out of
    the K-recovery shares)."""
    out = []
    for name, entry in sets.items():
        inside = sum(ks[0] <= k <= ks[-1] for k in entry["k"])
        out.append({"dataset": name, "battery": name.split("/")[0], "n": entry["n"],
                    "reference_k": " ".join(map(str, entry["k"])), "labellings": len(entry["k"]),
                    "labellings_in_k_range": inside, "in_k_range": inside > 0})
    return out
