"""Significance of external indices: how surprising is a clustering's agreement with the classes
under a random model?

:func:`significance` gives the one-sided p-value of one or several external indices under a
random model of :mod:`clustval.indices.chance` (Gates & Ahn 2017): exactly, by enumerating
every contingency table the model can draw with its probability, when there are few of them;
otherwise by seeded Monte Carlo, drawing random tables (never random labels: O(C K) memory a
table) and scoring every requested index on each draw.

The Monte Carlo p-value is ``(1 + #{draws at least as extreme}) / (1 + n_resamples)``
(Davison & Hinkley 1997, sec. 4.2; North, Curtis & Sham 2002): the observed clustering counts
as one draw of the null, so p > 0 and ``P(p <= alpha) <= alpha`` under the null. The exact
p-value is ``P(index >= observed)`` under the model ("<=" for an index where lower is
better).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ._engine.validation import check_draws, check_seed
from .errors import InputError, UndefinedIndexError, shown
from .indices._docs import SEED, described
from .indices.chance import ONE_SIDED, RANDOM_MODEL_PARAMETERS, _check_fixed, _check_model
from .indices.contingency import Contingency, contingency
from .indices.registry import get_index, requested

__all__ = ["Significance", "significance"]

# Two index values this close (relative) are ties: a draw whose table is the observed one
# with its rows or columns reordered may differ from it in the last bits, and must count.
_TIE_RTOL = 1e-10
# With the margins fixed (perm, perm1) E[MI] and the entropies are the same for every draw, so
# the AMI is an increasing function of MI: its draws are ranked by MI, sparing an E[MI] a draw
_RANKED_BY_WITH_MARGINS = {"ami": "mutual_info"}
# Monte Carlo of num/num1 rejects tables with an empty line: it gives up after this many
# draws per accepted table (a model whose tables are almost never surjective: K close to n).
_MAX_REJECTION = 1000


@dataclass(frozen=True)
class Significance:
    """What :func:`significance` found.

    Attributes
    ----------
    p_values : dict of str to float
        The one-sided p-value of each index, by registry name.
    observed : dict of str to float
        Each index's value on the given labels.
    model : str
        The random model (:data:`clustval.indices.chance.MODELS`).
    exact : bool
        True: the p-values are exact probabilities (every table enumerated); False: Monte Carlo.
    n_resamples : int
        The number of random tables drawn (0 when exact); the number of tables enumerated is
        ``n_tables``.
    n_tables : int
        The tables the p-values read (enumerated, or drawn).
    seed : int or None
        The seed of the draws (the entropy numpy's ``SeedSequence`` drew when none was given,
        so that every result can be reproduced); None when a ``Generator`` was given.

    Examples
    --------
    >>> r = significance("ari", [0, 0, 1, 1], [0, 0, 1, 1])
    >>> r.p_values["ari"], r.exact  # 2 of the 6 arrangements of the clusters give the classes
    (0.3333333333333333, True)
    """

    p_values: dict[str, float]
    observed: dict[str, float]
    model: str
    exact: bool
    n_resamples: int
    n_tables: int
    seed: int | None


def _light_table(table: np.ndarray, like: Contingency) -> Contingency:
    """A Contingency of a table known to be valid (drawn or enumerated: no empty line), with
    the labels of ``like`` where its shape is the same (under ``perm`` its rows and columns
    are the observed classes and clusters: S2's identity matching reads the labels)."""
    C, K = table.shape
    same = (C, K) == like.shape
    return Contingency._counted(table, like.classes if same else np.arange(C),
                                like.clusters if same else np.arange(K), int(table.sum()),
                                table.sum(axis=1), table.sum(axis=0))  # fmt: skip


def _drop_empty(table: np.ndarray) -> np.ndarray:
    return table[table.any(axis=1)][:, table.any(axis=0)]


def _scores(specs, table: np.ndarray, like: Contingency, options) -> np.ndarray:
    """Every index on one table (one Contingency: what they share is computed once); NaN
    where an index is undefined on it."""
    ct = _light_table(np.ascontiguousarray(table), like)
    values = np.empty(len(specs))
    for k, spec in enumerate(specs):
        try:
            values[k] = spec.compute(ct, options)
        except UndefinedIndexError:
            values[k] = np.nan
    return values


def _extreme(values: np.ndarray, observed: np.ndarray, lower: np.ndarray) -> np.ndarray:
    """Whether each draw's value is at least as extreme as the observed (NaN: counted, so that
    an index undefined on some draws can only make its p-value larger)."""
    tol = _TIE_RTOL * np.maximum(1.0, np.abs(observed))
    higher = values >= observed - tol
    low = values <= observed + tol
    return np.where(np.isnan(values), True, np.where(lower, low, higher))


# --------------------------------------------------------------------------------------
# Exact enumeration
# --------------------------------------------------------------------------------------


def _compositions(total: int, parts: int):
    """Every way to write ``total`` as ``parts`` non-negative integers (ordered)."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def _tables_with_margins(a, b):
    """Every table with row sums ``a`` and column sums ``b``."""
    C = len(a)

    def rows(i, left):
        if i == C - 1:
            yield (tuple(left),)
            return
        for row in _bounded_compositions(a[i], left):
            rest = tuple(x - y for x, y in zip(left, row))
            for tail in rows(i + 1, rest):
                yield (row, *tail)

    yield from rows(0, tuple(b))


def _bounded_compositions(total: int, caps):
    if len(caps) == 1:
        if total <= caps[0]:
            yield (total,)
        return
    rest_cap = sum(caps[1:])
    for first in range(max(0, total - rest_cap), min(total, caps[0]) + 1):
        for rest in _bounded_compositions(total - first, caps[1:]):
            yield (first, *rest)


def _row_weight(row) -> int:
    """Labellings of a row's objects giving these counts: a_i! / prod_j n_ij!."""
    weight = math.factorial(sum(row))
    for x in row:
        weight //= math.factorial(x)
    return weight


def _count_tables(ct: Contingency, model: str) -> int:
    """How many tables the enumeration of ``model`` visits."""
    a, b = ct.row_sums.tolist(), ct.col_sums.tolist()
    if model.startswith("perm"):
        # at most the product over rows of their compositions bounded by the columns
        return math.prod(math.comb(x + len(b) - 1, len(b) - 1) for x in a[:-1])
    ks = [ct.n_clusters] if model == "num1" else range(1, ct.n + 1)
    return sum(math.prod(math.comb(x + k - 1, k - 1) for x in a) for k in ks)


def _enumerated(ct: Contingency, model: str):
    """(table, weight) for every table of the model, weights proportional to probabilities
    (exact integers or fractions). ``perm``: margins fixed, weight prod_i a_i! / prod_ij
    n_ij! (the labellings of the clustering giving it); ``num1``: K labelled columns, none
    empty (the surjective labellings: K! of them a partition); ``all1``: every k, weight / k!."""
    a, b = ct.row_sums.tolist(), ct.col_sums.tolist()
    if model.startswith("perm"):
        for table in _tables_with_margins(a, b):
            yield np.array(table, dtype=np.int64), math.prod(_row_weight(r) for r in table)
        return
    ks = [ct.n_clusters] if model == "num1" else range(1, ct.n + 1)
    for k in ks:
        per_row = [list(_compositions(x, k)) for x in a]
        for rows in _product(per_row):
            table = np.array(rows, dtype=np.int64)
            if not table.any(axis=0).all():
                continue
            weight = math.prod(_row_weight(r) for r in rows)
            yield table, (weight if model == "num1" else Fraction(weight, math.factorial(k)))


def _product(lists):
    if not lists:
        yield ()
        return
    for head in lists[0]:
        for tail in _product(lists[1:]):
            yield (head, *tail)


def _exact(specs, ct, drawn, swap, model, observed, lower, options):
    """Each index's exact p-value: the weight of the tables at least as extreme over the
    weight of all, both sums of Python integers (or fractions), which never overflow (a
    table's weight passes 2^63 from n = 21), so that every p is a probability, 0 < p <= 1.
    The tables are those of ``drawn`` (``swap``: the transposed table, each transposed back)."""
    hit = [0] * len(specs)
    total, count = 0, 0
    for table, weight in _enumerated(drawn, model):
        extreme = _extreme(_scores(specs, table.T if swap else table, ct, options), observed, lower)
        hit = [h + weight if x else h for h, x in zip(hit, extreme.tolist())]
        total += weight
        count += 1
    return [float(Fraction(h) / total) for h in hit], count


# --------------------------------------------------------------------------------------
# Monte Carlo: random tables under each model
# --------------------------------------------------------------------------------------


def _stam_blocks(n: int, rng: np.random.Generator, size: int) -> np.ndarray:
    """Numbers of urns M of Stam's (1983) uniform set partition: P(M = m) = m^n / (e m! B_n);
    throwing the n objects uniformly into M urns, the non-empty urns are a uniformly random
    partition of the n objects."""
    m = np.arange(1, n + 2, dtype=np.float64)  # beyond m = n + 1 the weights are < e^-n of the peak
    from scipy.special import gammaln

    log_w = n * np.log(m) - gammaln(m + 1)
    w = np.exp(log_w - log_w.max())
    return rng.choice(m.astype(np.int64), size=size, p=w / w.sum())


def _surjective(draw, size: int, what: str) -> np.ndarray:
    """``size`` tables from ``draw(count) -> (count, C, K)``, keeping those without an empty
    row or column (uniform labellings conditioned on using every label: uniform partitions)."""
    kept, drawn = [], 0
    while sum(t.shape[0] for t in kept) < size:
        need = size - sum(t.shape[0] for t in kept)
        batch = draw(max(need, 16))
        drawn += batch.shape[0]
        ok = batch.any(axis=2).all(axis=1) & batch.any(axis=1).all(axis=1)
        kept.append(batch[ok][:need])
        if drawn > _MAX_REJECTION * size and sum(t.shape[0] for t in kept) < size:
            raise InputError(f"model {what!r}: fewer than 1 in {_MAX_REJECTION} random labellings use every "
                             "label (blocks close to n); use exact enumeration or another model.")
    return np.concatenate(kept)


def _random_tables(ct: Contingency, model: str, size: int, rng: np.random.Generator):
    """``size`` random tables under ``model``: an array (size, C, K) where the shape is fixed,
    else a list of tables."""
    a, b, n = ct.row_sums, ct.col_sums, ct.n
    C, K = ct.shape
    if model.startswith("perm"):
        if C == 1 or K == 1:
            return np.broadcast_to(np.asarray(ct.table), (size, C, K))
        from scipy.stats import (
            random_table,  # Patefield (1981): O(C K) a table, margins fixed
        )

        return random_table(a, b).rvs(size=size, method="patefield", random_state=rng)
    if model == "num1":
        return _surjective(lambda m: np.stack([rng.multinomial(x, np.full(K, 1 / K), size=m) for x in a], axis=1),
                           size, model)  # fmt: skip
    if model == "num":
        return _surjective(lambda m: rng.multinomial(n, np.full(C * K, 1 / (C * K)), size=m).reshape(m, C, K),
                           size, model)  # fmt: skip
    if model == "all1":
        urns = _stam_blocks(n, rng, size)
        return [_drop_empty(rng.multinomial(a, np.full(m, 1 / m))) for m in urns]
    rows, cols = _stam_blocks(n, rng, size), _stam_blocks(n, rng, size)  # all
    return [_drop_empty(rng.multinomial(n, np.full(r * c, 1 / (r * c))).reshape(r, c)) for r, c in zip(rows, cols)]


# --------------------------------------------------------------------------------------
# The entry point
# --------------------------------------------------------------------------------------


@described("external", parameters={**RANDOM_MODEL_PARAMETERS, "seed": SEED})  # the seed drawn for None is in the result
def significance(index, labels_true, labels_pred, *, model: str = "perm", n_resamples: int = 999,
                 seed: int | None = None, max_exact_tables: int = 10_000, fixed: str = "labels_true",
                 **options) -> Significance:  # fmt: skip
    """One-sided p-values of external indices under a random model of the clustering.

    H0: the clustering is a random one under ``model`` (:data:`clustval.indices.chance.MODELS`;
    ``perm``: the labels permuted, both labellings' sizes fixed; ``num1``: a uniformly random
    partition into the clustering's K blocks; ``all1``: a uniformly random partition; ``num``
    and ``all``: the classes random too). The p-value is the probability under H0 that the
    index is at least as good as observed (>= for an index where higher is better, <= where
    lower is). Values within a relative 1e-10 of the observed are ties and count.

    When the model draws at most ``max_exact_tables`` tables (``perm``, ``perm1``, ``num1``,
    ``all1``) they are enumerated with their exact probabilities and the p-value is exact.
    Otherwise ``n_resamples`` random tables are drawn (``perm``: Patefield's algorithm,
    ``scipy.stats.random_table``, O(C K) a table whatever n; ``num``/``num1``: uniform
    labellings conditioned on every label used; ``all``/``all1``: Stam's urns) and the
    p-value is ``(1 + count) / (1 + n_resamples)``, the observed clustering counted as one
    draw of the null, so that it never is 0 and is valid (``P(p <= alpha) <= alpha``).
    Every index is computed on the same draws (one table, every index). Under ``perm`` the
    margins are fixed, so the AMI is an increasing function of MI: its draws are ranked by MI
    (E[MI], the costly part of the AMI, is not recomputed for each draw).

    Parameters
    ----------
    index : str, list of str or None
        External indices by registry name (None: every external index with a better side).
    n_resamples : int, default 999
        Random tables drawn for the Monte Carlo p-value.
    max_exact_tables : int, default 10000
        Enumerate the tables exactly when the model has at most this many; 0 never does.

    Returns
    -------
    Significance
        The p-values and observed values by index, the model, whether exact, the draws, the seed.

    Raises
    ------
    clustval.errors.InputError
        An unknown index or model, an index with no better side (McNemar), a non-positive
        ``n_resamples``, or labels that fail the contingency table's checks.
    clustval.errors.UndefinedIndexError
        An index undefined on the given labels.

    Examples
    --------
    >>> t = [0] * 20 + [1] * 20
    >>> p = t[5:] + t[:5]  # 30 of 40 objects where they belong
    >>> r = significance(["ari", "vi"], t, p)  # the 21 tables of these margins, enumerated
    >>> r.exact, r.n_tables, round(r.p_values["ari"], 6), r.p_values["vi"] == r.p_values["ari"]
    (True, 21, 0.003848, True)
    >>> mc = significance("ari", t, p, max_exact_tables=0, n_resamples=199, seed=1)
    >>> mc.exact, mc.p_values["ari"]  # (1 + 1) / (1 + 199): one draw as good as observed
    (False, 0.01)
    """
    _check_model(model)
    _check_fixed(fixed)
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, (int, np.integer)) or n_resamples < 1:
        raise InputError(f"n_resamples must be a positive integer, got {shown(n_resamples)}.")
    exact_ok = isinstance(max_exact_tables, (int, np.integer)) and not isinstance(max_exact_tables, bool)
    if not (exact_ok and max_exact_tables >= 0):
        raise InputError(f"max_exact_tables must be an integer >= 0 (0: never enumerate), got {max_exact_tables!r}.")
    seed = check_seed(seed)
    specs = requested("external", index)
    if index is None:
        specs = [spec for spec in specs if spec.direction != "none"]
    for spec in specs:
        if spec.direction == "none":
            raise InputError(f"index {spec.name!r} has no better side: a one-sided p-value needs one.")
    ct = contingency(labels_true, labels_pred)
    names = [spec.name for spec in specs]
    reported = [spec.compute(ct, options) for spec in specs]
    if model.startswith("perm"):
        specs = [get_index(_RANKED_BY_WITH_MARGINS.get(spec.name, spec.name)) for spec in specs]
    observed = np.array([spec.compute(ct, options) for spec in specs])
    lower = np.array([spec.direction == "lower" for spec in specs])
    # the clustering held, the classes drawn: the tables of the transposed table, transposed
    # back (under perm1 both margins are fixed either way)
    swap = fixed == "labels_pred" and model in ONE_SIDED and model != "perm1"
    drawn = contingency(labels_pred, labels_true) if swap else ct
    if model in ("perm", "perm1", "num1", "all1") and _count_tables(drawn, model) <= max_exact_tables:
        p_values, count = _exact(specs, ct, drawn, swap, model, observed, lower, options)
        recorded = seed.entropy if isinstance(seed, np.random.SeedSequence) else seed if isinstance(seed, int) \
            else None  # a Generator's draws have no seed to record
        return Significance(dict(zip(names, p_values)), dict(zip(names, reported)), model,
                            True, 0, count, recorded)  # fmt: skip
    check_draws(n_resamples, 8 * (ct.n_classes * ct.n_clusters + 1))  # each drawn table and its values
    if isinstance(seed, (np.random.Generator, np.random.BitGenerator)):
        rng, seed = np.random.default_rng(seed), None
    else:
        sequence = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        rng, seed = np.random.default_rng(sequence), int(sequence.entropy)
    hits = np.zeros(len(specs), dtype=np.int64)
    for table in _random_tables(drawn, model, int(n_resamples), rng):
        hits += _extreme(_scores(specs, table.T if swap else table, ct, options), observed, lower)
    p_values = ((1 + hits) / (1 + int(n_resamples))).tolist()
    return Significance(dict(zip(names, p_values)), dict(zip(names, reported)), model, False,
                        int(n_resamples), int(n_resamples), seed)  # fmt: skip
