"""Compatibility layers: other packages' validity indices, with their names and their values.

* :mod:`clustval.compat.clustercrit`: the R package clusterCrit 1.3.0 (Desgraupes 2018),
  ``intCriteria`` / ``extCriteria`` / ``getCriteriaNames`` / ``bestCriterion``.
* :mod:`clustval.compat.nbclust`: the R package NbClust 3.0.1 (Charrad et al. 2014),
  ``NbClust()`` for hierarchical clustering (``All.index``, ``Best.nc``, the majority K).
* :mod:`clustval.compat.sklearn`: scikit-learn 1.9's clustering metrics under their names
  (``adjusted_rand_score``, ``silhouette_score``, ...), exported at the top level.

Each layer reproduces the package's *code*, including where it departs from the package's
documentation or from the published index; the layer's docstring lists every departure.
For the published definitions, use :func:`clustval.score` and the registry's names.
"""
