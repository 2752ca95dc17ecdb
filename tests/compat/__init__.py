"""Tests of clustval.compat, the other packages' conventions (scikit-learn, clusterCrit, NbClust, R)."""
