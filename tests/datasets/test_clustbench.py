"""The benchmark suite's format and its fetch, against a local HTTP server on 127.0.0.1 and a
small fixture in the suite's format written here (the suite itself is never copied)."""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

import numpy as np
import pytest

from clustval.datasets.clustbench import SuiteFile, fetch_suite_file, read_benchmark
from clustval.errors import ChecksumError, DataError
from tests.datasets.test_fetch import Server, closed_port


def suite_files(n: int = 30, seed: int = 0) -> dict[str, bytes]:
    """One set, ``toy/blobs``, in the suite's format: the data and two labellings (the
    second marks its last two points as noise, label 0)."""
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(c, 0.3, size=(n // 3, 2)) for c in (0, 5, 10)])
    y = np.repeat([1, 2, 3], n // 3)
    y2 = y.copy()
    y2[-2:] = 0
    text = lambda rows: gzip.compress("".join(rows).encode(), mtime=0)  # noqa: E731
    return {
        "blobs.data.gz": text(f"{a:.6f} {b:.6f}\n" for a, b in X),
        "blobs.labels0.gz": text(f"{v}\n" for v in y),
        "blobs.labels1.gz": text(f"{v}\n" for v in y2),
    }


def entry(data: bytes, path: str) -> SuiteFile:
    return SuiteFile(path, hashlib.sha256(data).hexdigest(), len(data))


@pytest.fixture
def server():
    srv = Server()
    yield srv
    srv.close()


def fetch(file, mirror=None, base_url="http://127.0.0.1:9/", **options):
    return fetch_suite_file(file, mirror=mirror, base_url=base_url, timeout=options.get("timeout", 5),
                            deadline=options.get("deadline", 20))


def test_the_url_and_a_mirror_give_the_verified_bytes(server, tmp_path):
    files = suite_files()
    for name, data in files.items():
        server.serve(f"/v1/toy/{name}", data)
        (tmp_path / "toy").mkdir(exist_ok=True)
        (tmp_path / "toy" / name).write_bytes(data)
    for name, data in files.items():
        file = entry(data, f"toy/{name}")
        assert fetch(file, base_url=server.url + "/v1/") == data
        dead = f"http://127.0.0.1:{closed_port()}/"
        assert fetch(file, mirror=tmp_path, base_url=dead) == data  # the mirror needs no network


def test_a_corrupt_or_missing_file_is_one_line_naming_it_and_its_hash(server, tmp_path):
    data = suite_files()["blobs.data.gz"]
    file = entry(data, "toy/blobs.data.gz")
    server.serve("/v1/toy/blobs.data.gz", data[:-5] + b"xxxxx")
    with pytest.raises(ChecksumError) as info:
        fetch(file, base_url=server.url + "/v1/")
    message = str(info.value)
    assert "toy/blobs.data.gz" in message and file.sha256 in message and "\n" not in message
    with pytest.raises(DataError) as info:
        fetch(entry(data, "toy/absent.data.gz"), mirror=tmp_path, base_url=server.url + "/v1/")
    message = str(info.value)
    assert "toy/absent.data.gz" in message and "HTTP error 404" in message and "[mirror]" in message
    assert "\n" not in message and "clustbench_mirror" in message


def test_the_url_is_the_base_then_the_battery_and_file_with_or_without_a_final_slash(server):
    data = suite_files()["blobs.labels1.gz"]
    server.serve("/suite/v1.1.0/toy/blobs.labels1.gz", data)
    file = entry(data, "toy/blobs.labels1.gz")
    for base in ("/suite/v1.1.0/", "/suite/v1.1.0", "/suite/v1.1.0//"):
        assert fetch(file, base_url=server.url + base) == data
    assert server.requests == ["/suite/v1.1.0/toy/blobs.labels1.gz"] * 3


def test_a_mirror_copy_of_the_wrong_hash_falls_back_to_the_url_and_says_both(server, tmp_path):
    data = suite_files()["blobs.data.gz"]
    file = entry(data, "toy/blobs.data.gz")
    write_set(tmp_path / "toy", {"blobs.data.gz": data[:-1] + b"x"})
    server.serve("/v1/toy/blobs.data.gz", data)
    assert fetch(file, mirror=tmp_path, base_url=server.url + "/v1/") == data
    server.serve("/v1/toy/blobs.data.gz", data[::-1])  # the right size, other bytes
    with pytest.raises(ChecksumError) as info:
        fetch(file, mirror=tmp_path, base_url=server.url + "/v1/")
    message = str(info.value)
    assert "[mirror]" in message and "[url]" in message and message.count(file.sha256) >= 1
    assert "toy/blobs.data.gz" in message and "\n" not in message


@pytest.mark.parametrize("served", ["cut", "short"])
def test_a_partial_download_is_one_line_naming_the_file_and_its_hash(server, served):
    data = suite_files()["blobs.data.gz"]
    file = entry(data, "toy/blobs.data.gz")
    if served == "cut":  # the connection closes before the length it announced
        server.serve("/v1/toy/blobs.data.gz", data[:100], content_length=len(data))
    else:  # a shorter body that says it is whole: only its hash tells
        server.serve("/v1/toy/blobs.data.gz", data[:100])
    with pytest.raises(DataError) as info:
        fetch(file, base_url=server.url + "/v1/")
    message = str(info.value)
    assert "toy/blobs.data.gz" in message and file.sha256 in message and "\n" not in message
    assert ("truncated download" in message) == (served == "cut")
    assert isinstance(info.value, ChecksumError) == (served == "short")


def test_an_oversized_answer_is_refused(server):
    data = suite_files()["blobs.data.gz"]
    server.serve("/v1/toy/blobs.data.gz", data + b"more")
    with pytest.raises(DataError, match="announces"):
        fetch(entry(data, "toy/blobs.data.gz"), base_url=server.url + "/v1/")


def write_set(folder: Path, files: dict[str, bytes]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return folder


def test_the_reader_gives_the_data_every_labelling_and_the_reference_k(tmp_path):
    bench = read_benchmark(write_set(tmp_path / "toy", suite_files()), "toy/blobs")
    assert bench.X.shape == (30, 2) and len(bench.labellings) == 2
    assert bench.reference_k(0) == bench.reference_k(1) == 3  # noise is no cluster
    assert (bench.labellings[1] == 0).sum() == 2


@pytest.mark.parametrize("name, body, message", [
    ("blobs.labels0.gz", b"1\n2\n", "2 labels for the 30 rows"),
    ("blobs.labels0.gz", b"1\n-1\n" * 15, "is not an integer >= 0"),
    ("blobs.labels0.gz", b"0\n" * 30, "every point is noise"),
    ("blobs.data.gz", b"1 2\n3 x\n", "not a numeric matrix"),
    ("blobs.data.gz", b"1 2\n3\n", "not a numeric matrix"),
])
def test_bad_files_are_one_line_naming_the_file(tmp_path, name, body, message):
    files = {**suite_files(), name: gzip.compress(body)}
    with pytest.raises(DataError, match=message) as info:
        read_benchmark(write_set(tmp_path / "toy", files), "toy/blobs")
    assert name in str(info.value) and "\n" not in str(info.value)


def test_a_file_that_is_not_gzip_is_one_line(tmp_path):
    files = {**suite_files(), "blobs.data.gz": b"plain text"}
    with pytest.raises(DataError, match="not a gzip file"):
        read_benchmark(write_set(tmp_path / "toy", files), "toy/blobs")
    files = suite_files()
    del files["blobs.labels0.gz"], files["blobs.labels1.gz"]
    with pytest.raises(DataError, match="no reference labelling"):
        read_benchmark(write_set(tmp_path / "bare", files), "toy/blobs")
