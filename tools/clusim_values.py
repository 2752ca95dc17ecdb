"""Write clusim's expectations and adjusted indices under Gates & Ahn's random models, and
fastami's Monte Carlo SMI, as the fixtures of ``tests/indices/test_chance.py``.

    pip install clusim==0.4 fastami==0.2.1
    python tools/clusim_values.py

clusim (Gates & Ahn 2017, "The impact of random models on clustering similarity", JMLR)
computes with mpmath, exactly in practice. For each of 200 seeded random pairs of labellings
(n from 4 to 20, 2 to 5 blocks each) and each model (perm, perm1, num, num1, all, all1) it
records ``expected_rand_index``, ``expected_mi`` (natural log), ``adjrand_index`` and
``adj_mi`` (norm "sum"). clusim's clustering 2 is its reference (the one-sided models keep
it): the classes. fastami (Klede et al. 2023) estimates SMI by Monte Carlo with an error
bar; a few tables record its estimate and error.
"""

from __future__ import annotations

import json
from pathlib import Path

import clusim.clustering as cc
import numpy as np
from clusim import sim

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "clusim"
MODELS = ("perm", "perm1", "num", "num1", "all", "all1")
N_TABLES = 200
SEED = 20170101


def _labels(rng: np.random.Generator, n: int, blocks: int) -> list[int]:
    """Labels with exactly ``blocks`` distinct values (each used at least once)."""
    labels = np.concatenate([np.arange(blocks), rng.integers(0, blocks, n - blocks)])
    rng.shuffle(labels)
    return labels.tolist()


def clusim_rows() -> list[dict]:
    rng = np.random.default_rng(SEED)
    rows = []
    while len(rows) < N_TABLES:
        n = int(rng.integers(4, 21))
        t = _labels(rng, n, int(rng.integers(2, min(5, n) + 1)))
        p = _labels(rng, n, int(rng.integers(2, min(5, n) + 1)))
        pred, true = cc.Clustering().from_membership_list(p), cc.Clustering().from_membership_list(t)
        row = {"labels_true": t, "labels_pred": p}
        if len(set(t)) == len(set(p)) == n:
            continue  # both all singletons: clusim's adjusted MI divides 0 by 0 (clustval: 1.0)
        for model in MODELS:
            args = (n, pred.n_clusters, true.n_clusters, pred.clu_size_seq, true.clu_size_seq)
            row[model] = {
                "expected_rand": float(sim.expected_rand_index(*args[:1], model, *args[1:])),
                "expected_mi": float(sim.expected_mi(*args, logbase=np.e, random_model=model)),
                "adjusted_rand": float(sim.adjrand_index(pred, true, random_model=model)),
                "adjusted_mi": float(sim.adj_mi(pred, true, random_model=model, norm_type="sum")),
            }
        rows.append(row)
    return rows


def fastami_rows() -> list[dict]:
    import fastami.fastsmi
    from fastami import standardized_mutual_info_mc
    from sklearn.metrics import mutual_info_score

    # fastami 0.2.1 passes its loop variable as labels with contingency=..., which newer
    # scikit-learn refuses: the labels are unused when a contingency table is given
    fastami.fastsmi.mutual_info_score = lambda _t, _p, contingency: mutual_info_score(
        None, None, contingency=contingency)

    rng = np.random.default_rng(SEED + 1)
    rows = []
    for n, c, k in ((12, 3, 3), (30, 3, 4), (40, 4, 4), (60, 5, 3)):
        t, p = _labels(rng, n, c), _labels(rng, n, k)
        p = [x if rng.random() < 0.5 else y for x, y in zip(t, p)]  # some agreement
        smi, error = standardized_mutual_info_mc(np.array(t), np.array(p), seed=np.random.SeedSequence(SEED), precision_goal=0.01, min_samples=20000)
        rows.append({"labels_true": t, "labels_pred": p, "smi": float(smi), "error": float(error)})
    return rows


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "chance_values.json").write_text(json.dumps(clusim_rows(), indent=1) + "\n")
    (OUT / "smi_fastami.json").write_text(json.dumps(fastami_rows(), indent=1) + "\n")


if __name__ == "__main__":
    main()
