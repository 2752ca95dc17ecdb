"""Reading the files a user gives the command line: label files (integers read in chunks as
the reference reading reads them, text, a byte order mark, standard input, a header, a column
pandas wrote with its index), data and distance files with a header row, weights files, and the
limits on what is read (devices, endless streams, --max-bytes), each failure one line.

The truth of a chunked read is the reference reading (every line a Python string); of a file
pandas wrote, the plain file's scores.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import clustval
import clustval.cli
import clustval.io.read
from clustval.cli import main, read_labels
from clustval.errors import InputError
from tests.test_cli import _one_line_failure, _write_lines, run_cli  # the command line's helpers


def test_header_line_over_integers_is_an_error_in_the_reader(tmp_path):
    with pytest.raises(InputError, match="remove the header line"):
        read_labels(_write_lines(tmp_path / "h.txt", ["cluster", 1, 2, 2]))
    # text labels cannot tell a header from a label: read as they are
    assert read_labels(_write_lines(tmp_path / "t.txt", ["a", "b"])).tolist() == ["a", "b"]


def test_numeric_label_files_are_checked_as_python_numbers_are(files, tmp_path):
    truth, pred, X = files["arrays"]
    as_floats = _write_lines(tmp_path / "floats.txt", [f"{v}.0" for v in pred])
    assert read_labels(as_floats).tolist() == pred.tolist()  # 1.0 is the label 1
    expected = run_cli("score", "--truth", files["truth"], "--pred", files["pred"], "--json")
    result = run_cli("score", "--truth", files["truth"], "--pred", as_floats, "--json")
    assert json.loads(result.stdout) == json.loads(expected.stdout)
    halves = _write_lines(tmp_path / "halves.txt", [v + 0.5 for v in pred])
    result = run_cli("score", "--truth", files["truth"], "--pred", halves, "--index", "ari")
    assert result.returncode == 0
    assert result.stderr.strip().splitlines() == [
        "clustval: warning: labels_pred holds non-integral numbers: clustering labels are "
        "discrete, each distinct value is taken as one label."
    ]


def test_byte_order_mark_and_standard_input(files, tmp_path):
    truth, pred, X = files["arrays"]
    expected = run_cli("score", "--truth", files["truth"], "--pred", files["pred"], "--json")
    with_bom = tmp_path / "bom.txt"
    with_bom.write_bytes(b"\xef\xbb\xbf" + open(files["pred"], "rb").read())
    assert read_labels(str(with_bom)).tolist() == (pred - 5).tolist()  # integers, not text
    from_bom = run_cli("score", "--truth", files["truth"], "--pred", str(with_bom), "--json")
    piped = subprocess.run(
        [sys.executable, "-m", "clustval", "score", "--truth", files["truth"], "--pred", "-", "--json"],
        input=open(files["pred"]).read(), capture_output=True, text=True, timeout=120,
    )
    assert expected.returncode == from_bom.returncode == piped.returncode == 0, piped.stderr
    assert json.loads(from_bom.stdout) == json.loads(piped.stdout) == json.loads(expected.stdout)


def test_a_label_line_beyond_csv_field_limit_is_read(files, tmp_path):
    """A label of 200,000 characters passes csv's field limit of 131,072 (it was _csv.Error)."""
    long_label = tmp_path / "long.txt"
    long_label.write_text("a" * 200_000 + "\nb\n")
    two = _write_lines(tmp_path / "two.txt", [0, 1])
    result = run_cli("score", "--truth", two, "--pred", str(long_label), "--index", "ari", "--json")
    assert json.loads(result.stdout) == {"ari": 1.0}, result.stderr
    assert read_labels(str(long_label)).tolist() == ["a" * 200_000, "b"]


# ---- label files at scale: the chunked integer reader ----------------------------------


def _reference_outcome(path: str, skip_header: bool = False):
    """What the reference reading (every line a Python string) gives: labels or the error."""
    return _outcome(lambda: clustval.io.read._labels_from_text(clustval.io.read._read_text(path), path, skip_header))


def _outcome(read):
    try:
        labels = read()
    except InputError as error:
        return "error", str(error)
    return labels.dtype.str, labels.tolist()


def _same_as_reference(path: str, skip_header: bool = False) -> bool:
    """The chunked reader took the file (rather than leaving it to the reference reading)."""
    expected = _reference_outcome(path, skip_header)
    assert _outcome(lambda: read_labels(path, skip_header)) == expected
    try:
        return clustval.io.read._integer_labels(path, skip_header) is not None
    except InputError:  # a header above integers, refused by the chunked reader itself
        return True


def _label_text(values, rng, spaced: bool = False, crlf: bool = False) -> str:
    lines = [str(v) for v in values]
    if spaced:
        lines = [" " * rng.integers(0, 2) + line + "\t" * rng.integers(0, 2) for line in lines]
    return ("\r\n" if crlf else "\n").join(lines) + "\n"


@pytest.mark.parametrize("chunk", [1 << 16, 4096, 7])
def test_integer_label_files_read_in_chunks_as_the_reference_reads_them(tmp_path, monkeypatch, chunk):
    monkeypatch.setattr(clustval.io.read, "_CHUNK_BYTES", chunk)
    rng = np.random.default_rng(chunk)
    # more than one chunk each: about 130 KB at 64 KB chunks, 30 KB at 4096 bytes (the
    # default chunk, 256 KB, is only a larger value of the same parameter)
    n = {1 << 16: 24_000, 4096: 6_000}.get(chunk, 1_000)
    values = rng.integers(-1000, 1000, n)
    values[:4] = [0, 2**63 - 1, -(2**63), -7]
    path = tmp_path / "labels.txt"
    variants = {
        "plain": _label_text(values, rng),
        "spaced, CRLF, blank lines last, BOM": "\ufeff" + _label_text(values, rng, True, True) + "\n \n\t\n",
        "no last newline": _label_text(values, rng)[:-1],
        "header": "cluster\n" + _label_text(values, rng),
    }
    for name, text in variants.items():
        path.write_bytes(text.encode())
        for skip_header in (False, True):
            assert _same_as_reference(str(path), skip_header), name
    # one odd line anywhere leaves the file to the reference reading, which reads or refuses it
    lines = _label_text(values, rng).splitlines(keepends=True)
    odd_lines = ["", " ", "01", "-0", "+1", "1.5", "nan", "a", "1 2", "--1", "1-", "2,3", "\u00a0", "9223372036854775808",
                 "-9223372036854775809", "12345678901234567890123", "1\r2", "\u0661", "1\x0c2"]  # fmt: skip
    if chunk == 1 << 16:  # every odd line is read at the smaller chunks; here a few, in a large file
        odd_lines = odd_lines[:3]
    for odd in odd_lines:
        at = int(rng.integers(0, n))
        path.write_bytes("".join([*lines[:at], odd + "\n", *lines[at:]]).encode())
        assert not _same_as_reference(str(path)), odd
    path.write_bytes(b"\xff" + _label_text(values, rng).encode())
    assert not _same_as_reference(str(path))


def test_label_files_of_any_text_read_as_the_reference_reads_them(tmp_path, monkeypatch):
    tokens = ["0", "1", "7", "-3", "12", "-0", "01", "9223372036854775807", "-9223372036854775808",
              "9223372036854775808", "", " ", "\t", "\r", "a", "label", "y", "nan", "-inf", "1.5", "1,2", "1\t2",
              "\x0c", "\u00a0", "\u2028", "\u0085", "+1", "-", "1-"]  # fmt: skip
    rng = np.random.default_rng(3)
    path = tmp_path / "labels.txt"
    taken = 0
    for _ in range(600):
        monkeypatch.setattr(clustval.io.read, "_CHUNK_BYTES", int(rng.choice([1, 2, 3, 5, 8, 64, 1 << 20])))
        odd = rng.choice([0.0, 0.02, 0.2])
        lines = [
            str(tokens[rng.integers(len(tokens))] if rng.random() < odd else rng.integers(-99, 100))
            for _ in range(rng.integers(0, 12))
        ]
        lines = [rng.choice(["", "", " ", "\t"]) + line + rng.choice(["", "", " ", "\t", "\r"]) for line in lines]
        text = ("\ufeff" if rng.random() < 0.1 else "") + "\n".join(lines) + rng.choice(["", "\n", "\n\n", "\n \n", "\r\n"])
        path.write_bytes(text.encode())
        for skip_header in (False, True):
            taken += _same_as_reference(str(path), skip_header)
    assert taken > 300  # the chunked reader took many of the files


def test_integer_labels_from_standard_input_are_read_in_chunks(tmp_path, monkeypatch):
    text = "\ufeff" + "".join(f"{v}\n" for v in range(-50, 50)) + "\n"
    monkeypatch.setattr(clustval.io.read, "_CHUNK_BYTES", 16)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert read_labels("-").tolist() == list(range(-50, 50))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"a\nb\n01\n")))  # read twice: the text
    assert read_labels("-").tolist() == ["a", "b", "01"]


_MEASURE_READING = """
import resource, sys
from clustval.cli import read_labels
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
labels = read_labels(sys.argv[1])
print(labels.size, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)
"""


@pytest.mark.slow
def test_reading_a_large_integer_label_file_stays_within_three_times_its_size(tmp_path):
    rng = np.random.default_rng(0)
    values = rng.integers(0, 1000, 5_000_000)
    path = tmp_path / "labels.txt"
    path.write_text("\n".join(map(str, values.tolist())) + "\n")
    size = path.stat().st_size  # ~19 MB; its int64 labels alone are 2.05 times as large
    env = {**os.environ, "PYTHONPATH": str(Path(clustval.cli.__file__).parents[1])}  # this checkout's code
    result = subprocess.run([sys.executable, "-c", _MEASURE_READING, str(path)], check=False, capture_output=True,
                            text=True, timeout=300, env=env)  # fmt: skip
    assert result.returncode == 0, result.stderr
    count, grown_kb = map(int, result.stdout.split())
    assert count == values.size
    assert grown_kb * 1024 <= 3 * size, (grown_kb / 1024, size / 2**20)


# ------------------------------------------------------------------ endless and unbounded input
_ENDLESS_LINES = "import sys\nwhile True:\n    sys.stdout.write('1\\n' * 4096)\n"


@pytest.mark.parametrize("option", ["--truth", "--pred", "--data", "--distances", "--table"])
def test_a_device_is_refused_before_reading(files, option):
    """/dev/zero never ends: read as labels it spun until killed, as data until MemoryError."""
    given = {"--truth": files["truth"], "--pred": files["pred"], option: "/dev/zero"}
    args = ["--table", "/dev/zero"] if option == "--table" else [x for pair in given.items() for x in pair]
    if option in ("--data", "--distances"):
        args += [option, "/dev/zero"]
    result = subprocess.run([sys.executable, "-m", "clustval", "score", *args],
                            capture_output=True, text=True, timeout=30)
    _one_line_failure(result, "/dev/zero is a device, not a file")


def test_a_device_on_standard_input_is_refused(files):
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run([sys.executable, "-m", "clustval", "score", "--truth", files["truth"], "--pred", "-"],
                                stdin=zero, capture_output=True, text=True, timeout=30)
    _one_line_failure(result, "standard input is a device")


@pytest.mark.parametrize("option", ["--pred", "--data", "--table"])
def test_an_endless_stream_stops_at_max_bytes(files, option):
    args = {"--pred": ["--truth", files["truth"], "--pred", "-"],
            "--data": ["--pred", files["pred"], "--data", "-"], "--table": ["--table", "-"]}[option]
    writer = subprocess.Popen([sys.executable, "-c", _ENDLESS_LINES], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        result = subprocess.run([sys.executable, "-m", "clustval", "score", *args, "--max-bytes", "1M"],
                                stdin=writer.stdout, capture_output=True, text=True, timeout=60)
    finally:
        writer.stdout.close()
        writer.kill()
        writer.wait()
    _one_line_failure(result, "-: more than 1 MiB (--max-bytes), reading stopped there")


def test_a_file_above_max_bytes_is_refused_and_one_at_it_read(files):
    size = os.path.getsize(files["pred"])
    over = run_cli("score", "--truth", files["pred"], "--pred", files["pred"], "--max-bytes", str(size - 1))
    _one_line_failure(over, f"{files['pred']}: {size} bytes, above the limit of {size - 1} bytes (--max-bytes)")
    at = run_cli("score", "--truth", files["pred"], "--pred", files["pred"], "--max-bytes", str(size), "--index", "ari")
    assert at.returncode == 0, at.stderr


def test_a_named_pipe_is_read_once(files, tmp_path):
    """A pipe given by name (bash's <(...)) is a stream: read once, not counted then re-read."""
    import threading

    fifo = tmp_path / "pred.fifo"
    os.mkfifo(fifo)
    text = Path(files["pred"]).read_bytes()

    def feed():
        with open(fifo, "wb") as handle:
            handle.write(text)

    threading.Thread(target=feed, daemon=True).start()
    piped = run_cli("score", "--truth", files["truth"], "--pred", str(fifo), "--index", "ari", "--json")
    direct = run_cli("score", "--truth", files["truth"], "--pred", files["pred"], "--index", "ari", "--json")
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == direct.stdout


@pytest.mark.parametrize("given, expected", [("5000", 5000), ("64K", 65536), ("4G", 4 << 30), ("2GiB", 2 << 30)])
def test_max_bytes_takes_binary_suffixes(given, expected):
    assert clustval.cli.build_parser().parse_args(["score", "--pred", "p", "--max-bytes", given]).max_bytes == expected
    assert clustval.cli.build_parser().parse_args(["score", "--pred", "p"]).max_bytes == clustval.cli.MAX_BYTES


@pytest.mark.parametrize("given", ["0", "-1", "1.5G", "lots"])
def test_a_bad_max_bytes_is_a_usage_error(given):
    result = run_cli("score", "--pred", "p", "--max-bytes", given)
    assert result.returncode == 2 and "--max-bytes" in result.stderr and result.stderr.count("\n") == 1


# ---- data files with a header row, as pandas writes them ---------------------------------


def _pandas_files(tmp_path, X):
    """X as DataFrame.to_csv writes it: with and without its index, named and default columns."""
    pd = pytest.importorskip("pandas")
    written = {}
    for columns in (["a", "b, c", "d"], None):
        frame = pd.DataFrame(X, columns=columns)
        for index in (True, False):
            path = tmp_path / f"{'named' if columns else 'default'}_{'index' if index else 'plain'}.csv"
            frame.to_csv(path, index=index)
            written[path.stem] = str(path)
    return written


def test_data_written_by_pandas_scores_as_the_plain_file(files, tmp_path):
    X = files["arrays"][2]
    expected = run_cli("score", "--pred", files["pred"], "--data", files["data"], "--json")
    assert expected.returncode == 0, expected.stderr
    for name, path in _pandas_files(tmp_path, X).items():
        flagged = run_cli("score", "--pred", files["pred"], "--data", path, "--data-header", "--json")
        assert flagged.returncode == 0 and flagged.stderr == "", (name, flagged.stderr)
        assert json.loads(flagged.stdout) == json.loads(expected.stdout), name
        if name == "default_plain":
            continue  # its header 0,1,2 is numbers: only --data-header can tell
        detected = run_cli("score", "--pred", files["pred"], "--data", path, "--json")
        assert detected.returncode == 0, detected.stderr
        assert json.loads(detected.stdout) == json.loads(expected.stdout), name
        [line] = detected.stderr.splitlines()
        assert line.startswith(f"clustval: warning: {path}: line 1 (") and "skipped as a header" in line
        assert ("row index" in line) == name.endswith("_index")
    # 0,1,2 is read as data, with a line that says what to pass
    guessed = run_cli("score", "--pred", files["pred"], "--data", str(tmp_path / "default_plain.csv"))
    assert guessed.returncode == 1
    assert guessed.stderr.splitlines()[0].endswith("as pandas' default column names do: read as data; "
                                                   "pass --data-header if it is a header.")  # fmt: skip


def test_distances_written_by_pandas(tmp_path, capsys):
    pd = pytest.importorskip("pandas")
    points = np.array([0.0, 1, 2, 3, 10, 11])
    D = np.abs(points[:, None] - points[None, :])  # its first row reads 0,1,2,3,10,11
    (tmp_path / "p.txt").write_text("0\n0\n0\n0\n1\n1\n")
    np.savetxt(tmp_path / "D.csv", D, delimiter=",", fmt="%g")
    pd.DataFrame(D).to_csv(tmp_path / "indexed.csv")
    pd.DataFrame(D[:, :4][:4]).to_csv(tmp_path / "names.csv", index=False)  # header 0,1,2,3 over a line's distances
    score_args = ["score", "--pred", str(tmp_path / "p.txt"), "--index", "sil", "--format", "csv"]
    assert main([*score_args, "--distances", str(tmp_path / "D.csv")]) == 0
    expected = capsys.readouterr()
    assert expected.err == ""  # a first row 0,1,2,3,... of distances is data, said nowhere
    assert main([*score_args, "--distances", str(tmp_path / "indexed.csv"), "--data-header"]) == 0
    assert capsys.readouterr() == expected
    assert main(["score", "--pred", str(tmp_path / "p.txt"), "--distances", str(tmp_path / "names.csv")]) == 1
    note, error = capsys.readouterr().err.splitlines()  # one row too many: the names are said to be a header
    assert note.endswith("as pandas' default column names do: read as data; pass --data-header if it is a header.")
    assert error.startswith("clustval: error: distances must be a square")


def test_sweep_reads_a_header_too(tmp_path, capsys):
    rows = ["0,0", "0,1", "10,0", "10,1", "0,10", "1,10"]
    (tmp_path / "plain.csv").write_text("".join(f"{row}\n" for row in rows))
    (tmp_path / "X.csv").write_text(",x,y\n" + "".join(f"{i},{row}\n" for i, row in enumerate(rows)))
    assert main(["sweep", "--data", str(tmp_path / "plain.csv"), "--k", "2:4", "--index", "db"]) == 0
    expected = capsys.readouterr()
    assert main(["sweep", "--data", str(tmp_path / "X.csv"), "--k", "2:4", "--index", "db", "--data-header"]) == 0
    assert capsys.readouterr() == expected


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "holds no data rows"),
        ("\n \n", "holds no data rows"),
        ("a,b\n", "holds a header ('a,b') but no data rows"),
        (",a,b\n\n", "holds a header (',a,b') but no data rows"),
        ("1,2\n3,4,5\n", "line 2 has 3 fields, earlier lines have 2"),
        ("a,b\n1,2\n3\n", "line 3 has 1 fields, the header has 2"),
        ("1,2\n3,x\n", "line 2, column 2 is 'x', not a number; the data file must be a numeric CSV"),
        ("a,b\n1,2\n\n3,oops\n", "line 4, column 2 ('b') is 'oops', not a number"),
        ("a,b\n1,\n", "line 2, column 2 ('b') is empty (a missing value?), not a number"),
        ("id,a\ns1,2\ns2,3\n", "line 2, column 1 ('id') is 's1', not a number; an index column? drop it first"),
        (",a\n0,1\n1,x\n", "line 3, column 2 ('a') is 'x', not a number"),
    ],
)
def test_hostile_data_files_are_one_line_errors(files, tmp_path, capsys, text, fragment):
    (tmp_path / "bad.csv").write_text(text)
    for command in (["score", "--pred", files["pred"]], ["sweep", "--k", "2:3"]):
        assert main([*command, "--data", str(tmp_path / "bad.csv")]) == 1
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
        assert err.startswith(f"clustval: error: {tmp_path / 'bad.csv'}") and fragment in err, err


def test_a_data_row_is_never_dropped_silently(tmp_path):
    path = tmp_path / "X.csv"
    path.write_text("1,2\n3,4\n")  # numbers: no header
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert clustval.cli.read_data(str(path)).tolist() == [[1, 2], [3, 4]]
    path.write_text("x,2\n3,4\n")  # a first row that is not all numbers: skipped, and said
    with pytest.warns(UserWarning, match=r"line 1 \('x,2'\) is not all numbers: skipped as a header"):
        assert clustval.cli.read_data(str(path)).tolist() == [[3, 4]]
    assert clustval.cli.read_data(str(path), header=True).tolist() == [[3, 4]]


def test_data_apart_by_tabs_or_spaces_is_read_as_numpy_and_r_write_it(tmp_path):
    X = np.random.default_rng(5).normal(size=(6, 3))
    np.savetxt(tmp_path / "X.csv", X, delimiter=",")
    np.savetxt(tmp_path / "X.txt", X)  # numpy.savetxt's default: spaces
    (tmp_path / "X.tsv").write_text("a\tb\tc\n" + (tmp_path / "X.txt").read_text().replace(" ", "\t"))
    expected = clustval.cli.read_data(str(tmp_path / "X.csv"))
    assert np.array_equal(clustval.cli.read_data(str(tmp_path / "X.txt")), expected)
    assert np.array_equal(clustval.cli.read_data(str(tmp_path / "X.tsv"), header=True), expected)
    # one column under a name with a space: still a CSV of one column, its header skipped
    (tmp_path / "one.csv").write_text("my feature\n0.5\n1.5\n")
    with pytest.warns(UserWarning, match="skipped as a header"):
        assert clustval.cli.read_data(str(tmp_path / "one.csv")).tolist() == [[0.5], [1.5]]
    (tmp_path / "ragged.txt").write_text("1 2\n3\n")  # the separator read, the widths still checked
    with pytest.raises(clustval.errors.InputError, match="line 2 has 1 fields, earlier lines have 2"):
        clustval.cli.read_data(str(tmp_path / "ragged.txt"))


# ---- label files written by pandas ----------------------------------------------------------


def test_a_label_column_written_with_its_index_is_read(files, tmp_path):
    _, pred, _ = files["arrays"]
    path = tmp_path / "pred.csv"
    path.write_text(",cluster\n" + "".join(f"{i},{v - 5}\n" for i, v in enumerate(pred)))  # Series.to_csv
    expected = run_cli("score", "--truth", files["truth"], "--pred", files["pred"], "--json")
    result = run_cli("score", "--truth", files["truth"], "--pred", str(path), "--json")
    assert result.returncode == 0 and json.loads(result.stdout) == json.loads(expected.stdout)
    assert result.stderr == (
        f"clustval: warning: {path}: line 1 (',cluster') is a header above an index column, as pandas writes "
        "a column: both skipped, the labels are the second column.\n"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # --skip-header said so: no warning
        assert read_labels(str(path), skip_header=True).tolist() == (pred - 5).tolist()
    # a column written without its index: the header is refused in one line that says what to do
    path.write_text("cluster\n" + "".join(f"{v}\n" for v in pred))
    _one_line_failure(run_cli("score", "--truth", files["truth"], "--pred", str(path)), "--skip-header")
    # ragged: not a column with its index, refused as a CSV
    path.write_text(",cluster\n0,1\n1,2,3\n")
    _one_line_failure(run_cli("score", "--truth", files["truth"], "--pred", str(path)), "comma-separated")


# ---- weights files ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weights", "message"),
    [([1, 0.5, 1], "sample_weight\\[1\\] = 0.5"), (["1,2", "1,2", "1,2"], "one weight per line")],
)
def test_bad_weights_files_are_one_line_errors(tmp_path, capsys, weights, message):
    truth = _write_lines(tmp_path / "t.txt", [0, 0, 1])
    path = _write_lines(tmp_path / "w.txt", weights)
    assert main(["score", "--truth", truth, "--pred", truth, "--weights", path]) != 0
    err = capsys.readouterr().err.strip()
    assert re.search(message, err) and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "text, rows",
    [("0.5;1.5\n2;3\n", [[0.5, 1.5], [2, 3]]),
     ('"0,5";"1,5"\n"2,0";"3,0"\n', [[0.5, 1.5], [2, 3]]),  # decimal commas, quoted as spreadsheets write them
     ("x;y\n0,5;1\n2;3\n", [[0.5, 1], [2, 3]])],  # under a header
)
def test_numbers_separated_by_semicolons_are_one_error_saying_how_to_convert(tmp_path, text, rows):
    # a spreadsheet's CSV where the decimal mark is a comma: read as commas, it is a row of text
    path = tmp_path / "X.csv"
    path.write_text(text)
    with pytest.raises(InputError, match=r"separates its numbers by ';'.*sed 's/\"//g; s/,/\./g; s/;/,/g'"):
        clustval.io.read.read_data(str(path))
    path.write_text(text.replace('"', "").replace(",", ".").replace(";", ","))  # what the sed makes of it
    assert clustval.io.read.read_data(str(path), header=text.startswith("x")).tolist() == rows
