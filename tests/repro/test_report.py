"""The run's own pages: the index page links everything, every page links back to it, the
score table's columns follow the registry, and text from the config opens no HTML tag in a
page, a Markdown file or the job params the report shows."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest

from clustval.indices.registry import INDICES
from clustval.repro import figure_table
from clustval.repro.paper import report as R
from clustval.repro.paper.claims.output import claims_markdown
from clustval.repro.paper.claims.results import Check
from clustval.repro.paper.scores import ScoreTable

PAYLOAD = "</script><img src=x onerror=alert(3)>"


class Elements(HTMLParser):
    """Every start tag of a page with its attributes, and every link."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    @property
    def links(self) -> list[str]:
        return [attrs["href"] for tag, attrs in self.tags if tag == "a"]

    @property
    def images(self) -> list[str]:
        return [attrs["src"] for tag, attrs in self.tags if tag == "img"]


def injected(text: str) -> list[tuple[str, dict]]:
    """The elements or attributes the payload would add to a page."""
    return [(tag, attrs) for tag, attrs in Elements(text).tags if "onerror" in attrs or attrs.get("src") == "x"]


# ---------------------------------------------------------------- params for the report
REPORTED = {"label": PAYLOAD, "sizes": (1, 2), "note": None,
            "nested": [{"a&b": "&amp; &lt; <>", "quote": "it's \"x\""}], "n": 3, "x": 0.5, "ok": True}


def test_report_params_are_escaped_only_as_text():
    params = R.ReportParams(REPORTED)
    text = str(params)
    assert "<" not in text and ">" not in text and "&lt;/script&gt;&lt;img" in text
    assert html.unescape(text) == repr(REPORTED)
    assert params == REPORTED and params["label"] == PAYLOAD
    assert repr(params) == repr(REPORTED), "Snakemake's params-change trigger compares the plain values"


def test_report_params_reach_the_job_as_a_plain_dict():
    # a script: job unpickles its params (snakemake.script); yaml.safe_dump wants a plain dict
    import pickle

    received = pickle.loads(pickle.dumps(R.ReportParams(REPORTED), protocol=4))
    assert type(received) is dict and received == REPORTED
    assert type(received["nested"][0]) is dict and received["sizes"] == (1, 2)


def test_snakemake_report_shows_report_params_escaped():
    # what `snakemake --report` embeds in its <script> block: format_dict over the job's params
    logging = pytest.importorskip("snakemake.logging")
    shown = logging.format_dict({"claims": R.ReportParams(REPORTED)})
    assert shown == f"claims={R.ReportParams(REPORTED)}" and "</script>" not in shown


def test_markdown_opens_no_tag_but_keeps_comparisons():
    text = f"UEc5 {PAYLOAD} <!-- x --> PS2 <= Accuracy, n < 3 and a <b>"
    safe = R.markdown_safe(text)
    assert "<img" not in safe and "</script" not in safe and "<!--" not in safe and "<b>" not in safe
    assert "PS2 <= Accuracy" in safe and "n < 3" in safe
    assert html.unescape(safe) == text


def test_claims_markdown_neutralises_a_label_from_the_config():
    check = Check(subject=PAYLOAD, holds=True, statement="S2 <= 1")
    result = SimpleNamespace(id="C2", scope="main", source="sec. 4", verdict="reproduced", summary=PAYLOAD,
                             statement="S2 >= PS2", rule="S2 >= PS2 - tol", checks=[check], failing=[],
                             counts={"holds": 1})
    text = claims_markdown([result])
    assert "<img" not in text and "</script" not in text
    assert "S2 <= 1" in text


# ---------------------------------------------------------------- pages
def test_every_page_links_back_to_the_index():
    page = R.html_table([{"a": PAYLOAD}], ["a"], title=PAYLOAD, notes=[PAYLOAD])
    assert Elements(page).links[0] == "index.html"
    assert not injected(page)
    table = R.html_table([{"a": 1}], ["a"], title="Table 4", home="../index.html")
    assert Elements(table).links == ["../index.html"]
    assert "index.html" not in R.html_table([{"a": 1}], ["a"], title="t", home=None)
    page = R.html_page('a <title> & "quote"', "<p>x</p>", notes=['<b> & "n"'])
    assert "<title>a &lt;title&gt; &amp; &quot;quote&quot;</title>" in page
    assert "<h1>a &lt;title&gt; &amp; &quot;quote&quot;</h1>" in page
    assert '<p class="note">&lt;b&gt; &amp; &quot;n&quot;</p>' in page and "<p>x</p>" in page, "content as given"
    provenance = R.provenance_html([{"data file": "x.csv", "set": PAYLOAD}], {"python": "3"}, f"label: {PAYLOAD}")
    assert Elements(provenance).links == ["index.html"], "one link home, not one per table"
    assert not injected(provenance)


def scores() -> ScoreTable:
    names = ["calinski_harabasz", "db", "stdi", "ari", "accuracy", "ps2", "s2", "rand", "f_measure", "jaccard"]
    records = [("ec2", "park_jun", 2, name, 0.5) for name in names]
    records += [("fig1", "sd_kmedoids", k, name, float(k)) for k in (2, 3) for name in ("stdi", "db")]
    return ScoreTable.from_records(records)


def header_rows(page: str) -> list[list[str]]:
    head = page[page.index("<thead>"):page.index("</thead>")]
    return [re.findall(r"<th(?:\s[^>]*)?>(.*?)</th>", row) for row in head.split("</tr>") if "<th " in row]


def test_score_columns_follow_the_registry_grouped_by_kind():
    page = R.scores_html(scores())
    groups, names = header_rows(page)
    assert groups[0] == "clustering" and "external" in groups[1] and "internal" in groups[2]
    external = [n for n in INDICES if INDICES[n].kind == "external" and n in
                {"ari", "accuracy", "ps2", "s2", "rand", "f_measure", "jaccard"}]
    internal = [n for n in INDICES if INDICES[n].kind == "internal" and n in {"calinski_harabasz", "db", "stdi"}]
    assert names == ["data set", "K", *(html.escape(INDICES[n].label) for n in external + internal)]
    assert names[2:5] == ["S2", "PS2", "Accuracy"], "the paper's indices first, as the registry lists them"
    assert names[-3:] == ["STDI", "DB", "CH"]
    colspans = [int(c) for c in re.findall(r'<th class="first" colspan="(\d+)"', page)]
    assert colspans == [len(external), len(internal)]
    assert "position:sticky" in page and Elements(page).links == ["index.html"]
    # one row per clustering, under its algorithm's name; a missing value is an empty cell
    assert page.count("<tr><th class=\"run\"") == 2 and "Park-Jun K-medoids" in page
    assert page.count('<td class="id"') == 3


def test_score_columns_put_an_unknown_index_last():
    assert R.score_columns(["zz", "db", "s2"]) == [("external", ["s2"]), ("internal", ["db"]), ("other", ["zz"])]


def test_index_links_every_output_and_escapes_text():
    files = [
        "results/figures/fig1.png", "results/figures/fig1.pdf", "results/figures/fig_offset_sweep.png",
        "results/figures/fig_offset_sweep.pdf", "results/tables/table4.csv", "results/tables/table4.md",
        "results/tables/table4.html", "results/scores.csv", "results/scores.html", "results/claims.csv",
        "results/claims.md", "results/claims.html", "results/provenance.html",
        "results/robustness/offset_scores.csv",
    ]
    figures = {"fig1": {"label": "Fig. 1", "caption": PAYLOAD},
               "fig_offset_sweep": {"label": "Fig. S1 (offset sweep)", "caption": "beyond the paper"},
               "fig9": {"label": "not drawn", "caption": ""}}
    page = R.index_html(files, figures)
    links = Elements(page).links
    # every file, once or more, and the study beyond the paper's sets, a target of its own
    assert sorted(set(links)) == sorted([*(f.removeprefix("results/") for f in files), "generalisation.html"])
    assert "snakemake --cores 2 generalisation" in page
    assert Elements(page).images == ["figures/fig1.png", "figures/fig_offset_sweep.png"], "thumbnails, in order"
    assert "not drawn" not in page and not injected(page)
    assert page.index("claims.html") < page.index("figures/fig1.png") < page.index("tables/table4.html")
    assert "robustness/offset_scores.csv" in page.split("Sweeps", 1)[1]
    assert "Other files" not in page
    assert "http" not in page and "<script" not in page, "no external asset, no script"


def test_figure_labels_sort_in_figure_order():
    """The report sorts a category's items by label (JavaScript localeCompare, which puts
    punctuation before digits and digits before letters): Fig. 1-6 first, then the rest."""
    labels = [figure_table.figure_label(name) for name in figure_table.FIGURES]

    def locale_key(text):  # punctuation and spaces < digits < letters, case ignored
        return [(0 if not c.isalnum() else 1 if c.isdigit() else 2, c.casefold()) for c in text]

    assert sorted(labels, key=locale_key) == labels
    assert labels[:6] == [f"Fig. {i}" for i in range(1, 7)]


def test_table5_params_carry_only_what_its_rows_print():
    class Run:
        def table_params(self, name):
            catalog = {"iris": {"label": "Iris", "title": "Iris", "printed": {"n": 150, "C": 3, "sizes": [50] * 3},
                                "note": None, "sha256": "0" * 64, "citation": "Fisher (1936)"}}
            return {"config": {"uci_datasets": ["iris"], "uci_base_url": "https://x", "catalog": catalog},
                    "files": ["iris.csv"], "not_in_run": ["Wine"]}

    params = figure_table.table_params(Run(), "table5")
    assert params == {"config": {"uci_datasets": ["iris"]},
                      "rows": {"iris": {"label": "Iris", "title": "Iris", "printed": {"n": 150, "C": 3, "sizes": [50] * 3},
                                        "note": None}},
                      "files": ["iris.csv"], "not_in_run": ["Wine"]}
    assert "sha256" not in repr(params) and "uci_base_url" not in repr(params)
