"""A verdict and the checks behind it, and the words the verdicts are given in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from clustval.errors import InputError

from .settings import ClaimSettings

REPRODUCED, PARTLY, NOT_REPRODUCED = "reproduced", "partly", "not reproduced"
NOT_EVALUATED = "not evaluated"  # a claim none of whose sets is in this run


@dataclass(frozen=True)
class Check:
    """One statement about one subject (a data set, an index, a printed value)."""

    subject: str
    statement: str  # what is checked, with our numbers
    holds: bool
    role: str = "stated"  # "stated" by the paper, or an "exception" it implies
    numbers: Mapping[str, float | int] = field(default_factory=dict)


@dataclass(frozen=True)
class ClaimResult:
    """The verdict on one claim, or on one claim across a robustness sweep."""

    id: str
    source: str  # where the paper shows it, e.g. "Fig. 4a"
    statement: str  # the paper's claim
    rule: str  # the verdict rule applied
    verdict: str
    summary: str  # our numbers, short and human-readable
    checks: tuple[Check, ...] = ()
    scope: str = "main"  # "main" scores, or the sweep: "seed" / "offset"
    detail: Mapping = field(default_factory=dict)  # machine-readable extras

    @property
    def failing(self) -> list[str]:
        return [check.subject for check in self.checks if not check.holds]


def verdict_from_share(n_holding: int, n_total: int, partly_share: float) -> str:
    """reproduced if all hold, partly if at least ``partly_share`` of them, else not reproduced."""
    if n_total == 0:
        raise InputError("a claim with no checks has no verdict; are the data set lists empty?")
    if n_holding == n_total:
        return REPRODUCED
    return PARTLY if n_holding / n_total >= partly_share else NOT_REPRODUCED


def share_rule(settings: ClaimSettings, unit: str = "checks") -> str:
    """The share rule of a verdict in words."""
    return (
        f"reproduced if all {unit} hold; partly if at least {settings.partly_share:g} of them; "
        "otherwise not reproduced"
    )


def result_from_checks(id, source, statement, checks, settings, *, summary_extra="", absent="", detail=None) -> ClaimResult:
    """A claim's verdict from its checks; with no checks (none of its sets in this run) it is
    ``not evaluated``. ``absent`` notes the sets the paper names that this run leaves out."""
    checks = tuple(checks)
    n_hold = sum(check.holds for check in checks)
    failing = [check.subject for check in checks if not check.holds]
    summary = f"{n_hold}/{len(checks)} checks hold"
    if failing:
        labels = [settings.name(subject) for subject in failing]  # as the figures name the sets
        shown = labels if len(labels) <= 6 else labels[:6] + [f"+{len(labels) - 6} more"]
        summary += f"; fails on {', '.join(shown)}"
    summary = "; ".join(part for part in (summary, summary_extra, absent) if part)
    if not checks:
        summary = "not evaluated: none of its sets is in this run"
    return ClaimResult(
        id=id,
        source=source,
        statement=statement,
        rule=share_rule(settings),
        verdict=verdict_from_share(n_hold, len(checks), settings.partly_share) if checks else NOT_EVALUATED,
        summary=summary,
        checks=checks,
        detail=dict(detail or {}),
    )


def axis_plural(axis: str) -> str:
    """A sweep axis in the plural, as a summary says "at 3/11 offsets"."""
    return "SD radii" if axis == "sd_radius" else f"{axis}s"


def value_text(axis: str, value) -> str:
    """One value of a sweep axis, as a check names it: "offset 0.09", "algorithm pam"."""
    return f"{axis} {value:g}" if isinstance(value, float) else f"{axis} {value}"
