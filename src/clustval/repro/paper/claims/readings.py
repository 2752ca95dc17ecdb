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
        Rule("ties", ("C1", "C2", "C3", "C4", "C15"), {
            "shared": "a tie for the best is shared: a best value at several K finds each of them, "
                      "an index level with the highest is highest, one level with the second lowest is among the two lowest",
            "unique": "a tied best counts for none of its members: an index finds a K only when no other K shares "
                      "its best value, is highest only when above every other, among the two lowest only when below the rest",
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


#: The numbers the paper's words imply but do not give, and the claims each decides: each is
#: swept over ``claims.thresholds`` (config) beside the readings, everything else as in the headline.
THRESHOLDS: dict[str, tuple[str, ...]] = {
    "slightly_below": ("C5",),  # 略低于: how far below Accuracy is "slightly"
    "clearly_above": ("C8",),  # 明显高于: how far above PS2 is "clearly"
    "trend_threshold": ("C10", "C11", "C12", "C13", "C14"),  # 走势一致: how strong a correlation is "the same trend"
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
    clustval.errors.InputError: claims.readings.ties = 'some'; use one of shared, unique
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


def reading_text(rule: str, value) -> str:
    """A rule axis column's name: "ties unique", "margin equal_tol", "slightly_below 0.02"."""
    return f"{rule} {value:g}" if isinstance(value, float) else f"{rule} {value}"


def word_rules(settings) -> list[dict[str, str]]:
    """Each word of the paper that a verdict turns on, with its ONE headline rule (from the
    settings' readings and numbers) and the other readings the sensitivity table applies.

    Every claim, figure, caption and table reads the word by this rule; ``settings`` is a
    :class:`~.settings.ClaimSettings`. The report prints these rows once.
    """
    r = settings.readings
    tol = (f"within {settings.equal_tol:g}" if r["margin"] == "equal_tol" else "exactly equal")
    other_margin = ("exact equality" if r["margin"] == "equal_tol" else f"values within {settings.equal_tol:g}")
    shared = r["ties"] == "shared"
    others = lambda name, now: ", ".join(f"{name} {v}" for v in RULES[name].values if v != now)  # noqa: E731
    sweep = lambda name: ", ".join(f"{v:g}" for v in settings.thresholds.get(name, ()))  # noqa: E731
    return [
        {"word": "a tie", "zh": "", "claims": "C1-C4, C15",
         "rule": f"two values are tied when {tol} (margin {r['margin']})",
         "other readings": f"margin: {other_margin}"},
        {"word": "best, highest, among the last two", "zh": "最佳, 最高值, 后两位", "claims": "C1, C2, C3, C4, C15",
         "rule": ("a tie for the best is shared: each tied K is found, S2 level with the best other index is "
                  "highest, ARI level with the second lowest is among the last two" if shared else
                  "a tie for the best counts for none of its members"),
         "other readings": others("ties", r["ties"])},
        {"word": "only", "zh": "只有", "claims": "C1",
         "rule": f"a check of its own: no index but STDI finds {settings.fig1_true_k}, under the same tie rule",
         "other readings": "follows the tie rule"},
        {"word": "equal, at most, at least", "zh": "等于, 低于或等于, 高于等于", "claims": "C5-C8",
         "rule": f"'<=' and '>=' allow a tie ({tol}); 'above' and 'below' are strict: a tie is neither",
         "other readings": f"margin: {other_margin}"},
        {"word": "slightly below", "zh": "略低于", "claims": "C5",
         "rule": f"at most {settings.slightly_below:g} below (Accuracy - {settings.slightly_below:g} <= PS2 <= Accuracy)",
         "other readings": f"slightly_below {sweep('slightly_below')}"},
        {"word": "clearly above", "zh": "明显高于", "claims": "C8",
         "rule": f"above by more than {settings.clearly_above:g} (one scale with 'slightly': a gap up to "
                 f"{settings.slightly_below:g} is slight)",
         "other readings": f"clearly_above {sweep('clearly_above')}"},
        {"word": "the same trend", "zh": "走势一致", "claims": "C10-C14",
         "rule": f"{r['trend_measure']} correlation across the sets of a panel at least {settings.trend_threshold:g}",
         "other readings": f"{others('trend_measure', r['trend_measure'])}; trend_threshold {sweep('trend_threshold')}"},
        {"word": "except X", "zh": "除了", "claims": "C2, C3, C5",
         "rule": ("also says the statement fails on X, and that is checked" if r["exceptions"] == "checked"
                  else "only leaves X out"),
         "other readings": others("exceptions", r["exceptions"])},
    ]
