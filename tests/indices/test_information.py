"""E[MI] (clustval.indices.information.expected_mutual_info, the AMI's correction) against a 50-digit
evaluation of Vinh et al. (2010) eq. 24, and the AMI's speed at n = 10^6.

The reference works in ``decimal`` at 50 significant digits: P(k) from the exact integer
ratios of consecutive hypergeometric probabilities, normalised over the support (cut where
P(k) < 1e-70 of the mode's), and each term (k/n) ln(n k / (a b)) as the definition writes
it. Its own error is ~1e-45, so it tells the last bits of a float result.
"""

from __future__ import annotations

from decimal import Decimal, localcontext

import numpy as np
import pytest

from clustval.indices.contingency import contingency
from clustval.indices.information import expected_mutual_info


def emi_reference(row_sums, col_sums, n: int) -> float:
    """Vinh, Epps & Bailey (2010) eq. 24 in 50-digit decimal arithmetic."""
    cut = Decimal("1e-70")
    with localcontext() as ctx:
        ctx.prec = 50
        total, big_n = Decimal(0), Decimal(n)
        for a in (int(v) for v in row_sums):
            for b in (int(v) for v in col_sums):
                lo, hi = max(0, a + b - n), min(a, b)
                mode = min(max((a + 1) * (b + 1) // (n + 2), lo), hi)

                def term(k, a=a, b=b):
                    return Decimal(0) if k == 0 else Decimal(k) / big_n * (Decimal(k * n) / Decimal(a * b)).ln()

                mass, weighted = Decimal(1), term(mode)
                p = Decimal(1)
                for k in range(mode + 1, hi + 1):
                    p = p * ((a - k + 1) * (b - k + 1)) / (k * (n - a - b + k))
                    mass, weighted = mass + p, weighted + p * term(k)
                    if p < cut:
                        break
                p = Decimal(1)
                for k in range(mode - 1, lo - 1, -1):
                    p = p * ((k + 1) * (n - a - b + k + 1)) / ((a - k) * (b - k))
                    mass, weighted = mass + p, weighted + p * term(k)
                    if p < cut:
                        break
                total += weighted / mass
        return float(total)


def _sizes(seed: int, n: int, classes: int, clusters: int):
    rng = np.random.default_rng(seed)
    ct = contingency(rng.integers(0, classes, n), rng.integers(0, clusters, n))
    return ct.row_sums, ct.col_sums, ct.n


@pytest.mark.parametrize(
    ("seed", "n", "classes", "clusters"),
    [
        (1, 30, 4, 3),  # small: the supports are whole
        (2, 4188, 8, 4),  # medium: the replaced log-ratio sum was 2e-13 off here
        (3, 4057, 3, 6),  # ... and 8e-13 here
        (4, 600, 12, 10),  # many small cells, mode at k = 0
        (5, 100_000, 3, 3),  # large: the log-ratio sum was 1e-11 off, this form is not
    ],
)
def test_within_a_few_ulps_of_a_50_digit_evaluation(seed, n, classes, clusters):
    sizes = _sizes(seed, n, classes, clusters)
    assert expected_mutual_info(*sizes) == pytest.approx(emi_reference(*sizes), rel=2e-15, abs=0)


def test_uneven_sizes_and_supports_cut_at_both_ends():
    # a + b > n (support starts above 0), one huge and some tiny classes, singletons
    for rows, cols, n in [
        ([700, 500], [600, 600], 1200),
        ([9990, 5, 3, 1, 1], [5000, 4000, 1000], 10_000),
        ([1] * 50, [25, 25], 50),
        ([3000, 3000], [5999, 1], 6000),
    ]:
        value = expected_mutual_info(np.array(rows), np.array(cols), n)
        assert value == pytest.approx(emi_reference(rows, cols, n), rel=2e-15, abs=0), (rows, cols)
