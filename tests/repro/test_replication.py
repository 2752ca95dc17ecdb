"""Each failure traced to its cause, the overall verdict, and the replication report and index
page built from the written result files (every number read back, none written in code)."""

from __future__ import annotations

import re
from dataclasses import replace


from clustval.repro.paper import claims as C
from clustval.repro.paper import replication as RP
from clustval.repro.paper import sensitivity as S
from clustval.repro.paper import spread as P
from clustval.repro.paper import trace as T
from clustval.repro.paper.report import index_html
from clustval.repro.verified import write_verified_csv

from .test_claims import external_values, make_table, seed_table
from .test_claims import settings as claim_settings


def traced(values, sweeps=None, s=None, noise=None, diagnostics=None, field="recluster"):
    s = s or claim_settings(sweep_axes={"seed": ("seed",)}, main_choices={"seed": {"seed": 2017}})
    table = make_table(values)
    results = C.evaluate_claims(table, s)
    if noise:
        results = P.attach_noise(results, noise, 0.95, field)
    sensitivity = S.sensitivity_table(s, results, {}, {}, table)
    by_sweep = {name: C.claims_by_group(t, s, ["C2", "C5", "C7"]) for name, t in (sweeps or {}).items()}
    return results, T.trace_failures(results, s, sensitivity, by_sweep, diagnostics or {})


def causes(traces, claim):
    return {t.subject: t.cause for t in traces.get(claim, [])}


def test_each_failure_gets_the_first_cause_that_explains_it():
    values = external_values()
    values["ec5"]["s2"] = 0.5  # fails in the main draw, holds in every other seed: the reconstructed data
    values["seeds"].update(ps2=0.86, rand=0.87)  # PS2 above Accuracy 0.85, below Rand: C6's second clause
    values["wine"]["s2"] = 0.5  # fails on a UCI set under everything, no diagnostic: unexplained
    values["uec3"]["s2"] = 0.5  # fails on a synthetic set: a reconstruction (here it holds in other seeds)
    _, traces = traced(values, {"seed": seed_table(set())})
    found = causes(traces, "C2")
    assert found == {"Ec5": T.DATA, "UEc3": T.DATA}  # Ec2: shared ties make it feasible
    assert causes(traces, "C3") == {"wine": T.UNEXPLAINED}
    assert causes(traces, "C6") == {"Seeds": T.READING, "Segmentation": T.PAPER}  # Segmentation: C6 against C8
    (ec5,) = [t for t in traces["C2"] if t.subject == "Ec5"]
    assert ec5.detail.startswith("holds under 4 of the 4 values of the seed sweep")
    (seeds,) = [t for t in traces["C6"] if t.subject == "Seeds"]
    assert seeds.detail == "holds under c6_bound accuracy_or_rand"


def test_a_failure_inside_the_bootstrap_noise_is_traced_to_noise():
    values = external_values()
    values["seeds"]["s2"] = values["seeds"]["accuracy"] - 0.001
    rng_values = {d: [dict(row) for _ in range(200)] for d, row in values.items()}
    for b, row in enumerate(rng_values["seeds"]):
        row["s2"] = values["seeds"]["accuracy"] + (0.01 if b % 2 else -0.01)  # straddles the boundary
    _, traces = traced(values, noise=rng_values)
    (seeds,) = traces["C3"]
    assert (seeds.cause, seeds.subject) == (T.NOISE, "Seeds") and "each clustered again" in seeds.detail
    _, fixed = traced(values, noise=rng_values, field="noise")  # the clustering held fixed: never a cause
    assert fixed["C3"][0].cause != T.NOISE


def test_the_overall_verdict_and_its_sentence():
    assert T.overall_verdict(["reproduced", "reproduced", "not tested"]) == T.REPLICATES
    assert T.overall_verdict(["partly", "not reproduced"]) == T.IN_PART
    assert T.overall_verdict(["not reproduced", "infeasible"]) == T.NOT_REPLICATED
    rows = [{"id": "C1", "verdict": "reproduced"}, {"id": "C2", "verdict": "partly", "holding_within_noise": "2"},
            {"id": "N1", "verdict": "not tested"}]
    traces = {"C2": [{"subject": "Ec2", "cause": T.INFEASIBLE_CAUSE}, {"subject": "Ec6", "cause": T.DATA}]}
    assert T.verdict_sentence(rows, traces) == (
        "The paper replicates in part. Of its 2 central claims, 1 reproduced (C1) and 1 partly (C2). 1 more not "
        "testable, said why. The checks that fail or cannot hold trace to an infeasible statement (1) and the "
        "reconstructed data (1)."
    )
    # the central claims first, a claim a baseline meets and an arithmetic one apart
    rows += [{"id": "C10", "verdict": "reproduced", "baseline_met": "yes"}, {"id": "C9", "verdict": "reproduced"}]
    sentence = T.verdict_sentence(rows, traces, central=["C1", "C2"], arithmetic=["C9"])
    assert sentence.startswith("The paper replicates in part. Of its 2 central claims, 1 reproduced (C1) and 1 "
                               "partly (C2). Of the 2 other checked statements, 1 is met by a baseline "
                               "(1 reproduced (C10)) and 1 is arithmetic of the definitions (1 reproduced (C9))")
    assert T.verdict_sentence(rows, traces, central=["C2"]).startswith(
        "The paper replicates in part. None of its 1 central claim is reproduced in full: 1 partly (C2).")


def write_run(tmp_path):
    """claims.csv, spread.csv, sensitivity.csv and environment.csv of a small run."""
    s = claim_settings()
    table = make_table()
    results = C.evaluate_claims(table, s)
    results = P.attach_noise(results, {d: [row] * 20 for d, row in external_values().items()}, 0.95)
    sensitivity = S.sensitivity_table(s, results, {}, {}, table)
    traces = T.trace_failures(results, s, sensitivity)
    results = [replace(r, detail={**r.detail, "traces": [t.as_dict() for t in traces.get(r.id, [])]})
               for r in results] + C.words.untested_results(s)
    paths = {name: tmp_path / f"{name}.csv" for name in ("claims", "spread", "sensitivity", "environment")}
    C.write_claims(results, paths["claims"], tmp_path / "claims.md", s,
                   causes={k: T.causes_text(v) for k, v in traces.items()})
    write_verified_csv(P.bootstrap_rows(results), P.SPREAD_COLUMNS, paths["spread"])
    S.write_sensitivity(sensitivity, s, paths["sensitivity"], tmp_path / "s.md", tmp_path / "s.html")
    write_verified_csv([{"software": "numpy", "version": "9.9.9"}], ["software", "version"], paths["environment"])
    return paths


def test_the_report_reads_every_number_from_the_result_files(tmp_path):
    paths = write_run(tmp_path)
    results = RP.read_results(paths["claims"], paths["spread"], paths["sensitivity"], paths["environment"])
    doc = RP.replication_doc(results)
    md, page = doc.markdown(), doc.html()
    verdict = md.split("## Verdict\n\n")[1].split("\n")[0]
    assert re.match(r"The paper replicates in part\. Of its 14 central claims, \d+ reproduced", verdict)
    assert verdict in md.split("## 5 Conclusion\n\n")[1]
    assert "> 只有图3(a)展示的STDI指标" in md and "| C6 | Segmentation | the paper's own statements |" in md
    assert "numpy | 9.9.9" in md and "20 times per set" in md  # from environment.csv and spread.csv
    assert "### N1" in md and "Not tested: reconstructed data" in md
    assert 'class="verdict v-partly"' in page and "<blockquote>" in page
    # numbers come from the files: change one in claims.csv and the report follows
    text = paths["claims"].read_text(encoding="utf-8").replace("3/3 checks hold", "7/7 checks hold")
    paths["claims"].write_text(text, encoding="utf-8")
    again = RP.replication_doc(RP.read_results(paths["claims"], paths["spread"])).markdown()
    assert "7/7 checks hold" in again and "3/3 checks hold" not in again


def test_the_index_opens_with_the_verdict_table(tmp_path):
    paths = write_run(tmp_path)
    section = RP.verdict_section(RP.read_claims_csv(paths["claims"]))
    page = index_html(["results/replication.html", "results/claims.html"], {}, section)
    assert page.index('id="verdict"') < page.index("replication.html\">The replication report")
    body = page[page.index("<body>"):]
    assert body.index("Verdict") < body.index("Claims")
    assert len(re.findall(r'class="verdict v-', page)) == 21  # C1-C15 and N1-N6
