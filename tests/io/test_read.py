"""The input limits hold for every reader of clustval.io.read, called as a library.

The command line's tests (tests/test_cli.py, tests/test_hostile_input.py) hold each limit to
its one-line message through ``clustval score``; here each reader keeps them on its own.
"""

from __future__ import annotations

import pytest

import clustval.io.read
from clustval.errors import InputError
from clustval.io import read_counts, read_data, read_labels, read_weights

# each reader with a small file it reads
READERS = {
    "labels": (read_labels, "2\n0\n2\n"),
    "data": (read_data, "0,1.5\n2,3\n"),
    "weights": (read_weights, "2\n1\n"),
    "counts": (read_counts, "class,cluster,count\na,1,40\nb,2,10\n"),
}


@pytest.fixture(params=list(READERS))
def reader(request, tmp_path):
    read, text = READERS[request.param]
    path = tmp_path / f"{request.param}.txt"
    path.write_text(text)
    return read, str(path), len(text.encode())


def test_a_file_at_max_bytes_is_read_and_one_byte_more_is_refused(reader):
    read, path, size = reader
    read(path, max_bytes=size)
    with pytest.raises(InputError, match=rf"{size} bytes, above the limit of {size - 1} bytes \(--max-bytes\)"):
        read(path, max_bytes=size - 1)


def test_the_default_limit_is_max_bytes(reader, monkeypatch):
    read, path, size = reader
    monkeypatch.setattr(clustval.io.read, "MAX_BYTES", size - 1)
    with pytest.raises(InputError, match="above the limit"):
        read(path)


def test_a_folder_a_device_and_text_not_utf8_are_refused(reader, tmp_path):
    read, path, _ = reader
    with pytest.raises(InputError, match="is a folder, not a file"):
        read(str(tmp_path))
    with pytest.raises(InputError, match="/dev/zero is a device, not a file"):
        read("/dev/zero")
    with open(path, "ab") as file:
        file.write(b"\xff\n")
    with pytest.raises(InputError, match="cannot read it .*can't decode byte 0xff"):
        read(path)
