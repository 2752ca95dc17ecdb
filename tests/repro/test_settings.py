"""The settings layer: the run table derived from config, the checks a schema cannot make,
the schema's own strictness, and the rule that workflow scripts read only their job."""

from __future__ import annotations

import ast
import copy
import re

import pytest
import yaml
from snakemake.exceptions import WorkflowError
from snakemake.utils import validate

from clustval.errors import InputError
from clustval.repro.figure_table import figure_params, figures_to_draw
from clustval.repro.settings import MAIN, Settings, config_schema
from tests.conftest import REPO

CONFIG = yaml.safe_load((REPO / "config" / "config.yaml").read_text())
SCHEMA = str(REPO / "workflow" / "schemas" / "config.schema.yaml")


def config(**sections) -> dict:
    """The project config with some entries replaced (``pipeline__fig3`` = pipeline.fig3)."""
    result = copy.deepcopy(CONFIG)
    for key, value in sections.items():
        *path, last = key.split("__")
        node = result
        for part in path:
            node = node[part]
        node[last] = value
    return result


def test_run_table_of_the_project_config():
    s = Settings.from_config(CONFIG)
    main = s.rows(MAIN)
    external = [r for r in main if r.group == "external"]
    assert [r.dataset for r in external] == [*CONFIG["pipeline"]["synthetic"], *s.uci]
    ks = {r.dataset: r.ks for r in external}
    assert ks["iris"] == (3,) and ks["segmentation"] == (7,) and ks["uec6"] == (6,) and ks["ec2"] == (2,)
    assert {r.algorithm for r in external} == {"park_jun"}
    (fig3,) = [r for r in main if r.group == "fig3"]
    assert (fig3.dataset, fig3.algorithm, fig3.ks) == ("fig1", "sd_kmedoids", tuple(range(2, 23)))
    offsets = s.rows("offset")
    assert [r.value for r in offsets] == CONFIG["pipeline"]["sweeps"]["offset"]["values"]
    assert {(r.dataset, r.indices, r.data_id) for r in offsets[:1]} == {("fig1", "internal", "fig1_0.04")}
    seeds = s.rows("seed")
    assert len(seeds) == 10 * 10 and {r.kind for r in seeds} == {"synthetic"}
    assert s.batches() == [(MAIN, "external"), (MAIN, "fig3"), (MAIN, "uci_k"), ("offset", "fig3"),
                           ("seed", "external"), ("scaling_clustering", "external"), ("sd_radius", "fig3"),
                           ("fig3_clusterer", "fig3"), ("uci_k_clusterer", "uci_k"), ("xb", "fig3")]
    uci_k = [r for r in main if r.group == "uci_k"]  # C15: every UCI set over K = 2..14, Fig. 3's indices only
    assert [r.dataset for r in uci_k] == list(s.uci) and {r.ks for r in uci_k} == {tuple(range(2, 15))}
    assert {r.indices for r in uci_k} == {("stdi", "db", "xb", "igp", "sil_sum", "bwp_sum")}
    # STDI's reading is a scoring axis: one clustering per algorithm serves both readings
    keys = [p["key"] for p in s.cluster_params("fig3_clusterer", "fig3")]
    assert keys == ["fig1:sd_kmedoids", "fig1:park_jun", "fig1:kmeans"]
    options = {r["value"]: r["index_options"] for r in s.run_params("fig3_clusterer", "fig3")}
    assert options["True/kmeans"] == {"stdi_squared": True} and options["False/park_jun"] == {"stdi_squared": False}
    assert s.data_kinds(MAIN) == ["synthetic", "uci", "fig1"] and s.data_kinds("seed") == ["synthetic"]


def test_a_data_recipe_holds_only_what_its_set_is_built_from():
    """So a change to one kind of set (or a claim) re-runs no data job of another kind."""
    s = Settings.from_config(CONFIG)
    (fig1,) = s.data_params(MAIN, "fig1")
    assert set(fig1["config"]) == {"fig1_set", "preprocessing"}
    synthetic = s.data_params(MAIN, "synthetic")
    assert [r["name"] for r in synthetic] == CONFIG["pipeline"]["synthetic"]
    assert all(set(r["config"]) == {"synthetic", "preprocessing"} for r in synthetic)
    assert all(list(r["config"]["synthetic"]["sets"]) == [r["name"]] for r in synthetic)
    seed3 = [r for r in s.data_params("seed", "synthetic") if r["file"] == "ec2_3"]
    assert seed3[0]["config"]["synthetic"]["seed"] == 3
    changed = Settings.from_config(config(claims__fig1_true_k=8, preprocessing={"uci": "zscore", "synthetic": "none"}))
    assert changed.data_params(MAIN, "synthetic") == synthetic and changed.data_params(MAIN, "fig1") == [fig1]
    assert changed.data_params(MAIN, "uci") != s.data_params(MAIN, "uci")
    moved = Settings.from_config(config(fig1_set={**CONFIG["fig1_set"], "offset": 0.1}, synthetic__seed=7))
    assert moved.data_params("offset", "fig1") == s.data_params("offset", "fig1"), "the sweep sets its own offset"
    assert moved.data_params("seed", "synthetic") == s.data_params("seed", "synthetic"), "and its own seeds"
    assert moved.data_params(MAIN, "fig1") != [fig1]


def test_sweep_axes_are_config_entries():
    sweeps = {
        "scaling": {"axis": "preprocessing", "values": ["none", "zscore"], "run": "external",
                    "datasets": ["uci"], "claims": ["C3"]},
        "radius": {"axis": "sd_radius", "values": ["sd", "mean"], "run": "fig3", "claims": ["C1"]},
    }
    s = Settings.from_config(config(pipeline__sweeps=sweeps, claims__sensitivity=[]))
    scaling = s.data_params("scaling", "uci")
    assert {(r["file"], r["config"]["preprocessing"]["uci"]) for r in scaling} >= {("iris_none", "none"), ("iris_zscore", "zscore")}
    radius = s.run_params("radius", "fig3")
    assert [r["clustering"]["sd_radius"] for r in radius] == ["sd", "mean"]
    assert {r["file"] for r in radius} == {"fig1.csv"}, "a clustering axis reuses the data as they are"
    assert s.axis("radius") == "sd_radius" and s.axis(MAIN) is None
    assert s.source_study("radius") == "radius", "a clustering axis clusters again"


def test_a_scoring_axis_rescores_the_main_clusterings_with_one_index_option():
    sweeps = {"xb": {"axis": "xb_separation", "values": ["centroids", "closest_pair"], "run": "fig3",
                     "indices": "internal", "claims": []}}
    s = Settings.from_config(config(pipeline__sweeps=sweeps, claims__sensitivity=[]))
    assert s.source_study("xb") == MAIN and s.source_study(MAIN) == MAIN
    rows = s.run_params("xb", "fig3")
    assert [r["index_options"] for r in rows] == [{"xb_separation": "centroids"}, {"xb_separation": "closest_pair"}]
    main = s.run_params(MAIN, "fig3")
    assert main[0]["index_options"] == {}
    assert {r["key"] for r in rows} == {main[0]["key"]}, "the keys of the main study's clusterings"
    assert all(r["clustering"] == main[0]["clustering"] for r in rows)
    with pytest.raises(InputError, match="pipeline.sweeps.xb: xb_separation = 'medoids'; use one of 'centroids', 'closest_pair'"):
        Settings.from_config(config(pipeline__sweeps={"xb": {**sweeps["xb"], "values": ["medoids"]}}, claims__sensitivity=[]))


def test_a_sweep_of_several_axes_runs_their_product_and_shares_what_does_not_change():
    """3 preprocessings x 3 clusterings: 9 variants of every set; the synthetic sets are not
    rescaled, so each of their clusterings is computed once per algorithm, not three times."""
    s = Settings.from_config(CONFIG)
    rows = s.rows("scaling_clustering")
    n_sets = len(CONFIG["pipeline"]["synthetic"]) + len(s.uci)
    assert len(rows) == 9 * n_sets and s.axis("scaling_clustering") == "variant"
    assert list(dict.fromkeys(r.value for r in rows)) == [
        f"{p}/{a}" for p in ("none", "minmax", "zscore") for a in ("park_jun", "pam", "kmeans")
    ]
    iris = [r for r in rows if r.dataset == "iris"]
    assert [(r.data_id, r.algorithm) for r in iris[:3]] == [("iris_none", "park_jun"), ("iris_none", "pam"), ("iris_none", "kmeans")]
    ec2 = [r for r in rows if r.dataset == "ec2"]
    assert len(ec2) == 9 and {r.data_id for r in ec2} == {"ec2"} and len({r.key for r in ec2}) == 3
    clusterings = s.cluster_params("scaling_clustering", "external")
    assert len(clusterings) == 3 * len(CONFIG["pipeline"]["synthetic"]) + 9 * len(s.uci)
    assert len({c["key"] for c in clusterings}) == len(clusterings)
    assert len(s.run_params("scaling_clustering", "external")) == len(rows), "scored under every variant"
    files = {r["file"]: r["config"]["preprocessing"] for r in s.data_params("scaling_clustering", "synthetic")}
    assert files == {f"{name}": {"synthetic": "none"} for name in CONFIG["pipeline"]["synthetic"]}
    uci = {r["file"]: r["config"]["preprocessing"]["uci"] for r in s.data_params("scaling_clustering", "uci")}
    assert uci["wine_zscore"] == "zscore" and len(uci) == 3 * len(s.uci)


def test_the_variant_equal_to_the_main_study_has_the_main_recipes():
    """minmax / Park-Jun is the main study: the same data recipes and clustering options."""
    s = Settings.from_config(CONFIG)
    main = {r["name"]: r["config"] for kind in ("synthetic", "uci") for r in s.data_params(MAIN, kind)}
    rows = [r for r in s.rows("scaling_clustering") if r.value == "minmax/park_jun"]
    recipes = {r["file"]: r for kind in ("synthetic", "uci") for r in s.data_params("scaling_clustering", kind)}
    assert {r.dataset: recipes[r.data_id]["config"] for r in rows} == main
    params = [p for p in s.run_params("scaling_clustering", "external") if p["value"] == "minmax/park_jun"]
    main_params = s.run_params(MAIN, "external")
    assert [(p["algorithm"], p["ks"], p["clustering"]) for p in params] == [
        (p["algorithm"], p["ks"], p["clustering"]) for p in main_params
    ]


def test_a_clustering_option_sweep_names_each_clustering_apart():
    s = Settings.from_config(CONFIG)
    keys = [p["key"] for p in s.cluster_params("sd_radius", "fig3")]
    assert keys == ["fig1:sd_kmedoids:sd", "fig1:sd_kmedoids:mean"]
    assert s.fallback_runs()["sd_radius"] == [["sd", keys[0]], ["mean", keys[1]]]
    assert list(s.fallback_runs()) == ["offset", "sd_radius", "fig3_clusterer"]


@pytest.mark.parametrize(
    "sweep, message",
    [
        ({"axis": ["preprocessing", "algorithm"], "values": [["none"]], "run": "external", "claims": []},
         "2 axes need 2 lists"),
        ({"axis": ["algorithm", "preprocessing"], "values": [["pam", "kmedians"], ["none"]], "run": "external",
          "claims": []}, "unknown algorithm 'kmedians'"),
        ({"axis": "preprocessing", "values": ["none"], "run": "external", "claims": []},
         "axis 'preprocessing' does not apply to ec2"),
    ],
)
def test_a_malformed_sweep_is_one_clear_error(sweep, message):
    with pytest.raises(InputError, match=message):
        Settings.from_config(config(pipeline__sweeps={"bad": sweep}, claims__sensitivity=[]))


def test_the_sensitivity_sweeps_must_exist():
    with pytest.raises(InputError, match="claims.sensitivity: 'scalings' is no sweep"):
        Settings.from_config(config(claims__sensitivity=["scalings"]))


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"pipeline__fig3": {"dataset": "fig1", "algorithm": "sd_kmedoids", "k_min": 9, "k_max": 3}}, "k_min = 9 > k_max = 3"),
        ({"pipeline__synthetic": ["ec2", "ec7"]}, "pipeline.synthetic: unknown data set 'ec7'"),
        ({"pipeline__fig3": {"dataset": "uec9", "algorithm": "sd_kmedoids", "k_min": 2, "k_max": 5}}, "pipeline.fig3.dataset"),
        ({"pipeline__sweeps": {"seed": {"axis": "seed", "values": [1], "run": "external",
                                        "datasets": ["ec2", "irls"], "claims": []}}}, "unknown data set 'irls'"),
        ({"pipeline__sweeps": {"seed": {"axis": "seed", "values": [1], "run": "external", "claims": []}}},
         "axis 'seed' does not apply to iris"),
        ({"claims__exceptions__C2": ["uec7"]}, "claims.exceptions.C2: unknown data set 'uec7'"),
    ],
)
def test_inconsistent_values_are_one_clear_error(changes, message):
    with pytest.raises(InputError, match=message):
        Settings.from_config(config(**changes))


def test_a_subset_selection_drops_sets_and_says_which():
    s = Settings.from_config(config(pipeline__synthetic=["ec2", "uec2"]))
    assert [r.dataset for r in s.rows(MAIN, "external")][:2] == ["ec2", "uec2"]
    assert "uec6" in s.dropped and "ec2" not in s.dropped
    assert figure_params(s, "fig4")["not_in_run"][:2] == ["Ec3", "Ec4"]
    assert [p[0] for p in figure_params(s, "fig2")["panels"]] == ["Ec2", "UEc2"]
    assert "UEc6" in s.table_params("table4")["not_in_run"]
    none = Settings.from_config(config(pipeline__synthetic=[], pipeline__sweeps={}, claims__sensitivity=[]))
    assert "fig2" not in figures_to_draw(none) and "fig_offset_sweep" not in figures_to_draw(none)
    assert "sensitivity" not in figures_to_draw(none)


@pytest.mark.parametrize(
    "changes",
    [
        {"uci_mirorr": "x"},
        {"pipeline__fig3__kmax": 5},
        {"claims__equal_tolerance": 0.01},
        {"pipeline__sweeps__seed__value": [1]},
        {"fig1_set__offset": "0.09"},  # what `--config fig1_set={offset: 0.09}` would pass: a string
    ],
)
def test_schema_rejects_unknown_keys_and_wrong_types(changes):
    with pytest.raises(WorkflowError):
        validate(config(**changes), SCHEMA)


def test_schema_accepts_the_project_and_test_configs():
    validate(copy.deepcopy(CONFIG), SCHEMA)
    merged = copy.deepcopy(CONFIG)
    for key, value in yaml.safe_load((REPO / "config" / "test.yaml").read_text()).items():
        merged[key] = _merge(merged.get(key), value)
    validate(merged, SCHEMA)
    Settings.from_config(merged)


def _merge(base, override):
    if isinstance(base, dict) and isinstance(override, dict):
        return {**base, **{k: _merge(base.get(k), v) for k, v in override.items()}}
    return override


ALLOWED = {"input", "output", "params", "wildcards", "log", "threads"}


def outside_the_job(source: str) -> list[str]:
    """What a script reads of ``snakemake`` beyond its job, and calls handed the whole object
    (``step(snakemake)`` is the one allowed: it reads the log and threads)."""
    tree = ast.parse(source)
    found = sorted({
        f"snakemake.{node.attr}" for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
        and node.value.id == "snakemake" and node.attr not in ALLOWED
    })
    found += [
        ast.unparse(node) for node in ast.walk(tree)
        if isinstance(node, ast.Call) and any(isinstance(a, ast.Name) and a.id == "snakemake" for a in node.args)
        and not (isinstance(node.func, ast.Name) and node.func.id == "step")
    ]
    return found


def test_workflow_scripts_read_only_their_job():
    """No script touches ``snakemake.config``: each value it uses is a param or an input of
    its rule, so a change re-runs exactly the jobs it touches."""
    scripts = sorted((REPO / "workflow" / "scripts").glob("*.py"))
    assert len(scripts) >= 6
    for script in scripts:
        assert outside_the_job(script.read_text()) == [], script.name


def test_the_check_catches_a_script_that_reads_the_config():
    assert outside_the_job("x = snakemake.config['claims']") == ["snakemake.config"]
    assert outside_the_job("build(name, snakemake)") == ["build(name, snakemake)"]
    assert outside_the_job("with step(snakemake):\n    snakemake.params.rows") == []


def test_a_uci_subset_names_the_sets_left_out():
    s = Settings.from_config(config(uci_datasets=["iris", "wine"]))
    assert s.uci == ("iris", "wine") and "bupa" in s.dropped
    assert "Bupa" in s.table_params("table5")["not_in_run"]
    assert s.table_params("table5")["config"]["uci_datasets"] == ["iris", "wine"]
    with pytest.raises(Exception, match="irls"):
        Settings.from_config(config(uci_datasets=["iris", "irls"]))


# ---- hostile or careless config: a one-line error before any job, with the reason


def _entry(section: str, name: str) -> dict:
    return copy.deepcopy(CONFIG[section]["sets" if section == "synthetic" else "sweeps"][name])


HOSTILE = {
    "k_max far too large": ({"pipeline__fig3": {**CONFIG["pipeline"]["fig3"], "k_max": 10**8}},
                            "k_max: 100000000 is greater than the maximum"),
    "k_max above the set's size": ({"pipeline__fig3": {**CONFIG["pipeline"]["fig3"], "k_max": 500}},
                                   "k_max = 500 is above the 450 objects"),
    "dpi": ({"figures__dpi": 100000}, "dpi: 100000 is greater than the maximum"),
    "axis step 0": ({"figures__paper_axes__fig3__a": [0, 1.4, 0]}, "fig3.a.2: 0 is less than or equal"),
    "axis low above high": ({"figures__paper_axes__fig3__a": [1.4, 0, 0.2]}, "low 1.4 is not below high 0"),
    "unknown Fig. 3 index": ({"figures__fig3_indices": ["stdi", "nope"]}, "unknown internal index 'nope'"),
    "external index in Fig. 3": ({"figures__fig3_indices": ["stdi", "ari"]}, "unknown internal index 'ari'"),
    "unknown Fig. 4 index": ({"figures__fig4_indices": ["s2", "nope"]}, "unknown external index 'nope'"),
    "huge synthetic set": ({"synthetic__sets__ec2__sizes": [3_000_000, 3_000_000]}, "is greater than the maximum of 100000"),
    "set above the distance matrix's limit": ({"synthetic__sets__ec2__sizes": [20_000, 20_000]},
                                               "'ec2' has n = 40000 objects"),
    "huge Fig. 1 set": ({"fig1_set__points_per_cluster": 3_000_000}, "is greater than the maximum of 100000"),
    "set name with ../": ({"synthetic__sets": {**CONFIG["synthetic"]["sets"], "../escape": _entry("synthetic", "ec2")}},
                          "'../escape' does not match"),
    "sweep name with ../": ({"pipeline__sweeps": {**CONFIG["pipeline"]["sweeps"], "../esc": _entry("pipeline", "seed")}},
                            "'../esc' does not match"),
    "sweep name with regex characters": ({"pipeline__sweeps": {**CONFIG["pipeline"]["sweeps"], "a.b*": _entry("pipeline", "seed")}},
                                         "'a.b*' does not match"),
    "a negative seed in a sweep": ({"pipeline__sweeps__seed": {**_entry("pipeline", "seed"), "values": [1, -2, 3]}},
                                   "pipeline.sweeps.seed.values.1: -2 is less than the minimum of 0"),
    "a fractional seed in a sweep": ({"pipeline__sweeps__seed": {**_entry("pipeline", "seed"), "values": [1, 2.5]}},
                                     "pipeline.sweeps.seed.values.1: 2.5 is not an integer"),
    "a negative offset in a sweep": ({"pipeline__sweeps__offset": {**_entry("pipeline", "offset"), "values": [0.1, -1]}},
                                     "pipeline.sweeps.offset.values.1: -1 is less than the minimum of 0"),
    "sigma .nan": ({"synthetic__sets__ec2__sigma": float("nan")}, "synthetic.sets.ec2.sigma: nan is not a finite number"),
    "sigma .inf": ({"fig1_set__sigma": float("inf")}, "fig1_set.sigma: inf is not a finite number"),
    "NaN in a sweep": ({"pipeline__sweeps__offset": {**_entry("pipeline", "offset"), "values": [0.1, float("nan")]}},
                       "pipeline.sweeps.offset.values.1: nan is not a finite number"),
    "cache folder outside": ({"uci_cache_dir": "../../tmp/x"}, "leads outside the working directory"),
    "mirror folder outside": ({"uci_mirror": "../elsewhere"}, "leads outside the working directory"),
}  # fmt: skip


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_a_hostile_config_is_one_line_before_any_job(case):
    from clustval.repro.settings import validate_config

    changes, message = HOSTILE[case]
    with pytest.raises(InputError, match=re.escape(message)) as error:
        cfg = config(**changes)
        validate_config(cfg, SCHEMA)
        Settings.from_config(cfg)
    assert "\n" not in str(error.value)


def test_nested_yaml_aliases_are_refused_before_they_are_walked():
    """341 bytes of lists of aliases nested 8 deep hold 10^8 values: the schema's walk took 7 s
    and 0.68 GB (one more level: ten times both); they are counted, and refused, first."""
    from clustval.repro.settings import MAX_CONFIG_VALUES, validate_config

    levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'] + [
        f"{b}: &{b} [{','.join(['*' + a] * 10)}]" for a, b in zip("abcdefg", "bcdefgh")]  # fmt: skip
    bomb = yaml.safe_load("\n".join(levels) + "\n")
    cfg = config(figures__fig2_panels=bomb["h"])
    with pytest.raises(InputError, match=f"config holds more than {MAX_CONFIG_VALUES:,} values") as error:
        validate_config(cfg, SCHEMA)
    assert "\n" not in str(error.value)


def test_an_absolute_folder_outside_is_taken_on_purpose(tmp_path):
    Settings.from_config(config(uci_cache_dir=str(tmp_path / "cache"), uci_mirror=str(tmp_path)))


def test_a_yte_config_is_refused_unless_allowed(tmp_path):
    from clustval.repro.settings import refuse_templated_config

    plain = tmp_path / "plain.yaml"
    plain.write_text("figures:\n  dpi: 150\n")
    templated = tmp_path / "templated.yaml"
    templated.write_text("__use_yte__: true\nfigures:\n  dpi: ?150\n")
    refuse_templated_config([plain])
    with pytest.raises(InputError, match="YTE template"):
        refuse_templated_config([plain, templated])
    refuse_templated_config([templated], allow=True)


@pytest.mark.slow
def test_the_workflow_refuses_a_yte_override_before_any_job(tmp_path):
    import subprocess
    import sys

    override = tmp_path / "override.yaml"
    override.write_text("__use_yte__: true\nfigures:\n  dpi: ?150\n")
    run = subprocess.run(
        [sys.executable, "-m", "snakemake", "--snakefile", str(REPO / "Snakefile"), "--directory",
         str(tmp_path / "work"), "--configfile", str(override), "-n", "--cores", "1"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode != 0 and "YTE template" in run.stdout + run.stderr


def _integer_keys(node, path=()):
    """Config paths (``a.b``) of every key the schema types ``integer`` directly under properties."""
    for key, spec in node.get("properties", {}).items():
        if spec.get("type") == "integer":
            yield (*path, key)
        yield from _integer_keys(spec, (*path, key))


INTEGER_KEYS = sorted(_integer_keys(config_schema(SCHEMA)))  # with the index options' keys


@pytest.mark.parametrize("path", INTEGER_KEYS, ids=[".".join(p) for p in INTEGER_KEYS])
def test_an_integer_key_refuses_a_float_even_a_whole_one(path):
    """JSON Schema counts 22.0 as an integer; k_max: 22.0 then failed with a TypeError later."""
    from clustval.repro.settings import validate_config

    cfg = copy.deepcopy(CONFIG)
    node = cfg
    for part in path[:-1]:
        node = node[part]
    if path[-1] not in node:
        pytest.skip("optional key absent from the project config")
    node[path[-1]] = float(node[path[-1]])
    with pytest.raises(InputError, match=rf"^config {re.escape('.'.join(path))}: .* is not an integer") as error:
        validate_config(cfg, SCHEMA)
    assert "\n" not in str(error.value)


def test_integer_items_refuse_a_float_and_a_bool():
    from clustval.repro.settings import validate_config

    sizes = {**CONFIG["claims"]["c9_table1"], "class_sizes": [50.0, 50]}
    with pytest.raises(InputError, match=r"claims\.c9_table1\.class_sizes\.0: 50\.0 is not an integer"):
        validate_config(config(claims__c9_table1=sizes), SCHEMA)
    with pytest.raises(InputError, match=r"figures\.dpi: True is not of type 'integer'"):
        validate_config(config(figures__dpi=True), SCHEMA)
    validate_config(copy.deepcopy(CONFIG), SCHEMA)


def test_one_default_memory_budget_and_one_version():
    # the budget is written once (clustval._engine.pairwise) and the config's default equals it;
    # the version is written once (clustval.__version__: pyproject reads it; test_repository
    # holds the citation to it)
    import importlib.metadata

    import yaml

    import clustval
    from clustval._engine.pairwise import DEFAULT_MEMORY_BUDGET_MB
    from clustval.cli import build_parser

    root = REPO
    config = yaml.safe_load((root / "config" / "config.yaml").read_text())
    assert config["indices"]["memory_budget_mb"] == DEFAULT_MEMORY_BUDGET_MB
    for command in (["score", "--pred", "p.txt"], ["sweep", "--data", "X.csv", "--k", "2"]):
        assert build_parser().parse_args(command).memory_budget_mb == DEFAULT_MEMORY_BUDGET_MB
    assert importlib.metadata.version("clustval") == clustval.__version__
