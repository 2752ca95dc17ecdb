"""Download paths end to end against a local HTTP server on 127.0.0.1: the UCI archive URL,
ucimlrepo (its API JSON and CSV served the way UCI serves them), the cache, and every failure
(corrupted, truncated, HTTP 500, timeout, connection refused, no mirror): each a clear error,
nothing left in the cache."""

from __future__ import annotations

import csv
import io
import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml

from clustval.datasets.catalog import bundled_dir
from clustval.datasets.dataset import dataset_text, parse_dataset_text
from clustval.datasets.fetch import FetchOptions, fetch_raw
from clustval.datasets.uci import load_uci_dataset
from clustval.errors import ChecksumError, DataError
from clustval.repro.data import fetch_options, uci_specs
from tests.conftest import REPO

BUNDLED = Path(str(bundled_dir()))  # the raw UCI files shipped in the package
CONFIG = yaml.safe_load((REPO / "config" / "config.yaml").read_text())
SPECS = uci_specs(CONFIG)
ARCHIVE = "/ml/machine-learning-databases/"


class Server:
    """A local HTTP server: ``routes`` maps a request path (with query) to a response."""

    def __init__(self) -> None:
        self.routes: dict[str, tuple[int, bytes, dict]] = {}
        self.requests: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server API)
                outer.requests.append(self.path)
                status, body, options = outer.routes.get(self.path, (404, b"not found", {}))
                if options.get("sleep"):
                    time.sleep(options["sleep"])
                self.send_response(status)
                if not options.get("endless"):
                    self.send_header("Content-Length", str(options.get("content_length", len(body))))
                self.end_headers()
                try:
                    if options.get("drip"):  # one byte at a time, never a pause of a whole timeout
                        stop = time.monotonic() + 20  # bounded: the server stops by itself
                        for byte in body:
                            if time.monotonic() > stop:
                                break
                            self.wfile.write(bytes([byte]))
                            self.wfile.flush()
                            time.sleep(options["drip"])
                    elif options.get("endless"):  # no length, no end (bounded at 64 MB)
                        for _ in range(1024):
                            self.wfile.write(body)
                    else:
                        self.wfile.write(body)
                    self.wfile.flush()
                except OSError:  # the client hung up, as it should
                    pass
                self.close_connection = True

            def log_message(self, *args):  # keep pytest output clean
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self.thread.start()

    def serve(self, path: str, body: bytes, status: int = 200, **options) -> None:
        self.routes[path] = (status, body, options)

    def serve_archive(self, *names: str) -> None:
        """Serve raw files in the UCI archive layout."""
        for name in names:
            spec = SPECS[name]
            self.serve(ARCHIVE + spec.archive_path, (BUNDLED / spec.file).read_bytes())

    def serve_ucimlrepo(self, name: str, mutate=None) -> None:
        """Serve UCI's API JSON and data.csv for a set, as archive.ics.uci.edu does."""
        spec = SPECS[name]
        rows = [
            _split(line, spec.delimiter)
            for line in (BUNDLED / spec.file).read_text().splitlines()[spec.skip_lines :]
            if line.strip()
        ]
        width = len(rows[0])
        label_col = spec.label_column % width
        names, roles = [], []
        for j in range(width):
            if j == label_col:
                names.append("class"), roles.append("Target")
            elif j in spec.drop_columns:
                names.append("ID"), roles.append("ID")
            else:
                names.append(f"UCI feature {j}"), roles.append("Feature")
        if mutate:
            rows = mutate(rows)
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows([names, *rows])
        uci_id = spec.ucimlrepo_id
        data_url = f"{self.url}/static/public/{uci_id}/data.csv"
        variables = [
            {
                "name": n,
                "role": r,
                "type": "Continuous",
                "description": None,
                "units": None,
                "missing_values": "no",
            }
            for n, r in zip(names, roles, strict=False)
        ]
        meta = {
            "uci_id": uci_id,
            "name": spec.title,
            "data_url": data_url,
            "variables": variables,
            "additional_info": {"summary": "test"},
            "intro_paper": None,
            "num_instances": len(rows),
        }
        self.serve(f"/api/dataset?id={uci_id}", json.dumps({"status": 200, "data": meta}).encode())
        self.serve(f"/static/public/{uci_id}/data.csv", buffer.getvalue().encode())

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _split(line: str, delimiter: str) -> list[str]:
    return line.split() if delimiter == "whitespace" else line.split(delimiter)


@pytest.fixture
def server():
    srv = Server()
    yield srv
    srv.close()


def options_for(server: Server, cache: Path, *sources: str, **extra) -> FetchOptions:
    return FetchOptions(
        sources=sources,
        cache_dir=cache,
        base_url=server.url + ARCHIVE,
        api_base=server.url + "/api/dataset",
        timeout=extra.pop("timeout", 5.0),
        **extra,
    )


def cache_files(cache: Path) -> list[str]:
    return (
        sorted(str(p.relative_to(cache)) for p in cache.rglob("*") if p.is_file())
        if cache.exists()
        else []
    )


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def reference_text(name: str, tmp_path: Path) -> str:
    options = FetchOptions(sources=("bundled",), cache_dir=tmp_path / "reference")
    return dataset_text(load_uci_dataset(name, SPECS[name], options, "minmax"))


# ------------------------------------------------------------ successful paths

SERVED = [name for name, spec in SPECS.items() if spec.archive_path]


def test_url_path_fetches_every_served_set_then_uses_the_cache(server, tmp_path):
    server.serve_archive(*SERVED)
    options = options_for(server, tmp_path / "cache", "url")
    for name in SERVED:
        result = fetch_raw(name, SPECS[name], options)
        assert (result.source, result.kind) == ("url", "raw")
        assert result.path.read_bytes() == (BUNDLED / SPECS[name].file).read_bytes()
        ds = load_uci_dataset(name, SPECS[name], options)
        assert ds.class_sizes == list(SPECS[name].expected.values())
    assert len(server.requests) == len(SERVED)  # load_uci_dataset after fetch_raw: no second request
    assert sorted(server.requests) == sorted(ARCHIVE + SPECS[n].archive_path for n in SERVED)
    assert cache_files(tmp_path / "cache") == sorted(SPECS[n].file for n in SERVED)
    again = fetch_raw("iris", SPECS["iris"], options)
    assert (again.source, again.cached) == ("url", True)
    assert len(server.requests) == len(SERVED)


def test_url_and_mirror_give_byte_identical_dataset_files(server, tmp_path):
    server.serve_archive("segmentation")
    ds = load_uci_dataset(
        "segmentation", SPECS["segmentation"], options_for(server, tmp_path / "c", "url"), "minmax"
    )
    # The same data, bit for bit; only the header's provenance says which source served it.
    reference = reference_text("segmentation", tmp_path)
    assert dataset_text(ds) == reference.replace('"source": "bundled"', '"source": "url"')
    assert '"source": "bundled"' in reference


UCIMLREPO_SETS = [name for name, spec in SPECS.items() if spec.ucimlrepo_id is not None]


@pytest.mark.parametrize("name", UCIMLREPO_SETS)
def test_ucimlrepo_path_gives_the_same_data_as_the_raw_file(name, server, tmp_path):
    import ucimlrepo.fetch

    server.serve_ucimlrepo(name)
    options = options_for(server, tmp_path / "cache", "ucimlrepo")
    result = fetch_raw(name, SPECS[name], options)
    assert (result.source, result.kind, result.cached) == ("ucimlrepo", "table", False)
    assert server.requests == [
        f"/api/dataset?id={SPECS[name].ucimlrepo_id}",
        f"/static/public/{SPECS[name].ucimlrepo_id}/data.csv",
    ]
    assert ucimlrepo.fetch.API_BASE_URL == "https://archive.ics.uci.edu/api/dataset"  # restored
    ds = load_uci_dataset(name, SPECS[name], options, "minmax")
    assert ds.meta["source"] == "ucimlrepo" and ds.meta["sha256"] is None
    assert ds.meta["table_sha256"] == SPECS[name].table_sha256
    reference = parse_dataset_text(reference_text(name, tmp_path))
    assert ds.X.tobytes() == reference.X.tobytes() and ds.y.tolist() == reference.y.tolist()
    assert ds.class_names == reference.class_names
    assert len(server.requests) == 2  # the second load used the cached table
    assert cache_files(tmp_path / "cache") == [f"ucimlrepo/{name}.csv"]


def test_ucimlrepo_table_with_different_data_is_rejected(server, tmp_path):
    def nudge_one_value(rows):
        rows[34][
            3
        ] = "0.3"  # UCI's errata fix of iris row 35 (0.2 -> 0.1 in bezdekIris); any change counts
        return rows

    server.serve_ucimlrepo("iris", mutate=nudge_one_value)
    cache = tmp_path / "cache"
    with pytest.raises(ChecksumError) as info:
        fetch_raw("iris", SPECS["iris"], options_for(server, cache, "ucimlrepo"))
    message = str(info.value)
    assert (
        "'iris'" in message
        and "ucimlrepo id 53" in message
        and SPECS["iris"].table_sha256 in message
    )
    assert "not the same data" in message and "uci_mirror=DIR" in message
    assert cache_files(cache) == []


def test_ucimlrepo_unknown_id_and_sets_without_id(server, tmp_path):
    server.serve(
        "/api/dataset?id=53", json.dumps({"status": 404, "message": "Dataset not found"}).encode()
    )
    cache = tmp_path / "cache"
    with pytest.raises(DataError, match="Dataset not found"):
        fetch_raw("iris", SPECS["iris"], options_for(server, cache, "ucimlrepo"))
    with pytest.raises(DataError, match=r"ucimlrepo_id is null"):
        fetch_raw("bupa", SPECS["bupa"], options_for(server, cache, "ucimlrepo"))
    assert cache_files(cache) == []


# ------------------------------------------------------------ failures


def corrupted(data: bytes) -> bytes:
    return data[:100] + bytes([data[100] ^ 0x01]) + data[101:]


def test_corrupted_download_is_a_checksum_error(server, tmp_path):
    spec = SPECS["wine"]
    data = (BUNDLED / spec.file).read_bytes()
    server.serve(ARCHIVE + spec.archive_path, corrupted(data))
    cache = tmp_path / "cache"
    with pytest.raises(ChecksumError) as info:
        fetch_raw("wine", spec, options_for(server, cache, "url"))
    message = str(info.value)
    assert "'wine'" in message and f"expected {spec.sha256}" in message
    assert f"({len(data)} bytes)" in message and "uci_mirror=DIR" in message
    assert cache_files(cache) == []


def test_truncated_download_is_an_error(server, tmp_path):
    spec = SPECS["wine"]
    data = (BUNDLED / spec.file).read_bytes()
    cache = tmp_path / "cache"
    # A shorter body that the server declares complete: caught by the checksum.
    server.serve(ARCHIVE + spec.archive_path, data[: len(data) // 2])
    with pytest.raises(ChecksumError, match=rf"\({len(data) // 2} bytes\), expected {spec.sha256}"):
        fetch_raw("wine", spec, options_for(server, cache, "url"))
    # A connection closed before the announced Content-Length: caught by the transfer.
    server.serve(ARCHIVE + spec.archive_path, data[:1000], content_length=len(data))
    with pytest.raises(
        DataError, match=rf"truncated download .*got 1000 bytes, the server announced {len(data)}"
    ):
        fetch_raw("wine", spec, options_for(server, cache, "url"))
    assert cache_files(cache) == []


def test_server_error_is_reported(server, tmp_path):
    server.serve(ARCHIVE + SPECS["haberman"].archive_path, b"oops", status=500)
    cache = tmp_path / "cache"
    with pytest.raises(DataError, match=r"\[url\] HTTP error 500") as info:
        fetch_raw("haberman", SPECS["haberman"], options_for(server, cache, "url"))
    assert not isinstance(info.value, ChecksumError)
    assert cache_files(cache) == []


def test_timeout_is_reported(server, tmp_path):
    server.serve(ARCHIVE + SPECS["haberman"].archive_path, b"late", sleep=2.0)
    with pytest.raises(DataError, match=r"no answer from .* within 0.3 s|timed out"):
        fetch_raw(
            "haberman", SPECS["haberman"], options_for(server, tmp_path / "c", "url", timeout=0.3)
        )
    assert cache_files(tmp_path / "c") == []


def test_a_dripping_server_meets_the_deadline(server, tmp_path):
    # a byte every 0.1 s never trips the per-read timeout (1 s): the whole download's deadline
    # ends it, with one line, and nothing is cached
    spec = SPECS["haberman"]
    server.serve(ARCHIVE + spec.archive_path, (BUNDLED / spec.file).read_bytes(), drip=0.1)
    options = options_for(server, tmp_path / "c", "url", timeout=1.0, deadline=0.6)
    start = time.monotonic()
    with pytest.raises(DataError, match=r"took longer than uci_deadline = 0.6 s") as info:
        fetch_raw("haberman", spec, options)
    assert time.monotonic() - start < 5 and "\n" not in str(info.value)
    assert cache_files(tmp_path / "c") == []


def test_an_endless_or_oversized_answer_is_refused(server, tmp_path):
    # past the catalog's size of the file the answer is not the file: refused before memory
    # fills, announced (Content-Length) or not; nothing is cached
    spec = SPECS["haberman"]
    assert spec.bytes == (BUNDLED / spec.file).stat().st_size
    server.serve(ARCHIVE + spec.archive_path, b"1,2,3,1\n" * 8192, endless=True)
    with pytest.raises(DataError, match=rf"sent more than the file's {spec.bytes} bytes"):
        fetch_raw("haberman", spec, options_for(server, tmp_path / "c", "url"))
    server.serve(ARCHIVE + spec.archive_path, b"x", content_length=10**12)
    with pytest.raises(DataError, match=rf"announces {10**12} bytes; the file has {spec.bytes}"):
        fetch_raw("haberman", spec, options_for(server, tmp_path / "c", "url"))
    assert cache_files(tmp_path / "c") == []


def test_the_catalog_knows_each_files_size():
    for name, spec in SPECS.items():
        assert spec.bytes == (BUNDLED / spec.file).stat().st_size, name


def test_no_network_and_no_mirror_says_how_to_fix(tmp_path):
    dead = f"http://127.0.0.1:{closed_port()}"
    options = FetchOptions(
        sources=("mirror", "url", "ucimlrepo"),
        cache_dir=tmp_path / "cache",
        base_url=dead + ARCHIVE,
        api_base=dead + "/api/dataset",
    )
    with pytest.raises(DataError) as info:
        fetch_raw("iris", SPECS["iris"], options)
    message = str(info.value)
    assert "cannot obtain UCI set 'iris' (iris.data" in message
    assert "[mirror] no mirror folder configured" in message
    assert "[url] cannot reach" in message and "refused" in message.lower()
    assert "[ucimlrepo] ucimlrepo id 53" in message and "\n" not in message
    assert "pass --config uci_mirror=DIR" in message and "'bundled'" in message
    assert cache_files(tmp_path / "cache") == []


def test_pima_is_only_available_bundled_or_from_a_mirror(server, uci_mirror, tmp_path):
    with pytest.raises(
        DataError,
        match=r"\[url\] .*not served by the UCI archive.*; \[ucimlrepo\] .*ucimlrepo_id is null",
    ):
        fetch_raw("pima", SPECS["pima"], options_for(server, tmp_path / "c", "url", "ucimlrepo"))
    assert server.requests == []
    options = options_for(server, tmp_path / "c", "mirror", "url", mirror=uci_mirror)
    assert load_uci_dataset("pima", SPECS["pima"], options).class_sizes == [500, 268]
    options = options_for(server, tmp_path / "c", "url", "bundled")
    assert load_uci_dataset("pima", SPECS["pima"], options).meta["source"] == "bundled"


def test_corrupted_mirror_falls_back_to_url_and_says_so(server, tmp_path):
    spec = SPECS["balance"]
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    (mirror / spec.file).write_bytes(corrupted((BUNDLED / spec.file).read_bytes()))
    cache = tmp_path / "cache"
    with pytest.raises(ChecksumError, match=r"mirror file .*balance-scale.data: sha256"):
        fetch_raw("balance", spec, options_for(server, cache, "mirror", mirror=mirror))
    assert cache_files(cache) == []
    server.serve_archive("balance")
    result = fetch_raw("balance", spec, options_for(server, cache, "mirror", "url", mirror=mirror))
    assert result.source == "url" and "mirror:" in result.notes[0]
    assert result.path.read_bytes() == (BUNDLED / spec.file).read_bytes()


def test_mirror_in_archive_layout(tmp_path):
    spec = SPECS["new_thyroid"]
    target = tmp_path / "mirror" / spec.archive_path
    target.parent.mkdir(parents=True)
    target.write_bytes((BUNDLED / spec.file).read_bytes())
    options = FetchOptions(
        sources=("mirror",), mirror=tmp_path / "mirror", cache_dir=tmp_path / "cache"
    )
    assert load_uci_dataset("new_thyroid", spec, options).class_sizes == [150, 35, 30]


def test_bad_cached_file_is_discarded_and_fetched_again(server, tmp_path):
    spec = SPECS["iris"]
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / spec.file).write_bytes(b"5.1,3.5,1.4,0.2,Iris-setosa\n")  # truncated earlier copy
    server.serve_archive("iris")
    result = fetch_raw("iris", spec, options_for(server, cache, "url"))
    assert result.source == "url" and len(server.requests) == 1
    assert result.path.read_bytes() == (BUNDLED / spec.file).read_bytes()


def test_options_from_config_and_validation(tmp_path):
    options = fetch_options(CONFIG, mirror=tmp_path)
    assert options.sources == ("bundled", "mirror", "url", "ucimlrepo")
    assert options.mirror == tmp_path and FetchOptions().sources == options.sources
    assert options.base_url == "https://archive.ics.uci.edu/ml/machine-learning-databases/"
    assert options.cache_dir == Path("resources/uci") and options.timeout == 30
    assert fetch_options({**CONFIG, "uci_mirror": str(tmp_path)}).mirror == tmp_path
    with pytest.raises(DataError, match="uci_sources"):
        FetchOptions(sources=("mirror", "ftp"))
    with pytest.raises(DataError, match="uci_sources"):
        FetchOptions(sources=())
    assert FetchOptions(timeout="2.5").timeout == 2.5
    with pytest.raises(DataError, match="uci_timeout"):
        FetchOptions(timeout=0)
    assert options.deadline == CONFIG["uci_deadline"] == 300
    with pytest.raises(DataError, match="uci_deadline"):
        FetchOptions(deadline=-1)


def test_unwritable_cache_is_a_clear_error(server, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be\n")
    server.serve_archive("iris")
    options = options_for(server, blocker, "url")
    with pytest.raises(DataError, match=r"cannot write to the cache folder .*uci_cache_dir"):
        fetch_raw("iris", SPECS["iris"], options)


def test_tampered_cached_table_is_discarded_and_fetched_again(server, tmp_path):
    server.serve_ucimlrepo("haberman")
    cache = tmp_path / "cache"
    options = options_for(server, cache, "ucimlrepo")
    path = fetch_raw("haberman", SPECS["haberman"], options).path
    path.write_text(path.read_text().replace("\n0,", "\n1,", 1))  # flip one class code
    result = fetch_raw("haberman", SPECS["haberman"], options)
    assert result.source == "ucimlrepo" and len(server.requests) == 4
    assert load_uci_dataset("haberman", SPECS["haberman"], options).class_sizes == [225, 81]
