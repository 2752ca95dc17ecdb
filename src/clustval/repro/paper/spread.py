"""The spread behind every verdict: over the generator's seeds, and over the objects.

Two questions a count of checks cannot answer, each answered in ``results/spread.csv``:

- **Over the generator seeds** (the synthetic sets are reconstructions): each set's index values
  and each check's margin, as mean, sd (n - 1 divisor), min and max over the seeds of the seed
  sweep, and how many seeds the check holds in (:func:`seed_rows`).
- **Over the objects**: the clustering of the run held fixed, its objects drawn again with
  replacement (a nonparametric bootstrap; Efron & Tibshirani 1993, ch. 6). Every external index
  is a function of the contingency table (eqs. (1)-(8)), and drawing n objects with replacement
  draws the table from the multinomial of its cell shares, so each replicate is one multinomial
  table (:func:`bootstrap_values`), seeded per set. Each check's condition is evaluated on every
  replicate (:func:`attach_noise`): the margin's percentile interval at the configured level, and
  a word: *holds* when the check holds in at least (1 + level)/2 of the replicates, *fails* when
  in at most (1 - level)/2, otherwise *within noise*. For one comparison this is its interval
  lying on one side of the boundary where the check flips.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from clustval.bootstrap import table_resamples
from clustval.errors import InputError
from clustval.indices.contingency import contingency
from clustval.indices.registry import options_of

from ..data.synthetic import set_rng
from ..verified import read_verified_csv
from .claims.results import FAILS, HOLDS, WITHIN_NOISE, ClaimResult
from .scores import ScoreTable

SPREAD_COLUMNS = ("kind", "claim", "subject", "quantity", "value", "n", "mean", "sd", "min", "max",
                  "low", "high", "level", "share_holding", "word")


# ====================================================================== bootstrap over objects
def bootstrap_values(labels_true, labels_pred, indices: Sequence[str], n_boot: int, rng: np.random.Generator,
                     options: Mapping | None = None) -> np.ndarray:
    """``indices`` on ``n_boot`` bootstrap replicates of the objects: an array (n_boot, len(indices)).

    A replicate draws n objects with replacement: its contingency table is a multinomial draw
    of n over the cells' shares. A class or cluster no object of the replicate falls in is
    absent from it, as it would be from its labels.

    Examples
    --------
    >>> values = bootstrap_values([0] * 5 + [1] * 5, [0] * 5 + [1] * 5, ["accuracy"], 3, np.random.default_rng(0))
    >>> values.tolist()  # a perfect clustering stays perfect however its objects are drawn
    [[1.0], [1.0], [1.0]]
    """
    table = np.asarray(contingency(labels_true, labels_pred).table)
    return bootstrap_table_values(table, indices, n_boot, rng, options)


def bootstrap_table_values(table, indices: Sequence[str], n_boot: int, rng: np.random.Generator,
                           options: Mapping | None = None) -> np.ndarray:
    """As :func:`bootstrap_values`, from the contingency table (rows classes, columns clusters):
    :func:`clustval.bootstrap.table_resamples` with the external indices' options of
    ``options`` (the run's index options)."""
    external = {name: value for name, value in (options or {}).items() if name in options_of("external")}
    return table_resamples(table, indices, n_boot, rng, **external)


def replicate_rows(dataset: str, indices: Sequence[str], values: np.ndarray) -> list[dict]:
    """The rows of ``results/bootstrap/replicates.csv`` for one set: replicate, then each index."""
    return [{"dataset": dataset, "replicate": b, **dict(zip(indices, map(float, row)))}
            for b, row in enumerate(values)]


def dataset_rng(seed: int, dataset: str) -> np.random.Generator:
    """The bootstrap stream of one set: a child of the configured seed named by the set."""
    return set_rng(seed, f"bootstrap:{dataset}")


def read_replicates(path) -> dict[str, list[dict[str, float]]]:
    """``{dataset: [ {index: value} per replicate ]}`` from a replicates file."""
    found: dict[str, list[dict[str, float]]] = {}
    for row in read_verified_csv(path):
        dataset = row.pop("dataset")
        row.pop("replicate")
        found.setdefault(dataset, []).append({name: float(value) for name, value in row.items()})
    return found


def attach_noise(results: Sequence[ClaimResult], replicates: Mapping[str, Sequence[Mapping[str, float]]],
                 level: float, field: str = "noise") -> list[ClaimResult]:
    """Each check's bootstrap interval and word (holds, fails, within noise), for every check with
    a condition whose sets the replicates cover; the others are left as they are. ``field``:
    ``noise`` (the clustering held fixed) or ``recluster`` (each resample clustered again)."""
    if not 0 < level < 1:
        raise InputError(f"the bootstrap level {level} must lie in (0, 1)")
    counts = {len(rows) for rows in replicates.values()}
    if len(counts) > 1:
        raise InputError("every set needs the same number of bootstrap replicates")
    n_boot = counts.pop() if counts else 0
    per_replicate = [{dataset: rows[b] for dataset, rows in replicates.items()} for b in range(n_boot)]
    out = []
    for result in results:
        checks = []
        for check in result.checks:
            noise = {}
            if check.condition is not None and n_boot and not check.infeasible:
                try:
                    found = [check.condition(values) for values in per_replicate]
                except KeyError:  # a set or index the bootstrap did not draw
                    found = []
                if found:
                    noise = _noise([slack for slack, _ in found], [holds for _, holds in found], level)
            checks.append(replace(check, **{field: noise}) if noise else check)
        out.append(replace(result, checks=tuple(checks)))
    return out


def _noise(slacks: Sequence[float], holds: Sequence[bool], level: float) -> dict:
    slacks = np.asarray(slacks, dtype=float)
    slacks = slacks[~np.isnan(slacks)]  # a replicate where the check is undefined (a constant trend) fails it
    low, high = (np.quantile(slacks, [(1 - level) / 2, (1 + level) / 2]) if slacks.size
                 else (math.nan, math.nan))
    share = sum(holds) / len(holds)
    if share >= (1 + level) / 2:
        word = HOLDS
    elif share <= (1 - level) / 2:
        word = FAILS
    else:
        word = WITHIN_NOISE
    return {"word": word, "low": float(low), "high": float(high), "share_holding": share,
            "level": 100 * level, "replicates": len(holds)}


def bootstrap_rows(results: Sequence[ClaimResult]) -> list[dict]:
    """One row of ``spread.csv`` per check and bootstrap that reached it (kind ``bootstrap``: the
    clustering held fixed; ``recluster``: each resample clustered again): its margin, interval
    and word."""
    rows = []
    for result in results:
        for check in result.checks:
            for kind, noise in (("bootstrap", check.noise), ("recluster", check.recluster)):
                if not noise:
                    continue
                rows.append(_row(kind=kind, claim=result.id, subject=check.subject, quantity="margin",
                                 value=check.slack, n=noise["replicates"], low=noise["low"], high=noise["high"],
                                 level=noise["level"], share_holding=noise["share_holding"], word=noise["word"]))
    return rows


# ====================================================================== over the seeds
def seed_rows(main: ScoreTable, seeds: ScoreTable, indices: Sequence[str], algorithm: str,
              seed_results: Mapping[object, Sequence[ClaimResult]] = {},
              main_results: Sequence[ClaimResult] = ()) -> list[dict]:
    """Per set and index: the run's value beside mean, sd, min and max over the seeds; per
    check re-checked at every seed (``seed_results[seed]``): its margin likewise, and how many
    seeds it holds in."""
    rows = []
    groups = seeds.groups()
    for dataset in sorted({d for g in groups for d in seeds.for_group(g).datasets()}):
        for name in indices:
            found = [_lookup(seeds.for_group(g), dataset, name) for g in groups]
            found = [v for v in found if v is not None]
            if not found:
                continue
            rows.append(_row(kind="seeds", subject=dataset, quantity=name,
                             value=_lookup(main, dataset, name, algorithm), **_stats(found)))
    main_checks = {(r.id, c.subject): c for r in main_results for c in r.checks}
    margins: dict[tuple[str, str], list] = {}
    for results in seed_results.values():
        for result in results:
            for check in result.checks:
                if check.slack is not None:
                    margins.setdefault((result.id, check.subject), []).append((check.slack, check.holds))
    for (claim, subject), found in margins.items():
        main_check = main_checks.get((claim, subject))
        n_hold = sum(holds for _, holds in found)
        rows.append(_row(kind="seeds", claim=claim, subject=subject, quantity="margin",
                         value=main_check.slack if main_check else None, **_stats([s for s, _ in found]),
                         share_holding=n_hold / len(found), word=f"holds in {n_hold}/{len(found)} seeds"))
    return rows


def _lookup(table: ScoreTable, dataset: str, index: str, algorithm: str | None = None) -> float | None:
    algorithms = [algorithm] if algorithm else table.algorithms()
    for name in algorithms:
        try:
            return table.value(dataset, index, name)
        except InputError:
            continue
    return None


def _stats(values: Sequence[float]) -> dict:
    values = [float(v) for v in values]
    return {"n": len(values), "mean": statistics.fmean(values),
            "sd": statistics.stdev(values) if len(values) > 1 else math.nan,
            "min": min(values), "max": max(values)}


def _row(**given) -> dict:
    return {column: given.get(column) for column in SPREAD_COLUMNS} | {"kind": given["kind"]}
