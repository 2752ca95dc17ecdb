"""A verdict and the checks behind it, and the words the verdicts are given in."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from clustval.clustering import algorithm_label
from clustval.errors import InputError

from .settings import ClaimSettings

REPRODUCED, PARTLY, NOT_REPRODUCED = "reproduced", "partly", "not reproduced"
NOT_EVALUATED = "not evaluated"  # a claim none of whose sets is in this run
INFEASIBLE = "infeasible"  # a claim (or check) no clustering can satisfy under the paper's definitions
HOLDS, FAILS, WITHIN_NOISE = "holds", "fails", "within noise"  # a check's word (with INFEASIBLE)


@dataclass(frozen=True)
class Check:
    """One statement about one subject (a data set, an index, a printed value).

    ``condition`` (:mod:`.conditions`): what the check tests, as a function of the index values,
    so the spread can re-evaluate it on bootstrap replicates (None: a check the bootstrap does
    not reach, such as a best K over K). ``infeasible``: the one-line proof that no clustering
    can satisfy the check (:mod:`.feasibility`); such a check is reported apart and counts in
    no verdict. ``noise``: the bootstrap's word on the check and the slack's interval
    (:func:`clustval.repro.paper.spread.attach_noise`), empty until then.
    """

    subject: str
    statement: str  # what is checked, with our numbers
    holds: bool
    role: str = "stated"  # "stated" by the paper, or an "exception" it implies
    numbers: Mapping[str, float | int] = field(default_factory=dict)
    condition: Callable | None = field(default=None, compare=False, repr=False)
    slack: float | None = None  # the condition's slack on the run's scores (> 0: on the holding side)
    infeasible: str = ""
    conflict: str = ""  # another statement of the paper this check cannot hold together with
    noise: Mapping = field(default_factory=dict)  # {"word", "low", "high", "share_holding", "replicates"}
    recluster: Mapping = field(default_factory=dict)  # the same from the bootstrap that clusters each resample again

    @property
    def word(self) -> str:
        """holds, fails, within noise (the bootstrap's interval straddles the boundary) or infeasible."""
        if self.infeasible:
            return INFEASIBLE
        return self.noise.get("word") or (HOLDS if self.holds else FAILS)


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
        """The subjects of the feasible checks that fail."""
        return [check.subject for check in self.checks if not check.holds and not check.infeasible]

    @property
    def feasible(self) -> list[Check]:
        return [check for check in self.checks if not check.infeasible]

    @property
    def counts(self) -> dict[str, int]:
        """How many checks have each word: holds, fails, within noise, infeasible."""
        words = [check.word for check in self.checks]
        return {word: words.count(word) for word in (HOLDS, FAILS, WITHIN_NOISE, INFEASIBLE)}


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
        "otherwise not reproduced (infeasible checks count in neither)"
    )


def result_from_checks(id, source, statement, checks, settings, *, summary_extra="", absent="", detail=None) -> ClaimResult:
    """A claim's verdict from its feasible checks; with no checks (none of its sets in this run)
    it is ``not evaluated``, and with infeasible checks only, ``infeasible``. ``absent`` notes
    the sets the paper names that this run leaves out."""
    checks = tuple(checks)
    feasible = [check for check in checks if not check.infeasible]
    n_hold = sum(check.holds for check in feasible)
    failing = [check.subject for check in feasible if not check.holds]
    summary = f"{n_hold}/{len(feasible)} checks hold"
    if failing:
        labels = [settings.name(subject) for subject in failing]  # as the figures name the sets
        shown = labels if len(labels) <= 6 else labels[:6] + [f"+{len(labels) - 6} more"]
        summary += f"; fails on {', '.join(shown)}"
    infeasible = [settings.name(check.subject) for check in checks if check.infeasible]
    if infeasible:
        summary += f"; infeasible on {', '.join(infeasible)} (reported apart)"
    summary = "; ".join(part for part in (summary, summary_extra, absent) if part)
    if not checks:
        summary = "not evaluated: none of its sets is in this run"
        verdict = NOT_EVALUATED
    elif not feasible:
        verdict = INFEASIBLE
    else:
        verdict = verdict_from_share(n_hold, len(feasible), settings.partly_share)
    return ClaimResult(
        id=id,
        source=source,
        statement=statement,
        rule=share_rule(settings),
        verdict=verdict,
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


def choice_text(axis: str, value) -> str:
    """One value of a sweep axis as a column or a sentence names it: "PAM", "SD radius sd",
    "STDI squared", "seed 3", "minmax"."""
    if axis == "algorithm":
        return algorithm_label(value)
    if axis == "sd_radius":
        return f"SD radius {value}"
    if axis == "stdi_squared":
        return "STDI squared" if str(value).lower() == "true" else "STDI plain"
    return f"{axis} {value}" if axis in ("seed", "offset") else str(value)
