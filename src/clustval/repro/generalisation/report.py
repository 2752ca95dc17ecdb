"""The page of the study beyond the paper's sets (results/generalisation.md and .html) and its
two figures: every index's K-recovery with its interval, and the claims' shares."""

from __future__ import annotations

import html
import os
from collections.abc import Mapping, Sequence

from clustval.clustering import algorithm_label
from clustval.io.text import markdown_cell
from clustval.io.write import atomic_write_text

from ..paper.report import html_page

__all__ = ["battery_figure", "claims_figure", "recovery_figure", "write_report"]

SUITE = ("Gagolewski M. et al. (Eds.), *A benchmark suite for clustering algorithms*, version 1.1.0 "
         "(2022), DOI 10.5281/zenodo.7088171; Gagolewski M., *A framework for benchmarking clustering "
         "algorithms*, SoftwareX 20 (2022) 101270")
LICENSE = ("The suite is licensed under the GNU AGPL v3 and provided for research purposes: the workflow "
           "fetches its published files and checks each against the SHA-256 in config/clustbench.yaml; "
           "neither this repository nor the package holds a copy.")
PRIOR = ("Arbelaitz, Gurrutxaga, Muguerza, Pérez, Perona (2013), *An extensive comparative study of cluster "
         "validity indices*, Pattern Recognition 46:243-256; Gagolewski, Bartoszuk, Cena (2021), *Are cluster "
         "validity measures (in)valid?*, Information Sciences 581:620-636")


def _f(value) -> str:
    return "" if value != value else f"{value:.2f}"


def _recovery(rows: Sequence[Mapping], battery: str, algorithm: str, unit: str) -> list[Mapping]:
    return [row for row in rows if row["battery"] == battery and row["algorithm"] == algorithm and row["unit"] == unit]


def recovery_figure(rows: Sequence[Mapping], algorithms: Sequence[str], png, pdf, dpi: int) -> None:
    """Each index's share of sets whose reference K it finds (dots: exact, with the interval;
    rings: within 1), sorted, one panel per K-sweep clustering, every battery together."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [_recovery(rows, "all", algorithm, "sets") for algorithm in algorithms]
    height = max(len(panel) for panel in panels) * 0.16 + 1.2
    fig, axes = plt.subplots(1, len(panels), figsize=(4.2 * len(panels), height), squeeze=False)
    for ax, algorithm, panel in zip(axes[0], algorithms, panels):
        panel = sorted(panel, key=lambda row: (row["exact"], row["within_1"]))
        y = range(len(panel))
        baseline = [row["index"].startswith(("always", "random")) for row in panel]
        colours = ["tab:red" if b else ("tab:green" if row["index"] == "vote" else "tab:blue")
                   for row, b in zip(panel, baseline)]
        ax.hlines(y, [row["exact_low"] for row in panel], [row["exact_high"] for row in panel], colors=colours, lw=1)
        ax.scatter([row["exact"] for row in panel], y, c=colours, s=12, zorder=3, label="exact")
        ax.scatter([row["within_1"] for row in panel], y, facecolors="none", edgecolors=colours, s=14, zorder=3,
                   label="within 1")
        ax.set_yticks(list(y), [row["label"] for row in panel], fontsize=6)
        ax.set_xlim(0, 1)
        ax.set_xlabel("share of sets whose reference K is found")
        ax.set_title(f"{algorithm_label(algorithm)} (n = {panel[0]['n_sets'] if panel else 0} sets)", fontsize=9)
        ax.grid(axis="x", alpha=0.3)
    axes[0][0].legend(loc="lower right", fontsize=7)
    fig.tight_layout()
    fig.savefig(png, dpi=dpi, metadata={"Software": None})
    fig.savefig(pdf, metadata={"Creator": None, "Producer": None, "CreationDate": None})
    plt.close(fig)


def battery_figure(rows: Sequence[Mapping], algorithm: str, png, pdf, dpi: int) -> None:
    """Each index's exact K-recovery share on each battery apart and on all together (a heat map,
    the indices in the order of all together), for one K-sweep clustering."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    everywhere = sorted(_recovery(rows, "all", algorithm, "sets"), key=lambda row: row["rank"])
    batteries = ["all", *sorted({row["battery"] for row in rows} - {"all"})]
    share = {(row["battery"], row["index"]): row["exact"] for row in rows
             if row["algorithm"] == algorithm and row["unit"] == "sets"}
    grid = [[share.get((battery, row["index"]), float("nan")) for battery in batteries] for row in everywhere]
    fig, ax = plt.subplots(figsize=(1.0 + 0.75 * len(batteries), 0.16 * len(everywhere) + 1.4))
    image = ax.imshow(grid, aspect="auto", cmap="viridis", vmin=0, vmax=1)
    counts = {row["battery"]: row["n_sets"] for row in rows
              if row["algorithm"] == algorithm and row["unit"] == "sets" and row["index"] == everywhere[0]["index"]}
    ax.set_xticks(range(len(batteries)), [f"{b}\n({counts.get(b, 0)})" for b in batteries], fontsize=7)
    ax.set_yticks(range(len(everywhere)), [row["label"] for row in everywhere], fontsize=6)
    ax.xaxis.tick_top()
    fig.colorbar(image, ax=ax, fraction=0.05, pad=0.02, label="share of sets whose reference K is found")
    ax.set_title(f"{algorithm_label(algorithm)}: share of sets whose exact reference K is found (sets)", fontsize=8, pad=28)
    fig.tight_layout()
    fig.savefig(png, dpi=dpi, metadata={"Software": None})
    fig.savefig(pdf, metadata={"Creator": None, "Producer": None, "CreationDate": None})
    plt.close(fig)


def claims_figure(rows: Sequence[Mapping], png, pdf, dpi: int) -> None:
    """The share of sets on which each statement holds (each set weighted once), with its interval,
    beside the share on the paper's own sets, the replication report's baseline and, for a trend,
    its permutation null."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [row for row in rows if row["share"] == row["share"]]
    fig, ax = plt.subplots(figsize=(6.5, 0.35 * len(rows) + 1.2))
    y = range(len(rows))
    low = [row["share"] - row["share_low"] if row["share_low"] == row["share_low"] else 0 for row in rows]
    high = [row["share_high"] - row["share"] if row["share_high"] == row["share_high"] else 0 for row in rows]
    ax.errorbar([row["share"] for row in rows], list(y), xerr=[low, high], fmt="o", color="tab:blue",
                label="holds on the battery's sets (each set once)")
    null = [(row["null_share"], i) for i, row in enumerate(rows) if row["null_share"] == row["null_share"]]
    if null:
        ax.scatter(*zip(*null), marker="s", facecolors="none", edgecolors="tab:purple", zorder=3,
                   label="trend: its checks holding under the permutation null (mean)")
    base = [(row["baseline_share"], i) for i, row in enumerate(rows) if row["baseline_share"] == row["baseline_share"]]
    if base:
        ax.scatter(*zip(*base), marker="x", color="tab:red", zorder=3, label="replication report's baseline")
    paper = [(row["paper_share"], i) for i, row in enumerate(rows) if row["paper_share"] == row["paper_share"]]
    if paper:
        ax.scatter(*zip(*paper), marker="D", facecolors="none", edgecolors="tab:green", zorder=3,
                   label="holds on the paper's sets")
    ax.set_yticks(list(y), [f"{row['claim']}" for row in rows])
    ax.set_xlim(-0.02, 1.02)
    ax.invert_yaxis()
    ax.set_xlabel("share")
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(png, dpi=dpi, metadata={"Software": None})
    fig.savefig(pdf, metadata={"Creator": None, "Producer": None, "CreationDate": None})
    plt.close(fig)


def _table(rows: Sequence[Mapping], columns: Mapping[str, callable]) -> list[str]:
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(markdown_cell(str(get(row))) for get in columns.values()) + " |" for row in rows]
    return lines


def report_markdown(recovery: Sequence[Mapping], claims: Sequence[Mapping], sets: Sequence[Mapping],
                    params: Mapping) -> str:
    """The page: one sentence, the claims' shares, the ranking, the sets, the sources."""
    algorithms = params["k_algorithms"]
    first = algorithms[0]
    ranked = [row for row in _recovery(recovery, "all", first, "sets")]
    names = params["prior_indices"]
    indices = [row for row in ranked if not row["index"].startswith(("always", "random"))]
    baselines = [row for row in ranked if row["index"].startswith(("always", "random"))]
    best_baseline = max(baselines, key=lambda row: row["exact"]) if baselines else None
    beat = [row for row in indices if best_baseline and row["exact_low"] > best_baseline["exact"]]
    in_range = sum(row["in_k_range"] in (True, "true") for row in sets)
    labellings = sum(int(row["labellings"]) for row in sets)
    labellings_in = sum(int(row["labellings_in_k_range"]) for row in sets)
    by_unit = {row["index"]: row for row in _recovery(recovery, "all", first, "labellings")}
    held = [row for row in claims if row["share"] == row["share"]]
    majority = [row["claim"] for row in held if row["share"] >= 0.5]
    trivial = [row["claim"] for row in held if row["claim"] in majority and row["baseline_share"] >= 0.5]
    chance = [row["claim"] for row in held if row["claim"] in majority and row["null_p"] >= 1 - params["level"]]
    top = indices[0] if indices else None
    lines = [
        "# Beyond the paper's sets: its claims and every index's power to find K on a benchmark battery",
        "",
        (f"On {len(sets)} labelled sets of Gagolewski's benchmark suite (v1.1.0; batteries "
         f"{', '.join(sorted({row['battery'] for row in sets}))}), "
         f"{len(majority)} of the paper's {len(held)} checkable statements hold on at least half of their checks "
         f"({', '.join(majority) or 'none'}"
         + (f"; {', '.join(trivial)} also met by the replication report's baseline" if trivial else "")
         + (f"; {', '.join(chance)} not beyond the permutation null (p >= {1 - params['level']:.2g})" if chance else "")
         + f"); with {algorithm_label(first)} over K = {params['ks'][0]}..{params['ks'][-1]}, "
         f"the best internal index ({top['label'] if top else '-'}) finds the reference K on "
         f"{top['exact']:.0%} of the {top['n_sets'] if top else 0} sets whose K lies in that range (each set "
         "weighted once), and "
         f"{sum(row['index'] != 'vote' for row in beat)} of the {sum(row['index'] != 'vote' for row in indices)} "
         f"indices{' and the vote' if any(row['index'] == 'vote' for row in beat) else ''} do better than the best rule "
         f"that looks at no data ({best_baseline['label']}, {best_baseline['exact']:.0%}) beyond their "
         f"{params['level']:.0%} interval"
         + "".join(f"; with {algorithm_label(a)}: {_beating(_recovery(recovery, 'all', a, 'sets'))}"
                   for a in algorithms[1:])
         + "."
         if top and best_baseline else "No set of the run lies in the K range."),
        "",
        f"Data: {SUITE}. {LICENSE}",
        "",
        (f"Protocol. Each set is clustered by {algorithm_label(params['reference_algorithm'])} (the paper's Figs. 4-6) "
         "at the K of each reference labelling "
         f"(the claims C2-C8 read it), and by {', '.join(algorithm_label(a) for a in algorithms)} at every K of "
         f"{params['ks'][0]}..{params['ks'][-1]}. Noise: the suite's label 0 marks noise points; the algorithms and "
         "the internal indices see every object, each external index compares a clustering with a labelling on "
         "that labelling's non-noise objects (clustval's noise='exclude'), and the reference K counts clusters, "
         f"not noise. The {len(sets)} sets have {labellings} reference labellings; {labellings_in} of them, on "
         f"{in_range} sets, have their K in the range: the others count in the claims but not in the K-recovery "
         "shares (results/generalisation/sets.csv)."),
        "",
        ("Every labelling counts, and each set is weighted once. A statement about one set is checked on each of "
         "its labellings (the reference clustering at that labelling's K, scored against it), and an index finds "
         "K on a labelling when its best K is that labelling's K. The share of labellings counts every labelling; "
         "the share of sets gives each set the share of its labellings on which the statement holds (or the index "
         "finds K), so a set of two labellings holding on one counts a half, and averages over the sets. A trend "
         "(C10-C14) is a correlation across the sets: with every labelling as a point (labellings), and with each "
         "set as one point whose values are the means over its labellings (sets)."),
        "",
        ("Readings. Every word is read as in the replication report (results/replication.md): a best value tied at "
         f"several K finds each of them under ties '{params['ties']}'; the claims are its own checks with the "
         "battery's sets in place of the paper's and no named exceptions; the K baselines are its 'always K = "
         f"{params['fixed_k']}' and 'random K' (one K per set, seeded); a trend claim's baseline is the share of "
         "pairs of the figures' external indices that pass the same threshold. Intervals: "
         f"{params['level']:.0%} percentile intervals over {params['replicates']} resamples of the sets "
         "(a set's labellings drawn together). A trend's permutation null: what a trend is about is which sets "
         "score high on both indices, so each of "
         f"{params['permutations']} shuffles (seeded) moves every index's per-set values to other sets, each index "
         "independently, so that no index follows another; the null's share is the mean share of the claim's "
         "checks that hold under the shuffle, and p the share of shuffles (the sets' own order counted as one) in "
         "which at least as many hold as on the sets."),
        "",
        "## The paper's claims on the battery",
        "",
        "![claims](figures/generalisation_claims.png)",
        "",
        *_table(claims, {
            "claim": lambda r: r["claim"], "the paper's statement": lambda r: r["statement"],
            "share of sets": lambda r: _f(r["share"]) + _between(r, "share_low", "share_high"),
            "share of labellings": lambda r: _f(r["labelling_share"]) + _between(r, "labelling_low", "labelling_high"),
            "labellings' checks holding": lambda r: f"{r['holding']}/{r['checks']}",
            "impossible by definition": lambda r: r["infeasible"],
            "permutation null (trends)": lambda r: (f"{_f(r['null_share'])} (p = {r['null_p']:.2g})"
                                                    if r["null_p"] == r["null_p"] else ""),
            "baseline (replication report)": lambda r: (r["baseline"] + (f" (sets: {_f(r['baseline_share'])})"
                                                                         if r["baseline"].startswith("always")
                                                                         else "")) or "none in the report",
            "on the paper's sets": lambda r: f"{r['paper_holding']}/{r['paper_checks']}" if r["paper_checks"] else "",
        }),
        "",
        ("A claim that a baseline also meets says little; the per-set orderings (C2-C8) have no baseline in the "
         "replication report, so their shares stand on their own. C15 (STDI finds the true K) is read on "
         f"{algorithm_label(first)}'s sweep, as the paper pairs them. A trend's checks are correlations, not sets: "
         "its shares are the shares of its checks that hold, and both intervals are over the same resamples of "
         "the sets: for the share of labellings each drawn set brings all its labellings, every drawn copy a "
         "point of the correlation, so a resample holds as many labellings as its sets have. A "
         "trend beyond its permutation null says that the two indices do follow each other across the sets; the "
         "pair baseline says whether any two of the figures' external indices do as much, in which case the claim "
         "says nothing particular of S2 or PS2."),
        "",
        "## Every internal index ranked by how often it finds the reference K",
        "",
        "![K recovery](figures/generalisation_k_recovery.png)",
        "",
        (f"{algorithm_label(first)}, every battery, every reference labelling whose K is in range: 'exact' and "
         "'within 1' weigh each set once (the share of its labellings found), 'labellings' counts each labelling "
         "(results/generalisation/k_recovery.csv also holds each battery apart and the other "
         "clusterings; results/generalisation/best_k.csv each index's best K on each set). 'Spearman' is the median "
         f"over the labellings of the rank correlation of the index (turned so that higher is better) with "
         f"{params['correlation_label']} over the K sweep; for an index whose K rule is an elbow (a second "
         "difference: Ball-Hall, Trace_W, ...) the raw value's trend says little. The rows 'always K = "
         f"{params['fixed_k']}' and 'random K' are the replication report's baselines, ranked with the indices."),
        "",
        *_table(ranked, {
            "rank": lambda r: r["rank"], "index": lambda r: r["label"], "exact": lambda r: _f(r["exact"]),
            "interval": lambda r: f"{_f(r['exact_low'])}-{_f(r['exact_high'])}",
            "within 1": lambda r: _f(r["within_1"]),
            "interval ": lambda r: f"{_f(r['within_1_low'])}-{_f(r['within_1_high'])}",
            "labellings": lambda r: _f(by_unit[r["index"]]["exact"]) + _between(by_unit[r["index"]], "exact_low",
                                                                                "exact_high"),
            "Spearman": lambda r: _f(r["median_spearman"]),
        }),
        "",
        "## Each battery apart",
        "",
        "![K recovery by battery](figures/generalisation_batteries.png)",
        "",
        (f"{algorithm_label(first)}, each set weighted once (the share of its labellings in range that are "
         "found): the best index of each "
         "battery, beside STDI (the paper's), the vote and the rule that always answers K = "
         f"{params['fixed_k']}. Small batteries decide little: read the intervals."),
        "",
        *_table(_by_battery(recovery, first, params["fixed_k"]), {
            "battery": lambda r: r["battery"], "sets": lambda r: r["sets"], "best index": lambda r: r["best"],
            "STDI": lambda r: r["stdi"], "vote": lambda r: r["vote"], f"always K = {params['fixed_k']}": lambda r: r["fixed"],
        }),
        "",
        "## Beside the prior comparative studies",
        "",
        (f"Prior studies: {PRIOR}. Arbelaitz et al. compared 30 internal validity indices on many data sets of "
         "different characteristics; their ranking is not quoted here, since it was not checked against the paper "
         "for this page. Gagolewski, Bartoszuk and Cena treated indices such as Calinski-Harabasz, Dunn, "
         "Davies-Bouldin and Silhouette as objective functions to optimise over partitions, found that many of "
         "them promote partitions that match the experts' reference partitions poorly, and introduced a Dunn-type "
         "index built on OWA operators and the near-neighbour graph (DuNN-OWA here) that they report performing "
         "well (their abstract). Here, among the internal indices (each set weighted once): "
         + "; ".join(f"with {algorithm_label(a)}, {_places(_recovery(recovery, 'all', a, 'sets'), names)}"
                     for a in algorithms)
         + ". "
         "The questions differ: they ask which partition an index prefers among all, here only which K it "
         "prefers over one clustering's sweep, on the sets whose K lies in the range; an order can differ for "
         "that reason as well as for the data."),
        "",
        "## Sets",
        "",
        *_table(sets, {"set": lambda r: r["dataset"], "n": lambda r: r["n"], "reference K": lambda r: r["reference_k"],
                       "labellings in K range": lambda r: f"{r['labellings_in_k_range']}/{r['labellings']}"}),
        "",
    ]
    return "\n".join(lines)


def _between(row: Mapping, low: str, high: str) -> str:
    """`` (low-high)``, or nothing where the row has no interval."""
    return f" ({_f(row[low])}-{_f(row[high])})" if row[low] == row[low] else ""


def _by_battery(recovery: Sequence[Mapping], algorithm: str, fixed_k: int) -> list[dict]:
    out = []
    for battery in dict.fromkeys(row["battery"] for row in recovery):
        rows = {row["index"]: row for row in _recovery(recovery, battery, algorithm, "sets")}
        if not rows:
            continue
        text = lambda row: f"{row['exact']:.2f} ({_f(row['exact_low'])}-{_f(row['exact_high'])})"  # noqa: E731
        best = min((row for row in rows.values() if not row["index"].startswith(("always", "random"))),
                   key=lambda row: row["rank"])
        out.append({"battery": battery, "sets": best["n_sets"], "best": f"{best['label']} {text(best)}",
                    "stdi": text(rows["stdi"]) if "stdi" in rows else "", "vote": text(rows["vote"]) if "vote" in rows else "",
                    "fixed": text(rows[f"always K = {fixed_k}"]) if f"always K = {fixed_k}" in rows else ""})
    return out


def _beating(rows: Sequence[Mapping]) -> str:
    """The internal indices whose exact share's interval lies above the best baseline's share."""
    baselines = [row for row in rows if row["index"].startswith(("always", "random"))]
    if not baselines:
        return "no baseline"
    best = max(row["exact"] for row in baselines)
    beat = sorted((row for row in rows if row["exact_low"] > best and row["index"] != "vote"
                   and not row["index"].startswith(("always", "random"))), key=lambda row: row["rank"])
    return ", ".join(f"{row['label']} ({row['exact']:.0%})" for row in beat) or "none"


def _places(indices: Sequence[Mapping], names: Sequence[str]) -> str:
    """Where each of ``names`` ranks among the internal indices (the vote and baselines not counted)."""
    order = sorted((row for row in indices
                    if row["index"] != "vote" and not row["index"].startswith(("always", "random"))),
                   key=lambda row: row["rank"])
    place = {row["index"]: (i + 1, row) for i, row in enumerate(order)}
    return ", ".join(f"{place[name][1]['label']} ranks {place[name][0]} of {len(order)} "
                     f"({place[name][1]['exact']:.0%} exact)" for name in names if name in place)


def _html(text: str) -> str:
    """The page's Markdown as HTML: headings, paragraphs, images and pipe tables (all it uses)."""
    out = []
    for block in text.split("\n\n"):
        block = block.strip()
        if block.startswith("## "):
            out.append(f"<h2>{html.escape(block[3:])}</h2>")
        elif block.startswith("!["):
            alt, src = block[2:-1].split("](")
            out.append(f'<p><a href="{html.escape(src)}"><img src="{html.escape(src)}" alt="{html.escape(alt)}" '
                       'style="max-width:100%"></a></p>')
        elif block.startswith("|"):
            lines = block.splitlines()
            cells = [[html.escape(c.strip().replace("\\|", "|")) for c in line.strip("|").split(" | ")]
                     for line in lines[:1] + lines[2:]]
            head = "".join(f"<th>{c}</th>" for c in cells[0])
            body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in cells[1:])
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
        elif block:
            out.append(f"<p>{html.escape(block).replace('*', '')}</p>")
    return "\n".join(out)


def write_report(recovery, claims, sets, params, md_path: str | os.PathLike, html_path: str | os.PathLike) -> None:
    text = report_markdown(recovery, claims, sets, params)
    atomic_write_text(md_path, text)
    title, body = text.split("\n", 1)
    atomic_write_text(html_path, html_page(title.lstrip("# "), _html(body)))
