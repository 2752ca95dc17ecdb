"""The indices' options, driven by their declarations (clustval.indices.registry.OPTIONS).

Every declared option is taken by every entry point that computes its kind of index, under
its one name and with its one default: the library's functions, the command line's flags and
the pipeline's config schema. An unknown name is one line of InputError. An index registered
with an option of its own is taken everywhere at once, with no other edit.
"""

from __future__ import annotations

import argparse
import copy
import inspect
import subprocess
import sys

import numpy as np
import pytest
import yaml

import clustval
from clustval.cli import build_parser, main
from clustval.errors import InputError
from clustval.indices.contingency import contingency
from clustval.indices.external import ari_from_contingency
from clustval.indices.options import IndexOption, choice, count, flag, number, seed, text
from clustval.indices.registry import (
    EXTERNAL,
    INDICES,
    OPTIONS,
    IndexSpec,
    options_of,
    registered,
)
from clustval.repro.settings import Settings, config_schema, validate_config
from tests.conftest import REPO

SCHEMA = REPO / "workflow" / "schemas" / "config.schema.yaml"
CONFIG = yaml.safe_load((REPO / "config" / "config.yaml").read_text())

X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [5.0, 5.0], [5.0, 6.0], [6.0, 5.0], [9.0, 0.0], [9.0, 1.0]])
PRED = np.array([0, 0, 0, 1, 1, 1, 2, 2])
TRUTH = np.array([0, 0, 1, 1, 1, 1, 2, 2])
OPTIONED = ["stdi", "db", "xb", "sil"]  # internal indices with options, all defined on X


def _dask():
    return pytest.importorskip("clustval.dask", reason="clustval.dask needs the dask extra")


# Each entry point: the kind of indices it computes (None: both), and a call with **options.
ENTRY_POINTS = {
    "score": (None, lambda **o: clustval.score(PRED, labels_true=TRUTH, X=X, names=[*EXTERNAL, *OPTIONED], **o)),
    "external_scores": ("external", lambda **o: clustval.external_scores(TRUTH, PRED, **o)),
    "external_scores_from_table": (
        "external", lambda **o: clustval.external_scores_from_table([[2, 0, 0], [1, 3, 0], [0, 0, 2]], **o)),
    "internal_scores": ("internal", lambda **o: clustval.internal_scores(X, PRED, OPTIONED, **o)),
    "select_k": ("internal", lambda **o: clustval.select_k(X, [2, 3], indices=OPTIONED, **o).table),
    "clustval.dask.internal_scores": (
        "internal", lambda **o: _dask().internal_scores(X, PRED, ["db"], client=None, **o)),
    "clustval.dask.external_scores": ("external", lambda **o: _dask().external_scores(TRUTH, PRED, **o)),
}  # fmt: skip
FUNCTIONS = {
    "score": lambda: clustval.score, "external_scores": lambda: clustval.external_scores,
    "external_scores_from_table": lambda: clustval.external_scores_from_table,
    "internal_scores": lambda: clustval.internal_scores, "select_k": lambda: clustval.select_k,
    "clustval.dask.internal_scores": lambda: _dask().internal_scores,
    "clustval.dask.external_scores": lambda: _dask().external_scores,
}  # fmt: skip
CASES = [(entry, name) for entry, (kind, _) in ENTRY_POINTS.items() for name in options_of(kind)]


def test_every_option_is_declared_once_and_named_in_its_entries():
    assert OPTIONS, "the registry declares options"
    for name, option in OPTIONS.items():
        assert isinstance(option, IndexOption) and option.name == name
        owners = [spec for spec in INDICES.values() if option in spec.options]
        assert owners, f"{name}: no index takes it"
        for spec in owners:  # the declared default is the core's, under the core's keyword
            parameter = inspect.signature(spec.core).parameters[option.keyword]
            assert parameter.default == option.default, (spec.name, name)
        assert option.check(option.default) == option.default
        assert "\n" not in option.description and option.description


def test_each_option_s_parameters_entry_is_written_from_its_declaration():
    """The index's function and core document the option from its declaration (values,
    default, meaning, its name everywhere), not from a second text in the description."""
    for name, option in OPTIONS.items():
        for spec in (spec for spec in INDICES.values() if option in spec.options):
            core_entry = f"\n{option.keyword} : {option.values_text}, default {option.default_text}\n"
            assert core_entry in spec.core.__doc__, (spec.name, name)
            function_doc = " ".join(spec.function.__doc__.split())
            assert f"``{name}`` in :func:`clustval.score`" in function_doc, (spec.name, name)
            assert " ".join(option.description[1:].replace("`", "``").split()) in function_doc, (spec.name, name)


def test_under_python_oo_the_entry_points_take_their_options_undocumented():
    """No docstring to list the options in (python -OO): the signatures and checks stay."""
    code = ("import inspect, clustval; print(clustval.score([0, 0, 1, 1], X=[[0.0], [1.0], [10.0], [11.0]], "
            "names=['xb'], xb_separation='closest_pair'), 'db_q' in inspect.signature(clustval.score).parameters)")
    run = subprocess.run([sys.executable, "-OO", "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["{'xb':", "0.0030864197530864196}", "True"]


@pytest.mark.parametrize(("entry", "name"), CASES, ids=[f"{e}-{n}" for e, n in CASES])
def test_every_entry_point_takes_every_option_of_its_kind_with_its_default(entry, name):
    option = OPTIONS[name]
    parameter = inspect.signature(FUNCTIONS[entry]()).parameters[name]
    assert parameter.default == option.default and parameter.kind == parameter.KEYWORD_ONLY
    if entry.startswith("clustval.dask.internal"):
        return  # needs a cluster to run; tests/test_dask.py runs its options
    _, call = ENTRY_POINTS[entry]
    assert call(**{name: option.default}) == call()


@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
def test_an_unknown_option_is_one_line_of_input_error(entry):
    _, call = ENTRY_POINTS[entry]
    with pytest.raises(InputError, match=r"unknown option 'xb_separaton' \(did you mean xb_separation\?\)|"
                                         r"xb_separaton") as caught:  # fmt: skip
        call(xb_separaton="closest_pair")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("entry", "name"), [("external_scores", "xb_separation"), ("internal_scores", "s2_matching"),
                                             ("select_k", "cp_seed")])  # fmt: skip
def test_an_option_of_the_other_kind_is_refused_with_its_index(entry, name):
    _, call = ENTRY_POINTS[entry]
    with pytest.raises(InputError, match=rf"takes no {name}: it is an option of .*, an \w+ index\.$"):
        call(**{name: OPTIONS[name].default})


@pytest.mark.parametrize("name", list(OPTIONS))
def test_a_bad_value_is_one_line_naming_the_option(name):
    with pytest.raises(InputError, match=rf"^{name} = ") as caught:
        clustval.score(PRED, labels_true=TRUTH, X=X, **{name: "no such value"})
    assert "\n" not in str(caught.value)


def _flags(parser: argparse.ArgumentParser, command: str) -> dict[str, argparse.Action]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    return {action.dest: action for action in sub._actions}


@pytest.mark.parametrize(("command", "kind"), [("score", None), ("sweep", "internal")])
def test_the_command_line_has_a_flag_per_option_with_its_default(command, kind):
    flags = _flags(build_parser(), command)
    for name, option in options_of(kind).items():
        assert option.flag in flags[name].option_strings and flags[name].default == option.default
        assert option.description.split()[0] in flags[name].help
    if kind == "internal":
        assert not set(options_of("external")) - set(options_of("internal")) & set(flags)


@pytest.mark.parametrize("name", list(OPTIONS))
def test_the_config_takes_every_option_under_its_name(name):
    option = OPTIONS[name]
    assert config_schema(SCHEMA)["properties"]["indices"]["properties"][name] == option.schema()
    cfg = copy.deepcopy(CONFIG)
    cfg["indices"].pop(name, None)  # left out: its default
    validate_config(cfg, SCHEMA)
    assert Settings.from_config(cfg).indices[name] == option.default


def test_the_config_refuses_the_old_seed_key_naming_the_new_one():
    cfg = copy.deepcopy(CONFIG)
    cfg["indices"]["cp_accuracy_seed"] = 1
    with pytest.raises(InputError, match=r"^config indices.cp_accuracy_seed is now indices.cp_seed") as caught:
        validate_config(cfg, SCHEMA)
    assert "\n" not in str(caught.value)
    cfg = copy.deepcopy(CONFIG)
    cfg["indices"]["db_q"] = float("inf")  # a number to the schema; the declaration refuses it
    with pytest.raises(InputError, match=r"^config indices: db_q = inf; use a number of at least 1$"):
        Settings.from_config(cfg)


def _scaled_ari(ct, scale="one"):
    return ari_from_contingency(ct) * {"one": 1.0, "half": 0.5}[scale]


SCALE = choice("ari_scale", "scale", ("one", "half"), "what the test index multiplies ARI by")


def test_an_index_with_an_option_of_its_own_is_taken_everywhere_at_once(tmp_path, capsys):
    """Registering the entry is the only edit: the keyword, the signature, the flag, the
    config key and the docs' row follow from the option's declaration."""
    spec = IndexSpec("scaled_ari", "ARI x s", "external", "higher", (-0.5, 1), "a test index",
                     lambda t, p, scale="one": _scaled_ari(contingency(t, p), scale),
                     _scaled_ari, options=(SCALE,))  # fmt: skip
    ari = clustval.ari(TRUTH, PRED)
    with registered(spec):
        assert OPTIONS["ari_scale"] is SCALE
        assert clustval.score(PRED, labels_true=TRUTH, names=["scaled_ari"], ari_scale="half") == {"scaled_ari": ari / 2}
        assert clustval.external_scores(TRUTH, PRED, ["scaled_ari"], ari_scale="half") == {"scaled_ari": ari / 2}
        assert inspect.signature(clustval.score).parameters["ari_scale"].default == "one"
        assert "ari_scale" not in inspect.signature(clustval.internal_scores).parameters
        truth, pred = tmp_path / "t.txt", tmp_path / "p.txt"
        truth.write_text("\n".join(map(str, TRUTH)) + "\n")
        pred.write_text("\n".join(map(str, PRED)) + "\n")
        assert main(["score", "--truth", str(truth), "--pred", str(pred), "--index", "scaled_ari",
                     "--ari-scale", "half", "--format", "csv"]) == 0  # fmt: skip
        assert capsys.readouterr().out.splitlines()[1:] == [f"scaled_ari,{ari / 2!r}"]
        assert config_schema(SCHEMA)["properties"]["indices"]["properties"]["ari_scale"] == SCALE.schema()
    assert "ari_scale" not in OPTIONS and "ari_scale" not in inspect.signature(clustval.score).parameters


def test_two_different_declarations_of_one_name_are_refused():
    other = choice("xb_separation", "scale", ("one", "half"), "clashes with XB's option")
    spec = IndexSpec("clash", "Clash", "external", "higher", (0, 1), "a test index", lambda t, p: 1.0,
                     _scaled_ari, options=(other,))  # fmt: skip
    with pytest.raises(InputError, match="declared twice, differently"):
        clustval.indices.registry.register(spec)
    assert "clash" not in INDICES and OPTIONS["xb_separation"] is not other


@pytest.mark.parametrize(("option", "good", "bad"), [
    (choice("a", "a", ("x", "y"), "a choice"), "y", "z"),
    (flag("b", "b", "a flag"), True, 1),
    (number("c", "c", 1, "a number", minimum=1), 2.5, float("nan")),
    (number("d", "d", 2, "a number or inf", minimum=1, infinite=True), float("inf"), 0.5),
    (seed("e", "e", "a seed"), None, True),
    (count("f", "f", 3, "a count", minimum=1), 5, 2.0),
    (count("g", "g", 3, "a count", minimum=1), np.int64(1), 0),
    (text("h", "h", "SMin:5", "an OWA", pattern=r"Min|S(?:Min|Max):[1-9][0-9]*", form="Min or SMin:D"), "SMax:12", "SMin:0"),
])  # fmt: skip
def test_each_kind_of_option_checks_its_values(option, good, bad):
    assert option.check(good) == good
    with pytest.raises(InputError, match=rf"^{option.name} = "):
        option.check(bad)
