"""The study beyond the paper's sets, read once from the config: which sets of the benchmark
suite run, and what each job of the ``generalisation`` target is given.

The catalog (``clustbench_catalog``, config/clustbench.yaml) lists the suite's sets with their
size, the K of each reference labelling and every file's SHA-256; ``generalisation`` selects
batteries, the largest n and the K range, and names the clusterings. A job receives only the
part of the config it uses, so a changed key re-runs only the jobs that read it.
"""

from __future__ import annotations

from collections.abc import Mapping

from clustval.clustering import get_algorithm
from clustval.errors import InputError
from clustval.indices.registry import INDICES, registry_name

from ..paper.claims.checks import CLAIMS
from ..settings import Settings, canonical
from .summary import labelling_unit

__all__ = ["StudySettings"]


class StudySettings:
    """Typed view of the config's ``generalisation`` section and the suite's catalog."""

    def __init__(self, config: Mapping, settings: Settings):
        self.config = config
        self.settings = settings
        study = config["generalisation"]
        self.study = study
        self.catalog = dict(config["clustbench_catalog"])
        for name, entry in self.catalog.items():
            _check_entry(name, entry)
        unknown = [name for name in study["exclude"] if name not in self.catalog]
        if unknown:
            raise InputError(f"generalisation.exclude: {', '.join(map(repr, unknown))} is no set of "
                             "clustbench_catalog (config/clustbench.yaml)")
        batteries = {name.split("/")[0] for name in self.catalog}
        missing = [b for b in study["batteries"] if b not in batteries]
        if missing:
            raise InputError(f"generalisation.batteries: {', '.join(map(repr, missing))} is no battery of "
                             f"clustbench_catalog; batteries: {', '.join(sorted(batteries))}")
        if study["k_min"] > study["k_max"]:
            raise InputError(f"generalisation: k_min = {study['k_min']} > k_max = {study['k_max']}; give k_min <= k_max")
        for name in (study["reference_algorithm"], *study["k_algorithms"]):
            get_algorithm(name)
        if study["reference_algorithm"] in study["k_algorithms"]:
            raise InputError("generalisation.reference_algorithm is also in k_algorithms: its runs would share "
                             "names; the reference K runs are the paper's external study, give it another clustering")
        name = registry_name(study["correlation_index"], aliases=False)
        if INDICES[name].kind != "external":
            raise InputError(f"generalisation.correlation_index: {name!r} is not an external index")
        for claim in study["claims"]:
            if claim not in CLAIMS:
                raise InputError(f"generalisation.claims: {claim!r} is not checkable on other sets; use {', '.join(CLAIMS)}")
        self.sets = tuple(
            name for name, entry in self.catalog.items()
            if name.split("/")[0] in study["batteries"] and entry["n"] <= study["max_n"] and name not in study["exclude"]
        )
        if not self.sets:
            raise InputError("generalisation: no set of clustbench_catalog is selected (batteries, max_n, exclude)")
        small = [name for name in self.sets if self.catalog[name]["n"] <= study["k_max"]]
        if small:
            raise InputError(f"generalisation.k_max = {study['k_max']} is not below the n of {', '.join(small)}; "
                             "give a smaller k_max or leave the set out")

    @classmethod
    def from_config(cls, config: Mapping, settings: Settings) -> StudySettings:
        try:
            return cls(config, settings)
        except KeyError as missing:
            raise InputError(f"config lacks key {missing}; see config/README.md") from None

    @property
    def ks(self) -> list[int]:
        return list(range(self.study["k_min"], self.study["k_max"] + 1))

    @property
    def external_indices(self) -> list[str]:
        """The external indices scored: those the claims compare, and the correlation's."""
        return list(dict.fromkeys([*self.settings.bootstrap_indices, self.study["correlation_index"]]))

    # ------------------------------------------------------------------ job parameters
    def fetch_params(self, name: str) -> dict:
        """Where one set's files come from and the hash each must have."""
        c = self.config
        return {
            "name": name,
            "files": canonical(self.catalog[name]["files"]),
            "mirror": c["clustbench_mirror"],
            "base_url": c["clustbench_base_url"],
            "timeout": c["clustbench_timeout"],
            "deadline": c["clustbench_deadline"],
        }

    def cluster_params(self, name: str) -> dict:
        """The clusterings of one set: the reference algorithm at each labelling's K, each
        K-sweep algorithm over k_min..k_max, with the config's clustering options."""
        entry = self.catalog[name]
        runs = {self.study["reference_algorithm"]: sorted({len(sizes) for sizes in entry["sizes"]})}
        runs.update({algorithm: self.ks for algorithm in self.study["k_algorithms"]})
        return {"name": name, "runs": runs, "clustering": canonical(self.config["clustering"])}

    def score_params(self, name: str) -> dict:
        return {"name": name, "external": self.external_indices, "indices": self.settings.indices}

    def summary_params(self) -> dict:
        """What the summary job uses: each set's reference K, the study's choices, and the claims'
        settings with the battery's reference labellings in place of the paper's sets (each
        labelling a set of its own: :func:`~.summary.labelling_unit`)."""
        claim = self.settings.claim_params()
        sizes = {labelling_unit(name, i): list(part) for name in self.sets
                 for i, part in enumerate(self.catalog[name]["sizes"])}
        claim.update({
            "synthetic": list(sizes), "uci": list(sizes), "exceptions": {},
            "names": {unit: unit for unit in sizes},
            "labels": {unit: unit for unit in sizes},
            "class_sizes": sizes,
            "external_algorithm": self.study["reference_algorithm"],
            "uci_k_algorithm": self.study["k_algorithms"][0],
            "sweeps": {}, "sensitivity": {}, "main_choices": {}, "paper_axes": [], "sweep_axes": {},
        })
        return canonical({
            "sets": {name: {"n": self.catalog[name]["n"], "k": [len(sizes) for sizes in self.catalog[name]["sizes"]]}
                     for name in self.sets},
            "ks": self.ks,
            "reference_algorithm": self.study["reference_algorithm"],
            "k_algorithms": self.study["k_algorithms"],
            "claims": self.study["claims"],
            "correlation_index": self.study["correlation_index"],
            "bootstrap": self.study["bootstrap"],
            "permutation": self.study["permutation"],
            "baselines": {key: self.config["claims"]["baselines"][key] for key in ("fixed_k", "seed")},
            "claim_settings": claim,
            "paper_claim_settings": self.settings.claim_params(),
        })

    def report_params(self) -> dict:
        """What the report job uses beyond its input tables: the study's choices and rules."""
        claims = self.config["claims"]
        return canonical({
            "ks": self.ks,
            "k_algorithms": self.study["k_algorithms"],
            "reference_algorithm": self.study["reference_algorithm"],
            "ties": claims["readings"]["ties"],
            "fixed_k": claims["baselines"]["fixed_k"],
            "level": self.study["bootstrap"]["level"],
            "replicates": self.study["bootstrap"]["replicates"],
            "permutations": self.study["permutation"]["replicates"],
            "correlation_label": INDICES[self.study["correlation_index"]].label,
            # the indices Gagolewski, Bartoszuk and Cena (2021) name in their abstract
            "prior_indices": ["sil", "db", "calinski_harabasz", "dunnowa"],
            "dpi": self.config["figures"]["dpi"],
        })


def _check_entry(name: str, entry: Mapping) -> None:
    """A catalog entry names its data file and one labels file per labelling, in the suite's
    names, and no labelling has more objects than the data."""
    stem = name.split("/")[1]
    expected = {f"{stem}.data.gz", *(f"{stem}.labels{i}.gz" for i in range(len(entry["sizes"])))}
    if set(entry["files"]) != expected:
        raise InputError(f"clustbench_catalog.{name}: files {sorted(entry['files'])}; the suite's names for "
                         f"{len(entry['sizes'])} labelling(s) are {sorted(expected)}")
    over = [i for i, sizes in enumerate(entry["sizes"]) if sum(sizes) > entry["n"]]
    if over:
        raise InputError(f"clustbench_catalog.{name}: labelling {over[0]} has {sum(entry['sizes'][over[0]])} "
                         f"objects in its clusters, more than n = {entry['n']}")
