"""What every verdict depends on: the claims' settings, from the config."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from clustval.errors import InputError
from clustval.indices.registry import registry_name
from clustval.io.text import spoken_list

from .readings import RULES, THRESHOLDS, check_readings

C6_BOUNDS = RULES["c6_bound"].values  # what PS2 must not exceed in C6 (see claim_c6)


@dataclass(frozen=True)
class ClaimSettings:
    """Everything a verdict depends on, from the config (``clustval.repro.settings.Settings.claim_params``).

    ``synthetic`` and ``uci`` are the sets of this run, in the figures' order; ``exceptions``
    the sets the paper names in its claims (``C2``, ``C3``, ``C5``, ``C7``,
    ``C8_accuracy_above``, ``C8_accuracy_below``); ``names`` how a statement spells a set;
    ``sweeps`` maps each sweep of this run to its axis and the claims re-checked across it.
    """

    synthetic: tuple[str, ...]
    uci: tuple[str, ...]
    fig3_indices: tuple[str, ...]
    fig4_indices: tuple[str, ...]
    fig5_indices: tuple[str, ...]
    fig1_true_k: int
    fig1_group_k: int
    equal_tol: float
    slightly_below: float
    clearly_above: float  # C8: "clearly above" (明显高于) = above by more than this
    partly_share: float
    readings: Mapping[str, str]  # the reading of each open rule (readings.RULES): the headline's are the config's
    exceptions: Mapping[str, tuple[str, ...]]
    c9_class_sizes: tuple[int, ...]
    c9_printed: Mapping[str, float]
    c9_decimals: int
    fig3_dataset: str  # which clustering Fig. 3 (and C1) reads
    fig3_algorithm: str
    external_algorithm: str  # the clustering of Figs. 4-6 (K = C)
    uci_k_algorithm: str  # C15: the clustering of the UCI sets over K
    uci_k_indices: tuple[str, ...]  # C15: STDI and the indices reported beside it
    trend_threshold: float  # C10-C14: "the same trend" = a correlation across the sets at least this
    c11_agree: tuple[str, ...]  # C11: the indices S2 follows
    c11_contrast: str  # C11: the index S2 follows "not quite"
    names: Mapping[str, str] = field(default_factory=dict)
    sweeps: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)  # display label of each set (figures)
    sensitivity: Mapping[str, tuple] = field(default_factory=dict)  # sweep -> its (axis, values) pairs
    main_choices: Mapping[str, Mapping] = field(default_factory=dict)  # sweep -> the main study's value of each of its axes
    paper_axes: tuple = ()  # the panels of Figs. 3-6 with their printed y ranges (clustval.repro.paper.axes)
    paper_axes_tolerance: float = 1.0
    class_sizes: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # each set's class sizes (feasibility)
    sweep_axes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # sweep -> its axes (a variant's "/" parts)
    stated_axes: tuple[str, ...] = ()  # sweep axes whose main value the paper states (its clustering)
    rule_axes: tuple[str, ...] = ()  # the rules whose other readings are columns of the sensitivity table
    statements: tuple = ()  # the paper's statements, as words.statement_params gives them
    post_hoc: Mapping[str, str] = field(default_factory=dict)  # sweep axis -> why its main value was chosen after a trial
    baselines: Mapping[str, float] = field(default_factory=lambda: {"fixed_k": 2, "seed": 0, "pair_share": 0.5})  # baselines.py
    thresholds: Mapping[str, tuple[float, ...]] = field(default_factory=dict)  # readings.THRESHOLDS swept: name -> values

    def __post_init__(self):
        if not 0 < self.partly_share <= 1:
            raise InputError(f"claims.partly_share = {self.partly_share} must be in (0, 1]")
        object.__setattr__(self, "readings", check_readings(self.readings))
        unknown = [rule for rule in self.rule_axes if rule not in RULES]
        if unknown:
            raise InputError(f"claims.rule_axes: unknown rule {unknown[0]!r}; rules: {', '.join(RULES)}")
        if min(self.equal_tol, self.slightly_below, self.clearly_above) < 0:
            raise InputError("claims.equal_tol, claims.slightly_below and claims.clearly_above must be >= 0")
        unknown = [name for name in self.thresholds if name not in THRESHOLDS]
        if unknown:
            raise InputError(f"claims.thresholds: unknown {unknown[0]!r}; thresholds: {', '.join(THRESHOLDS)}")
        for name in (*self.fig3_indices, *self.fig4_indices, *self.fig5_indices):
            registry_name(name, aliases=False)  # a typo in config fails here, with the closest names

    @classmethod
    def from_params(cls, params: Mapping) -> ClaimSettings:
        """Build from the plain values the workflow passes (lists become tuples)."""
        try:
            return cls(
                **{
                    **params,
                    **{key: tuple(params[key]) for key in TUPLE_FIELDS},
                    "exceptions": {k: tuple(v) for k, v in params["exceptions"].items()},
                    "sweeps": {k: (axis, tuple(ids)) for k, (axis, ids) in params.get("sweeps", {}).items()},
                    "sensitivity": {k: tuple((axis, tuple(values)) for axis, values in pairs)
                                    for k, pairs in params.get("sensitivity", {}).items()},
                    "paper_axes": tuple(params.get("paper_axes", ())),
                    "class_sizes": {k: tuple(v) for k, v in params.get("class_sizes", {}).items()},
                    "rule_axes": tuple(params.get("rule_axes", ())),
                    "c11_agree": tuple(params["c11_agree"]),
                    "uci_k_indices": tuple(params["uci_k_indices"]),
                    "stated_axes": tuple(params.get("stated_axes", ())),
                    "sweep_axes": {k: tuple(v) for k, v in params.get("sweep_axes", {}).items()},
                    "statements": tuple(params.get("statements", ())),
                    "thresholds": {k: tuple(v) for k, v in params.get("thresholds", {}).items()},
                    "post_hoc": dict(params.get("post_hoc", {})),
                    "baselines": dict(params.get("baselines", {"fixed_k": 2, "seed": 0, "pair_share": 0.5})),
                }
            )
        except (KeyError, TypeError) as problem:
            raise InputError(f"claim settings incomplete or unknown: {problem}; see config/README.md") from None

    def read_as(self, **readings: str) -> ClaimSettings:
        """These settings under other readings of some rules (``ties="unique"``)."""
        return replace(self, readings={**self.readings, **readings})

    def with_threshold(self, name: str, value: float) -> ClaimSettings:
        """These settings with one threshold of :data:`~.readings.THRESHOLDS` at ``value``."""
        return replace(self, **{name: value})

    @property
    def c6_ps2_bound(self) -> str:
        return self.readings["c6_bound"]

    @property
    def implied_exceptions_checked(self) -> bool:
        return self.readings["exceptions"] == "checked"

    @property
    def tolerance(self) -> float:
        """The margin comparisons allow: ``equal_tol`` under the margin reading, else 0 (exact)."""
        return self.equal_tol if self.readings["margin"] == "equal_tol" else 0.0

    def words(self, claim_id: str) -> dict:
        """The paper's words of a statement (``zh``, ``en``, ``where``), empty if unknown."""
        return next((s for s in self.statements if s["id"] == claim_id), {})

    def name(self, dataset: str) -> str:
        return self.names.get(dataset, dataset)

    def excepted(self, key: str) -> tuple[str, ...]:
        """The sets the paper names for ``key`` (e.g. ``C2``)."""
        return tuple(self.exceptions.get(key, ()))

    def spelled(self, key: str) -> str:
        """The sets of ``exceptions[key]`` as a statement writes them: "A", "A and B"."""
        return spoken_list([self.name(d) for d in self.excepted(key)]) or "none"

    def absent(self, key: str, datasets: Sequence[str]) -> str:
        """"not evaluated: UEc6 not in this run" for the named sets this run leaves out."""
        missing = [self.name(d) for d in self.excepted(key) if d not in datasets]
        return f"not evaluated: {', '.join(missing)} not in this run" if missing else ""

    @property
    def pair_indices(self) -> tuple[str, ...]:
        """The external indices Figs. 4 and 5 draw: the pairs of the trend baseline."""
        return tuple(dict.fromkeys((*self.fig4_indices, *self.fig5_indices)))

    @property
    def c1_expected(self) -> dict[str, int]:
        """C1: STDI's best K is the true 9, every other Fig. 3 index's is the 3 groups."""
        return {
            name: self.fig1_true_k if name == "stdi" else self.fig1_group_k
            for name in self.fig3_indices
        }


TUPLE_FIELDS = ("synthetic", "uci", "fig3_indices", "fig4_indices", "fig5_indices", "c9_class_sizes")
