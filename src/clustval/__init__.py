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
:data:`clustval.registry.INDICES` (and by ``clustval indices`` on the command line), and
its function is available under its registry name (``clustval.ari``, ``clustval.sil``);
the longer scikit-learn-style names (``adjusted_rand_index``, ``silhouette_score``) are
aliases, the same objects.
"""

from .contingency import contingency_matrix, pair_confusion_matrix
from .counts import contingency_from_counts, contingency_from_frame
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
    ami,
    ari,
    bcubed_f,
    bcubed_precision,
    bcubed_recall,
    completeness,
    cp_accuracy,
    cp_accuracy_mc,
    f_measure,
    fmi,
    fowlkes_mallows_index,
    homogeneity,
    jaccard,
    jaccard_index,
    mutual_info,
    nca,
    nmi,
    normalized_mutual_info,
    ps2,
    purity,
    rand,
    rand_index,
    s2,
    v_measure,
)
from .internal import (
    bwp,
    bwp_samples,
    bwp_score,
    bwp_sum,
    calinski_harabasz,
    davies_bouldin,
    db,
    dbi,
    dunn,
    igp,
    sil,
    sil_sum,
    silhouette_samples,
    silhouette_score,
    silhouette_sum,
    stdi,
    xb,
    xie_beni,
)
from .registry import INDICES, IndexSpec, get_index
from .scoring import external_scores, external_scores_from_table, internal_scores, score
from .selection import Selection, select_k

__version__ = "0.1.0"

__all__ = [
    "ClusteringError",
    "ClustvalError",
    "ContinuousLabelWarning",
    "DataError",
    "INDICES",
    "IndexSpec",
    "InputError",
    "Selection",
    "UndefinedIndexError",
    "accuracy",
    "adjusted_mutual_info",
    "adjusted_rand_index",
    "ami",
    "ari",
    "bcubed_f",
    "bcubed_precision",
    "bcubed_recall",
    "bwp",
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
    "db",
    "dbi",
    "dunn",
    "external_scores",
    "external_scores_from_table",
    "f_measure",
    "fmi",
    "fowlkes_mallows_index",
    "get_index",
    "homogeneity",
    "igp",
    "internal_scores",
    "jaccard",
    "jaccard_index",
    "mutual_info",
    "nca",
    "nmi",
    "normalized_mutual_info",
    "pair_confusion_matrix",
    "ps2",
    "purity",
    "rand",
    "rand_index",
    "s2",
    "score",
    "select_k",
    "sil",
    "sil_sum",
    "silhouette_samples",
    "silhouette_score",
    "silhouette_sum",
    "stdi",
    "v_measure",
    "xb",
    "xie_beni",
]
