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
from .indices.gap import GapResult, gap_statistic
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
from .stability import (
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
    "completeness_score", "davies_bouldin_score", "fowlkes_mallows_score", "homogeneity_score",
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
