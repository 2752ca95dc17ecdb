"""Score one clustering with many indices at once: the entry point of the CLI and the pipeline.

External indices share one contingency table and internal indices share one chunked
distance pass, so asking for all of them costs little more than asking for one.
"""

from __future__ import annotations

from typing import Iterable

from ._validation import check_undefined_policy
from .errors import InputError
from .registry import EXTERNAL, INDICES, INTERNAL, get_index


def score(
    labels_pred,
    *,
    labels_true=None,
    X=None,
    names: Iterable[str] | None = None,
    undefined: str = "raise",
    s2_matching: str = "hungarian",
    cp_seed: int = 1,
    stdi_squared: bool = False,
    xb_separation: str = "centroids",
    memory_budget_mb: float = 256,
) -> dict[str, float]:
    """Every requested index of one clustering, in registry order.

    Everything after ``labels_pred`` is keyword-only: ``score(y, p)`` would read the truth
    as the clustering (S2 and F-measure are not symmetric), so it is a TypeError.

    Parameters
    ----------
    labels_pred : array-like of shape (n,)
        The clustering to judge.
    labels_true : array-like of shape (n,), optional
        Ground-truth classes; needed by the external indices.
    X : array-like of shape (n, d), optional
        The data; needed by the internal indices.
    names : iterable of str, optional
        Registry names of the indices to compute. Default: every index that the given
        inputs allow (external ones when ``labels_true`` is given, internal ones when ``X`` is).
    undefined : {"raise", "nan"}
        An index undefined for this input (e.g. silhouette of one cluster) raises
        :class:`~clustval.errors.UndefinedIndexError` ("raise", the default), or is NaN
        while every defined index keeps its value ("nan").
    s2_matching, cp_seed, stdi_squared, xb_separation, memory_budget_mb
        Options of S2, the Monte Carlo CP accuracy, STDI, XB and the distance pass (see
        :func:`clustval.external.external_scores` and :func:`clustval.internal.internal_scores`).
    """
    check_undefined_policy(undefined)
    if names is None:
        wanted = (EXTERNAL if labels_true is not None else ()) + (INTERNAL if X is not None else ())
        if not wanted:
            raise InputError("nothing to score: give labels_true (external indices) and/or X (internal indices).")
    else:
        wanted = tuple(dict.fromkeys(names))
        for name in wanted:
            get_index(name)
    external = [n for n in wanted if INDICES[n].kind == "external"]
    internal = [n for n in wanted if INDICES[n].kind == "internal"]
    if external and labels_true is None:
        raise InputError(f"external indices ({', '.join(external)}) need the true labels.")
    if internal and X is None:
        raise InputError(f"internal indices ({', '.join(internal)}) need the data X.")

    values: dict[str, float] = {}
    if external:
        from .external import external_scores

        values.update(
            external_scores(
                labels_true, labels_pred, external, s2_matching=s2_matching, cp_seed=cp_seed,
                undefined=undefined,
            )
        )
    if internal:
        from .internal import internal_scores

        values.update(
            internal_scores(
                X,
                labels_pred,
                internal,
                stdi_squared=stdi_squared,
                xb_separation=xb_separation,
                memory_budget_mb=memory_budget_mb,
                undefined=undefined,
            )
        )
    return {name: values[name] for name in wanted}
