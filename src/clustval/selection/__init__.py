"""Choosing the number of clusters K: everything that compares the clusterings at several K.

:mod:`.select` clusters the data at each K, finds each internal index's best K and counts
their votes (:func:`select_k`); :mod:`.adjacent` holds the indices that read the neighbouring
partitions (KL, Hartigan, Duda-Hart, pseudo T^2, Beale, Frey) and their rules; :mod:`.gap` the
gap statistic; :mod:`.stability` prediction strength, instability, clusterboot and the
calibration against random clusterings; :mod:`.plots` draws what :func:`select_k` found.
"""

from .plots import plot_selection, plot_votes, plotting
from .select import CRITERIA, Selection, Vote, index_label, select_k, summary, vote_text

__all__ = ["Selection", "Vote", "plot_selection", "plot_votes", "select_k", "summary", "vote_text"]
