"""Fragility: beside each verdict, under how many readings, thresholds, draws, clusterings and
choices the claim is reproduced.

A verdict read alone hides how narrow it is. Each headline claim gets one cell, counted per
dimension over every variant that re-checks it: the readings of the words (the headline's and
each other of :data:`~.readings.RULES`), each swept threshold (:data:`~.readings.THRESHOLDS`),
and each sweep of the run (offsets, seeds, preprocessing x clustering, SD radii, STDI's norm x
clusterer). A sweep value the config marks as chosen after a trial (``claims.post_hoc``) says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .readings import THRESHOLDS
from .results import PARTLY, REPRODUCED, ClaimResult, axis_plural, choice_text

SWEEP_WORDS = {"preprocessing": "preprocessing", "algorithm": "clusterer", "stdi_squared": "STDI norm",
               "sd_radius": "SD radius", "offset": "offset", "seed": "seed", "xb_separation": "XB separation"}


def _count(results: Sequence[ClaimResult]) -> str:
    """"2/11", with the partly reproduced beside it: "0/11 (partly 2)"."""
    n = sum(r.verdict == REPRODUCED for r in results)
    partly = sum(r.verdict == PARTLY for r in results)
    return f"{n}/{len(results)}" + (f" (partly {partly})" if partly else "")


def fragility_text(claim: str, main: ClaimResult, readings: Mapping[str, ClaimResult],
                   sweeps: Mapping[str, Mapping[object, Mapping[str, ClaimResult]]],
                   sweep_axes: Mapping[str, Sequence[str]], post_hoc: Mapping[str, str] = {},
                   main_choices: Mapping[str, Mapping] = {}) -> str:
    """"reproduced under: readings 1/3; slightly_below 2/5; offsets 0/11 (...); seeds 1/10".

    ``readings``: the claim's result under each other reading or threshold (column name ->
    result; a threshold's columns are named "slightly_below 0.02"); ``sweeps[study][value][claim]``;
    ``post_hoc``: axis -> why its main value is not a prior choice.

    Examples
    --------
    >>> from types import SimpleNamespace as R
    >>> main, other = R(verdict="partly"), R(verdict="reproduced")
    >>> fragility_text("C5", main, {"margin equal_tol": main, "slightly_below 0.1": other}, {}, {})
    'reproduced under: readings 0/2 (partly 2); slightly_below 1/2 (partly 1)'
    """
    parts = []
    plain = [r for name, r in readings.items() if name.split(" ")[0] not in THRESHOLDS]
    parts.append(f"readings {_count([main, *plain])}")
    for name in THRESHOLDS:
        swept = [r for column, r in readings.items() if column.split(" ")[0] == name]
        if swept:
            parts.append(f"{name} {_count([main, *swept])}")
    for study, by_value in sweeps.items():
        found = [results[claim] for results in by_value.values() if claim in results]
        if not found:
            continue
        axes = list(sweep_axes.get(study, (study,)))
        label = axis_plural(axes[0]) if len(axes) == 1 else \
            " x ".join(SWEEP_WORDS.get(a, a) for a in axes) + " variants"
        text = f"{label} {_count(found)}"
        notes = [f"the default {choice_text(a, main_choices.get(study, {}).get(a))} {post_hoc[a]}"
                 for a in axes if a in post_hoc]
        if notes:
            text += f" ({'; '.join(notes)})"
        parts.append(text)
    return "reproduced under: " + "; ".join(parts)
