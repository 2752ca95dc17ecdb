"""Synthetic sets: sizes of Table 4, parameters of the config, determinism
(same seed -> byte-identical files, also across processes), independence of seeds and sets,
the Fig. 1 set's geometry and its offset sweep, and the regenerated Table 4."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
import yaml

from clustval.datasets.dataset import dataset_text, read_dataset, write_dataset
from clustval.errors import DataError
from clustval.repro.data import (
    Fig1Spec,
    build_dataset,
    fig1_groups,
    fig1_spec,
    make_fig1_set,
    make_gaussian_set,
    set_rng,
    synthetic_specs,
    table4_rows,
)
from tests.conftest import REPO

CONFIG = yaml.safe_load((REPO / "config" / "config.yaml").read_text())
SPECS = synthetic_specs(CONFIG)
SEED = CONFIG["synthetic"]["seed"]

# Table 4 as printed (paper p. 877), typed in independently of the config.
PRINTED_TABLE4 = {
    "ec2": (2000, 2, [1000, 1000]),
    "ec3": (1200, 3, [400, 400, 400]),
    "ec4": (800, 4, [200] * 4),
    "ec5": (3000, 5, [600] * 5),
    "ec6": (2400, 6, [400] * 6),
    "uec2": (2000, 2, [500, 1500]),
    "uec3": (1200, 3, [200, 400, 600]),
    "uec4": (800, 4, [50, 150, 200, 400]),
    "uec5": (3000, 5, [1000, 800, 600, 1400, 200]),
    "uec6": (2400, 6, [100, 200, 300, 400, 600, 800]),
}


@pytest.fixture(scope="module")
def generated():
    return {name: make_gaussian_set(name, spec, SEED) for name, spec in SPECS.items()}


def test_sizes_match_table4(generated):
    assert list(SPECS) == list(PRINTED_TABLE4)
    for name, (n, C, sizes) in PRINTED_TABLE4.items():
        ds = generated[name]
        assert ds.n == n and ds.n_classes == C and ds.X.shape == (n, 2)
        if name == "uec5":  # printed "1400" is a typo for 400 (the printed n = 3000 says so)
            assert ds.class_sizes == [1000, 800, 600, 400, 200] and sum(sizes) == 4000
        else:
            assert ds.class_sizes == sizes
        assert (SPECS[name].printed.n, SPECS[name].printed.C, list(SPECS[name].printed.sizes)) == (
            n,
            C,
            sizes,
        )


def test_centres_follow_spec_2_2():
    assert SPECS["ec2"].centres == ((-15, 0), (15, 0)) and SPECS["uec4"].sigmas == (2, 2.5, 3, 3.5)
    for name in ("ec5", "uec5"):
        centres = np.array(SPECS[name].centres)
        assert np.allclose(np.hypot(*centres.T), 15, atol=1e-12)
        assert centres[0].tolist() == [0.0, 15.0]
        angles = np.degrees(np.arctan2(centres[:, 1], centres[:, 0])) % 360
        assert np.allclose(angles, [90, 162, 234, 306, 18], atol=1e-9)  # counter-clockwise
    assert SPECS["ec6"].centres == ((-25, -12), (0, -12), (25, -12), (-25, 12), (0, 12), (25, 12))
    assert SPECS["uec6"].centres == ((-20, -8), (0, -8), (20, -8), (-20, 10), (0, 10), (20, 10))
    assert SPECS["uec5"].sigmas == (4.5, 4, 3.5, 5, 3) and SPECS["ec3"].sigmas == (1.6,) * 3


def test_each_cluster_has_its_centre_and_sigma(generated):
    for name, ds in generated.items():
        spec = SPECS[name]
        for k, (size, centre, sigma) in enumerate(zip(spec.sizes, spec.centres, spec.sigmas, strict=False)):
            points = ds.X[ds.y == k]
            assert len(points) == size
            # 5 standard errors: a wrong centre or sigma fails, sampling noise does not.
            assert np.all(np.abs(points.mean(axis=0) - centre) < 5 * sigma / math.sqrt(size))
            assert np.all(
                np.abs(points.std(axis=0, ddof=1) / sigma - 1) < 5 / math.sqrt(2 * (size - 1))
            )


def test_same_seed_gives_byte_identical_files(tmp_path, generated):
    for name, ds in generated.items():
        first = write_dataset(ds, tmp_path / "a" / f"{name}.csv").read_bytes()
        second = write_dataset(
            make_gaussian_set(name, SPECS[name], SEED), tmp_path / "b" / f"{name}.csv"
        ).read_bytes()
        assert first == second
        back = read_dataset(tmp_path / "a" / f"{name}.csv")
        assert np.array_equal(back.X, ds.X) and np.array_equal(back.y, ds.y)


def test_same_seed_gives_the_same_bytes_in_a_fresh_process(tmp_path, generated):
    script = (
        "import sys, yaml; from clustval.datasets.dataset import write_dataset; from clustval.repro.data import build_dataset; "
        "c = yaml.safe_load(open(sys.argv[1])); write_dataset(build_dataset('uec3', c), sys.argv[2])"
    )
    out = tmp_path / "uec3.csv"
    result = subprocess.run(
        [sys.executable, "-c", script, str(REPO / "config" / "config.yaml"), str(out)],
        capture_output=True,
        text=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
    )
    assert result.returncode == 0, result.stderr
    assert out.read_text() == dataset_text(generated["uec3"])


def test_different_seeds_and_sets_differ(generated):
    other = make_gaussian_set("ec3", SPECS["ec3"], SEED + 1)
    assert not np.array_equal(other.X, generated["ec3"].X)
    # Two sets with the same layout but different names draw different noise.
    renamed = make_gaussian_set("ec3-copy", SPECS["ec3"], SEED)
    assert not np.array_equal(renamed.X, generated["ec3"].X)
    z_ec2 = set_rng(SEED, "ec2").standard_normal(1000)
    z_uec2 = set_rng(SEED, "uec2").standard_normal(1000)
    assert abs(np.corrcoef(z_ec2, z_uec2)[0, 1]) < 0.15


def test_generation_order_does_not_matter(generated):
    for name in reversed(list(SPECS)):
        assert dataset_text(make_gaussian_set(name, SPECS[name], SEED)) == dataset_text(
            generated[name]
        )


def test_build_dataset_uses_config_seed_and_no_scaling(generated):
    assert CONFIG["preprocessing"]["synthetic"] == "none"
    ds = build_dataset("uec2", CONFIG)
    assert dataset_text(ds) == dataset_text(generated["uec2"])
    assert ds.meta["seed"] == SEED and ds.meta["preprocessing"] == "none"
    assert not np.array_equal(build_dataset("uec2", CONFIG, seed=SEED + 7).X, ds.X)
    with pytest.raises(DataError, match="unknown data set 'ec7'"):
        build_dataset("ec7", CONFIG)


def test_bad_synthetic_config_is_rejected():
    with pytest.raises(DataError, match="2 sizes, 3 centres"):
        synthetic_specs(
            {
                "synthetic": {
                    "sets": {
                        "X": {
                            "sizes": [1, 2],
                            "centres": [[0, 0], [1, 1], [2, 2]],
                            "sigma": 1,
                            "printed": {"n": 3, "C": 2, "sizes": [1, 2]},
                        }
                    }
                }
            }
        )
    with pytest.raises(DataError, match="missing key 'sigma'"):
        synthetic_specs({"synthetic": {"sets": {"X": {"sizes": [1], "centres": [[0, 0]]}}}})
    with pytest.raises(DataError, match="seed"):
        make_gaussian_set("ec2", SPECS["ec2"], -1)


def test_table4_rows_flag_uec5_typo(generated):
    rows = table4_rows(generated, SPECS)
    assert [r["dataset"] for r in rows] == [SPECS[name].label for name in PRINTED_TABLE4]
    flagged = [r for r in rows if r["differs"]]
    assert [r["dataset"] for r in flagged] == ["UEc5"]
    row = flagged[0]
    assert (row["n"], row["printed_n"]) == (3000, 3000)
    assert (row["class_sizes"], row["printed_class_sizes"]) == (
        "1000 800 600 400 200",
        "1000 800 600 1400 200",
    )
    assert "sizes: printed 1000 800 600 1400 200, data 1000 800 600 400 200" in row["note"]
    assert "typo for 400" in row["note"] and "4000" in row["note"]
    with pytest.raises(DataError, match="missing"):
        table4_rows(list(generated.values())[:2], SPECS)


# ------------------------------------------------------------ the Fig. 1 set

FIG1 = fig1_spec(CONFIG)
OFFSET_SWEEP = CONFIG["pipeline"]["sweeps"]["offset"]["values"]


def test_fig1_config_matches_spec_2_3():
    assert FIG1.group_centres == ((0.2, 0.3), (0.75, 0.25), (0.5, 0.8))
    assert FIG1.angles_deg == (90, 210, 330) and FIG1.offset == 0.09
    assert FIG1.points_per_cluster == 50 and FIG1.sigma == 0.022
    assert (
        np.allclose(OFFSET_SWEEP, np.arange(0.04, 0.1401, 0.01))
        and len(OFFSET_SWEEP) == 11
    )


def test_fig1_set_geometry():
    ds = make_fig1_set(FIG1)
    assert ds.n == 450 and ds.class_sizes == [50] * 9 and ds.name == "fig1"
    groups = fig1_groups(ds)
    assert np.bincount(groups).tolist() == [150, 150, 150]
    assert groups.tolist() == (ds.y // 3).tolist()
    centres = np.array(ds.meta["centres"])
    for label in range(9):
        group = np.array(FIG1.group_centres[label // 3])
        angle = math.radians(FIG1.angles_deg[label % 3])
        assert np.allclose(
            centres[label] - group, 0.09 * np.array([math.cos(angle), math.sin(angle)]), atol=1e-12
        )
        points = ds.X[ds.y == label]
        assert np.all(np.abs(points.mean(axis=0) - centres[label]) < 5 * 0.022 / math.sqrt(50))
    assert ds.X.min() > 0 and ds.X.max() < 1  # the configured set lies in [0, 1]^2, as in Fig. 1


def test_fig1_offset_sweep_moves_the_same_draws():
    base = make_fig1_set(FIG1)
    for offset in OFFSET_SWEEP:
        moved = make_fig1_set(FIG1, offset=offset)
        shift = np.array(moved.meta["centres"]) - np.array(base.meta["centres"])
        assert np.allclose(moved.X - base.X, shift[base.y], atol=1e-12)
        assert moved.meta["offset"] == offset
    assert dataset_text(make_fig1_set(FIG1)) == dataset_text(base)
    assert not np.array_equal(make_fig1_set(FIG1, seed=FIG1.seed + 1).X, base.X)
    assert dataset_text(build_dataset("fig1", CONFIG)) == dataset_text(base)
    with pytest.raises(DataError, match="offset"):
        make_fig1_set(FIG1, offset=-0.1)


def test_fig1_groups_needs_a_fig1_set(generated):
    with pytest.raises(DataError, match="not a Fig. 1 set"):
        fig1_groups(generated["ec2"])
    assert isinstance(Fig1Spec.from_config(CONFIG["fig1_set"]), Fig1Spec)
