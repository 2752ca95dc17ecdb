"""UCI sets of Table 5: the bundled raw files are the twelve files of the catalog, byte for
byte; every one parses to the counts it must have (via the bundled and a mirror source), the
parser agrees with an independent pandas parse, the config selects catalog keys, and the
data set file format round-trips exactly and refuses damaged files."""

from __future__ import annotations

import csv
import hashlib
import json
import os
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from clustval.datasets.catalog import UCISpec, bundled_dir, uci_catalog
from clustval.datasets.dataset import (
    Dataset,
    dataset_text,
    parse_dataset_text,
    read_dataset,
    write_dataset,
)
from clustval.datasets.fetch import FetchOptions, fetch_raw
from clustval.datasets.parse import LabelledTable, parse_raw
from clustval.datasets.uci import load_uci_dataset, verify_table
from clustval.errors import ChecksumError, DataError, InputError
from clustval.io import atomic_write_text, format_cell, write_csv, write_markdown_table
from clustval.repro.data import TABLE_COLUMNS, table5_rows, uci_specs

REPO = Path(__file__).resolve().parents[1]
BUNDLED = Path(str(bundled_dir()))  # the raw UCI files shipped in the package
CONFIG = yaml.safe_load((REPO / "config" / "config.yaml").read_text())
SPECS = uci_specs(CONFIG)


# Table 5 as printed (paper p. 877), typed in independently of the config.
PRINTED_TABLE5 = {
    "iris": (150, 3, [50, 50, 50]),
    "seeds": (210, 3, [70, 70, 70]),
    "segmentation": (210, 7, [30] * 7),
    "soybean": (47, 4, [10, 10, 10, 17]),
    "wine": (178, 3, [59, 71, 48]),
    "wdbc": (569, 2, [357, 212]),
    "bupa": (345, 2, [145, 200]),
    "pima": (768, 2, [500, 268]),
    "balance": (625, 3, [49, 288, 288]),
    "new_thyroid": (215, 3, [150, 35, 30]),
    "ionosphere": (351, 2, [38, 313]),
    "haberman": (306, 2, [225, 81]),
}


@pytest.fixture(scope="module")
def mirror_options(uci_mirror, tmp_path_factory) -> FetchOptions:
    return FetchOptions(
        sources=("mirror",), mirror=uci_mirror, cache_dir=tmp_path_factory.mktemp("cache")
    )


def test_config_lists_the_twelve_sets_in_table5_order():
    assert list(SPECS) == list(PRINTED_TABLE5)
    assert [s.label for s in SPECS.values()] == [
        "Iris",
        "Seeds",
        "Seg",
        "Soy",
        "wine",
        "wdbc",
        "Bupa",
        "pima",
        "Bal",
        "New",
        "Iono",
        "Haber",
    ]
    for name, (n, C, sizes) in PRINTED_TABLE5.items():
        assert (SPECS[name].printed.n, SPECS[name].printed.C, list(SPECS[name].printed.sizes)) == (
            n,
            C,
            sizes,
        )


def test_bundled_folder_holds_the_twelve_files_byte_identical():
    files = sorted(p.name for p in BUNDLED.iterdir() if p.is_file())
    assert files == sorted([*(s.file for s in SPECS.values()), "catalog.json", "README.md"])
    for spec in SPECS.values():
        data = (BUNDLED / spec.file).read_bytes()
        assert hashlib.sha256(data).hexdigest() == spec.sha256, spec.file
        assert data.isascii() and b"\r" not in data  # never re-encoded
    readme = (BUNDLED / "README.md").read_text()
    for spec in SPECS.values():
        assert spec.file in readme and spec.citation and spec.citation in readme, spec.name
    assert "CC BY 4.0" in readme and "PROBEN1" in readme and "SHA-256" in readme


def test_config_selects_catalog_keys_and_rejects_unknown_ones():
    assert CONFIG["uci_datasets"] == list(uci_catalog()) == list(SPECS)
    assert list(uci_specs({})) == list(SPECS)  # no selection: every catalog set
    assert list(uci_specs({"uci_datasets": ["wine", "iris"]})) == ["wine", "iris"]
    with pytest.raises(DataError, match=r"unknown UCI set 'irsi'; known sets: iris, seeds"):
        uci_specs({"uci_datasets": ["iris", "irsi"]})
    with pytest.raises(DataError, match="must be a list"):
        uci_specs({"uci_datasets": "iris"})
    with pytest.raises(DataError, match="twice"):
        uci_specs({"uci_datasets": ["iris", "iris"]})


def test_bundled_source_needs_no_folder_and_no_network(tmp_path):
    options = FetchOptions(sources=("bundled",), cache_dir=tmp_path / "cache")
    for name, spec in SPECS.items():
        result = fetch_raw(name, spec, options)
        assert (result.source, result.kind, result.cached) == ("bundled", "raw", False)
        ds = load_uci_dataset(name, spec, options)
        assert ds.meta["source"] == "bundled" and ds.meta["sha256"] == spec.sha256
    assert not (tmp_path / "cache").exists()  # nothing copied


@pytest.mark.parametrize("name", list(PRINTED_TABLE5))
def test_real_file_parses_to_table5_counts_via_mirror(name, mirror_options):
    spec = SPECS[name]
    ds = load_uci_dataset(name, spec, mirror_options)
    assert ds.meta["source"] == "mirror"
    n, C, printed_sizes = PRINTED_TABLE5[name]
    assert (ds.n, ds.n_classes) == (n, C)
    assert ds.class_names == list(spec.expected)
    if name == "ionosphere":  # the printed row is a typo; the file has g 225 / b 126
        assert ds.class_sizes == [225, 126] != printed_sizes
    else:
        assert ds.class_sizes == printed_sizes
    assert ds.meta["sha256"] == spec.sha256 and ds.meta["preprocessing"] == "none"
    assert np.all(np.isfinite(ds.X)) and ds.X.shape[1] == len(ds.feature_names)


def _pandas_parse(spec: UCISpec) -> tuple[np.ndarray, list[str]]:
    """An independent parse of a raw file with pandas, quirks handled explicitly here."""
    path = BUNDLED / spec.file
    if spec.name == "seeds":
        df = pd.read_csv(path, sep=r"\s+", header=None, engine="python", dtype=str)
    elif spec.name == "segmentation":
        df = pd.read_csv(path, skiprows=5, header=None, dtype=str)
    else:
        df = pd.read_csv(path, header=None, dtype=str, skip_blank_lines=True)
    label = df.columns[spec.label_column]
    features = [c for i, c in enumerate(df.columns) if c != label and i not in spec.drop_columns]
    X = np.array([[float(v) for v in row] for row in df[features].itertuples(index=False)])
    return X, [str(v).strip() for v in df[label]]


@pytest.mark.parametrize("name", list(PRINTED_TABLE5))
def test_parser_agrees_with_an_independent_pandas_parse(name):
    spec = SPECS[name]
    table = parse_raw((BUNDLED / spec.file).read_bytes(), spec)
    X, labels = _pandas_parse(spec)
    assert np.array_equal(table.X, X) and table.labels == labels
    text = "".join(
        ",".join([*map(repr, row), label]) + "\n" for row, label in zip(X.tolist(), labels, strict=False)
    )
    assert hashlib.sha256(text.encode()).hexdigest() == spec.table_sha256


def test_file_quirks_are_present_and_handled():
    iris = (BUNDLED / "iris.data").read_bytes()
    assert iris.endswith(b"Iris-virginica\n\n")
    seeds = (BUNDLED / "seeds_dataset.txt").read_bytes()
    assert b"\t\t" in seeds and not seeds.endswith(b"\n")
    seg = SPECS["segmentation"]
    table = parse_raw((BUNDLED / seg.file).read_bytes(), seg)
    assert table.feature_names[0] == "REGION-CENTROID-COL" and len(table.feature_names) == 19
    wdbc = parse_raw((BUNDLED / "wdbc.data").read_bytes(), SPECS["wdbc"])
    assert wdbc.X.shape == (569, 30) and wdbc.X[0, 0] == 17.99  # ID 842302 dropped, M label out
    bupa = parse_raw((BUNDLED / "bupa.data").read_bytes(), SPECS["bupa"])
    assert bupa.X.shape == (345, 6) and bupa.X[0].tolist() == [85, 92, 45, 27, 31, 0.0]


def _tiny_spec(**changes) -> UCISpec:
    base = dict(
        name="tiny",
        label="T",
        title="Tiny",
        file="tiny.data",
        archive_path=None,
        sha256="0" * 64,
        bytes=64,
        table_sha256=None,
        ucimlrepo_id=None,
        label_column=-1,
        drop_columns=(),
        delimiter=",",
        skip_lines=0,
        names_line=None,
        feature_names=None,
        expected={"a": 2, "b": 1},
        printed=SPECS["iris"].printed,
    )
    return UCISpec(**{**base, **changes})


def test_parse_raw_reports_the_bad_line():
    spec = _tiny_spec()
    table = parse_raw(b"1,2,a\n3,4,a\n\n5,6,b", spec)
    assert table.X.tolist() == [[1, 2], [3, 4], [5, 6]] and table.labels == ["a", "a", "b"]
    assert table.feature_names == ["x1", "x2"]
    with pytest.raises(DataError, match=r"line 2: 2 fields, expected 3"):
        parse_raw(b"1,2,a\n3,a\n", spec)
    with pytest.raises(DataError, match=r"line 2: non-numeric"):
        parse_raw(b"1,2,a\n3,?,a\n", spec)
    with pytest.raises(DataError, match="no data lines"):
        parse_raw(b"\n\n", spec)
    with pytest.raises(DataError, match="not a plain-text"):
        parse_raw(b"1,2,a\n\xff\xfe,1,a\n", spec)
    with pytest.raises(DataError, match="feature names"):
        parse_raw(b"1,2,a\n", _tiny_spec(feature_names=("only_one",)))


def test_verify_table_checks_true_counts_and_digest():
    spec = _tiny_spec()
    good = LabelledTable(np.array([[1.0], [2.0], [3.0]]), ["a", "a", "b"], ["x1"])
    verify_table(good, spec)
    with pytest.raises(DataError, match=r"classes \{a: 1, b: 2\}, expected \{a: 2, b: 1\}"):
        verify_table(LabelledTable(good.X, ["a", "b", "b"], ["x1"]), spec)
    with pytest.raises(ChecksumError, match="parser settings"):
        verify_table(good, _tiny_spec(table_sha256="f" * 64))
    verify_table(good, _tiny_spec(table_sha256=good.sha256))


def test_wrong_label_column_in_config_is_caught(tmp_path):
    # Dropping a feature by mistake still parses and keeps the class counts: the digest catches it.
    spec = _tiny_spec(**{**SPECS["iris"].__dict__, "drop_columns": (0,), "feature_names": None})
    options = FetchOptions(sources=("bundled",), cache_dir=tmp_path)
    with pytest.raises(ChecksumError, match="iris"):
        load_uci_dataset("iris", spec, options)


# ------------------------------------------------------------ data set file format


def _ds() -> Dataset:
    X = np.array([[0.1, -0.0, 1e-300], [1 / 3, 2.5e10, -7.0], [np.pi, 0.0, 5e-324]])
    return Dataset(
        "demo",
        X,
        np.array([1, 0, 1]),
        ["b", "a"],
        ["f1", "f2", "f3"],
        {"kind": "test", "seed": 3, "nested": {"z": [1, 2], "a": None}},
    )


def test_dataset_round_trip_is_exact_bit_for_bit(tmp_path):
    ds = _ds()
    path = write_dataset(ds, tmp_path / "sub" / "demo.csv")
    back = read_dataset(path)
    assert back.X.view(np.int64).tolist() == ds.X.view(np.int64).tolist()  # -0.0 and subnormals too
    assert back.y.tolist() == ds.y.tolist() and back.class_names == ds.class_names
    assert back.feature_names == ds.feature_names and back.meta == ds.meta and back.name == "demo"
    assert path.read_text() == dataset_text(back)  # rewrite gives the same bytes
    assert list(back.labels()) == ["a", "b", "a"]
    assert [p.name for p in path.parent.iterdir()] == ["demo.csv"]  # no temp file left


def test_dataset_file_is_readable_text_with_a_header():
    lines = dataset_text(_ds()).splitlines()
    assert lines[0] == "# clustval dataset v2"
    header = json.loads(lines[1][2:])
    assert header["rows"] == 3
    assert header["sha256"] == hashlib.sha256(("\n".join(lines[2:]) + "\n").encode()).hexdigest()
    assert lines[2] == "label,f1,f2,f3"
    assert lines[3] == "1,0.1,-0.0,1e-300"
    assert pd.read_csv(pd.io.common.StringIO(dataset_text(_ds())), comment="#").shape == (3, 4)


def test_dataset_validation_and_corrupted_files(tmp_path):
    with pytest.raises(DataError, match="NaN"):
        Dataset("x", [[np.nan]], [0], ["a"], ["f"])
    with pytest.raises(DataError, match="class codes"):
        Dataset("x", [[1.0]], [1], ["a"], ["f"])
    with pytest.raises(DataError, match="feature names"):
        Dataset("x", [[1.0]], [0], ["a"], ["f", "g"])
    with pytest.raises(DataError, match="JSON"):
        write_dataset(
            Dataset("x", [[1.0]], [0], ["a"], ["f"], {"bad": object()}), tmp_path / "x.csv"
        )
    assert not (tmp_path / "x.csv").exists()
    text = dataset_text(_ds())
    with pytest.raises(DataError, match="not a clustval data set"):
        parse_dataset_text("label,a\n1,2\n")
    damaged = "the file is damaged or truncated: delete it and run the pipeline again"
    with pytest.raises(DataError, match=rf"sha256 in its header; {damaged}"):
        parse_dataset_text(text.rsplit(",", 1)[0] + "\n")  # last field cut
    with pytest.raises(DataError, match=rf"sha256 in its header; {damaged}"):
        parse_dataset_text(text.replace("-7.0", "-7.5"))  # one value changed, still valid CSV
    with pytest.raises(DataError, match=rf"2 rows, its header says 3; {damaged}"):
        parse_dataset_text(text.rsplit("\n", 2)[0] + "\n")  # last row lost
    with pytest.raises(DataError, match="older format without a checksum"):
        parse_dataset_text(text.replace("v2", "v1", 1))
    with pytest.raises(DataError, match="unreadable JSON header"):
        parse_dataset_text(text.replace('"rows": 3, ', ""))


def test_damaged_prepared_file_is_refused_on_read(tmp_path):
    path = write_dataset(_ds(), tmp_path / "demo.csv")
    data = path.read_bytes()
    changed = data.replace(b"25000000000.0", b"26000000000.0")
    assert changed != data
    for damaged in (data[: len(data) - 7], changed, data + b"0,1,2,3\n"):
        path.write_bytes(damaged)
        with pytest.raises(DataError, match=rf"{path}: .*damaged or truncated") as info:
            read_dataset(path)
        assert "\n" not in str(info.value)


def test_loaded_sets_write_byte_identical_files(tmp_path, mirror_options):
    for name in ("segmentation", "wdbc"):
        first = dataset_text(load_uci_dataset(name, SPECS[name], mirror_options, "minmax"))
        second = dataset_text(load_uci_dataset(name, SPECS[name], mirror_options, "minmax"))
        assert first == second
        assert (
            read_dataset(write_dataset(parse_dataset_text(first), tmp_path / f"{name}.csv")).meta[
                "preprocessing"
            ]
            == "minmax"
        )


# ------------------------------------------------------------ Table 5 and the io helpers


def test_table5_rows_flag_only_ionosphere(tmp_path, mirror_options):
    datasets = [load_uci_dataset(name, spec, mirror_options) for name, spec in SPECS.items()]
    rows = table5_rows(datasets, SPECS)
    assert [r["label"] for r in rows] == [s.label for s in SPECS.values()]
    flagged = {r["label"]: r for r in rows if r["differs"]}
    assert list(flagged) == ["Iono"]
    iono = flagged["Iono"]
    assert (iono["class_sizes"], iono["printed_class_sizes"]) == ("225 126", "38 313")
    assert "printed 38 313, data 225 126" in iono["note"]
    for row in rows:
        n, C, sizes = PRINTED_TABLE5[next(k for k, s in SPECS.items() if s.label == row["label"])]
        assert (row["printed_n"], row["printed_C"], row["printed_class_sizes"]) == (
            n,
            C,
            " ".join(map(str, sizes)),
        )
        assert row["n"] == n and row["C"] == C
    write_csv(rows, TABLE_COLUMNS, tmp_path / "t5.csv")
    back = list(csv.DictReader(open(tmp_path / "t5.csv")))
    assert back[10]["differs"] == "true" and back[0]["class_sizes"] == "50 50 50"
    assert {r["source"] for r in back} == {"mirror"}  # the source that served each file
    with pytest.raises(DataError, match="missing"):
        table5_rows(datasets[:3], SPECS)


def test_format_cell_is_deterministic():
    assert format_cell(None) == "" and format_cell(True) == "true"
    assert format_cell(0.1) == "0.1" and format_cell(np.float64(1 / 3)) == repr(1 / 3)
    assert format_cell(2 / 3, ".4f") == "0.6667" and format_cell([1, 2.5, "a"]) == "1 2.5 a"
    assert format_cell(np.int64(7)) == "7"


def test_write_csv_and_markdown(tmp_path):
    rows = [{"a": 1, "b": "x|y", "c": 0.5, "extra": 9}, {"a": 2, "b": "line\nbreak", "c": None}]
    csv_path = write_csv(rows, ["a", "b", "c"], tmp_path / "t.csv")
    assert csv_path.read_bytes() == b'a,b,c\n1,x|y,0.5\n2,"line\nbreak",\n'
    md = write_markdown_table(rows, ["a", "b", "c"], tmp_path / "t.md", title="T")
    assert md.read_text() == (
        "# T\n\n| a | b | c |\n| --- | --- | --- |\n| 1 | x\\|y | 0.5 |\n| 2 | line break |  |\n"
    )
    with pytest.raises(InputError, match=r"row 1 has no value for column\(s\) \['extra'\]"):
        write_csv(rows, ["a", "extra"], tmp_path / "bad.csv")
    assert not (tmp_path / "bad.csv").exists()


def test_atomic_write_leaves_nothing_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    atomic_write_text(target, "old\n")

    def boom(*args):
        raise OSError("disk full")

    monkeypatch.setattr("clustval.io.write.os.replace", boom)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_text(target, "new\n")
    assert target.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_mirror_copy_is_the_original_bytes_and_not_cached(uci_mirror, tmp_path):
    options = FetchOptions(sources=("mirror",), mirror=uci_mirror, cache_dir=tmp_path / "cache")
    result = fetch_raw("seeds", SPECS["seeds"], options)
    assert result.source == "mirror" and result.kind == "raw"
    assert result.path == uci_mirror / "seeds_dataset.txt"
    assert result.path.read_bytes() == (BUNDLED / "seeds_dataset.txt").read_bytes()
    assert not (tmp_path / "cache").exists()


def test_unreadable_mirror_is_one_failed_source(uci_mirror, tmp_path, monkeypatch):
    real_read = Path.read_bytes

    def denied(path):
        if path.parent == tmp_path / "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real_read(path)

    monkeypatch.setattr(Path, "read_bytes", denied)
    locked = tmp_path / "locked"
    options = FetchOptions(sources=("mirror", "bundled"), mirror=locked)
    result = fetch_raw("iris", SPECS["iris"], options)
    assert result.source == "bundled"
    assert result.notes == (
        f"mirror: cannot read mirror file {tmp_path / 'locked' / 'iris.data'}: Permission denied",
    )
    with pytest.raises(DataError, match=r"\[mirror\] cannot read mirror file .*Permission denied"):
        fetch_raw("iris", SPECS["iris"], FetchOptions(sources=("mirror",), mirror=locked))


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any folder: permissions cannot deny it")
def test_mirror_folder_without_permissions_falls_back(uci_mirror, tmp_path):
    locked = tmp_path / "locked"
    shutil.copytree(uci_mirror, locked)
    locked.chmod(0)
    try:
        options = FetchOptions(sources=("mirror", "bundled"), mirror=locked)
        result = fetch_raw("iris", SPECS["iris"], options)
        assert result.source == "bundled" and "mirror" in result.notes[0]
    finally:
        locked.chmod(0o755)


def test_damaged_bundled_file_is_refused_and_the_next_source_is_tried(
    uci_mirror, tmp_path, monkeypatch
):
    fake = tmp_path / "pkg"
    fake.mkdir()
    (fake / "iris.data").write_bytes((BUNDLED / "iris.data").read_bytes()[:-50])
    monkeypatch.setattr("clustval.datasets.fetch.bundled_dir", lambda: fake)
    with pytest.raises(ChecksumError, match=r"\[bundled\] bundled file .*iris.data: sha256"):
        fetch_raw("iris", SPECS["iris"], FetchOptions(sources=("bundled",)))
    options = FetchOptions(sources=("bundled", "mirror"), mirror=uci_mirror)
    assert fetch_raw("iris", SPECS["iris"], options).source == "mirror"
    with pytest.raises(DataError, match=r"no bundled copy of wine.data"):
        fetch_raw("wine", SPECS["wine"], FetchOptions(sources=("bundled",)))
