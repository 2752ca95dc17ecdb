"""The sensitivity table, its ranking and the dependence sentences, on hand-made score tables
whose verdicts are known by construction (the claims' own tests build the base tables)."""

from __future__ import annotations

import csv

import pytest

from clustval.repro.paper import claims as C
from clustval.repro.paper import sensitivity as S
from clustval.repro.paper.scores import ScoreTable
from clustval.repro.verified import read_verified_csv

from .test_claims import (
    SYNTHETIC,
    UCI,
    external_values,
    fig3_records,
    make_table,
    read_as,
)

VARIANTS = ("none/park_jun", "none/pam", "minmax/park_jun", "minmax/pam")
SENSITIVITY = {
    "choices": (("preprocessing", ("none", "minmax")), ("algorithm", ("park_jun", "pam"))),
    "radius": (("sd_radius", ("sd", "mean")),),
}
SWEEPS = {"choices": ("variant", ("C2", "C3", "C4", "C5", "C6", "C7", "C8")), "radius": ("sd_radius", ("C1",))}


def variant_values(variant: str) -> dict:
    """Every claim holds but: wdbc's S2 is low everywhere (C3, C8 fail there); with PAM, Ec2's
    PS2 is above its Accuracy (C5, C7 fail there); with none / PAM, Iris's S2 is low too."""
    values = external_values()
    values["wdbc"]["s2"] = 0.5
    if variant.endswith("pam"):
        values["ec2"]["ps2"] = 0.99
    if variant == "none/pam":
        values["iris"]["s2"] = 0.5
    return values


def choices_table() -> ScoreTable:
    records = []
    for variant in VARIANTS:
        algorithm = variant.split("/")[1]
        for d, row in variant_values(variant).items():
            records += [(variant, d, algorithm, 3, name, v) for name, v in row.items()]
    return ScoreTable.from_records(records, group_column="variant")


def radius_table() -> ScoreTable:
    records = [("sd", *r) for r in fig3_records()]
    records += [("mean", *r) for r in fig3_records({"igp": 5})]  # IGP's best K moves: C1 partly
    return ScoreTable.from_records(records, group_column="sd_radius")


LABELS = {**{d: d.upper() for d in SYNTHETIC}, **{d: d.capitalize() for d in UCI}}
# One printed axis: Ec2's PS2 on 0.95-1.0 (step 0.05). Park-Jun's 0.92 lies below it; PAM's
# 0.99 fits it.
AXIS = {"figure": "fig5", "panel": "a", "label": "synthetic data sets", "low": 0.95, "high": 1.0, "step": 0.05,
        "datasets": ["ec2"], "indices": ["ps2"], "algorithm": "park_jun"}


def sensitivity() -> tuple[S.Sensitivity, C.ClaimSettings]:
    s = read_as(sweeps=SWEEPS, sensitivity=SENSITIVITY, labels=LABELS, paper_axes=(AXIS,), paper_axes_tolerance=1.0,
                main_choices={"choices": {"preprocessing": "minmax", "algorithm": "park_jun"},
                              "radius": {"sd_radius": "sd"}}, stated_axes=())
    main = C.evaluate_claims(make_table(), s)
    return S.sensitivity_table(s, main, {"choices": choices_table(), "radius": radius_table()}), s


def test_a_cell_per_claim_and_variant_in_the_config_order():
    table, _ = sensitivity()
    assert [v.label for v in table.variants] == [
        "none / Park-Jun K-medoids", "none / PAM", "minmax / Park-Jun K-medoids *", "minmax / PAM",
        "SD radius sd *", "SD radius mean",
    ]
    none_pj, none_pam, minmax_pj, minmax_pam, sd, mean = table.variants
    assert table.cell("C3", none_pj).failing == ["wdbc"] and table.cell("C3", none_pam).failing == ["iris", "wdbc"]
    assert table.cell("C7", minmax_pj).verdict == C.REPRODUCED and table.cell("C7", minmax_pam).failing == ["ec2"]
    assert table.cell("C1", sd).verdict == C.REPRODUCED and table.cell("C1", mean).verdict == C.PARTLY
    assert table.cell("C1", none_pam) is None and table.cell("C3", mean) is None  # n/a
    assert S.cell_text(None) == "—" and S.cell_text(table.cell("C3", none_pj)) == "partly 11/12"
    assert table.claims == tuple(f"C{i}" for i in range(1, 16))


def test_the_variants_are_ranked_by_the_checks_that_hold_and_the_axes_they_fit():
    table, s = sensitivity()
    base = sum(len(r.feasible) for r in C.evaluate_claims(make_table(), s) if r.id in SWEEPS["choices"][1])
    checks = {v.value: S.agreement(table, v) for v in table.variants[:4]}
    # failing checks by construction: wdbc in C3 and C8; with PAM Ec2 in C5 and C7; Iris in C3 and C8
    assert checks == {"none/park_jun": (base - 2, base), "minmax/park_jun": (base - 2, base),
                      "minmax/pam": (base - 4, base), "none/pam": (base - 6, base)}
    assert [S.axes_fit(table, v) for v in table.variants] == [(0, 1), (1, 1), (0, 1), (1, 1), (0, 0), (0, 0)]
    ranked = S.ranking(table)
    assert [(v.value, agree, total) for v, agree, total in ranked["choices"]] == [
        ("none/park_jun", base - 2, base + 1), ("minmax/park_jun", base - 2, base + 1),
        ("minmax/pam", base - 3, base + 1), ("none/pam", base - 5, base + 1),
    ]
    rows, columns = S.sensitivity_rows(table)
    assert [row["claim"] for row in rows[-3:]] == ["checks holding", "axes fitting", "rank"]
    assert [rows[-2][c] for c in columns[2:]] == ["0/1", "1/1", "0/1", "1/1", "0/0", "0/0"]
    assert [rows[-1][c] for c in columns[2:]] == ["1", "4", "1", "3", "1", "2"]
    (choices, radius) = S.findings(table, s)
    assert "are, tied, none / Park-Jun K-medoids and minmax / Park-Jun K-medoids * " in choices
    assert "the choices the paper most likely made" in choices
    assert f"({base - 2}/{base} checks, 0/1 axes), ahead of minmax / PAM ({base - 4}/{base} checks, 1/1 axes)" in choices
    assert radius.startswith("SD radius (C1): the variant that agrees with most of the paper's checks and "
                             "printed axis ranges is SD radius sd * (7/7 checks)")
    even = S.Sensitivity(table.claims, table.variants[4:], {"C1": {v: table.cell("C1", table.variants[4]) for v in table.variants[4:]}}, table.main)
    assert S.findings(even, s) == [
        "SD radius (C1): the paper's checks and printed axes do not tell the variants apart: 7/7 checks "
        "under each of SD radius sd * and SD radius mean."
    ]


def test_dependence_says_which_choice_a_verdict_follows_and_what_always_fails():
    table, _ = sensitivity()
    assert S.dependence(table, "C3", LABELS) == (
        "C3: partly under every preprocessing and clustering; the failing sets are always Wdbc, "
        "under some variants also Iris"
    )
    assert S.dependence(table, "C7", LABELS) == (
        "C7: depends on the clustering: reproduced with Park-Jun K-medoids; partly with PAM; "
        "no set fails under every variant (under some: EC2)"
    )
    assert S.dependence(table, "C1", LABELS) == (
        "C1: depends on the SD radius: reproduced with SD radius sd; partly with SD radius mean; "
        "no index fails under every variant (under some: IGP)"
    )
    assert S.dependence(table, "C4", LABELS) == "C4: reproduced under every preprocessing and clustering"
    assert S.dependence(table, "C9", LABELS) == ""


def test_a_verdict_no_single_choice_decides_names_the_exceptions():
    """none / PAM alone flips C8 to not reproduced: 3 of 4 variants are partly."""
    table, _ = sensitivity()
    none_pj, none_pam, minmax_pj, minmax_pam = table.variants[:4]
    flipped = {**table.cells["C8"], none_pam: C.ClaimResult("C8", "", "", "", C.NOT_REPRODUCED, "")}
    custom = S.Sensitivity(table.claims, table.variants, {**table.cells, "C8": flipped}, table.main)
    assert S.dependence(custom, "C8", {}) == (
        "C8: partly under 3 of 4 preprocessing and clustering variants; not reproduced under none / PAM; "
        "no set fails under every variant (under some: wdbc)"  # the flipped cell lists no failing set
    )


def test_written_tables_round_trip_for_the_heat_map(tmp_path):
    table, s = sensitivity()
    paths = [tmp_path / f"sensitivity.{ext}" for ext in ("csv", "md", "html")]
    S.write_sensitivity(table, s, *paths)
    first = [p.read_bytes() for p in paths]
    S.write_sensitivity(table, s, *paths)
    assert [p.read_bytes() for p in paths] == first
    claims, variants, cells = S.read_sensitivity_csv(paths[0])
    assert claims == list(table.claims) and variants == [v.label for v in table.variants]
    assert cells[claims.index("C3")][0] == ("partly", pytest.approx(11 / 12))
    assert cells[claims.index("C1")][0] is None
    rows = read_verified_csv(paths[0])
    assert rows[-3]["claim"] == "checks holding" and rows[0]["main"] == "reproduced 7/7"
    md = paths[1].read_text()
    assert "| C3 | reproduced 12/12 | partly 11/12 |" in md and "C7: depends on the clustering" in md
    assert "the choice the paper most likely made" in paths[2].read_text()


def test_the_heat_map_draws_every_cell(tmp_path):
    pytest.importorskip("matplotlib")
    from clustval.plotting import save_figure
    from clustval.repro.paper import figures

    table, s = sensitivity()
    S.write_sensitivity(table, s, *(tmp_path / f"t.{ext}" for ext in ("csv", "md", "html")))
    claims, variants, cells = S.read_sensitivity_csv(tmp_path / "t.csv")
    fig = figures.fig_sensitivity(claims, variants, cells)
    groups = S.variant_groups(variants)
    assert len(fig.axes) == len(groups)  # one small heat map per sweep or kind of reading
    texts = [t.get_text() for ax in fig.axes for t in ax.texts]
    shown = sum(len(columns) * sum(any(cells[i][j] is not None for j, _ in columns) for i in range(len(claims)))
                for columns in groups.values())
    assert len(texts) == shown  # only the claims each panel re-checks
    assert "partly\n0.92" in texts
    labels = [t.get_text() for ax in fig.axes for t in ax.get_xticklabels()]
    assert not any("_" in label.split(":")[0] for label in labels if ": " in label and label.startswith(("fig3", "uci")))
    save_figure(fig, [tmp_path / "s.png"])
    assert (tmp_path / "s.png").stat().st_size > 0


def test_c1_across_a_sweep_lists_each_values_sd_fallback_k():
    s = read_as(sweeps={"radius": SWEEPS["radius"]})
    (result,) = C.claim_robustness(s, {"radius": radius_table()}, {"radius": {"mean": [9, 10, 11, 14]}})
    statements = {check.subject: check.statement for check in result.checks}
    assert statements["sd_radius mean"].endswith("SD seeds filled farthest-first at K = 9..11, 14")
    assert "farthest-first" not in statements["sd_radius sd"]
    assert result.summary == "pattern holds at 1/2 SD radii; holds under SD radius sd" and "band" not in result.detail


def test_a_sweep_of_clusterings_is_read_with_each_variants_algorithm():
    """C7 under PAM reads the PAM rows (Ec2 fails there), not the main study's Park-Jun."""
    found = C.claims_by_group(choices_table(), read_as(), ["C7"])
    assert found["minmax/pam"]["C7"].failing == ["ec2"] and found["minmax/park_jun"]["C7"].failing == []


def test_the_claims_table_says_what_each_verdict_depends_on(tmp_path):
    table, s = sensitivity()
    results = C.evaluate_claims(make_table(), s)
    results += C.claim_robustness(s, {"radius": radius_table()})
    depends = {claim: S.dependence(table, claim, LABELS) for claim in table.claims}
    paths = tmp_path / "claims.csv", tmp_path / "claims.md", tmp_path / "claims.html"
    C.write_claims(results, paths[0], paths[1], s, html_path=paths[2], depends_on=depends)
    rows = list(csv.DictReader(paths[0].open(newline="")))  # no job reads claims.csv back
    assert depends["C3"].startswith("C3: ")  # the row names the claim: the column does not repeat it
    assert rows[2]["id"] == "C3" and rows[2]["depends_on"] == depends["C3"].removeprefix("C3: ")
    assert rows[-1]["scope"] == "radius" and rows[-1]["depends_on"] == ""  # a sweep row has none
    assert depends["C7"].removeprefix("C7: ") in paths[1].read_text() and "depends on" in paths[2].read_text()
