"""Claims C1-C9 on hand-built score tables whose truth is known by construction; ScoreTable I/O."""

from __future__ import annotations

import csv
import json
import math
from dataclasses import replace

import pytest
import yaml

from clustval.errors import DamagedFileError, InputError
from clustval.io.text import best_ks_text, k_ranges_text
from clustval.repro.paper import claims as C
from clustval.repro.paper.scores import Score, ScoreTable
from clustval.repro.settings import Settings
from clustval.repro.verified import read_verified_text, write_verified_text
from tests.conftest import REPO

SYNTHETIC = ("ec2", "ec3", "ec4", "ec5", "ec6", "uec2", "uec3", "uec4", "uec5", "uec6")
UCI = ("iris", "seeds", "segmentation", "soybean", "wine", "wdbc", "bupa", "pima", "balance",
       "new_thyroid", "ionosphere", "haberman")
FIG3 = ("stdi", "db", "xb", "igp", "sil_sum", "bwp_sum")
HIGHER = {"stdi", "igp", "sil_sum", "bwp_sum"}

# External values that satisfy every claim, per kind of set (the claims of README, Results).
REGULAR_SYNTHETIC = dict(s2=0.95, accuracy=0.93, ps2=0.92, f_measure=0.90, rand=0.88, jaccard=0.85, ari=0.80)
UEC6_VALUES = dict(s2=0.70, accuracy=0.85, ps2=0.75, f_measure=0.80, rand=0.82, jaccard=0.60, ari=0.50)
REGULAR_UCI = dict(s2=0.90, accuracy=0.85, ps2=0.80, f_measure=0.84, rand=0.83, jaccard=0.70, ari=0.60)
SEGMENTATION_VALUES = dict(s2=0.80, accuracy=0.70, ps2=0.72, f_measure=0.85, rand=0.82, jaccard=0.60, ari=0.50)
BUPA_VALUES = dict(s2=0.60, accuracy=0.70, ps2=0.50, f_measure=0.65, rand=0.58, jaccard=0.45, ari=0.10)


CONFIG = yaml.safe_load((REPO / "config" / "config.yaml").read_text())
PROJECT = C.ClaimSettings.from_params(Settings.from_config(CONFIG).claim_params())


def settings(**changes) -> C.ClaimSettings:
    """The project's settings: the headline reads the paper's words naturally."""
    return replace(PROJECT, **changes)


# The strict and loose readings these tests exercise: a unique best K, the margin, C6's second clause.
OTHER_READINGS = dict(ties="unique", margin="equal_tol", c6_bound="accuracy_or_rand")


def read_as(readings=OTHER_READINGS, **changes) -> C.ClaimSettings:
    """The project's settings under other readings of the rules (readings.RULES)."""
    return replace(PROJECT.read_as(**readings), **changes)


def external_values() -> dict[str, dict[str, float]]:
    values = {d: dict(REGULAR_SYNTHETIC) for d in SYNTHETIC}
    values["uec6"] = dict(UEC6_VALUES)
    values.update({d: dict(REGULAR_UCI) for d in UCI})
    values["segmentation"] = dict(SEGMENTATION_VALUES)
    values["bupa"] = dict(BUPA_VALUES)
    return values


def fig3_records(best: dict[str, int] | None = None, dataset: str = "fig1"):
    """Curves over K = 2..22 with a single optimum at ``best[name]`` (default STDI 9, others 3)."""
    best = {**{n: 3 for n in FIG3}, "stdi": 9, **(best or {})}
    for name in FIG3:
        for k in range(2, 23):
            distance = abs(k - best[name])
            yield dataset, "sd_kmedoids", k, name, (1.0 - 0.01 * distance if name in HIGHER else 0.5 + 0.01 * distance)


def make_table(values=None, best=None) -> ScoreTable:
    values = external_values() if values is None else values
    records = [(d, "park_jun", 3, name, v) for d, row in values.items() for name, v in row.items()]
    records += list(fig3_records(best))
    return ScoreTable.from_records(records)


FIGURE_CLAIMS = ("C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8")  # the trends and C15 have tests of their own


def verdicts(table, s=None):
    return {r.id: r.verdict for r in C.evaluate_claims(table, s or settings()) if r.id in FIGURE_CLAIMS}


# ====================================================================== all hold
def test_every_claim_reproduced_on_a_table_built_to_satisfy_them():
    assert set(verdicts(make_table(), read_as()).values()) == {C.REPRODUCED}


def test_c6_first_clause_and_c8_cannot_both_hold_on_segmentation():
    """The natural reading of C6 (PS2 <= Accuracy) and C8 (Accuracy below PS2 on Segmentation)
    contradict each other there: the table that satisfies C8 fails C6, and the check says why."""
    found = {r.id: r for r in C.evaluate_claims(make_table(), settings())}
    assert found["C8"].verdict == C.REPRODUCED and found["C6"].failing == ["segmentation"]
    (segmentation,) = [c for c in found["C6"].checks if c.subject == "segmentation"]
    assert "C8 puts Accuracy below PS2" in segmentation.conflict
    assert all(not c.conflict for c in C.claim_c6(make_table(), read_as()).checks)


def test_verdict_rule_thresholds():
    assert C.verdict_from_share(5, 5, 0.5) == C.REPRODUCED
    assert C.verdict_from_share(3, 6, 0.5) == C.PARTLY
    assert C.verdict_from_share(2, 6, 0.5) == C.NOT_REPRODUCED
    with pytest.raises(InputError):
        C.verdict_from_share(0, 0, 0.5)


# ====================================================================== C1
@pytest.mark.parametrize(
    "best, verdict, failing",
    [
        ({}, C.REPRODUCED, []),
        ({"db": 4}, C.PARTLY, ["DB"]),
        ({"stdi": 3}, C.NOT_REPRODUCED, ["STDI"]),  # the claim's point fails: not reproduced
        ({"db": 9, "xb": 9, "igp": 9}, C.NOT_REPRODUCED, ["DB", "XB", "IGP", "only STDI"]),  # 2/6 others
    ],
)
def test_c1(best, verdict, failing):
    result = C.claim_c1(make_table(best=best), settings())
    assert result.verdict == verdict
    assert result.failing == failing
    assert result.detail["best_k"]["stdi"] == [{**{"stdi": 9}, **best}["stdi"]]


def test_best_ks_follow_the_registry_direction_and_list_every_tie():
    records = list(fig3_records())
    # DB (lower is better) gets equal minima at K = 3 and K = 5: both are the best.
    records = [(d, a, k, n, 0.5 if (n == "db" and k == 5) else v) for d, a, k, n, v in records]
    table = ScoreTable.from_records(records)
    assert table.best_ks("fig1", "db", "sd_kmedoids") == ((3, 5), 0.5)
    assert table.best_ks("fig1", "stdi", "sd_kmedoids") == ((9,), 1.0)


def test_best_ks_skip_non_finite_values():
    table = ScoreTable.from_records([("fig1", "sd_kmedoids", 2, "xb", math.nan),
                                     ("fig1", "sd_kmedoids", 3, "xb", 0.4),
                                     ("fig1", "sd_kmedoids", 4, "xb", 0.2)])
    assert table.best_ks("fig1", "xb", "sd_kmedoids") == ((4,), 0.2)


def test_c1_a_tied_best_k_does_not_hold_and_says_tied():
    """IGP = 1 at K = 3, 9 and 10 (as on the default Fig. 1 set): the paper's 3 is not the
    unique best, so that check fails and C1 is partly reproduced."""
    records = [(d, a, k, n, 1.0 if (n == "igp" and k in (9, 10)) else v)
               for d, a, k, n, v in fig3_records()]
    result = C.claim_c1(ScoreTable.from_records(records), read_as())
    assert result.failing == ["IGP"] and result.verdict == C.PARTLY
    (igp,) = [c for c in result.checks if c.subject == "IGP"]
    assert "tied at 3, 9 and 10" in igp.statement and igp.numbers["n_tied"] == 3
    assert "IGP tied at 3, 9 and 10" in result.summary
    assert result.detail["best_k"]["igp"] == [3, 9, 10] and result.detail["best_k"]["db"] == [3]
    # the same tie on STDI's 9 breaks the claim's point
    records = [(d, a, k, n, 1.0 if (n == "stdi" and k == 12) else v) for d, a, k, n, v in fig3_records()]
    assert C.claim_c1(ScoreTable.from_records(records), read_as()).verdict == C.NOT_REPRODUCED


def test_c1_natural_reading_a_tie_finds_each_of_its_k_so_only_fails():
    """Under ``ties: shared`` IGP's tie at 3, 9 and 10 finds 3 (its check holds) and 9, so
    "only STDI finds 9" (只有) fails: partly, 6 of 7, as under ``unique`` (IGP's check fails,
    "only" holds). Either reading, C1 is partly reproduced."""
    records = [(d, a, k, n, 1.0 if (n == "igp" and k in (9, 10)) else v)
               for d, a, k, n, v in fig3_records()]
    result = C.claim_c1(ScoreTable.from_records(records), settings())
    assert result.verdict == C.PARTLY and "tie rule (shared)" in result.rule
    assert result.failing == ["only STDI"] and "IGP also finds 9" in result.checks[-1].statement
    assert "IGP tied at 3, 9 and 10" in result.summary  # the tie is still reported
    strict = C.claim_c1(ScoreTable.from_records(records), settings().read_as(ties="unique"))
    assert strict.verdict == C.PARTLY and strict.failing == ["IGP"]
    assert C.finds((3, 9, 10), 3, "shared") and not C.finds((3, 9, 10), 3, "unique")


def test_c1_names_the_k_where_sd_seeding_fell_back():
    result = C.claim_c1(make_table(), settings(), fallback_ks=[20, 9, 10, 11, 22, 21])
    assert result.verdict == C.REPRODUCED  # a fact about the clustering, not a check
    assert "SD seeds filled farthest-first at K = 9..11, 20..22" in result.summary
    assert result.detail["init_fallback_k"] == [9, 10, 11, 20, 21, 22]
    assert "farthest-first" not in C.claim_c1(make_table(), settings()).summary
    assert k_ranges_text([4]) == "4" and best_ks_text([4]) == "4"


# ====================================================================== C2, C3
def test_c2_fails_on_one_set_gives_partly_and_names_it():
    values = external_values()
    values["ec3"]["s2"] = values["ec3"]["accuracy"] - 0.02
    result = C.claim_c2(make_table(values), settings())
    assert result.verdict == C.PARTLY
    assert result.failing == ["ec3"]


def test_c2_highest_is_strict_a_tie_within_tolerance_is_not_highest():
    tol = settings().equal_tol
    values = external_values()
    values["ec3"]["s2"] = values["ec3"]["accuracy"] + 1.2 * tol  # clearly above: highest
    values["ec4"]["s2"] = values["ec4"]["accuracy"] + 0.6 * tol  # above, within the tolerance
    values["ec5"]["s2"] = values["ec5"]["accuracy"] - 0.6 * tol  # below, within the tolerance
    result = C.claim_c2(make_table(values), read_as())
    assert result.failing == ["ec4", "ec5"]
    by_set = {c.subject: c.statement for c in result.checks}
    assert by_set["ec3"].endswith(": highest")
    assert by_set["ec4"].endswith("tied with the best, not highest (a tie counts for none)")
    assert by_set["ec5"].endswith("tied with the best, not highest (a tie counts for none)")
    shared = {c.subject: c for c in C.claim_c2(make_table(values), read_as(dict(margin="equal_tol"))).checks}
    assert shared["ec4"].holds and shared["ec5"].holds  # a tie at the top is shared, as a tied best K
    assert shared["ec5"].statement.endswith("highest (a tie is shared)")
    assert "(difference -0.0030)" in by_set["ec5"]
    values["ec5"]["s2"] = values["ec5"]["accuracy"] - 1.2 * tol
    (ec5,) = [c for c in C.claim_c2(make_table(values), read_as()).checks if c.subject == "ec5"]
    assert ec5.statement.endswith(": not highest")
    # read as written (no margin), S2 just above is highest, just below is not
    values["ec5"]["s2"] = values["ec5"]["accuracy"] - 0.6 * tol
    exact = {c.subject: c for c in C.claim_c2(make_table(values), settings()).checks}
    assert exact["ec4"].holds and not exact["ec5"].holds
    assert exact["ec4"].slack == pytest.approx(0.6 * tol) and exact["ec5"].slack == pytest.approx(-0.6 * tol)


def test_c2_on_two_balanced_classes_is_infeasible_and_counts_in_no_verdict():
    """Ec2 (1000 + 1000, K = C = 2): S2 <= Accuracy always, so "S2 strictly highest" (ties
    unique) is infeasible; under the shared tie rule equality is attainable, an ordinary check."""
    values = external_values()
    values["ec2"]["s2"] = 0.5  # would fail; infeasible instead, reported apart
    assert C.claim_c2(make_table(values), settings()).failing == ["ec2"]
    result = C.claim_c2(make_table(values), settings().read_as(ties="unique"))
    (ec2,) = [c for c in result.checks if c.subject == "ec2"]
    assert ec2.infeasible.startswith("infeasible") and ec2.word == C.INFEASIBLE
    assert result.verdict == C.REPRODUCED and result.failing == []
    assert "infeasible on Ec2 (reported apart)" in result.summary and result.counts[C.INFEASIBLE] == 1
    balanced = C.claim_c2(make_table(values), settings(class_sizes={}).read_as(ties="unique"))  # sizes unknown
    assert balanced.failing == ["ec2"]


def test_no_check_calls_s2_highest_when_it_is_not_above_every_other_index():
    """The wording never contradicts the numbers: "highest" only when S2 is above all."""
    rng = __import__("numpy").random.default_rng(7)
    values = external_values()
    for d in SYNTHETIC:
        for name in values[d]:
            values[d][name] = round(float(rng.uniform(0.90, 0.92)), 4)
    for check in C.claim_c2(make_table(values), settings()).checks:
        others = [v for n, v in check.numbers.items() if n != "s2"]
        if check.statement.split(": ")[-1].startswith("highest"):
            assert check.numbers["s2"] > max(others)


def test_c2_fails_on_most_sets_gives_not_reproduced():
    values = external_values()
    for d in ("ec2", "ec3", "ec4", "ec5", "ec6", "uec2"):
        values[d]["s2"] = 0.5
    result = C.claim_c2(make_table(values), settings())
    assert result.verdict == C.NOT_REPRODUCED
    assert result.failing == ["ec2", "ec3", "ec4", "ec5", "ec6", "uec2"]  # shared ties: Ec2's is feasible


def test_c2_implied_exception_is_checked_only_when_configured():
    values = external_values()
    values["uec6"]["s2"] = 0.99  # S2 highest on UEc6, where the paper shows it is not
    table = make_table(values)
    checked = C.claim_c2(table, settings())
    assert checked.failing == ["uec6"] and checked.verdict == C.PARTLY
    assert [c.role for c in checked.checks if c.subject == "uec6"] == ["exception"]
    unchecked = C.claim_c2(table, settings().read_as(exceptions="skipped"))
    assert unchecked.verdict == C.REPRODUCED and len(unchecked.checks) == 9


def test_c3_exceptions_are_segmentation_and_bupa():
    values = external_values()
    values["bupa"]["s2"] = 0.99
    values["iris"]["s2"] = 0.80  # below Accuracy 0.85
    result = C.claim_c3(make_table(values), settings())
    assert result.failing == ["iris", "bupa"]
    assert len(result.checks) == 12


# ====================================================================== C4
def test_c4_second_lowest_holds_third_lowest_fails_ties_hold():
    values = external_values()
    values["iris"]["ari"] = 0.75  # above Jaccard 0.70 only: second lowest, holds
    values["wine"]["ari"] = 0.845  # above Jaccard 0.70, Rand 0.83 (and PS2): fails in both figures
    values["pima"]["ari"] = values["pima"]["rand"] + 0.004  # above Jaccard, tied with Rand: holds
    values["pima"]["ps2"] = 0.84  # keep Fig. 5's PS2 above ARI on pima
    result = C.claim_c4(make_table(values), read_as(dict(margin="equal_tol")))
    assert result.failing == ["Fig. 4 wine", "Fig. 5 wine"]
    strict = C.claim_c4(make_table(values), read_as(dict(margin="equal_tol", ties="unique")))
    assert "Fig. 4 pima" in strict.failing  # a tie with the second lowest counts for none
    assert len(result.checks) == 2 * (len(SYNTHETIC) + len(UCI))
    assert result.detail["holding_by_kind"] == {"synthetic": [20, 20], "UCI": [22, 24]}
    assert result.verdict == C.PARTLY


# ====================================================================== C5, C6
@pytest.mark.parametrize(
    "gap, holds",
    [(0.0, True), (0.04, True), (0.06, False), (-0.004, True), (-0.006, False)],
)
def test_c5_band_equal_or_slightly_below(gap, holds):
    values = external_values()
    values["ec4"]["ps2"] = values["ec4"]["accuracy"] - gap
    result = C.claim_c5(make_table(values), read_as())
    assert ("ec4" not in result.failing) == holds
    exact = C.claim_c5(make_table(values), settings())  # read as written: no margin above Accuracy
    assert ("ec4" not in exact.failing) == (holds and gap >= 0)


def test_c5_uec6_exception_fails_when_ps2_matches_accuracy_there():
    values = external_values()
    values["uec6"]["ps2"] = values["uec6"]["accuracy"]
    assert C.claim_c5(make_table(values), settings()).failing == ["uec6"]


def test_c6_bound_accuracy_or_rand_versus_spec_accuracy_only():
    table = make_table()  # on Segmentation PS2 0.75 > Accuracy 0.70 but <= Rand 0.82
    assert C.claim_c6(table, settings().read_as(c6_bound="accuracy_or_rand")).verdict == C.REPRODUCED
    strict = C.claim_c6(table, settings())
    assert strict.failing == ["segmentation"] and strict.verdict == C.PARTLY
    with pytest.raises(InputError, match="c6_bound"):
        settings().read_as(c6_bound="rand")


# ====================================================================== C7, C8
def test_c7_uec6_needs_s2_clearly_below_both():
    tol = settings().equal_tol
    values = external_values()
    values["uec6"]["s2"] = values["uec6"]["ps2"] - 0.5 * tol  # a tie with PS2 is not "below"
    assert C.claim_c7(make_table(values), read_as()).failing == ["uec6"]
    assert C.claim_c7(make_table(values), settings()).failing == []  # read as written, it is below
    values = external_values()
    values["ec2"]["ps2"] = values["ec2"]["accuracy"] + 0.01  # Accuracy >= PS2 broken on Ec2
    assert C.claim_c7(make_table(values), settings()).failing == ["ec2"]


def test_c8_per_set_parts():
    values = external_values()
    values["segmentation"]["accuracy"] = 0.78  # no longer below PS2 0.75
    values["bupa"]["accuracy"] = 0.602  # tied with S2 0.60: not "above"
    values["iris"]["ps2"] = values["iris"]["s2"]  # S2 > PS2 broken
    result = C.claim_c8(make_table(values), read_as())
    assert result.failing == ["iris", "segmentation", "bupa"]
    by_set = {c.subject: c.statement for c in result.checks}
    assert "Accuracy < PS2" in by_set["segmentation"] and "Accuracy > S2" in by_set["bupa"]
    assert result.verdict == C.PARTLY


def test_missing_score_is_a_clear_error():
    values = external_values()
    del values["wine"]["ps2"]
    with pytest.raises(InputError, match="wine"):
        C.claim_c6(make_table(values), settings())


def test_nan_score_is_a_clear_error():
    values = external_values()
    values["wine"]["ps2"] = math.nan
    with pytest.raises(InputError, match="not finite"):
        C.claim_c6(make_table(values), settings())


# ====================================================================== C9
def test_c9_table1():
    pytest.importorskip("clustval.indices.external")
    result = C.claim_c9(settings())
    assert result.verdict == C.REPRODUCED
    ours = {c.subject: c.numbers["ours"] for c in result.checks}
    # Table 1 by hand: each class's F is 2 * 0.5 * 1 / 1.5 = 2/3; S2's matched pair has
    # specificity 0; PS2 has TN = 0.
    assert ours["F_measure"] == pytest.approx(2 / 3, abs=1e-12)
    assert ours["S2"] == 0.0 and ours["PS2"] == 0.0


def test_c9_misprinted_value_fails_that_check():
    pytest.importorskip("clustval.indices.external")
    result = C.claim_c9(settings(c9_printed={"f_measure": 0.70, "s2": 0.0, "ps2": 0.0}))
    assert result.failing == ["F_measure"] and result.verdict == C.PARTLY


def test_table1_labels():
    labels_true, labels_pred = C.table1_labels((50, 50))
    assert labels_true == [0] * 50 + [1] * 50 and labels_pred == [0] * 100


# ====================================================================== robustness
def offset_table(pattern_offsets, offsets=(0.06, 0.07, 0.08, 0.09, 0.10, 0.11)):
    records = []
    for offset in offsets:
        best = {} if offset in pattern_offsets else {"stdi": 3}
        records += [(offset, *r) for r in fig3_records(best)]
    return ScoreTable.from_records(records, group_column="offset")


def seed_table(failing_seeds):
    records = []
    for seed in (1, 2, 3, 4):
        values = external_values()
        if seed in failing_seeds:
            values["ec5"]["s2"] = 0.5
        for d in SYNTHETIC:
            records += [(seed, d, "park_jun", 3, name, v) for name, v in values[d].items()]
    return ScoreTable.from_records(records, group_column="seed")


def test_robustness_c1_reports_the_band_of_offsets():
    table = offset_table({0.08, 0.09, 0.11})
    (result,) = C.claim_robustness(settings(), {"offset": table})
    assert result.scope == "offset"
    assert result.detail["band"] == [[0.08, 0.09], [0.11, 0.11]]
    assert result.verdict == "3/6 reproduced, 3/6 not reproduced"  # counted, not one word
    assert result.detail["counts"] == {C.REPRODUCED: 3, C.NOT_REPRODUCED: 3}
    assert "0.08-0.09, 0.11" in result.summary


def test_pattern_band_sorts_and_splits():
    assert C.pattern_band([0.3, 0.1, 0.2, 0.4], [True, True, False, True]) == [[0.1, 0.1], [0.3, 0.4]]
    assert C.pattern_band([0.1], [False]) == []


def test_robustness_over_seeds_counts_seeds_and_failing_sets():
    results = C.claim_robustness(settings(), {"seed": seed_table({2})})
    assert [r.id for r in results] == ["C2", "C5", "C7", "C10", "C13"]
    c2, c5, c7, *_ = results
    assert c2.verdict == "3/4 reproduced, 1/4 partly" and c2.failing == ["seed 2"]
    assert c2.detail["failures_by_set"] == {"ec5": 1}
    assert c5.verdict == "4/4 reproduced"  # PS2 and Accuracy untouched
    assert c7.verdict == "3/4 reproduced, 1/4 partly" and c7.failing == ["seed 2"]  # S2 >= Accuracy broken too
    assert "reproduced in 3/4 seeds" in c2.summary


def test_robustness_rejects_the_wrong_sweep():
    with pytest.raises(InputError, match="seed sweep"):
        C.claim_robustness(settings(), {"seed": offset_table({0.09})})


def test_a_sweep_axis_and_its_claims_come_from_the_settings():
    """A sweep named in config re-checks the claims it lists, along its own axis."""
    s = settings(sweeps={"draws": ("seed", ("C5",))})
    (result,) = C.claim_robustness(s, {"draws": seed_table({2})})
    assert (result.id, result.scope, result.verdict) == ("C5", "draws", "4/4 reproduced")
    assert result.checks[0].subject == "seed 1"


# ====================================================================== output
def test_write_claims_csv_and_markdown(tmp_path):
    results = [r for r in C.evaluate_claims(make_table(), read_as()) if r.id in FIGURE_CLAIMS]
    results += C.claim_robustness(read_as(), {"offset": offset_table({0.09})})
    csv_path, md_path = tmp_path / "claims.csv", tmp_path / "claims.md"
    C.write_claims(results, csv_path, md_path, read_as())
    first = (csv_path.read_bytes(), md_path.read_bytes())
    C.write_claims(results, csv_path, md_path, read_as())
    assert (csv_path.read_bytes(), md_path.read_bytes()) == first  # deterministic
    rows = list(csv.DictReader(csv_path.open(newline="")))
    assert [r["id"] for r in rows] == ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C1"]
    assert [r["scope"] for r in rows][-1] == "offset"
    assert all(r["verdict"] in (C.REPRODUCED, C.PARTLY, C.NOT_REPRODUCED) for r in rows[:-1])
    assert rows[-1]["verdict"] == "1/6 reproduced, 5/6 not reproduced"
    detail = json.loads(rows[0]["detail"])
    assert detail["detail"]["best_k"]["stdi"] == [9]
    assert int(rows[1]["checks_total"]) == 9 and rows[1]["checks_infeasible"] == "1"  # Ec2 apart
    assert rows[1]["words_zh"].startswith("图4(a)") and "highest value" in rows[1]["words_en"]
    assert rows[2]["reading"] == "ties unique; margin equal_tol; exceptions checked"
    md = md_path.read_text()
    assert "| C2 | main | Fig. 4a | **reproduced** |" in md
    assert "## C1 (across offsets): 1/6 reproduced, 5/6 not reproduced" in md
    assert "> 只有图3(a)展示的STDI指标" in md and "(§3.1, Fig. 3)" in md
    assert not list(tmp_path.glob(".*tmp"))  # no temp files left behind


def test_settings_from_the_project_config():
    s = PROJECT
    assert s.synthetic == SYNTHETIC and s.uci == UCI
    assert s.c1_expected == {"stdi": 9, "db": 3, "xb": 3, "igp": 3, "sil_sum": 3, "bwp_sum": 3}
    assert s.excepted("C3") == ("segmentation", "bupa") and s.spelled("C3") == "Segmentation and Bupa"
    assert s.sweeps == {
        "offset": ("offset", ("C1",)), "seed": ("seed", ("C2", "C5", "C7", "C10", "C13")),
        "scaling_clustering": ("variant", ("C2", "C3", "C4", "C5", "C6", "C7", "C8", "C10", "C11", "C12", "C13", "C14")),
        "sd_radius": ("sd_radius", ("C1",)), "fig3_clusterer": ("variant", ("C1",)),
        "uci_k_clusterer": ("variant", ("C15",)), "xb": ("xb_separation", ()),
    }
    with pytest.raises(InputError, match="claim settings"):
        C.ClaimSettings.from_params({"synthetic": SYNTHETIC})


def test_a_run_without_a_named_set_says_so():
    """UEc6 and Bupa left out: the claims naming them say so; no UCI set: C3 not evaluated."""
    values = external_values()
    del values["uec6"], values["bupa"]
    table = make_table(values)
    s = settings(synthetic=SYNTHETIC[:-1], uci=tuple(d for d in UCI if d != "bupa"))
    results = {r.id: r for r in C.evaluate_claims(table, s)}
    assert "not evaluated: UEc6 not in this run" in results["C2"].summary
    assert "not evaluated: UEc6 not in this run" in results["C7"].summary
    assert "not evaluated: Bupa not in this run" in results["C3"].summary
    assert "not evaluated: Bupa not in this run" in results["C8"].summary
    assert results["C2"].verdict == C.REPRODUCED  # every set that ran satisfies it
    none_uci = {r.id: r for r in C.evaluate_claims(table, replace(s, uci=()))}
    assert none_uci["C3"].verdict == C.NOT_EVALUATED and none_uci["C6"].verdict == C.NOT_EVALUATED


# ====================================================================== ScoreTable
def test_score_table_round_trip_is_exact(tmp_path):
    awkward = [0.1 + 0.2, 1e-300, -0.0, 2 / 3, 1 - 1e-16, math.nan, 123456789.123456789]
    records = [("uec5", "park_jun", 5, f"i{j}", v) for j, v in enumerate(awkward)]
    records += [("fig1", "sd_kmedoids", k, "stdi", 1 / k) for k in (22, 2, 10)]
    table = ScoreTable.from_records(records)
    path = tmp_path / "scores.csv"
    table.write_csv(path)
    again = ScoreTable.read_csv(path)
    assert again == table
    assert [repr(r[-1]) for r in again.records()] == [repr(r[-1]) for r in table.records()]
    again.write_csv(tmp_path / "again.csv")
    assert (tmp_path / "again.csv").read_bytes() == path.read_bytes()
    lines = read_verified_text(path).splitlines()
    assert lines[0] == "dataset,algorithm,k,index,value"
    assert lines[1:4] == ["fig1,sd_kmedoids,2,stdi,0.5", "fig1,sd_kmedoids,10,stdi,0.1",
                          "fig1,sd_kmedoids,22,stdi,0.045454545454545456"]  # k numeric order


def test_grouped_table_round_trip_and_selection(tmp_path):
    table = offset_table({0.09}, offsets=(0.1, 0.09))
    path = tmp_path / "offset_scores.csv"
    table.write_csv(path)
    assert read_verified_text(path).splitlines()[0] == "offset,dataset,algorithm,k,index,value"
    again = ScoreTable.read_csv(path)
    assert again == table and again.groups() == [0.09, 0.1]
    assert again.for_group(0.09).best_ks("fig1", "stdi", "sd_kmedoids")[0] == (9,)
    with pytest.raises(InputError, match="for_group"):
        again.value("fig1", "stdi", "sd_kmedoids", k=9)
    with pytest.raises(InputError, match="available"):
        again.for_group(0.5)


def test_value_lookups_and_errors(tmp_path):
    table = ScoreTable.from_records([("iris", "park_jun", 3, "s2", 0.9),
                                     ("fig1", "sd_kmedoids", 2, "db", 1.0),
                                     ("fig1", "sd_kmedoids", 3, "db", 0.5)])
    assert table.value("iris", "s2", "park_jun") == 0.9
    assert table.value("fig1", "db", "sd_kmedoids", k=3) == 0.5
    assert table.series("fig1", "db", "sd_kmedoids") == ([2, 3], [1.0, 0.5])
    with pytest.raises(InputError, match="pass k="):
        table.value("fig1", "db", "sd_kmedoids")
    with pytest.raises(InputError, match="no score"):
        table.value("iris", "s2", "park_jun", k=4)
    with pytest.raises(InputError, match="duplicate"):
        table.add(Score("iris", "park_jun", 3, "s2", 0.1))
    bad = tmp_path / "bad.csv"
    write_verified_text(bad, "dataset,algo,k,index,value\n")
    with pytest.raises(InputError, match="header"):
        ScoreTable.read_csv(bad)
    write_verified_text(bad, "dataset,algorithm,k,index,value\niris,park_jun,three,s2,0.5\n")
    with pytest.raises(InputError, match="bad.csv:2"):
        ScoreTable.read_csv(bad)
    unrecorded = tmp_path / "unrecorded.csv"
    unrecorded.write_text("dataset,algorithm,k,index,value\niris,park_jun,3,s2,0.5\n")  # not in the manifest
    with pytest.raises(DamagedFileError, match="no row count and sha256 in"):
        ScoreTable.read_csv(unrecorded)
