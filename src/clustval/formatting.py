"""Text as clustval's outputs write it: lists and K values in prose, and Markdown cells.

The claims, the figures, ``select_k``'s summary and the command line all say "best K tied at
3, 9 and 10" the same way because they all call these.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["best_ks_text", "k_ranges_text", "markdown_cell", "spoken_list"]


def spoken_list(items: Sequence) -> str:
    """Items as prose writes them: "A", "A and B", "A, B and C" ("" for none).

    Examples
    --------
    >>> spoken_list([3, 9, 10]), spoken_list(["DB"]), spoken_list([])
    ('3, 9 and 10', 'DB', '')
    """
    items = [str(item) for item in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def best_ks_text(ks: Sequence[int]) -> str:
    """A best K as the claims and Fig. 3 write it: "9", or "tied at 3, 9 and 10".

    Examples
    --------
    >>> best_ks_text([9]), best_ks_text([3, 9, 10])
    ('9', 'tied at 3, 9 and 10')
    """
    return spoken_list(ks) if len(ks) == 1 else "tied at " + spoken_list(ks)


def k_ranges_text(ks: Iterable[int]) -> str:
    """Consecutive K as ranges.

    Examples
    --------
    >>> k_ranges_text([9, 10, 11, 14])
    '9..11, 14'
    """
    runs: list[list[int]] = []
    for k in sorted(ks):
        if runs and k == runs[-1][1] + 1:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    return ", ".join(f"{lo}..{hi}" if hi > lo else f"{lo}" for lo, hi in runs)


def markdown_cell(text) -> str:
    """``text`` safe inside a Markdown table cell: a pipe would split the cell and a newline
    would end the row.

    Examples
    --------
    >>> markdown_cell("a|b\\nc")
    'a\\\\|b c'
    """
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ")
