"""The reproduction of Xie, Zhou, Wang, Jiang (2017): the layer above the library.

It imports :mod:`clustval` (the indices, the clusterings, the UCI sets) and is never imported
by it: the config read once (:mod:`.settings`), what the workflow's scripts share
(:mod:`.pipeline`), the data the paper uses (:mod:`.data`), the one entry per figure
(:mod:`.figure_table`), the axes a sweep varies (:mod:`.sweeps`), the tables written and
read back against their row counts and hashes (:mod:`.verified`), and the paper's side of
the results (:mod:`.paper`: score tables, figures, claims, diagnostics, sensitivity, the
report's tables).
"""
