"""The pipeline's settings, read once from the config and checked once.

The Snakemake workflow builds one :class:`Settings` from ``config/config.yaml`` (after the
schema check) and passes each job exactly the values it uses. Everything the experiment
computes is a row of :attr:`Settings.runs`, the **run table**: one clustering of one data
set (in one data variant) by one algorithm over its K values. The main experiment and every
sweep are rows of that table; a sweep is a config entry (``pipeline.sweeps``) that re-runs
one run group with one setting, its *axis*, taking each listed value; a sweep of several
axes takes every combination of their values (their product), each combination a *variant*.
An axis that does not apply to a set (the preprocessing of a synthetic set) leaves that set
as in the main study: its rows of the variants that differ only there are one clustering.

Runs are batched for the jobs by *study* (``main`` or a sweep's name) and run group; data
files by study and kind of set. The checks here are those a schema cannot express: names
that must be in the catalog or the selection, K ranges, sweep axes.
"""

from __future__ import annotations

import copy
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from clustval.errors import InputError
from clustval.indices.registry import INDICES, OPTIONS, get_index, index_options, registry_name

from .data import FIG1, fig1_spec, synthetic_specs, uci_specs
from .paper.claims.readings import word_rules
from .paper.claims.settings import ClaimSettings
from .paper.claims.words import statement_params
from .sweeps import AXES, AXIS_KINDS, VARIANT, sweep_axes

__all__ = ["AXES", "MAIN", "RENAMED", "Run", "Settings", "config_schema", "refuse_templated_config", "validate_config"]

MAIN = "main"  # the study of the paper's own figures and claims
KINDS = ("synthetic", "uci", FIG1)
# The clustering jobs hold a set's n x n distance matrix (8 n^2 bytes: 7.2 GB at this n), so a
# larger set is refused before any job rather than failing for memory in one.
MAX_SET_SIZE = 30_000
# Figures drawn per index: which kind of index each list takes.
FIGURE_INDEX_KINDS = {"fig3_indices": "internal", "fig4_indices": "external",
                      "fig5_indices": "external", "fig6_indices": "external"}  # fmt: skip


@dataclass(frozen=True)
class Run:
    """One row of the run table: one clustering to compute and score."""

    study: str  # "main" or the sweep's name
    group: str  # the run group: "external" (Figs. 4-6), "fig3" or "uci_k" (STDI's K on the UCI sets, C15)
    dataset: str
    kind: str  # synthetic | uci | fig1
    algorithm: str
    ks: tuple[int, ...]
    axis: str | None = None  # the score table's group column: the sweep's axis (or "variant")
    value: object = None  # this row's value in it: the axis value, or the variant "v1/v2"
    indices: str | tuple[str, ...] = "all"  # which indices are scored: all | external | internal, or their names
    choices: tuple[tuple[str, object], ...] = ()  # (axis, value) of the sweep's axes that apply here

    def choice(self, axis: str, default=None):
        return dict(self.choices).get(axis, default)

    @property
    def data_id(self) -> str:
        """The data file's name: the set, plus the values of the data axes that change it."""
        changed = [str(value) for axis, value in self.choices if AXES[axis] == "data"]
        return "_".join((self.dataset, *changed))

    @property
    def key(self) -> str:
        """The clustering's name: its data, algorithm and clustering options. Rows of one study
        with the same key are one clustering (computed once, scored under each variant)."""
        options = [str(value) for axis, value in self.choices if AXES[axis] == "clustering" and axis != "algorithm"]
        return ":".join((self.data_id, self.algorithm, *options))


class Settings:
    """Typed, validated view of the workflow config; build with :meth:`from_config`."""

    def __init__(self, config: Mapping):
        self.config = copy.deepcopy(dict(config))
        pipeline = self.config["pipeline"]
        self.synthetic_catalog = synthetic_specs(self.config)
        self.uci_catalog = uci_specs({})  # the package's whole catalog
        self.synthetic = tuple(pipeline["synthetic"])
        self.uci = tuple(uci_specs(self.config))  # uci_datasets: the selection, checked there
        self._check_known(self.synthetic, self.synthetic_catalog, "pipeline.synthetic")
        self.fig3 = dict(pipeline["fig3"])
        if self.fig3["k_min"] > self.fig3["k_max"]:
            raise InputError(
                f"pipeline.fig3: k_min = {self.fig3['k_min']} > k_max = {self.fig3['k_max']}; "
                "give k_min <= k_max"
            )
        self._check_known([self.fig3["dataset"]], self.selected, "pipeline.fig3.dataset")
        self.uci_k = dict(pipeline["uci_k"])
        if self.uci_k["k_min"] > self.uci_k["k_max"]:
            raise InputError(
                f"pipeline.uci_k: k_min = {self.uci_k['k_min']} > k_max = {self.uci_k['k_max']}; give k_min <= k_max"
            )
        if self.uci_k["algorithm"] == pipeline["external"]["algorithm"]:
            raise InputError(
                "pipeline.uci_k.algorithm equals pipeline.external.algorithm: their K = C runs would share "
                "scores; give uci_k another clustering (the paper's internal-index clustering is sd_kmedoids)"
            )
        for name in self.uci_k["indices"]:
            registry_name(name, aliases=False)
        try:  # what the schema cannot say (DB's q is not inf)
            index_options(None, {k: v for k, v in self.config["indices"].items() if k in OPTIONS}, "score")
        except InputError as error:
            raise InputError(f"config indices: {error}") from None
        self._check_sizes()
        self._check_figures()
        self._check_directories()
        catalog = (*self.synthetic_catalog, *self.uci_catalog)
        for key, names in self.config["claims"]["exceptions"].items():
            self._check_known(names, catalog, f"claims.exceptions.{key}")
        self._check_known(self.config["figures"]["fig2_panels"], self.synthetic_catalog, "figures.fig2_panels")
        self.external_algorithm = pipeline["external"]["algorithm"]
        self.runs = tuple(self._main_runs() + self._sweep_runs())
        unknown = [name for name in self.config["claims"]["sensitivity"] if name not in pipeline["sweeps"]]
        if unknown:
            raise InputError(
                f"claims.sensitivity: {', '.join(map(repr, unknown))} is no sweep of pipeline.sweeps; "
                f"sweeps: {', '.join(pipeline['sweeps'])}"
            )

    def set_size(self, name: str) -> int:
        """n, the number of objects of set ``name`` (from the config or the UCI catalog)."""
        if name in self.synthetic_catalog:
            return sum(self.synthetic_catalog[name].sizes)
        if name in self.uci_catalog:
            return sum(self.uci_catalog[name].expected.values())
        spec = fig1_spec(self.config)
        return len(spec.group_centres) * len(spec.angles_deg) * spec.points_per_cluster

    def _check_sizes(self) -> None:
        for name in (*self.synthetic, FIG1):
            n = self.set_size(name)
            if n > MAX_SET_SIZE:
                raise InputError(
                    f"data set {name!r} has n = {n} objects, above {MAX_SET_SIZE}: the clustering jobs "
                    f"hold its n x n distance matrix ({8 * n * n / 2**30:.0f} GiB); make it smaller"
                )
        n = self.set_size(self.fig3["dataset"])
        if self.fig3["k_max"] > n:
            raise InputError(
                f"pipeline.fig3: k_max = {self.fig3['k_max']} is above the {n} objects of "
                f"{self.fig3['dataset']!r}; give k_max <= {n}"
            )

    def _check_figures(self) -> None:
        figures = self.config["figures"]
        for key, kind in FIGURE_INDEX_KINDS.items():
            known = [name for name, spec in INDICES.items() if spec.kind == kind]
            unknown = [name for name in figures[key] if name not in known]
            if unknown:
                raise InputError(
                    f"figures.{key}: unknown {kind} index {', '.join(map(repr, unknown))}; "
                    f"known: {', '.join(known)}"
                )
        for figure, panels in figures["paper_axes"].items():
            for letter, (low, high, _) in panels.items():
                if not low < high:
                    raise InputError(f"figures.paper_axes.{figure}.{letter}: low {low} is not below high {high}")

    def _check_directories(self) -> None:
        # A relative folder stays inside the working directory; an absolute one is taken as
        # given, on purpose (config/README.md).
        for key in ("uci_cache_dir", "uci_mirror", "clustbench_mirror"):
            folder = self.config.get(key)
            if folder and not Path(folder).is_absolute():
                inside = Path.cwd().resolve()
                if inside not in (inside / folder).resolve().parents and (inside / folder).resolve() != inside:
                    raise InputError(
                        f"config {key}: {folder!r} leads outside the working directory; give a folder "
                        "inside it, or an absolute path to mean one outside"
                    )

    @classmethod
    def from_config(cls, config: Mapping) -> Settings:
        try:
            return cls(config)
        except KeyError as missing:
            raise InputError(f"config lacks key {missing}; see config/README.md") from None

    # ------------------------------------------------------------------ selection
    @property
    def selected(self) -> tuple[str, ...]:
        """Every set of this run: the selected synthetic and UCI sets, and the Fig. 1 set."""
        return (*self.synthetic, *self.uci, FIG1)

    def kind(self, name: str) -> str:
        return "synthetic" if name in self.synthetic_catalog else "uci" if name in self.uci_catalog else FIG1

    @staticmethod
    def _check_known(names: Sequence[str], known, where: str) -> None:
        unknown = [name for name in names if name not in known]
        if unknown:
            raise InputError(
                f"{where}: unknown data set {', '.join(map(repr, unknown))}; "
                f"known: {', '.join(known)}"
            )

    def labels(self) -> dict[str, str]:
        """Display label of every selected set, as the paper's figures spell it."""
        labels = {name: self.synthetic_catalog[name].label for name in self.synthetic}
        labels.update({name: self.uci_catalog[name].label for name in self.uci})
        labels[FIG1] = "Fig. 1 set"
        return labels

    def names(self) -> dict[str, str]:
        """How the claims' statements spell each catalog set: Table 5's title, Table 4's label."""
        names = {name: spec.label for name, spec in self.synthetic_catalog.items()}
        names.update({name: spec.title for name, spec in self.uci_catalog.items()})
        return names

    def class_sizes(self) -> dict[str, list[int]]:
        """The class sizes of every selected synthetic and UCI set (the claims' feasibility checks)."""
        sizes = {name: list(self.synthetic_catalog[name].sizes) for name in self.synthetic}
        sizes.update({name: list(self.uci_catalog[name].expected.values()) for name in self.uci})
        return sizes

    def n_classes(self, name: str) -> int:
        kind = self.kind(name)
        if kind == "synthetic":
            return len(self.synthetic_catalog[name].sizes)
        if kind == "uci":
            return len(self.uci_catalog[name].expected)
        spec = fig1_spec(self.config)
        return len(spec.group_centres) * len(spec.angles_deg)

    # ------------------------------------------------------------------ the run table
    def _group_runs(self, group: str, study: str = MAIN, **variant) -> list[Run]:
        indices = variant.pop("indices", None)
        if group == "uci_k":
            ks = tuple(range(self.uci_k["k_min"], self.uci_k["k_max"] + 1))
            names = indices if isinstance(indices, (list, tuple)) else tuple(self.uci_k["indices"])
            return [
                Run(study, group, name, "uci", self.uci_k["algorithm"], ks, indices=tuple(names), **variant)
                for name in self.uci if self.set_size(name) > ks[-1]
            ]
        if indices is not None:
            variant["indices"] = tuple(indices) if isinstance(indices, list) else indices
        if group == "external":
            return [
                Run(study, group, name, self.kind(name), self.external_algorithm,
                    (self.n_classes(name),), **variant)
                for name in (*self.synthetic, *self.uci)
            ]
        if group == "fig3":
            name = self.fig3["dataset"]
            ks = tuple(range(self.fig3["k_min"], self.fig3["k_max"] + 1))
            return [Run(study, group, name, self.kind(name), self.fig3["algorithm"], ks, **variant)]
        raise InputError(f"unknown run group {group!r}; use external, fig3 or uci_k")

    def _main_runs(self) -> list[Run]:
        return self._group_runs("external") + self._group_runs("fig3") + self._group_runs("uci_k")

    def _sweep_runs(self) -> list[Run]:
        runs = []
        for study, sweep in self.config["pipeline"]["sweeps"].items():
            if study == MAIN:
                raise InputError(f"pipeline.sweeps: {MAIN!r} names the main study; rename the sweep")
            axes, values = sweep_axes(sweep, study)
            only = sweep.get("datasets")
            for combination in itertools.product(*values):
                rows = self._group_runs(
                    sweep["run"], study, axis=axes[0] if len(axes) == 1 else VARIANT,
                    value=combination[0] if len(axes) == 1 else "/".join(map(str, combination)),
                    indices=sweep.get("indices", "all"),
                )
                if only is not None:
                    rows = [r for r in rows if r.kind in only or r.dataset in only]
                for row in rows:
                    choices = tuple(
                        (axis, value) for axis, value in zip(axes, combination)
                        if row.kind in AXIS_KINDS.get(axis, KINDS)
                    )
                    if not choices:
                        applies = " and ".join(AXIS_KINDS[axes[0]]) if len(axes) == 1 else "other"
                        raise InputError(
                            f"pipeline.sweeps.{study}: axis {' and '.join(map(repr, axes))} does not apply "
                            f"to {row.dataset}; it applies to the {applies} sets (use datasets:)"
                        )
                    runs.append(replace(row, choices=choices, algorithm=dict(choices).get("algorithm", row.algorithm)))
            if only is not None:
                self._check_known(
                    [name for name in only if name not in KINDS], self.selected,
                    f"pipeline.sweeps.{study}.datasets",
                )
        return runs

    def source_study(self, study: str) -> str:
        """The study whose data and clusterings a study's score job reads: its own, or the
        main study's when its sweep changes the scoring only (nothing to re-cluster)."""
        if study == MAIN:
            return MAIN
        axes, _ = sweep_axes(self.config["pipeline"]["sweeps"][study], study)
        return MAIN if all(AXES[axis] == "scoring" for axis in axes) else study

    @property
    def studies(self) -> list[str]:
        return list(dict.fromkeys(run.study for run in self.runs))

    @property
    def sweeps(self) -> dict[str, dict]:
        """Each sweep's config entry, with the studies that have rows in this run."""
        return {
            name: dict(entry) for name, entry in self.config["pipeline"]["sweeps"].items()
            if name in self.studies
        }

    def batches(self, study: str | None = None) -> list[tuple[str, str]]:
        """The (study, run group) pairs a cluster and a score job each compute."""
        return list(dict.fromkeys(
            (run.study, run.group) for run in self.runs if study in (None, run.study)
        ))

    def rows(self, study: str, group: str | None = None) -> list[Run]:
        rows = [r for r in self.runs if r.study == study and group in (None, r.group)]
        if not rows:
            raise InputError(f"no runs for study {study!r}, group {group!r}")
        return rows

    def data_kinds(self, study: str, group: str | None = None) -> list[str]:
        """The kinds of set whose data files a batch reads (one data job each)."""
        return list(dict.fromkeys(r.kind for r in self.rows(study, group)))

    # ------------------------------------------------------------------ job parameters
    def data_params(self, study: str, kind: str) -> list[dict]:
        """Recipes of the data files of one (study, kind): the config each set is built from."""
        recipes = {}
        for run in self.rows(study):
            if run.kind == kind and run.data_id not in recipes:
                recipes[run.data_id] = self._recipe(run)
        return list(recipes.values())

    def _recipe(self, run: Run) -> dict:
        """The config slice one data file is built from, with the sweep's value written into
        it: the slice holds no setting the set does not use, so no other change re-runs it."""
        config = copy.deepcopy(self.config)
        scaled_as = "uci" if run.kind == "uci" else "synthetic"
        part = {"preprocessing": {scaled_as: run.choice("preprocessing", config["preprocessing"][scaled_as])}}
        if run.kind == "synthetic":
            seed = run.choice("seed", config["synthetic"]["seed"])
            part["synthetic"] = {"seed": seed, "sets": {run.dataset: config["synthetic"]["sets"][run.dataset]}}
        elif run.kind == "uci":
            part.update(self._uci_config([run.dataset]))
        else:
            part["fig1_set"] = config["fig1_set"]
            for axis in ("seed", "offset"):
                part["fig1_set"][axis] = run.choice(axis, part["fig1_set"][axis])
        return {"file": run.data_id, "name": run.dataset, "config": canonical(part)}

    def _uci_config(self, names: Sequence[str]) -> dict:
        """The UCI keys of the config with the selection cut down to ``names``, and their
        catalog entries (the package's catalog: a param, so a catalog change re-runs the job)."""
        part = {key: value for key, value in sorted(self.config.items()) if key.startswith("uci_")}
        part["uci_datasets"] = list(names)
        part["catalog"] = {name: asdict(self.uci_catalog[name]) for name in names}
        return part

    def run_params(self, study: str, group: str) -> list[dict]:
        """What the score job of one batch needs of each row (``clustering`` as the cluster
        job ran it)."""
        clustering = self.config["clustering"]
        return [
            {
                "key": run.key,
                "kind": run.kind,
                "file": f"{run.data_id}.csv",
                "dataset": run.dataset,
                "algorithm": run.algorithm,
                "ks": list(run.ks),
                "value": run.value,
                "indices": list(run.indices) if isinstance(run.indices, tuple) else run.indices,
                # a scoring axis overrides one key of ``indices`` (e.g. xb_separation)
                "index_options": {axis: value for axis, value in run.choices if AXES[axis] == "scoring"},
                "clustering": canonical({**clustering, "sd_radius": run.choice("sd_radius", clustering["sd_radius"])}),
            }
            for run in self.rows(study, group)
        ]

    def cluster_params(self, study: str, group: str) -> list[dict]:
        """The distinct clusterings of one batch (a row shared by several variants, once)."""
        unique = {row["key"]: row for row in self.run_params(study, group)}
        return [{k: v for k, v in row.items() if k not in ("value", "indices")} for row in unique.values()]

    @property
    def indices(self) -> dict:
        """The index options every score job uses (``indices``; an option the config leaves
        out at its default), and the memory budget of the distance pass."""
        return canonical({**{name: option.default for name, option in OPTIONS.items()}, **self.config["indices"]})

    def axis(self, study: str) -> str | None:
        """The score table's group column of a study: its sweep's axis, ``variant`` for a
        sweep of several axes (None for main)."""
        if study == MAIN:
            return None
        axes, _ = sweep_axes(self.config["pipeline"]["sweeps"][study], study)
        return axes[0] if len(axes) == 1 else VARIANT

    def claim_params(self) -> dict:
        """The keyword arguments of :class:`clustval.repro.paper.claims.ClaimSettings`."""
        figures, claims = self.config["figures"], self.config["claims"]
        table1 = claims["c9_table1"]
        return {
            "synthetic": list(self.synthetic),
            "uci": list(self.uci),
            "names": self.names(),
            "fig3_indices": list(figures["fig3_indices"]),
            "fig4_indices": list(figures["fig4_indices"]),
            "fig5_indices": list(figures["fig5_indices"]),
            "fig1_true_k": claims["fig1_true_k"],
            "fig1_group_k": claims["fig1_group_k"],
            "equal_tol": claims["equal_tol"],
            "slightly_below": claims["slightly_below"],
            "clearly_above": claims["clearly_above"],
            "thresholds": {name: list(values) for name, values in claims["thresholds"].items()},
            "baselines": dict(claims["baselines"]),
            "post_hoc": dict(claims["post_hoc"]),
            "partly_share": claims["partly_share"],
            "readings": dict(claims["readings"]),
            "rule_axes": list(claims["rule_axes"]),
            "stated_axes": list(claims["stated_axes"]),
            "trend_threshold": claims["trend"]["threshold"],
            "c11_agree": list(claims["trend"]["c11_agree"]),
            "c11_contrast": claims["trend"]["c11_contrast"],
            "sweep_axes": {name: sweep_axes(entry, name)[0] for name, entry in self.sweeps.items()},
            "class_sizes": self.class_sizes(),
            "statements": statement_params(),
            "exceptions": {key: list(sets) for key, sets in sorted(claims["exceptions"].items())},
            "c9_class_sizes": list(table1["class_sizes"]),
            "c9_printed": {name: table1[name] for name in ("f_measure", "s2", "ps2")},
            "c9_decimals": table1["decimals"],
            "fig3_dataset": self.fig3["dataset"],
            "fig3_algorithm": self.fig3["algorithm"],
            "external_algorithm": self.external_algorithm,
            "uci_k_algorithm": self.uci_k["algorithm"],
            "uci_k_indices": list(self.uci_k["indices"]),
            "sweeps": {name: [self.axis(name), list(entry["claims"])] for name, entry in self.sweeps.items()},
            "labels": {name: label for name, label in self.labels().items() if name != FIG1},
            "sensitivity": {
                name: [list(pair) for pair in zip(*sweep_axes(self.sweeps[name], name))]
                for name in self.sensitivity_sweeps
            },
            "paper_axes": self.paper_axes_params(),
            "paper_axes_tolerance": figures["paper_axes_tolerance"],
            "main_choices": {name: self.main_choices(name) for name in self.sweeps},
        }

    def main_choices(self, study: str) -> dict:
        """The main study's value of each axis of sweep ``study`` (for its run group): the
        variant with every one of them is the main study's own."""
        run = self.config["pipeline"]["sweeps"][study]["run"]
        main = {
            "preprocessing": self.config["preprocessing"]["uci"],
            "algorithm": self.external_algorithm if run == "external" else self.config["pipeline"][run]["algorithm"],
            "sd_radius": self.config["clustering"]["sd_radius"],
            "offset": self.config["fig1_set"]["offset"],
            "seed": self.config["synthetic"]["seed"],
        }
        main.update({axis: self.indices[axis] for axis, step in AXES.items() if step == "scoring"})
        axes, _ = sweep_axes(self.config["pipeline"]["sweeps"][study], study)
        return {axis: main[axis] for axis in axes}

    @property
    def bootstrap_indices(self) -> list[str]:
        """The external indices the claims compare (Figs. 4-6): what the bootstrap recomputes."""
        figures = self.config["figures"]
        return list(dict.fromkeys(figures["fig4_indices"] + figures["fig5_indices"] + figures["fig6_indices"]))

    def bootstrap_params(self) -> dict:
        """What the bootstrap job uses: the main study's K = C runs, the indices, the draws."""
        spread = self.config["claims"]["spread"]
        return {"rows": self.run_params(MAIN, "external"), "indices": self.bootstrap_indices,
                "index_options": self.indices, "replicates": spread["replicates"], "seed": spread["seed"]}

    def verdict_groups(self) -> dict[str, list[str]]:
        """The claims the verdict sentence counts apart (config ``claims.verdict_groups``)."""
        groups = self.config["claims"]["verdict_groups"]
        return {"central": list(groups["central"]), "arithmetic": list(groups["arithmetic"])}

    def seed_values(self) -> dict[str, object]:
        """Every seed of the run, by its config key (the report lists them)."""
        c = self.config
        seeds = {"synthetic.seed": c["synthetic"]["seed"], "fig1_set.seed": c["fig1_set"]["seed"],
                 "clustering.kmeans.seed": c["clustering"]["kmeans"]["seed"], "indices.cp_seed": c["indices"]["cp_seed"],
                 "claims.spread.seed": c["claims"]["spread"]["seed"],
                 "claims.recluster.seed": c["claims"]["recluster"]["seed"],
                 "claims.baselines.seed": c["claims"]["baselines"]["seed"]}
        for name, entry in self.sweeps.items():
            axes, values = sweep_axes(entry, name)
            for axis, axis_values in zip(axes, values):
                if axis == "seed":
                    seeds[f"pipeline.sweeps.{name}.values"] = " ".join(map(str, axis_values))
        return seeds

    def replication_params(self) -> dict:
        """What the replication report uses beyond its input files and figures: the verdict's
        groups, the one rule of each word and every seed."""
        return {"groups": self.verdict_groups(), "words": word_rules(ClaimSettings.from_params(self.claim_params())),
                "seeds": self.seed_values()}

    def label_variant_params(self) -> dict | None:
        """What the label-variant job uses (config ``claims.label_variant``): the main study's
        run of that set, the feature read as its label, the indices; None when the set does not run."""
        variant = self.config["claims"]["label_variant"]
        rows = [row for row in self.run_params(MAIN, "external") if row["dataset"] == variant["dataset"]]
        if not rows:
            return None
        return {"row": rows[0], "feature": variant["feature"], "indices": self.bootstrap_indices,
                "index_options": self.indices}

    def diagnostics_params(self) -> dict:
        """What the diagnostics job uses: the main study's K = C runs, the index options and the
        K-medoids whose partition's cost is set beside the study's (claims.diagnostics)."""
        return {"rows": self.run_params(MAIN, "external"), "index_options": self.indices,
                "better_algorithm": self.config["claims"]["diagnostics"]["better_cost"]}

    def recluster_params(self) -> dict:
        """What the re-clustering bootstrap uses: the main study's K = C runs of the kinds of
        set it covers (claims.recluster), the indices, the draws."""
        recluster = self.config["claims"]["recluster"]
        rows = [row for row in self.run_params(MAIN, "external") if row["kind"] in recluster["kinds"]]
        return {"rows": rows, "indices": self.bootstrap_indices, "index_options": self.indices,
                "replicates": recluster["replicates"], "seed": recluster["seed"]}

    def recluster_kinds(self) -> list[str]:
        """The kinds of set the re-clustering bootstrap reads (its data folders)."""
        return [row["kind"] for row in self.recluster_params()["rows"]]

    def spread_params(self) -> dict:
        """What the claims job reads of the spread: the level, and the seed sweep (if it runs)."""
        spread = self.config["claims"]["spread"]
        sweep = spread["seed_sweep"] if spread["seed_sweep"] in self.sweeps else None
        return {"level": spread["level"], "seed_sweep": sweep, "indices": self.bootstrap_indices,
                "algorithm": self.external_algorithm}

    @property
    def sensitivity_sweeps(self) -> list[str]:
        """The sweeps of this run whose variants are the columns of the sensitivity table."""
        return [name for name in self.config["claims"]["sensitivity"] if name in self.sweeps]

    def fallback_runs(self) -> dict[str, list]:
        """For each sweep that re-checks C1: ``[value, run key]`` of each of its Fig. 3 rows,
        so the claims can say at which K each value's SD seeding fell back to farthest-first
        (read from the clusterings of its :meth:`source_study`)."""
        return {
            study: [[run.value, run.key] for run in self.rows(study, "fig3")]
            for study, entry in self.sweeps.items()
            if "C1" in entry["claims"] and (study, "fig3") in self.batches(study)
        }

    # ------------------------------------------------------------------ figures and tables
    @property
    def dropped(self) -> list[str]:
        """Catalog sets this run leaves out (an output that would show them says so)."""
        return [
            name for name in (*self.synthetic_catalog, *self.uci_catalog)
            if name not in self.synthetic and name not in self.uci
        ]

    def dropped_labels(self, names) -> list[str]:
        """The display labels of those of ``names`` this run leaves out."""
        catalog = {**self.synthetic_catalog, **self.uci_catalog}
        return [catalog[name].label for name in names if name in self.dropped]

    @property
    def offset_sweep(self) -> str | None:
        """The sweep fig_offset_sweep draws, when it runs."""
        name = self.config["figures"]["offset_sweep"]
        return name if name in self.sweeps else None

    def paper_axes_params(self) -> list[dict]:
        """Every panel of Figs. 3-6 with the y range the paper prints (``figures.paper_axes``)
        and what the panel plots: Fig. 3's panels are ``fig3_indices`` in order, panels (a)
        and (b) of Figs. 4-6 the synthetic and the UCI sets. A panel of no selected set is
        left out."""
        figures = self.config["figures"]
        printed = figures["paper_axes"]
        panels = []
        fig3_indices = figures["fig3_indices"]
        for letter, (low, high, step) in printed.get("fig3", {}).items():
            position = ord(letter) - ord("a")
            if not 0 <= position < len(fig3_indices):
                raise InputError(
                    f"figures.paper_axes.fig3.{letter}: Fig. 3 has panels "
                    f"a..{chr(ord('a') + len(fig3_indices) - 1)} (figures.fig3_indices)"
                )
            name = fig3_indices[position]
            panels.append(self._panel("fig3", letter, get_index(name).label, (low, high, step),
                                      [self.fig3["dataset"]], [name], self.fig3["algorithm"]))
        sets = {"a": ("synthetic data sets", self.synthetic), "b": ("UCI data sets", self.uci)}
        for figure in ("fig4", "fig5", "fig6"):
            for letter, limits in printed.get(figure, {}).items():
                label, names = sets[letter]
                if names:
                    panels.append(self._panel(figure, letter, label, limits, names,
                                              figures[f"{figure}_indices"], self.external_algorithm))
        return panels

    @staticmethod
    def _panel(figure, letter, label, limits, datasets, indices, algorithm) -> dict:
        low, high, step = limits
        return {"figure": figure, "panel": letter, "label": label, "low": low, "high": high,
                "step": step, "datasets": list(datasets), "indices": list(indices),
                "algorithm": algorithm}

    def figure_axes_params(self) -> dict:
        """What the figure-axes job uses: the panels, the tolerance, the sweeps it also measures."""
        figures = self.config["figures"]
        return {
            "axes": self.paper_axes_params(),
            "tolerance_steps": figures["paper_axes_tolerance"],
            "sweeps": {name: self.axis(name) for name in self.figure_axes_sweeps},
        }

    @property
    def figure_axes_sweeps(self) -> list[str]:
        """The sweeps (of this run) whose variants the figure-axes table also measures."""
        return [name for name in self.config["figures"]["paper_axes_sweeps"] if name in self.sweeps]

    def table_params(self, name: str) -> dict:
        """Table 4 (synthetic) or Table 5 (UCI): the selected sets' specs, and the dropped ones."""
        if name == "table4":
            config = {"synthetic": {"seed": self.config["synthetic"]["seed"], "sets": {
                key: canonical(self.config["synthetic"]["sets"][key]) for key in self.synthetic}}}
            names, catalog = self.synthetic, self.synthetic_catalog
        else:
            config = self._uci_config(self.uci)
            names, catalog = self.uci, self.uci_catalog
        return {
            "config": config,
            "files": [f"{key}.csv" for key in names],
            "not_in_run": [catalog[key].label for key in catalog if key not in names],
        }


def canonical(value):
    """``value`` with every mapping's keys sorted, at any depth. Snakemake compares a job's
    params as text, and a config override reorders the keys it merges: without this, an
    override that leaves a value as it was would still re-run the job."""
    if isinstance(value, Mapping):
        return {key: canonical(value[key]) for key in sorted(value)}
    if isinstance(value, (list, tuple)):
        return [canonical(item) for item in value]
    return value


def refuse_templated_config(paths, allow: bool = False) -> None:
    """Refuse a config file that Snakemake processed as a YTE template (``__use_yte__: true``).

    A YTE template runs Python expressions while Snakemake loads it, before any check: a
    config file is trusted like code. The project's own config needs none, so one that asks
    for YTE is refused unless ``allow`` (``CLUSTVAL_ALLOW_YTE=1`` in the environment; the
    Snakefile passes it): a file from elsewhere should not run code unnoticed.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "override.yaml"
    >>> _ = path.write_text("__use_yte__: true\\nfigures:\\n  dpi: ?150\\n")
    >>> refuse_templated_config([path])
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: config file ...override.yaml is a YTE template (__use_yte__: true), whose expressions run as Python code when Snakemake loads it; refused (set CLUSTVAL_ALLOW_YTE=1 to allow it)
    >>> refuse_templated_config([path], allow=True)
    """
    import re

    for path in paths:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        if re.search(r"^__use_yte__\s*:\s*(true|True|TRUE|yes|on)\b", text, re.M) and not allow:
            raise InputError(
                f"config file {path} is a YTE template (__use_yte__: true), whose expressions run as "
                "Python code when Snakemake loads it; refused (set CLUSTVAL_ALLOW_YTE=1 to allow it)"
            )


#: Config keys renamed, old -> new: an old key is refused with one line that names the new one.
RENAMED = {"indices.cp_accuracy_seed": "indices.cp_seed"}


def validate_config(config: Mapping, schema_path) -> None:
    """Check ``config`` against the workflow's JSON schema; the first problem as one line.

    Every key the schema types ``integer`` must be a Python int: JSON Schema counts ``22.0``
    as an integer, but ``range`` and array sizes downstream do not. (Snakemake's own
    ``validate`` reports the whole config with the error.) The index options are keys of
    ``indices`` as :func:`config_schema` adds them; a key of :data:`RENAMED` is refused.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> schema = pathlib.Path(tempfile.mkdtemp()) / "schema.yaml"
    >>> _ = schema.write_text("properties: {k_max: {type: integer}}\\n")
    >>> validate_config({"k_max": 22.0}, schema)
    Traceback (most recent call last):
    ...
    clustval.errors.InputError: config k_max: 22.0 is not an integer; write it without a decimal point (see config/README.md)
    """
    _check_values(config)
    for old, new in RENAMED.items():
        section, key = old.split(".")
        if isinstance(config.get(section), Mapping) and key in config[section]:
            raise InputError(f"config {old} is now {new}, the option's name in clustval.score and the CLI: "
                             "rename it (see config/README.md)")
    schema = config_schema(schema_path)
    errors = sorted(
        _strict_validator()(schema).iter_errors(dict(config)),
        key=lambda error: list(map(str, error.absolute_path)),
    )
    if not errors:
        errors = _sweep_value_errors(config, schema)
    if errors:
        error = errors[0]
        where = ".".join(map(str, error.absolute_path)) or "top level"
        message = error.message
        if error.validator == "type" and isinstance(error.instance, float) and "integer" in str(error.validator_value):
            message = f"{error.instance!r} is not an integer; write it without a decimal point"
        raise InputError(f"config {where}: {message} (see config/README.md)")


#: The config key whose value a data or clustering sweep axis replaces (the scoring axes are
#: index options, checked by their declarations): each value of the axis is checked as that key.
_AXIS_KEYS = {"seed": ("synthetic", "seed"), "offset": ("fig1_set", "offset"),
              "preprocessing": ("preprocessing", "uci"), "sd_radius": ("clustering", "sd_radius")}  # fmt: skip


def _sweep_value_errors(config: Mapping, schema: Mapping) -> list:
    """The schema's errors of each sweep value as the key it replaces (a seed of -2 passed
    the schema, which types the values only as numbers, and failed inside the first job)."""
    errors = []
    for study, sweep in config["pipeline"]["sweeps"].items():
        several = isinstance(sweep["axis"], list)
        for i, (axis, values) in enumerate(zip(sweep["axis"] if several else [sweep["axis"]],
                                               sweep["values"] if several else [sweep["values"]])):  # fmt: skip
            if axis not in _AXIS_KEYS or not isinstance(values, list):
                continue  # a wrong shape is sweep_axes's error
            part = schema
            for key in _AXIS_KEYS[axis]:
                part = part["properties"][key]
            validator = _strict_validator()({**part, "definitions": schema.get("definitions", {})})
            where = ["pipeline", "sweeps", study, "values", *([i] if several else [])]
            for j, value in enumerate(values):
                for error in validator.iter_errors(value):
                    error.path.extendleft(reversed([*where, j]))
                    errors.append(error)
    return errors


#: More values than this in a config (counted as a reader of the YAML sees them, every alias
#: expanded) are refused before anything walks them: the project's config holds about 500, and
#: a few hundred bytes of aliases nested in each other hold billions.
MAX_CONFIG_VALUES = 100_000


def _check_values(config: Mapping) -> None:
    """Every number of ``config`` finite (a float NaN or inf passes the schema's bounds, and
    the first job would fail on it), and at most :data:`MAX_CONFIG_VALUES` values in all."""
    stack, seen = [((), config)], 0
    while stack:
        path, node = stack.pop()
        seen += 1
        if seen > MAX_CONFIG_VALUES:
            raise InputError(f"config holds more than {MAX_CONFIG_VALUES:,} values (YAML aliases nested in each "
                             "other?); refused before reading it further (see config/README.md)")  # fmt: skip
        if isinstance(node, Mapping):
            stack.extend(((*path, str(key)), value) for key, value in node.items())
        elif isinstance(node, (list, tuple)):
            stack.extend(((*path, str(i)), value) for i, value in enumerate(node))
        elif isinstance(node, float) and not math.isfinite(node):
            raise InputError(f"config {'.'.join(path) or 'top level'}: {node!r} is not a finite number "
                             "(see config/README.md)")  # fmt: skip


def config_schema(schema_path) -> dict:
    """The workflow's JSON schema, with every index option (:data:`clustval.indices.registry.OPTIONS`)
    a key of the objects marked ``x-index-options: true`` (``indices``), typed by its declaration,
    and no other key but those the schema lists.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> schema = pathlib.Path(tempfile.mkdtemp()) / "schema.yaml"
    >>> _ = schema.write_text("properties: {indices: {x-index-options: true, properties: {}}}\\n")
    >>> config_schema(schema)["properties"]["indices"]["properties"]["xb_separation"]
    {'type': 'string', 'enum': ['centroids', 'closest_pair']}
    """
    import yaml

    with open(schema_path, encoding="utf-8") as handle:
        schema = yaml.safe_load(handle)

    def fill(node):
        if isinstance(node, dict):
            if node.get("x-index-options"):
                node.setdefault("properties", {}).update({name: option.schema() for name, option in OPTIONS.items()})
                node["additionalProperties"] = False
            for value in node.values():
                fill(value)
        elif isinstance(node, list):
            for value in node:
                fill(value)

    fill(schema)
    return schema


def _is_strict_integer(checker, instance) -> bool:
    # bool is an int subclass, and JSON Schema's own check also takes 22.0: both refused.
    return isinstance(instance, int) and not isinstance(instance, bool)


def _strict_validator():
    import jsonschema

    base = jsonschema.Draft202012Validator
    return jsonschema.validators.extend(
        base, type_checker=base.TYPE_CHECKER.redefine("integer", _is_strict_integer)
    )
