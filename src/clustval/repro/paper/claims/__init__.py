"""The paper's claims C1-C9, checked against our scores, with the numbers behind each verdict.

:mod:`.settings` holds what a verdict depends on (from the config), :mod:`.results` the
verdict and its checks, :mod:`.checks` the claims themselves, :mod:`.robustness` each claim
across a sweep, and :mod:`.output` the CSV, Markdown and HTML tables.
"""

from .checks import (
    CLAIMS,
    claim_c1,
    claim_c2,
    claim_c3,
    claim_c4,
    claim_c5,
    claim_c6,
    claim_c7,
    claim_c8,
    claim_c9,
    claim_c15,
    evaluate_claims,
    finds,
    table1_labels,
)
from .feasibility import s2_above_accuracy_proof
from .output import claims_csv_text, claims_html, claims_markdown, write_claims
from .readings import RULES, natural_readings
from .results import (
    FAILS,
    HOLDS,
    INFEASIBLE,
    NOT_EVALUATED,
    NOT_REPRODUCED,
    PARTLY,
    REPRODUCED,
    WITHIN_NOISE,
    Check,
    ClaimResult,
    verdict_from_share,
)
from .robustness import claim_robustness, claims_by_group, pattern_band
from .settings import C6_BOUNDS, ClaimSettings
from .words import STATEMENTS, Statement

__all__ = [
    "C6_BOUNDS",
    "CLAIMS",
    "FAILS",
    "HOLDS",
    "INFEASIBLE",
    "RULES",
    "STATEMENTS",
    "WITHIN_NOISE",
    "Statement",
    "natural_readings",
    "s2_above_accuracy_proof",
    "NOT_EVALUATED",
    "NOT_REPRODUCED",
    "PARTLY",
    "REPRODUCED",
    "Check",
    "ClaimResult",
    "ClaimSettings",
    "claim_c1",
    "claim_c2",
    "claim_c3",
    "claim_c4",
    "claim_c5",
    "claim_c6",
    "claim_c7",
    "claim_c8",
    "claim_c9",
    "claim_c15",
    "claim_robustness",
    "claims_by_group",
    "claims_csv_text",
    "claims_html",
    "claims_markdown",
    "evaluate_claims",
    "finds",
    "pattern_band",
    "table1_labels",
    "verdict_from_share",
    "write_claims",
]
