"""clustval: clustering validity indices, exact and fast.

External indices compare a clustering with the true classes; they all come from one
contingency table. Internal indices judge a clustering from the data alone; the
distance-based ones share one chunked pass over all pairwise distances.

>>> import clustval
>>> clustval.s2([0, 0, 1, 1], [1, 1, 0, 0])
1.0
>>> sorted(clustval.score([0, 0, 1, 1], labels_true=[0, 0, 1, 1]))[:3]
['accuracy', 'ami', 'ari']

Every index is listed, with its direction, range and reference, in
:data:`clustval.registry.INDICES` (and by ``clustval indices`` on the command line).
"""

from .contingency import contingency_matrix, pair_confusion_matrix
from .errors import (
    ClusteringError,
    ClustvalError,
    ContinuousLabelWarning,
    DataError,
    InputError,
    UndefinedIndexError,
)
from .external import (
    accuracy,
    adjusted_mutual_info,
    adjusted_rand_index,
    bcubed_f,
    bcubed_precision,
    bcubed_recall,
    completeness,
    cp_accuracy,
    cp_accuracy_mc,
    external_scores,
    f_measure,
    fowlkes_mallows_index,
    homogeneity,
    jaccard_index,
    mutual_info,
    nca,
    normalized_mutual_info,
    ps2,
    purity,
    rand_index,
    s2,
    v_measure,
)
from .internal import (
    bwp_samples,
    bwp_score,
    bwp_sum,
    calinski_harabasz,
    davies_bouldin,
    dbi,
    dunn,
    igp,
    internal_scores,
    silhouette_samples,
    silhouette_score,
    silhouette_sum,
    stdi,
    xie_beni,
)
from .registry import INDICES, IndexSpec, get_index
from .scoring import score
from .selection import Selection, select_k
from .counts import contingency_from_counts, contingency_from_frame
from .external import external_scores_from_table

__version__ = "0.1.0"

__all__ = [
    "INDICES",
    "ClusteringError",
    "ClustvalError",
    "ContinuousLabelWarning",
    "DataError",
    "IndexSpec",
    "InputError",
    "Selection",
    "UndefinedIndexError",
    "accuracy",
    "adjusted_mutual_info",
    "adjusted_rand_index",
    "bcubed_f",
    "bcubed_precision",
    "bcubed_recall",
    "bwp_samples",
    "bwp_score",
    "bwp_sum",
    "calinski_harabasz",
    "completeness",
    "contingency_from_counts",
    "contingency_from_frame",
    "contingency_matrix",
    "cp_accuracy",
    "cp_accuracy_mc",
    "davies_bouldin",
    "dbi",
    "dunn",
    "external_scores",
    "external_scores_from_table",
    "f_measure",
    "fowlkes_mallows_index",
    "get_index",
    "homogeneity",
    "igp",
    "internal_scores",
    "jaccard_index",
    "mutual_info",
    "nca",
    "normalized_mutual_info",
    "pair_confusion_matrix",
    "ps2",
    "purity",
    "rand_index",
    "s2",
    "score",
    "select_k",
    "silhouette_samples",
    "silhouette_score",
    "silhouette_sum",
    "stdi",
    "v_measure",
    "xie_beni",
]
