"""The indices: the contingency table and the partition they read, one module per family,
the registry that lists them all and the scoring that runs any set of them at once.

External indices (:mod:`.external`) compare two labellings through their contingency table
(:mod:`.contingency`, :mod:`.counts`). Internal indices read a :class:`.partition.Partition`:
:mod:`.classic` (the paper's STDI, DB, XB, IGP, silhouette, BWP, Dunn, CH), :mod:`.scatter`,
:mod:`.pair_rank`, :mod:`.generalised_dunn`, :mod:`.nbclust`, :mod:`.neighbours`, :mod:`.cvi`
and :mod:`.density`. :mod:`.registry` holds one entry per index; :mod:`.scoring` runs them.
What chooses K from several partitions (the gap statistic, the indices of neighbouring
partitions) is :mod:`clustval.selection`'s.
"""
