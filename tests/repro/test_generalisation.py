"""The study beyond the paper's sets: its settings, its K-recovery summary (checked against a
count done by hand), and its workflow end to end against a local HTTP server serving a small
suite in the benchmark suite's format."""

from __future__ import annotations

import csv
import gzip
import hashlib
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import yaml

from clustval.errors import DataError, InputError
from clustval.repro.generalisation.settings import StudySettings
from clustval.repro.generalisation.study import fetch_set
from clustval.repro.generalisation.summary import _draws, best_k_rows, claim_rows, recovery_rows, within_one
from clustval.repro.paper.claims.correlation import correlation
from clustval.repro.settings import Settings
from tests.conftest import REPO
from tests.datasets.test_fetch import Server

CONFIG = {**yaml.safe_load((REPO / "config" / "config.yaml").read_text()),
          **yaml.safe_load((REPO / "config" / "clustbench.yaml").read_text())}


def study(**changes) -> StudySettings:
    config = {**CONFIG, "generalisation": {**CONFIG["generalisation"], **changes}}
    return StudySettings.from_config(config, Settings.from_config(config))


def test_the_default_selection_is_every_catalog_set_up_to_max_n():
    settings = study()
    assert len(settings.catalog) == 73 and len(settings.sets) == 73  # every set with n <= 10,000
    assert len(study(max_n=6000).sets) == 65
    assert "sipu/a2" in study(max_n=6000).sets and "sipu/a3" not in study(max_n=6000).sets  # n = 5250, 7500
    assert len(study(max_n=1000, batteries=["fcps"]).sets) == 7


@pytest.mark.parametrize("changes, message", [
    ({"batteries": ["mnist"]}, "'mnist' is no battery"),
    ({"k_min": 9, "k_max": 3}, "k_min = 9 > k_max = 3"),
    ({"exclude": ["fcps/nothing"]}, "'fcps/nothing' is no set"),
    ({"correlation_index": "sil"}, "not an external index"),
    ({"k_algorithms": ["park_jun"]}, "also in k_algorithms"),
    ({"max_n": 120, "k_max": 110}, "k_max = 110 is not below the n of other/iris5"),
])
def test_bad_settings_are_one_line(changes, message):
    with pytest.raises(InputError, match=message):
        study(**changes)


def test_a_catalog_entry_names_the_suites_files():
    config = {**CONFIG, "clustbench_catalog": {**CONFIG["clustbench_catalog"]}}
    entry = dict(config["clustbench_catalog"]["fcps/atom"])
    config["clustbench_catalog"]["fcps/atom"] = {**entry, "sizes": [[400, 400], [800]]}
    with pytest.raises(InputError, match=r"fcps/atom: files .*atom.labels1.gz"):
        StudySettings.from_config(config, Settings.from_config(config))
    config["clustbench_catalog"]["fcps/atom"] = {**entry, "sizes": [[400, 401]]}
    with pytest.raises(InputError, match="801 objects in its clusters, more than n = 800"):
        StudySettings.from_config(config, Settings.from_config(config))


def test_a_tie_finds_within_one_as_it_finds_exactly():
    assert within_one((2, 4), 3, "shared") and not within_one((2, 4), 3, "unique")


def score_rows(values: dict, algorithm="kmeans") -> list[dict]:
    """Tidy rows from {(set, index or ("ari", labelling)): [value at K = 2, 3, 4]}."""
    rows = []
    for (name, index), series in values.items():
        labelling = index[1] if isinstance(index, tuple) else ""
        index = index[0] if isinstance(index, tuple) else index
        rows += [{"dataset": name, "labelling": labelling, "algorithm": algorithm, "k": k, "index": index,
                  "value": v} for k, v in zip((2, 3, 4), series)]
    return rows


def test_recovery_shares_equal_a_count_by_hand():
    # Silhouette (higher is better) finds 3 on a/x, 2 on b/y (reference 3: within 1), 4 on c/z (reference 2)
    rows = score_rows({("a/x", "sil"): [0.1, 0.9, 0.2], ("b/y", "sil"): [0.9, 0.5, 0.1],
                       ("c/z", "sil"): [0.1, 0.2, 0.3], ("a/x", ("ari", 0)): [0.2, 1.0, 0.5],
                       ("b/y", ("ari", 0)): [0.1, 0.3, 0.2], ("c/z", ("ari", 0)): [1.0, 0.5, 0.1]})
    sets = {"a/x": {"n": 10, "k": [3]}, "b/y": {"n": 10, "k": [3]}, "c/z": {"n": 10, "k": [2]}}
    best = best_k_rows(rows, sets, [2, 3, 4], ["kmeans"], "ari", "shared")
    sil = {row["dataset"]: row for row in best if row["index"] == "sil"}
    assert [sil[s]["best_k"] for s in sets] == ["3", "2", "4"]
    assert [sil[s]["exact"] for s in sets] == [True, False, False]
    assert [sil[s]["within_1"] for s in sets] == [True, True, False]
    assert sil["a/x"]["spearman"] == pytest.approx(1.0)
    recovery = recovery_rows(best, {"replicates": 200, "seed": 1, "level": 0.9}, {"fixed_k": 2, "seed": 0},
                             [2, 3, 4], "shared")
    row = next(r for r in recovery if r["battery"] == "all" and r["unit"] == "sets" and r["index"] == "sil")
    assert (row["exact"], row["within_1"], row["n_sets"]) == (pytest.approx(1 / 3), pytest.approx(2 / 3), 3)
    assert 0 <= row["exact_low"] <= row["exact"] <= row["exact_high"] <= 1
    always = next(r for r in recovery if r["battery"] == "all" and r["unit"] == "sets" and r["index"] == "always K = 2")
    assert always["exact"] == pytest.approx(1 / 3)  # c/z's reference K is 2
    vote = next(r for r in recovery if r["battery"] == "all" and r["unit"] == "sets" and r["index"] == "vote")
    assert vote["exact"] == row["exact"]  # one voter: the vote is its K


def test_the_sets_share_weighs_each_set_once_and_the_labellings_share_counts_each_labelling():
    # a/x has two labellings (K 3 and 2): Silhouette's best K 3 finds the first only
    rows = score_rows({("a/x", "sil"): [0.1, 0.9, 0.2], ("b/y", "sil"): [0.9, 0.5, 0.1],
                       ("a/x", ("ari", 0)): [0.2, 1.0, 0.5], ("a/x", ("ari", 1)): [1.0, 0.2, 0.1],
                       ("b/y", ("ari", 0)): [0.1, 0.3, 0.2]})
    sets = {"a/x": {"n": 10, "k": [3, 2]}, "b/y": {"n": 10, "k": [2]}}
    best = best_k_rows(rows, sets, [2, 3, 4], ["kmeans"], "ari", "shared")
    recovery = recovery_rows(best, {"replicates": 100, "seed": 1, "level": 0.9}, {"fixed_k": 2, "seed": 0},
                             [2, 3, 4], "shared")
    sil = {r["unit"]: r for r in recovery if r["battery"] == "all" and r["index"] == "sil"}
    assert (sil["sets"]["exact"], sil["sets"]["n_sets"], sil["sets"]["n"]) == (pytest.approx((0.5 + 1) / 2), 2, 3)
    assert (sil["labellings"]["exact"], sil["labellings"]["n"]) == (pytest.approx(2 / 3), 3)
    always = {r["unit"]: r["exact"] for r in recovery if r["battery"] == "all" and r["index"] == "always K = 2"}
    assert always == {"sets": pytest.approx((0.5 + 1) / 2), "labellings": pytest.approx(2 / 3)}


def test_claims_read_every_labelling_and_trends_have_their_permutation_null():
    settings = study(batteries=["fcps"], max_n=1016)  # 8 sets; fcps/target has two labellings (K 6 and 2)
    params = settings.summary_params()
    sets = params["sets"]
    assert list(sets) == sorted(sets) and sets["fcps/target"]["k"] == [6, 2]
    others = ("accuracy", "ari", "rand", "jaccard", "f_measure", "ps2")
    rows, highest = [], {}
    for at, (name, entry) in enumerate(sets.items()):
        for labelling, k in enumerate(entry["k"]):
            s2_wins = (at + labelling) % 2 == 0  # target: its first labelling yes, its second no
            highest[(name, labelling)] = s2_wins
            values = {index: 0.1 * at + 0.01 * j for j, index in enumerate(others)}
            values["s2"] = values["f_measure"] + (0.05 if s2_wins else -0.05)
            values["ps2"] = values["accuracy"]  # PS2 follows Accuracy across the sets exactly
            rows += [{"dataset": name, "labelling": labelling, "algorithm": "park_jun", "k": k, "index": index,
                      "value": value} for index, value in values.items()]
            decoy = entry["k"][1 - labelling] if len(entry["k"]) > 1 else None  # its score at the other K
            if decoy is not None:
                rows.append({"dataset": name, "labelling": labelling, "algorithm": "park_jun", "k": decoy,
                             "index": "s2", "value": 99.0})
    found = claim_rows(rows, sets, ["C2", "C13"], params["claim_settings"], "park_jun", "sd_kmedoids",
                       {"replicates": 200, "seed": 1, "level": 0.9}, {"replicates": 300, "seed": 2},
                       {"C2": (7, 10), "C13": (1, 1)})
    c2, c13 = found
    by_set = {name: np.mean([highest[(name, i)] for i in range(len(entry["k"]))]) for name, entry in sets.items()}
    assert (c2["checks"], c2["holding"]) == (9, sum(highest.values()))
    assert c2["labelling_share"] == pytest.approx(sum(highest.values()) / 9)
    assert c2["share"] == pytest.approx(np.mean(list(by_set.values()))) and by_set["fcps/target"] == 0.5
    assert c2["share_low"] <= c2["share"] <= c2["share_high"] and c2["null_p"] != c2["null_p"]
    assert (c13["share"], c13["labelling_share"]) == (1.0, 1.0)
    assert c13["share_low"] == c13["share_high"] == c13["labelling_low"] == c13["labelling_high"] == 1.0
    assert c13["null_share"] < 0.1 and 1 / 301 <= c13["null_p"] < 0.1
    again = claim_rows(rows, sets, ["C13"], params["claim_settings"], "park_jun", "sd_kmedoids",
                       {"replicates": 200, "seed": 1, "level": 0.9}, {"replicates": 300, "seed": 2}, {"C13": (1, 1)})
    assert again[0] == c13  # the seeds in config make it the same


def test_a_trends_share_of_labellings_has_its_interval_over_sets_drawn_with_their_labellings():
    settings = study(batteries=["fcps"], max_n=1016)  # 8 sets, 9 labellings (fcps/target has two)
    params = settings.summary_params()
    sets, claim_settings = params["sets"], params["claim_settings"]
    rng = np.random.default_rng(4)  # Spearman's r 0.83 over the 9 labellings, at least 0.7 on 79% of resamples
    values, rows = {}, []
    for name, entry in sets.items():
        for labelling, k in enumerate(entry["k"]):
            accuracy = rng.uniform()
            values[(name, labelling)] = (accuracy + rng.normal(0, 0.3), accuracy)  # PS2 follows Accuracy, loosely
            rows += [{"dataset": name, "labelling": labelling, "algorithm": "park_jun", "k": k, "index": index,
                      "value": value} for index, value in (("ps2", values[(name, labelling)][0]),
                                                           ("accuracy", accuracy), ("s2", 0.0),
                                                           *((other, rng.uniform()) for other in
                                                             ("ari", "rand", "jaccard", "f_measure")))]
    bootstrap = {"replicates": 300, "seed": 4, "level": 0.9}
    (c13,) = claim_rows(rows, sets, ["C13"], claim_settings, "park_jun", "sd_kmedoids", bootstrap,
                        {"replicates": 10, "seed": 2}, {"C13": (1, 1)})
    # by hand: each resample of the 8 sets takes every labelling of each drawn set, every copy a point
    names, held = list(sets), []
    for draw in _draws(len(names), 300, 4):
        points = [values[(names[at], i)] for at in draw for i in range(len(sets[names[at]]["k"]))]
        r = correlation([p[0] for p in points], [p[1] for p in points], claim_settings["readings"]["trend_measure"])
        held.append(float(r >= claim_settings["trend_threshold"]))
    assert 0 < np.mean(held) < 1  # the resamples disagree: the interval is not a point by construction
    assert (c13["labelling_low"], c13["labelling_high"]) == tuple(np.percentile(held, [5, 95]))
    assert c13["checks"] == 1 and c13["labelling_low"] <= c13["labelling_share"] <= c13["labelling_high"]


# ---------------------------------------------------------------------- the workflow
def toy_suite() -> dict[str, dict[str, bytes]]:
    """Two batteries of one set each, in the suite's format: three and two Gaussian blobs; the
    three have a second reference labelling that merges two of them."""
    rng = np.random.default_rng(7)
    suite = {}
    for name, centres in (("toya/blobs", (0, 6, 12)), ("toyb/pair", (0, 8))):
        X = np.vstack([rng.normal(c, 0.5, size=(20, 2)) for c in centres])
        y = np.repeat(np.arange(1, len(centres) + 1), 20)
        y[0] = 0  # one noise point
        stem = name.split("/")[1]
        suite[name] = {f"{stem}.data.gz": gzip.compress("".join(f"{a:.5f} {b:.5f}\n" for a, b in X).encode(), mtime=0),
                       f"{stem}.labels0.gz": gzip.compress("".join(f"{v}\n" for v in y).encode(), mtime=0)}
        if len(centres) == 3:
            suite[name][f"{stem}.labels1.gz"] = gzip.compress("".join(f"{min(v, 2)}\n" for v in y).encode(), mtime=0)
    return suite


def toy_config(path: Path, url: str, suite, **changes) -> Path:
    catalog = {}
    for name, files in suite.items():
        labellings = [np.array(gzip.decompress(data).split(), dtype=int)
                      for file, data in sorted(files.items()) if "labels" in file]
        catalog[name] = {"n": len(labellings[0]), "d": 2, "sizes": [np.bincount(y)[1:].tolist() for y in labellings],
                         "files": {f: {"sha256": hashlib.sha256(d).hexdigest(), "bytes": len(d)} for f, d in files.items()}}
    config = {"clustbench_base_url": url, "clustbench_catalog": catalog,
              "generalisation": {"batteries": ["toya", "toyb"], "max_n": 1000, "k_max": 5,
                                 "k_algorithms": ["sd_kmedoids", "kmeans", "ward"],
                                 "bootstrap": {"replicates": 50, "seed": 1, "level": 0.9},
                                 "permutation": {"replicates": 100, "seed": 1}, **changes}}
    path.write_text(yaml.safe_dump(config))
    return path


def snakemake(workdir: Path, config: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, "-m", "snakemake", "generalisation", "--snakefile", str(REPO / "Snakefile"),
                             "--directory", str(workdir), "--configfile", str(config), "--cores", "2", *args],
                            capture_output=True, text=True, timeout=600, cwd=workdir)
    if check:
        assert result.returncode == 0, result.stderr[-4000:]
    return result


def planned(workdir: Path, config: Path) -> list[str]:
    """The rules a run would execute (each once), from a dry run's job counts."""
    out = snakemake(workdir, config, "-n", "--quiet", "rules").stdout
    return sorted({line.split()[0] for line in out.splitlines()
                   if line.startswith(("clustbench_", "generalisation_")) and len(line.split()) == 2})


def test_a_failed_fetch_leaves_no_file_half_written_and_a_retry_fetches_the_set_whole(tmp_path):
    suite = toy_suite()
    files = suite["toya/blobs"]  # blobs.data.gz, blobs.labels0.gz, blobs.labels1.gz
    server = Server()
    try:
        params = {"name": "toya/blobs", "mirror": None, "base_url": server.url + "/v1/", "timeout": 5, "deadline": 20,
                  "files": {f: {"sha256": hashlib.sha256(d).hexdigest(), "bytes": len(d)} for f, d in files.items()}}
        for file, data in files.items():
            server.serve(f"/v1/toya/{file}", data)
        last = "blobs.labels1.gz"  # fetched last: the files before it are whole, it is cut short
        server.serve(f"/v1/toya/{last}", files[last][:20], content_length=len(files[last]))
        folder = tmp_path / "toya" / "blobs"
        folder.mkdir(parents=True)
        with pytest.raises(DataError, match=f"toya/{last}.*{params['files'][last]['sha256']}"):
            fetch_set(params, folder)
        # every file there is a whole, verified one; no temporary file is left behind
        assert sorted(p.name for p in folder.iterdir()) == ["blobs.data.gz", "blobs.labels0.gz"]
        assert all((folder / f).read_bytes() == files[f] for f in ("blobs.data.gz", "blobs.labels0.gz"))
        server.serve(f"/v1/toya/{last}", files[last])  # the retry: the same call, from the start
        fetch_set(params, folder)
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == files
    finally:
        server.close()


def recount(results: Path, indices: dict[str, str], algorithm: str) -> dict[str, float]:
    """The exact K-recovery share of each of ``indices`` (name -> "max" or "min"), recomputed
    with pandas from scores.csv and sets.csv alone (a best value tied at several K finds each),
    each set weighted once: the share of its labellings in the K range whose K is found."""
    import pandas as pd

    scores = pd.read_csv(results / "generalisation" / "scores.csv")
    sets = pd.read_csv(results / "generalisation" / "sets.csv")
    ks = set(scores["k"][scores["algorithm"] == algorithm])
    reference = {row.dataset: [k for k in map(int, str(row.reference_k).split()) if k in ks]
                 for row in sets.itertuples()}
    reference = {name: found for name, found in reference.items() if found}
    shares = {}
    for index, better in indices.items():
        part = scores[(scores["index"] == index) & (scores["algorithm"] == algorithm) & scores["labelling"].isna()]
        found = 0.0
        for name, group in part.groupby("dataset"):
            if name in reference:
                best = group["value"].max() if better == "max" else group["value"].min()
                tied = set(group.loc[group["value"] == best, "k"])
                found += sum(k in tied for k in reference[name]) / len(reference[name])
        shares[index] = found / len(reference)
    return shares


@pytest.mark.slow
def test_the_generalisation_target_end_to_end(tmp_path):
    server, suite = Server(), toy_suite()
    try:
        for name, files in suite.items():
            for file, data in files.items():
                server.serve(f"/v1/{name.split('/')[0]}/{file}", data)
        config = toy_config(tmp_path / "toy.yaml", server.url + "/v1/", suite)
        snakemake(tmp_path, config)
        results = tmp_path / "results"
        with open(results / "generalisation" / "k_recovery.csv", newline="") as handle:
            recovery = list(csv.DictReader(handle))
        assert {r["battery"] for r in recovery} == {"all", "toya", "toyb"}
        assert {r["algorithm"] for r in recovery} == {"sd_kmedoids", "kmeans", "ward"}
        with open(results / "generalisation" / "claims.csv", newline="") as handle:
            claims = {r["claim"]: r for r in csv.DictReader(handle)}
        assert claims["C2"]["checks"] == "3" and claims["C2"]["sets"] == "2"  # toya/blobs' two labellings
        assert {"null_share", "null_p", "labelling_share", "share_low"} <= set(claims["C12"])
        sil = next(r for r in recovery if (r["battery"], r["algorithm"], r["unit"], r["index"])
                   == ("all", "kmeans", "labellings", "sil"))
        assert (sil["n_sets"], sil["n"]) == ("2", "3")
        page = (results / "generalisation.md").read_text()
        assert "AGPL" in page and "10.5281/zenodo.7088171" in page and "noise='exclude'" in page
        assert (results / "generalisation.html").read_text().count("<table>") == 4  # claims, ranking, batteries, sets
        assert (results / "figures" / "generalisation_k_recovery.png").read_bytes()[:4] == b"\x89PNG"
        independent = recount(results, {"sil": "max", "db": "min", "calinski_harabasz": "max"}, "kmeans")
        for index, share in independent.items():
            row = next(r for r in recovery if (r["battery"], r["algorithm"], r["unit"], r["index"])
                       == ("all", "kmeans", "sets", index))
            assert float(row["exact"]) == pytest.approx(share), index
        assert planned(tmp_path, config) == [], "a rerun does nothing"
        # one battery fewer reruns the summary only; another K range the clusterings, not the fetch
        assert planned(tmp_path, toy_config(tmp_path / "one.yaml", server.url + "/v1/", suite,
                                            batteries=["toya"])) == ["generalisation_report", "generalisation_summary"]
        wider = toy_config(tmp_path / "k.yaml", server.url + "/v1/", suite, k_max=6)
        assert "clustbench_fetch" not in planned(tmp_path, wider)
        snakemake(tmp_path, wider)
        clean = tmp_path / "clean"
        clean.mkdir()
        snakemake(clean, wider)
        for name in ("best_k.csv", "k_recovery.csv", "claims.csv"):
            assert (clean / "results" / "generalisation" / name).read_bytes() == \
                (results / "generalisation" / name).read_bytes(), name
        # a corrupt download: one line naming the file and its hash, nothing written
        server.serve("/v1/toyb/pair.labels0.gz", b"not the file")
        broken = tmp_path / "broken"
        broken.mkdir()
        failed = snakemake(broken, config, check=False)
        assert failed.returncode != 0
        log = (broken / "logs" / "generalisation" / "fetch" / "toyb" / "pair.log").read_text()
        expected = yaml.safe_load(config.read_text())["clustbench_catalog"]["toyb/pair"]["files"]["pair.labels0.gz"]
        assert f"toyb/pair.labels0.gz (expected sha256 {expected['sha256']})" in log
        assert not (broken / "resources" / "clustbench" / "toyb" / "pair").exists()
    finally:
        server.close()
