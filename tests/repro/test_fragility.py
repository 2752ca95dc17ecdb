"""Fragility cells, from hand-built verdicts under readings, thresholds and sweeps."""

from types import SimpleNamespace as R

from clustval.repro.paper.claims.fragility import fragility_text


def test_fragility_counts_each_dimension_and_says_what_was_chosen_after_a_trial():
    main = R(verdict="partly")
    yes, no = R(verdict="reproduced"), R(verdict="not reproduced")
    readings = {"ties unique": main, "clearly_above 0": yes, "clearly_above 0.1": no}
    sweeps = {"offset": {0.08: {"C1": yes}, 0.09: {"C1": main}, 0.1: {"C1": no}},
              "fig3_clusterer": {"false/pam": {"C1": yes}, "true/pam": {"C1": no}},
              "seed": {1: {"C2": yes}}}  # another claim's sweep is left out
    text = fragility_text("C1", main, readings, sweeps,
                          {"offset": ["offset"], "fig3_clusterer": ["stdi_squared", "algorithm"]},
                          post_hoc={"offset": "was chosen after a trial"},
                          main_choices={"offset": {"offset": 0.09}})
    assert text == ("reproduced under: readings 0/2 (partly 2); clearly_above 1/3 (partly 1); "
                    "offsets 1/3 (partly 1) (the default offset 0.09 was chosen after a trial); "
                    "STDI norm x clusterer variants 1/2")
