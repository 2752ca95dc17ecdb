"""The reproduction of Xie, Zhou, Wang, Jiang (2017): the layer above the library.

It imports :mod:`clustval` (the indices, the clusterings, the UCI sets) and is never imported
by it: the config read once (:mod:`.settings`), what the workflow's scripts share
(:mod:`.pipeline`), the data the paper uses (:mod:`.data`), the figures (:mod:`.figures`) and
the paper's side of the results (:mod:`.paper`: score tables, figures, claims, sensitivity,
the report's tables).
"""
