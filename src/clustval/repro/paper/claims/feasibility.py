"""Checks that cannot hold under the paper's own definitions, each with its one-line proof.

A check that no clustering can satisfy is not a failure of the paper's data or of ours: it is
*infeasible*, and the claims report it apart from the checks that hold or fail.

S2 against Accuracy, two balanced classes, K = C = 2 (eqs. (1)-(4)). Let r1 = n11/a1 and
r2 = n22/a2 be the two recalls under the matching. The matched pair (1, 1) has sensitivity r1
and specificity (n - a1 - b1 + n11)/(n - a1) = n22/a2 = r2; the pair (2, 2) has r2 and r1.
So S2 = 2 r1 r2 / (r1 + r2), their harmonic mean. Accuracy = (n11 + n22)/n, which for a1 = a2
is (r1 + r2)/2, their arithmetic mean. The harmonic mean never exceeds the arithmetic mean,
so S2 <= Accuracy: "S2 is the highest" (above Accuracy) cannot hold.
"""

from __future__ import annotations

from collections.abc import Sequence

S2_BELOW_ACCURACY = (
    "infeasible: with two classes of equal size and K = C = 2, S2 is the harmonic mean of the two "
    "recalls and Accuracy their arithmetic mean (eqs. (2)-(4)), so S2 <= Accuracy always"
)


def s2_above_accuracy_proof(class_sizes: Sequence[int], k: int) -> str:
    """Why S2 cannot exceed Accuracy on a set with these class sizes clustered into ``k``
    clusters ("" when it can).

    Examples
    --------
    >>> s2_above_accuracy_proof([1000, 1000], 2).startswith("infeasible")
    True
    >>> s2_above_accuracy_proof([500, 1500], 2), s2_above_accuracy_proof([400] * 3, 3)
    ('', '')
    """
    sizes = list(class_sizes)
    if len(sizes) == 2 and k == 2 and sizes[0] == sizes[1]:
        return S2_BELOW_ACCURACY
    return ""
