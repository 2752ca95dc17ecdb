"""Command line: ``clustval score`` and ``clustval indices``.

Every error the user can cause ends as one line on stderr and a non-zero exit, never a
traceback: exit 1 for bad data or labels, exit 2 for bad usage (argparse's convention).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

from . import __version__
from .errors import ClustvalError, InputError
from .registry import INDICES
from .scoring import score


def read_labels(path: str) -> np.ndarray:
    """One label per line; surrounding whitespace and trailing blank lines are ignored.

    Labels that are all integers are read as integers (so they sort, and are matched, as the
    same labels passed from Python would be); anything else is kept as text.
    """
    lines = _read_text(path).splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    labels = [line.strip() for line in lines]
    for number, label in enumerate(labels, start=1):
        if not label:
            raise InputError(f"{path}: line {number} is empty; every line must hold one label.")
    if not labels:
        raise InputError(f"{path} holds no labels; write one label per line.")
    try:
        return np.array([int(label) for label in labels], dtype=np.int64)
    except (ValueError, OverflowError):
        return np.array(labels)


def read_data(path: str) -> np.ndarray:
    """Numeric CSV without a header, one row per object."""
    rows = []
    width = None
    for number, line in enumerate(_read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        fields = line.split(",")
        try:
            row = [float(field) for field in fields]
        except ValueError:
            raise InputError(
                f"{path}: line {number} is not numeric ({line.strip()[:60]!r}); "
                "the data file must be a numeric CSV without a header."
            ) from None
        if width is not None and len(row) != width:
            raise InputError(f"{path}: line {number} has {len(row)} fields, earlier lines have {width}.")
        width = len(row)
        rows.append(row)
    if not rows:
        raise InputError(f"{path} holds no data rows.")
    return np.array(rows, dtype=np.float64)


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read it ({exc}).") from None


def _format_table(values: dict[str, float]) -> str:
    width = max(len(INDICES[name].label) for name in values)
    lines = [f"{'index':<{width}}  {'value':>12}  better", f"{'-' * width}  {'-' * 12}  ------"]
    for name, value in values.items():
        spec = INDICES[name]
        lines.append(f"{spec.label:<{width}}  {value:>12.6g}  {spec.direction}")
    return "\n".join(lines)


def _json_value(value: float) -> float | None:
    # JSON has no inf or NaN: an infinite value (documented per index) is written as null.
    return value if math.isfinite(value) else None


def _cmd_score(args: argparse.Namespace) -> int:
    truth = read_labels(args.truth) if args.truth else None
    pred = read_labels(args.pred)
    X = read_data(args.data) if args.data else None
    values = score(
        pred,
        labels_true=truth,
        X=X,
        names=args.index or None,
        s2_matching=args.s2_matching,
        cp_seed=args.cp_seed,
        stdi_squared=args.stdi_squared,
        memory_budget_mb=args.memory_budget_mb,
    )
    if args.json:
        print(json.dumps({name: _json_value(v) for name, v in values.items()}, allow_nan=False))
    else:
        print(_format_table(values))
    return 0


def _cmd_indices(args: argparse.Namespace) -> int:
    for spec in INDICES.values():
        lo, hi = spec.bounds
        print(f"{spec.name:<17} {spec.kind:<8} {spec.direction:<6} [{lo:g}, {hi:g}]  {spec.reference}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clustval", description="Clustering validity indices (Xie et al. 2017 and more)."
    )
    parser.add_argument("--version", action="version", version=f"clustval {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    sc = commands.add_parser(
        "score",
        help="score a clustering",
        description="Score a clustering. External indices need --truth, internal ones --data. "
        "With --json, prints one flat JSON object {index: value}; infinite values are null.",
    )
    sc.add_argument("--pred", required=True, help="predicted labels, one per line")
    sc.add_argument("--truth", help="true labels, one per line (enables the external indices)")
    sc.add_argument("--data", help="numeric CSV without header, one row per object (enables internal indices)")
    sc.add_argument("--index", action="append", metavar="NAME", help="only this index (repeatable); see `clustval indices`")
    sc.add_argument("--json", action="store_true", help="print a flat JSON object")
    sc.add_argument("--s2-matching", choices=["hungarian", "identity"], default="hungarian")
    sc.add_argument("--cp-seed", type=int, default=1, help="seed of the Monte Carlo CP accuracy")
    sc.add_argument("--stdi-squared", action="store_true", help="STDI with squared norms")
    sc.add_argument("--memory-budget-mb", type=float, default=256, help="memory bound of the distance pass")
    sc.set_defaults(run=_cmd_score)

    ls = commands.add_parser("indices", help="list the indices: name, kind, direction, range, reference")
    ls.set_defaults(run=_cmd_indices)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "score" and not args.truth and not args.data and not args.index:
        print("clustval: error: give --truth (external indices) and/or --data (internal indices).", file=sys.stderr)
        return 2
    try:
        return args.run(args)
    except (ClustvalError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"clustval: error: {message}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
