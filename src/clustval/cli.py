"""Command line: ``clustval score``, ``clustval sweep`` and ``clustval indices``: the parser,
each command run on what :mod:`clustval.io` reads, and its output printed.

Every error the user can cause ends as one line on stderr and a non-zero exit, never a
traceback: exit 1 for bad data or labels, exit 2 for bad usage (argparse's convention).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import warnings
from pathlib import Path

import numpy as np

from ._engine.metrics import METRIC_NAMES, Metric
from ._engine.pairwise import DEFAULT_MEMORY_BUDGET_MB
from ._version import __version__
from .clustering import ALGORITHMS
from .errors import ClustvalError, InputError
from .indices.contingency import Contingency
from .indices.counts import as_contingency, contingency_from_counts
from .indices.objects import NOISE_POLICIES
from .indices.options import IndexOption
from .indices.registry import INDICES, options_of, registry_name
from .indices.scoring import external_scores_from_table, score
from .io import MAX_BYTES, STDIN, read_counts, read_data, read_labels, read_weights, write_csv
from .io.text import aligned_table, bytes_text, csv_text, json_number, k_ranges_text
from .selection.adjacent import ADJACENT
from .selection.stability import STABILITY

FORMATS = ("table", "csv", "json")  # every command's output formats


def format_scores(values: dict[str, float], fmt: str) -> str:
    """``clustval score``'s output: a flat JSON object ``{index: value}``, a CSV of
    ``index,value`` rows (``repr`` of the float: every digit; inf and nan as such) or a table."""
    if fmt == "json":
        return json.dumps({name: json_number(v) for name, v in values.items()}, allow_nan=False)
    if fmt == "csv":
        return csv_text([{"index": name, "value": v} for name, v in values.items()], ["index", "value"]).rstrip("\n")
    rows = [[INDICES[name].label, f"{value:.6g}", INDICES[name].direction] for name, value in values.items()]
    return aligned_table(["index", "value", "better"], rows, right={1})


def format_selection(found, fmt: str) -> str:
    """``clustval sweep``'s output as ``csv`` (the values: a header ``k,index,...``, one row
    per K, every digit, nan and inf as such, as ``--out`` writes them) or ``json`` (one
    object: the data's name, the algorithm, each index's best K, the K where it is
    undefined, the values per K and the vote, when there is one; values as in
    :func:`format_scores`)."""
    if fmt == "csv":
        return csv_text(found.table, found.columns).rstrip("\n")
    vote = found.vote
    document = {
        "data": found.name,
        "algorithm": found.algorithm,
        "best": found.best,
        "best_ks": {index: list(ks) for index, ks in found.best_ks.items()},
        "undefined": {index: list(ks) for index, ks in found.undefined.items()},
        "values": [{c: row[c] if c == "k" else json_number(row[c]) for c in found.columns} for row in found.table],
    }
    if vote is not None:
        document["vote"] = {"majority": list(vote.majority), "votes": {str(k): n for k, n in vote.votes.items()},
                            "voters": vote.voters, "abstained": {i: list(ks) for i, ks in vote.abstained.items()}}
    return json.dumps(document, allow_nan=False)


def _bound(value: float) -> str:
    return f"{value:g}"


def format_indices(fmt: str) -> str:
    """``clustval indices``'s output, one row per registry entry: name, label, kind,
    direction, range, whether it takes ``sample_weight`` and reference; ``markdown`` is the
    docs' table (docs/indices.md)."""
    specs = list(INDICES.values())
    if fmt == "json":
        return json.dumps(
            [{"name": s.name, "label": s.label, "kind": s.kind, "better": s.direction,
              "lower": json_number(s.bounds[0]), "upper": json_number(s.bounds[1]), "weights": s.weights,
              "reference": s.reference} for s in specs]  # fmt: skip
        )
    weights = ["yes" if s.weights else "no" for s in specs]
    if fmt == "csv":
        header = ["name", "label", "kind", "better", "lower", "upper", "weights", "reference"]
        rows = [dict(zip(header, [s.name, s.label, s.kind, s.direction, _bound(s.bounds[0]), _bound(s.bounds[1]), w,
                                  s.reference])) for s, w in zip(specs, weights)]  # fmt: skip
        return csv_text(rows, header).rstrip("\n")
    ranges = [f"[{_bound(s.bounds[0])}, {_bound(s.bounds[1])}]" for s in specs]
    if fmt == "markdown":
        lines = ["| name | index | kind | better | range | weights | reference |", "|---|---|---|---|---|---|---|"]
        lines += [f"| `{s.name}` | {s.label} | {s.kind} | {s.direction} | {r} | {w} | {s.reference} |"
                  for s, r, w in zip(specs, ranges, weights)]  # fmt: skip
        return "\n".join(lines)
    rows = [[s.name, s.label, s.kind, s.direction, r, w, s.reference] for s, r, w in zip(specs, ranges, weights)]
    return aligned_table(["name", "index", "kind", "better", "range", "weights", "reference"], rows)


def read_table(path: str, max_bytes: int | None = None) -> Contingency:
    """The contingency table of ``--table``: the counts that :func:`clustval.io.read_counts`
    reads (long rows ``class,cluster,count`` under that header, or a dense matrix), as a
    Contingency.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "long.csv").write_text("class,cluster,count\\nb,1,45\\na,1,40\\na,2,10\\n")
    ...     _ = (Path(folder) / "dense.csv").write_text("40,10\\n45,0\\n")
    ...     long, dense = read_table(f"{folder}/long.csv"), read_table(f"{folder}/dense.csv")
    >>> long.table.tolist(), long.classes.tolist(), long.clusters.tolist()
    ([[40, 10], [45, 0]], ['a', 'b'], [1, 2])
    >>> dense.table.tolist(), dense.classes.tolist()
    ([[40, 10], [45, 0]], [0, 1])
    """
    counts = read_counts(path, max_bytes)
    return contingency_from_counts(*counts) if isinstance(counts, tuple) else as_contingency(counts)


def _table_scores(args: argparse.Namespace) -> dict[str, float]:
    if args.truth or args.pred or args.data or args.distances or args.weights or args.noise:
        raise InputError("--table replaces --truth and --pred (and scores external indices only; a table "
                         "counts weights and noise as it was counted): drop them.")
    return external_scores_from_table(
        read_table(args.table, args.max_bytes), args.index or None, undefined=_undefined_policy(args),
        **_index_options(args, "external"),
    )


def _label_scores(args: argparse.Namespace) -> dict[str, float]:
    if not args.pred:
        raise InputError("give --pred (the clustering's labels), or --table (a contingency table).")
    if [args.truth, args.pred, args.data, args.distances].count(STDIN) > 1:
        raise InputError("only one of --truth, --pred, --data and --distances can read standard input (-).")
    truth = read_labels(args.truth, args.skip_header, args.max_bytes) if args.truth else None
    pred = read_labels(args.pred, args.skip_header, args.max_bytes)
    X = read_data(args.data, args.max_bytes, args.data_header or None) if args.data else None
    distances = read_data(args.distances, args.max_bytes, args.data_header or None, square=True) if args.distances else None
    weights = read_weights(args.weights, args.max_bytes, args.data_header or None) if args.weights else None
    return score(
        pred,
        labels_true=truth,
        X=X,
        distances=distances,
        names=args.index or None,
        memory_budget_mb=args.memory_budget_mb,
        undefined=_undefined_policy(args),
        progress=args.progress,
        metric=_metric(args),
        sample_weight=weights,
        noise=args.noise,
        **_index_options(args),
    )


def _cmd_score(args: argparse.Namespace) -> int:
    values = _table_scores(args) if args.table else _label_scores(args)
    _warn_undefined([name for name, value in values.items() if math.isnan(value)])
    print(format_scores(values, _output_format(args)))
    return 0


def _cmd_sweep(args: argparse.Namespace) -> int:
    from .selection import plot_selection, plot_votes, plotting, select_k, summary

    for figure in (args.plot, args.vote_plot):
        if figure:  # before the work, not after it
            plotting()
            if Path(figure).suffix.lower() not in (".png", ".pdf"):
                raise InputError(f"cannot write {figure}: figures are saved as .png or .pdf")
    X = read_data(args.data, args.max_bytes, args.data_header or None)
    name = "data" if args.data == STDIN else Path(args.data).stem
    options = {} if args.sd_radius is None else {"radius": args.sd_radius}
    found = select_k(
        X, args.k, args.algorithm, args.index or None, name=name, memory_budget_mb=args.memory_budget_mb,
        undefined=_undefined_policy(args), vote=args.vote or bool(args.vote_plot), progress=args.progress,
        stability=args.stability or (), metric=_metric(args), **_index_options(args, "internal"), **options,
    )
    if found.fallback_ks:
        warnings.warn(f"SD seeding ran out of candidates and filled its seeds farthest-first at K = "
                      f"{k_ranges_text(found.fallback_ks)}.", stacklevel=1)
    if args.out:
        write_csv(found.table, found.columns, args.out)
    if args.plot:
        plot_selection(found, args.plot)
    if args.vote_plot:
        plot_votes(found, args.vote_plot)
    _warn_undefined([f"{index} (K = {k_ranges_text(ks)})" for index, ks in found.undefined.items()])
    fmt = _output_format(args)
    print(summary(found) if fmt == "table" else format_selection(found, fmt))
    return 0


def _cmd_indices(args: argparse.Namespace) -> int:
    print(format_indices(args.format))
    return 0


def _k_range(text: str) -> range:
    """``A:B``, every K from A to B inclusive (Fig. 3's is 2:22), or one K."""
    first, sep, last = text.partition(":")
    try:
        ks = range(int(first), int(last if sep else first) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a K range is FIRST:LAST (e.g. 2:22) or one K, got {text!r}") from None
    if not ks:
        raise argparse.ArgumentTypeError(f"the K range {text!r} is empty: FIRST must not exceed LAST")
    return ks


def _index_name(text: str) -> str:
    """An index's registry name, from that name or an alias in any case: ``CH`` is ``calinski_harabasz``."""
    try:
        return registry_name(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _sweep_index_name(text: str) -> str:
    """``sweep --index``: an index, or a rule of the neighbouring partitions (``kl``)."""
    name = text.strip().lower()
    return name if name in ADJACENT else _index_name(text)


def _add_index_options(parser: argparse.ArgumentParser, kind: str | None = None) -> None:
    """The options of ``kind``'s indices (every option for None) as flags, read from their
    declaration (:data:`clustval.indices.registry.OPTIONS`): ``--name-with-dashes``, the
    option's description as help."""
    for option in options_of(kind).values():
        text = option.description.replace("`", "").replace("%", "%%")
        if option.kind == "flag":
            action = argparse.BooleanOptionalAction if option.default else "store_true"
            parser.add_argument(option.flag, action=action, default=option.default, help=text)
        elif option.kind == "choice":
            parser.add_argument(option.flag, choices=option.values, default=option.default,
                                help=f"{text}: %(choices)s (default: %(default)s)")
        else:
            parser.add_argument(option.flag, type=_option_value(option), default=option.default,
                                metavar=option.kind.upper(), help=f"{text} (default: %(default)s)")


def _option_value(option: IndexOption):
    """argparse's ``type`` of a number or seed option: its text read and checked."""

    def value(text: str):
        try:
            return option.parse(text)
        except InputError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    value.__name__ = option.name
    return value


def _index_options(args: argparse.Namespace, kind: str | None = None) -> dict:
    """The flags of :func:`_add_index_options`, by option name (the flags' dests)."""
    return {name: getattr(args, name) for name in options_of(kind)}


def _add_undefined_flags(parser: argparse.ArgumentParser) -> None:
    """``--strict``, and ``--undefined`` (its older spelling): the command line's one policy
    for an undefined index, whatever the library's default is where it is called."""
    policy = parser.add_mutually_exclusive_group()
    policy.add_argument("--strict", action="store_true",
                        help="an undefined index (e.g. silhouette of one cluster) is an error: one line, exit 1 "
                        "(default: it is nan, named in one warning line on stderr, exit 0)")
    policy.add_argument("--undefined", choices=UNDEFINED_POLICIES, default=None,
                        help="older spelling: raise is --strict, nan the default")


#: ``--undefined`` values: the library's policies (``undefined=``), ``raise`` spelt ``--strict``.
UNDEFINED_POLICIES = ("nan", "raise")


def _undefined_policy(args: argparse.Namespace) -> str:
    """The library's ``undefined=`` for the command line's flags: ``nan`` unless ``--strict``."""
    return "raise" if args.strict or args.undefined == "raise" else "nan"


def _warn_undefined(described: list[str]) -> None:
    """One stderr line naming the undefined indices (``--strict`` makes them an error)."""
    if described:
        print(f"clustval: warning: undefined for this input, shown as nan: {', '.join(described)} "
              "(--strict makes an undefined index an error).", file=sys.stderr)


def _add_metric_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--metric", choices=METRIC_NAMES, default="euclidean",
                        help="the distance between the rows of --data: %(choices)s (default euclidean); "
                        "another than euclidean allows only the distance-based indices")
    parser.add_argument("--minkowski-p", type=float, metavar="P",
                        help="the order p of --metric minkowski (default 2)")


def _metric(args: argparse.Namespace):
    """The metric of --metric and --minkowski-p."""
    if args.minkowski_p is None:
        return args.metric
    if args.metric != "minkowski":
        raise InputError("--minkowski-p is the order of --metric minkowski: drop it, or pass --metric minkowski.")
    return Metric("minkowski", p=args.minkowski_p)


def _add_format_flags(parser: argparse.ArgumentParser, rows: str) -> None:
    parser.add_argument("--format", choices=FORMATS, default=None,
                        help=f"output format: %(choices)s (default: table; csv: a header row, then {rows}, "
                        "nan and inf written as such; json: inf as \"inf\", nan as null)")
    parser.add_argument("--json", action="store_true", help="same as --format json")


def _output_format(args: argparse.Namespace) -> str:
    return "json" if args.json else args.format or "table"


def _add_data_header_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-header", action="store_true",
                        help="the first row of the --data (or --distances) file is a header: skip it. Without "
                        "it, a first row that is not all numbers is skipped as a header, with one line "
                        "on stderr; a first row of numbers is data (pandas' default names 0,1,2,... too: pass "
                        "--data-header). Under a header whose first name is empty (pandas' to_csv), the "
                        "first column is the row index and is dropped")


def _add_progress_flags(parser: argparse.ArgumentParser) -> None:
    """``--progress`` / ``--no-progress``; neither: a bar only on a terminal, after ~1.5 s."""
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--progress", action="store_true", default=None,
                       help="show a progress bar on stderr (default: only when stderr is a terminal and "
                       "the work takes more than a moment)")
    shown.add_argument("--no-progress", dest="progress", action="store_false", help="never show a progress bar")


def _byte_count(text: str) -> int:
    """A positive number of bytes, plain or with a binary suffix: 5000, 64K, 512M, 4G."""
    match = re.fullmatch(r"\s*([0-9]+)\s*([KMGT]?)i?B?\s*", text, re.I)
    if not match or int(match[1]) == 0:
        raise argparse.ArgumentTypeError(f"a byte limit is a positive whole number, e.g. 4G or 500M, got {text!r}")
    return int(match[1]) * 1024 ** " KMGT".index(match[2].upper() or " ")


def _add_max_bytes(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-bytes", type=_byte_count, default=MAX_BYTES, metavar="SIZE",
                        help=f"refuse an input file or stream larger than this (K, M, G suffixes; default "
                        f"{bytes_text(MAX_BYTES)}): an endless stream stops there instead of filling memory")


def _add_data_pass_flags(parser: argparse.ArgumentParser, run) -> None:
    """The flags that close a command which reads data through the distance pass (score,
    sweep): its memory bound and metric, the input limit, the progress bar; and ``run``."""
    parser.add_argument("--memory-budget-mb", type=_megabytes, default=DEFAULT_MEMORY_BUDGET_MB,
                        help="memory bound of the distance pass")
    _add_metric_flag(parser)
    _add_max_bytes(parser)
    _add_progress_flags(parser)
    parser.set_defaults(run=run, usage_error=parser.error)


def _megabytes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"a memory budget is a positive number of megabytes, got {text!r}")
    return value


class _Parser(argparse.ArgumentParser):
    """argparse with its usage errors on one line (``--help`` shows the usage)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The ``clustval`` argument parser: one subcommand per job, usage errors on one line.

    Examples
    --------
    >>> args = build_parser().parse_args(["sweep", "--data", "X.csv", "--k", "2:22"])
    >>> args.command, args.k, args.algorithm
    ('sweep', range(2, 23), 'sd_kmedoids')
    """
    parser = _Parser(
        prog="clustval", description="Clustering validity indices (Xie et al. 2017 and more)."
    )
    parser.add_argument("--version", action="version", version=f"clustval {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    sc = commands.add_parser(
        "score",
        help="score a clustering",
        description="Score a clustering. External indices need --truth (or --table), internal ones "
        "--data. An index undefined for the input is nan, named in one warning line on stderr "
        "(--strict: an error). --format csv prints index,value rows (nan as nan); --format json "
        "(or --json) one flat JSON object {index: value}, +inf and -inf as the strings \"inf\" and "
        "\"-inf\", NaN (undefined) as null.",
    )
    sc.add_argument("--pred", help="predicted labels, one per line (- reads standard input); labels are "
                    "equal only when their text is (01 and 1 differ), integers when every line is one")
    sc.add_argument("--truth", help="true labels, one per line (enables the external indices)")
    sc.add_argument("--skip-header", action="store_true",
                    help="drop the first line of the --truth and --pred files (a header such as 'label')")
    sc.add_argument("--weights", metavar="FILE", help="one whole number per line, each object's count of "
                    "copies (weighs the external indices and the internal ones that take weights, the only "
                    "internal ones scored without --index; a header line is read as for --data)")
    sc.add_argument("--noise", choices=NOISE_POLICIES, default=None,
                    help="what the label -1 (DBSCAN's noise) means: cluster (one cluster), exclude (its objects "
                    "left out) or singletons (each a cluster of its own); unsaid, one cluster with a warning")
    data = sc.add_mutually_exclusive_group()
    data.add_argument("--data", help="numeric CSV, one row per object (enables internal indices); a header "
                      "row (and pandas' index column under an empty name) is detected, see --data-header")
    data.add_argument(
        "--distances",
        help="instead of --data: the n x n distance matrix as a numeric CSV, read as --data is "
        "(enables the distance-based internal indices: sil, bwp, igp, dunn and the sums)",
    )
    _add_data_header_flag(sc)
    sc.add_argument(
        "--table",
        help="instead of --truth and --pred: a contingency table counted elsewhere, CSV rows "
        "class,cluster,count under that header, or a matrix of counts (rows: classes)",
    )
    _add_undefined_flags(sc)
    sc.add_argument("--index", action="append", metavar="NAME", type=_index_name,
                    help="only this index (repeatable; a registry name or an alias, any case: CH is "
                    "calinski_harabasz); see `clustval indices`")
    _add_format_flags(sc, "one row per index")
    _add_index_options(sc)
    _add_data_pass_flags(sc, _cmd_score)

    sw = commands.add_parser(
        "sweep",
        help="choose K: cluster at each K, best K of each internal index",
        description="Cluster the data at each K and print the best K of each internal index "
        "(ties as ties), as the paper's Fig. 3 does; --out writes the values (CSV: k, one "
        "column per index), --plot draws them as Fig. 3 is drawn. An index undefined at some K is "
        "nan there, named in one warning line on stderr (--strict: an error).",
    )
    sw.add_argument("--data", required=True, help="numeric CSV, one row per object (- reads standard input); a "
                    "header row (and pandas' index column under an empty name) is detected, see --data-header")
    _add_data_header_flag(sw)
    sw.add_argument("--k", required=True, type=_k_range, metavar="FIRST:LAST", help="the K to try, e.g. 2:22")
    sw.add_argument("--algorithm", default="sd_kmedoids", choices=list(ALGORITHMS),
                    help="the clustering: %(choices)s (default: sd_kmedoids, as Fig. 3; kmeans needs scikit-learn)")
    sw.add_argument("--index", action="append", metavar="NAME", type=_sweep_index_name,
                    help="only this internal index (repeatable, any case), or an index of the "
                    "neighbouring partitions: kl, hartigan, duda_hart, pseudo_t2, beale, frey")
    sw.add_argument("--stability", action="append", choices=list(STABILITY), metavar="CRITERION",
                    help="also a stability criterion of K (repeatable): %(choices)s; each re-clusters "
                    "subsamples of the data")
    sw.add_argument("--out", metavar="CSV", help="write the values: one row per K, one column per index")
    _add_format_flags(sw, "one row per K, one column per index (as --out)")
    _add_undefined_flags(sw)
    sw.add_argument("--plot", metavar="FILE", help="draw the indices against K (.png or .pdf; needs matplotlib)")
    sw.add_argument("--vote", action="store_true",
                    help="count the indices' votes for K, NbClust-style: each index with one best K votes for it")
    sw.add_argument("--vote-plot", metavar="FILE",
                    help="draw the votes as a bar per K (.png or .pdf; needs matplotlib; implies --vote)")
    sw.add_argument("--sd-radius", choices=["sd", "mean"], help="SD K-medoids removal radius: %(choices)s (default sd)")
    _add_index_options(sw, "internal")
    _add_data_pass_flags(sw, _cmd_sweep)

    ls = commands.add_parser("indices", help="list the indices: name, kind, direction, range, weights, reference")
    ls.add_argument("--format", choices=(*FORMATS, "markdown"), default="table",
                    help="output format: %(choices)s (default: an aligned table; markdown: the table of docs/library.md)")
    ls.set_defaults(run=_cmd_indices)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); returns the exit status.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "t.csv").write_text("50\\n50\\n")  # the paper's Table 1
    ...     main(["score", "--table", f"{folder}/t.csv", "--index", "s2", "--index", "ps2", "--json"])
    {"s2": 0.0, "ps2": 0.0}
    0
    """
    if sys.stdout is None or getattr(sys.stdout, "closed", False):
        print("clustval: error: standard output is closed: there is nowhere to write the results.", file=sys.stderr)
        return 1
    args = build_parser().parse_args(argv)
    if args.command == "score" and not (args.truth or args.data or args.distances or args.index or args.table):
        print(
            "clustval: error: give --truth (external indices) and/or --data or --distances "
            "(internal indices), or --table.",
            file=sys.stderr,
        )
        return 2
    if args.command == "score" and not (args.pred or args.table):
        args.usage_error("give --pred (the clustering's labels), or --table (a contingency table).")
    if getattr(args, "json", False) and args.format not in (None, "json"):
        args.usage_error(f"--json is --format json: drop --json or --format {args.format}.")
    # numpy's RuntimeWarnings (an inf in an intermediate) are no news to a user: every
    # limit value is documented; other warnings come out as one line.
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        warnings.showwarning = _one_line_warning
        try:
            status = args.run(args)
            sys.stdout.flush()  # a write error shows here, not at exit
        except ClustvalError as exc:
            print(f"clustval: error: {exc}", file=sys.stderr)
            return 1
        except BrokenPipeError:  # the reader stopped early (| head): nothing left to say
            _detach_stdout()
            return 1
        except OSError as exc:  # stdout cannot be written (a full disk, /dev/full)
            _detach_stdout()
            print(f"clustval: error: cannot write the output ({exc.strerror or exc}).", file=sys.stderr)
            return 1
    return status


def _one_line_warning(message, category, filename, lineno, file=None, line=None) -> None:
    print(f"clustval: warning: {message}", file=sys.stderr)


def _detach_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush at exit cannot fail
    again with a second message (Python's advice for SIGPIPE, in the signal module docs)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
