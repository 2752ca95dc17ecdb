"""The trend statements (C10-C14) and STDI on the UCI sets (C15), on hand-made score tables."""

from __future__ import annotations

import math

import pytest

from clustval.repro.paper import claims as C
from clustval.repro.paper.claims import trends as T
from clustval.repro.paper.scores import ScoreTable

from .test_claims import SYNTHETIC, UCI, external_values, fig3_records
from .test_claims import settings as claim_settings


def trending_values(scale: dict[str, float] | None = None) -> dict[str, dict[str, float]]:
    """Every index rises with the set's position (a shared trend); ``scale`` bends one index."""
    values = external_values()
    for position, dataset in enumerate((*SYNTHETIC, *UCI)):
        for name in values[dataset]:
            values[dataset][name] = 0.5 + 0.02 * position * (scale or {}).get(name, 1.0) + 0.001 * len(name)
    return values


def table_of(values, uci_k=None) -> ScoreTable:
    records = [(d, "park_jun", 3, name, v) for d, row in values.items() for name, v in row.items()]
    records += list(fig3_records()) + list(uci_k or ())
    return ScoreTable.from_records(records)


def test_correlations_spearman_and_pearson():
    assert T.correlation([1, 2, 3, 4], [10, 20, 30, 45], "spearman") == pytest.approx(1.0)
    assert T.correlation([1, 2, 3, 4], [10, 20, 30, 45], "pearson") < 1.0
    assert math.isnan(T.correlation([1, 1, 1], [1, 2, 3], "spearman"))  # a constant line follows nothing


def test_a_shared_trend_reproduces_c10_c12_c13_c14():
    found = {r.id: r for r in C.evaluate_claims(table_of(trending_values()), claim_settings())}
    for claim in ("C10", "C12", "C13"):
        assert found[claim].verdict == C.REPRODUCED, found[claim].summary
    # Fig. 4a's exception UEc6 is left out of the trend; C10 has one check per other index
    assert [c.subject for c in found["C10"].checks] == ["S2 ~ Accuracy", "S2 ~ ARI", "S2 ~ R", "S2 ~ Jaccard",
                                                       "S2 ~ F_measure"]
    assert found["C10"].checks[0].numbers["n_sets"] == len(SYNTHETIC) - 1
    # every index follows every other perfectly: "S2 closer than PS2" and "not quite Rand" cannot hold
    assert found["C14"].failing == ["Fig. 6a: S2 closer than PS2", "Fig. 6b: S2 closer than PS2"]
    assert found["C11"].failing == ["S2 ~ R (contrast)"]


def test_c11_rand_apart_under_either_contrast_reading():
    values = trending_values()
    for position, dataset in enumerate(UCI):  # Rand runs against the others on the UCI sets
        values[dataset]["rand"] = 0.9 - 0.01 * position
    table = table_of(values)
    relative = T.claim_c11(table, claim_settings())
    assert relative.verdict == C.REPRODUCED
    (contrast,) = [c for c in relative.checks if "contrast" in c.subject]
    assert contrast.numbers["r"] == pytest.approx(-1.0) and "below every other pair's" in contrast.statement
    absolute = T.claim_c11(table, claim_settings().read_as(trend_contrast="absolute"))
    assert absolute.verdict == C.REPRODUCED and "below the threshold 0.7" in absolute.checks[-1].statement


def test_the_threshold_and_the_measure_come_from_the_settings():
    values = trending_values()
    values["ec4"]["ps2"], values["ec5"]["ps2"] = values["ec5"]["ps2"], values["ec4"]["ps2"]  # one swap of ranks
    table = table_of(values)
    strict = T.claim_c13(table, claim_settings(trend_threshold=0.999))
    loose = T.claim_c13(table, claim_settings(trend_threshold=0.9))
    assert (strict.verdict, loose.verdict) == (C.NOT_REPRODUCED, C.REPRODUCED)
    assert "pearson" in T.claim_c13(table, claim_settings().read_as(trend_measure="pearson")).summary
    # the condition re-evaluates on other values: the bootstrap gets the same verdict from it
    check = strict.checks[0]
    assert check.condition(values) == (check.slack, check.holds)


def uci_k_records(best: dict[str, int], algorithm: str = "sd_kmedoids"):
    """STDI (higher is better) over K = 2..8 on each UCI set, best at ``best[set]``."""
    for dataset in UCI:
        for k in range(2, 9):
            yield dataset, algorithm, k, "stdi", 1.0 - 0.01 * abs(k - best.get(dataset, 2))
            yield dataset, algorithm, k, "db", 0.5 + 0.01 * abs(k - 2)


def test_c15_stdi_finds_the_number_of_classes_of_each_uci_set():
    s = claim_settings(uci_k_indices=("stdi", "db"))
    truth = {d: len(s.class_sizes[d]) for d in UCI}
    result = C.claim_c15(table_of(external_values(), uci_k_records(truth)), s)
    assert result.verdict == C.REPRODUCED and len(result.checks) == len(UCI)
    assert "DB 5/12" in result.summary  # DB's best is always K = 2: right on the five two-class sets
    wrong = dict(truth, iris=5, wine=2)
    result = C.claim_c15(table_of(external_values(), uci_k_records(wrong)), s)
    assert result.failing == ["iris", "wine"] and result.verdict == C.PARTLY
    (iris,) = [c for c in result.checks if c.subject == "iris"]
    assert iris.numbers["best_k"] == 5 and iris.numbers["true_k"] == 3
    # no K sweep of the UCI sets in this table: not evaluated
    assert C.claim_c15(table_of(external_values()), s).verdict == C.NOT_EVALUATED
