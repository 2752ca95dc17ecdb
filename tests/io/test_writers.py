"""Writing files (clustval.io): cells formatted the same on every run, CSV and Markdown tables,
and atomic writes that leave the old file or nothing when a write fails."""

from __future__ import annotations

import numpy as np
import pytest

from clustval.errors import InputError
from clustval.io import atomic_write_text, format_cell, write_csv, write_markdown_table


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
