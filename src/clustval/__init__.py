"""clustval: clustering validity indices, exact and fast.

External indices compare a clustering with the true classes; they all come from one
contingency table. Internal indices judge a clustering from the data alone; the
distance-based ones share one chunked pass over all pairwise distances.

>>> import clustval
>>> clustval.s2([0, 0, 1, 1], [1, 1, 0, 0])
1.0
>>> sorted(clustval.score([0, 0, 1, 1], labels_true=[0, 0, 1, 1]))[:3]
['accuracy', 'afm', 'ami']

Every index is listed, with its direction, range and reference, in
:data:`clustval.indices.registry.INDICES` (and by ``clustval indices`` on the command line), and
this package exports each index's function under its registry name (``clustval.ari``,
``clustval.sil``) from there. Where scikit-learn names the same index, that name is a
drop-in for scikit-learn's function (:mod:`clustval.compat.sklearn`): the same index with
scikit-learn's values at the edges, where the registry's function keeps the index's own.

>>> clustval.ari is clustval.INDICES["ari"].function
True
>>> clustval.fowlkes_mallows_score([0, 1], [0, 1]), clustval.fmi([0, 1], [0, 1])  # no pair: 0/0
(0.0, 1.0)
"""

import importlib
import sys

from ._engine.metrics import Metric
from ._version import __version__
from .bootstrap import BootstrapResult, bootstrap
from .clustering import ALGORITHMS, cluster, kmeans
from .clustering.kmedoids import euclidean_distances, park_jun, sd_kmedoids
from .clustering.pam import pam
from .compat.sklearn import (  # scikit-learn's names, with scikit-learn's values at the edges
    SKLEARN_NAMES,
    adjusted_mutual_info_score,
    adjusted_rand_score,
    calinski_harabasz_score,
    completeness_score,
    davies_bouldin_score,
    fowlkes_mallows_score,
    homogeneity_completeness_v_measure,
    homogeneity_score,
    mutual_info_score,
    normalized_mutual_info_score,
    rand_score,
    silhouette_samples,
    silhouette_score,
    v_measure_score,
)
from .errors import (
    ClusteringError,
    ClustvalError,
    ContinuousLabelWarning,
    DataError,
    InputError,
    UndefinedIndexError,
)
from .indices import (
    classic,
    cvi,
    density,
    external,
    generalised_dunn,
    nbclust,
    neighbours,
    pair_rank,
    scatter,
)

# Every index under its registry name: each family module's __all__ lists its indices (a test
# holds them to the registry), so adding an index to a family exports it, visibly to tools.
from .indices.classic import *
from .indices.classic import bwp_samples
from .indices.contingency import contingency_matrix, pair_confusion_matrix
from .indices.counts import contingency_from_counts, contingency_from_frame
from .indices.cvi import *
from .indices.density import *
from .indices.external import *
from .indices.generalised_dunn import *
from .indices.nbclust import *
from .indices.neighbours import *
from .indices.pair_rank import *
from .indices.registry import INDICES, IndexSpec, get_index
from .indices.scatter import *
from .indices.scoring import (
    external_scores,
    external_scores_from_table,
    internal_scores,
    score,
)
from .inference import Significance, significance
from .selection import Selection, Vote, select_k
from .selection.gap import GapResult, gap_statistic
from .selection.stability import (
    Calibration,
    Clusterboot,
    PredictionStrength,
    Stability,
    calibrate,
    clusterboot,
    prediction_strength,
    random_clusterings,
    stability_k,
    stability_of_k,
)

__all__ = [
    "ALGORITHMS", "ClusteringError", "ClustvalError", "ContinuousLabelWarning", "DataError",
    "GapResult", "INDICES", "IndexSpec", "InputError", "Metric", "SKLEARN_NAMES", "Selection",
    "UndefinedIndexError", "Vote", "bwp_samples", "cluster", "contingency_from_counts",
    "contingency_from_frame", "contingency_matrix", "euclidean_distances", "external_scores",
    "external_scores_from_table", "gap_statistic", "get_index", "internal_scores", "kmeans",
    "pair_confusion_matrix", "pam", "park_jun", "score", "sd_kmedoids", "select_k",
    "silhouette_samples",
    # chance, uncertainty and stability
    "BootstrapResult", "Calibration", "Clusterboot", "PredictionStrength", "Significance", "Stability",
    "bootstrap", "calibrate", "clusterboot", "prediction_strength", "random_clusterings", "significance",
    "stability_k", "stability_of_k",
    # scikit-learn's names
    "adjusted_mutual_info_score", "adjusted_rand_score", "calinski_harabasz_score",
    "completeness_score", "davies_bouldin_score", "fowlkes_mallows_score",
    "homogeneity_completeness_v_measure", "homogeneity_score",
    "mutual_info_score", "normalized_mutual_info_score", "rand_score", "silhouette_score",
    "v_measure_score",
]  # fmt: skip
__all__ += classic.__all__
__all__ += cvi.__all__
__all__ += density.__all__
__all__ += external.__all__
__all__ += generalised_dunn.__all__
__all__ += nbclust.__all__
__all__ += neighbours.__all__
__all__ += pair_rank.__all__
__all__ += scatter.__all__
del classic, cvi, density, external, generalised_dunn, nbclust, neighbours, pair_rank, scatter

# Old homes. A module that moved to another folder keeps its old dotted path, with no file left
# behind: the old name is the new module (``import`` and importlib find it there).
_MOVED = {
    # choosing K is one wing (clustval.selection)
    "clustval.indices.gap": "clustval.selection.gap",
    "clustval.stability": "clustval.selection.stability",
    # R's random numbers live with the rest of what R users need (clustval.compat)
    "clustval.r_random": "clustval.compat.r_random",
}
for _old, _new in _MOVED.items():
    _parent, _, _leaf = _old.rpartition(".")
    setattr(sys.modules[_parent], _leaf, sys.modules.setdefault(_old, importlib.import_module(_new)))
# Names that moved out of a module that stays are found in it still, put there from here: the
# module itself never imports their new home, which stands above it.
_MOVED_NAMES = {
    "clustval.indices.nbclust": ("clustval.selection.adjacent", (
        "ADJACENT", "BEALE_ALPHA", "DUDA_HART_Z", "HARTIGAN_THRESHOLD", "adjacent_best_ks",
        "adjacent_scores", "beale", "duda_hart", "frey", "hartigan", "kl", "pseudo_t2", "split_tests")),
}  # fmt: skip
for _old, (_new, _names) in _MOVED_NAMES.items():
    for _name in _names:
        setattr(sys.modules[_old], _name, getattr(sys.modules[_new], _name))
del _old, _new, _parent, _leaf, _names, _name
