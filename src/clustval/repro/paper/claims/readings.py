"""The readings of the paper's words: the rules a verdict applies where the text leaves one open.

A claim is checked under one reading of each rule, the *natural* one by default (config
``claims.readings``): that is the headline. The other readings of each rule are the *rule axes*
of the sensitivity table (:mod:`clustval.repro.paper.sensitivity`): each is applied in turn,
everything else as in the headline, beside the data and algorithm axes. docs/decisions.md gives
the paper's words behind each.

Each entry: the readings it allows (the first is the natural one, as the config ships it), the
claims it changes, and what each reading means, in one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from clustval.errors import InputError


@dataclass(frozen=True)
class Rule:
    """One rule the paper's words leave open, and its readings."""

    name: str
    claims: tuple[str, ...]  # the claims whose verdict it can change
    meanings: Mapping[str, str]  # reading -> what it means, in words

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(self.meanings)


RULES: dict[str, Rule] = {
    rule.name: rule
    for rule in (
        Rule("ties", ("C1", "C15"), {
            "any": "an index whose best value is shared by several K finds each of them",
            "unique": "an index finds a K only when no other K shares its best value",
        }),
        Rule("margin", ("C2", "C3", "C4", "C5", "C6", "C7", "C8"), {
            "none": "comparisons are exact: 'highest', '>=', 'equal' read as written",
            "equal_tol": "values within claims.equal_tol are equal: '>=' allows that gap, 'highest' and '>' need more",
        }),
        Rule("c6_bound", ("C6",), {
            "accuracy": "C6 is its first clause: PS2 <= Accuracy",
            "accuracy_or_rand": "C6 is its second clause: Accuracy or the Rand index is >= PS2",
        }),
        Rule("exceptions", ("C2", "C3", "C5"), {
            "checked": "'except X' also says the statement fails on X, and that is checked",
            "skipped": "'except X' only leaves X out",
        }),
        Rule("trend_measure", ("C10", "C11", "C12", "C13", "C14"), {
            "spearman": "'same trend' across the sets is Spearman's rank correlation",
            "pearson": "'same trend' across the sets is Pearson's correlation",
        }),
        Rule("trend_contrast", ("C11",), {
            "relative": "'not quite the same trend as Rand': S2-Rand correlates less than S2 with each of the others",
            "absolute": "'not quite the same trend as Rand': S2-Rand correlates below the trend threshold",
        }),
    )
}


def check_readings(readings: Mapping[str, str], where: str = "claims.readings") -> dict[str, str]:
    """``readings`` checked: one known reading for every rule of :data:`RULES`.

    Examples
    --------
    >>> check_readings({**natural_readings(), "ties": "unique"})["ties"]
    'unique'
    >>> check_readings({"ties": "some"})
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: claims.readings.ties = 'some'; use one of any, unique
    """
    for name, value in readings.items():
        if name not in RULES:
            raise InputError(f"{where}: unknown rule {name!r}; rules: {', '.join(RULES)}")
        if value not in RULES[name].values:
            raise InputError(f"{where}.{name} = {value!r}; use one of {', '.join(RULES[name].values)}")
    missing = [name for name in RULES if name not in readings]
    if missing:
        raise InputError(f"{where}: give a reading of {', '.join(missing)}")
    return dict(readings)


def natural_readings() -> dict[str, str]:
    """The first reading of every rule (what the config ships as the headline)."""
    return {name: rule.values[0] for name, rule in RULES.items()}


def reading_text(rule: str, value: str) -> str:
    """A rule axis column's name: "ties unique", "margin equal_tol"."""
    return f"{rule} {value}"
