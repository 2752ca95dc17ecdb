"""The paper's side of clustval: score tables, figures and claim checks for Xie et al. (2017).

- :mod:`.scores`: the tidy ``scores.csv`` table (:class:`ScoreTable`).
- :mod:`.figures`: Figs. 1-6 and the robustness figure, byte-deterministic PNG/PDF.
- :mod:`.claims`: the paper's claims C1-C9 with verdicts and the numbers behind them.
"""

from __future__ import annotations

from .scores import Score, ScoreTable

__all__ = ["Score", "ScoreTable"]
