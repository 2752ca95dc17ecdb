"""Which tests check each index of the registry against independent truth.

``TRUTH`` lists those tests, each with the kind of truth it holds the indices to and the
indices it checks; ``REFERENCES`` is the same table by index. The kinds:

* ``HAND``: values worked by hand (the derivation in the test's comments) or printed in a
  paper or a book;
* ``BRUTE``: a brute-force oracle written in the test from the index's definition (loops over
  the objects, pairs or maps, exact fractions, enumeration);
* a peer of ``PEERS``: another implementation, live or its values stored in tests/fixtures.

The registry-driven checks (tests/indices/test_common.py) hold an index to its own entry;
this table holds it to the truth. tests/indices/test_references.py asserts that every registry
index has a row here and that every row names a test that exists, so an index without
independent truth cannot land: a new index adds its name to the rows of its tests. Names are
written out, never derived from the registry, so the table says what each test checks.
"""

from __future__ import annotations

HAND = "hand-worked"
BRUTE = "brute force"
PEERS = {
    "scikit-learn": "sklearn.metrics, live, or the expected values of scikit-learn's own tests",
    "scipy": "scipy.stats, live",
    "R clusterCrit 1.3.0": "values stored in tests/fixtures/r by tools/r/reference_values.R",
    "R NbClust 3.0.1": "NbClust's code as clustval.compat.nbclust ports it, held to R's values in "
    "tests/compat/test_nbclust.py",
    "genieclust": "genieclust 1.3's values stored in tests/fixtures/genieclust, or live",
    "cvi": "the cvi package, live (the test extra)",
    "hdbscan": "hdbscan's values stored in tests/fixtures/dbcv by tools/dbcv_values.py",
    "Clustering.jl": "the expected values of the Julia package's own tests (Clustering.jl 0.15.8, test/*.jl), "
    "as literals in tests/indices/test_clusteringjl_port.py",
}
KINDS = (HAND, BRUTE, *PEERS)

EXTERNAL = "tests/indices/test_external.py::"
PAIR_COUNTING = "tests/indices/test_pair_counting.py::"
GENIECLUST = "tests/indices/test_genieclust_measures.py::"
INFORMATION = "tests/indices/test_information.py::"
SUPERSET = "tests/indices/test_sklearn_superset.py::"
PORT = "tests/indices/test_sklearn_port.py::"
CLUSTERINGJL = "tests/indices/test_clusteringjl_port.py::"
CLUSTERCRIT = "tests/compat/test_clustercrit.py::"
CLASSIC = "tests/indices/test_classic.py::"
SCATTER = "tests/indices/test_scatter.py::"
PAIR_RANK = "tests/indices/test_pair_rank.py::"
DUNN = "tests/indices/test_generalised_dunn.py::"
NBCLUST = "tests/indices/test_nbclust.py::"
NEIGHBOURS = "tests/indices/test_neighbours.py::"
CVI = "tests/indices/test_cvi.py::"
DENSITY = "tests/indices/test_density.py::"

PAIR_CRITERIA = ("czekanowski_dice hubert_gamma kulczynski precision recall rogers_tanimoto sokal_sneath1"
                 " sokal_sneath2 russel_rao mcnemar")  # fmt: skip
SCATTER_INDICES = ("ball_hall banfeld_raftery det_ratio ksq_detw log_det_ratio log_ss_ratio pbm ratkowsky_lance"
                   " ray_turi scott_symons trace_w trace_wib wemmert_gancarski sd_scat sd_dis s_dbw")  # fmt: skip
PAIR_RANK_INDICES = "baker_hubert_gamma g_plus tau c_index point_biserial mcclain_rao"
GDIS = "gdi12 gdi13 gdi21 gdi22 gdi23 gdi31 gdi32 gdi33 gdi41 gdi42 gdi43 gdi51 gdi52 gdi53"

# (test, kind of truth, the indices it checks)
TRUTH: tuple[tuple[str, str, str], ...] = (
    # ---- external: matching, sets and pairs
    (EXTERNAL + "test_seed_001_example_1", HAND, "rand jaccard fmi"),
    (EXTERNAL + "test_paper_table_1", HAND, "f_measure s2 ps2 accuracy purity rand jaccard ari nmi ami fmi"),
    (EXTERNAL + "test_seed_004_purity_and_accuracy_examples", HAND, "purity accuracy"),
    (EXTERNAL + "test_manning_section_16_3_example_of_seed_004", HAND, "purity rand nmi"),
    (EXTERNAL + "test_hand_worked_c3_k2_example", HAND,
     "accuracy purity s2 ps2 rand jaccard fmi ari f_measure bcubed_precision bcubed_recall bcubed_f cp_accuracy nca"),
    (EXTERNAL + "test_nca_can_be_negative_when_k_exceeds_c", HAND, "nca"),
    (EXTERNAL + "test_cp_accuracy_closed_form_by_hand", HAND, "cp_accuracy"),
    (EXTERNAL + "test_pair_indices_against_brute_force_pair_counts", BRUTE, "rand jaccard fmi ari ps2"),
    (EXTERNAL + "test_accuracy_purity_s2_nca_against_enumerated_maps", BRUTE, "accuracy purity s2 nca"),
    (EXTERNAL + "test_f_measure_and_bcubed_against_per_object_definitions", BRUTE,
     "f_measure bcubed_precision bcubed_recall bcubed_f cp_accuracy"),
    (EXTERNAL + "test_cp_accuracy_mc_has_the_per_object_procedures_distribution", BRUTE, "cp_accuracy_mc"),
    (EXTERNAL + "test_agrees_with_sklearn", "scikit-learn", "rand ari fmi nmi ami"),
    (PORT + "test_adjusted_mutual_info_score", "scikit-learn", "ami"),
    (PORT + "test_fowlkes_mallows_score", "scikit-learn", "fmi"),
    (PORT + "test_rand_score", "scikit-learn", "rand"),
    (CLUSTERINGJL + "test_randindex", "Clustering.jl", "rand ari"),
    (CLUSTERINGJL + "test_randindex_large_independent_clusterings_225", "Clustering.jl", "rand ari"),
    (PAIR_COUNTING + "test_the_worked_example_by_hand", HAND, PAIR_CRITERIA),
    (PAIR_COUNTING + "test_each_criterion_is_the_vignette_formula_on_pairs_counted_one_by_one", BRUTE, PAIR_CRITERIA),
    (CLUSTERCRIT + "test_registry_external_index_is_clustercrits_in_double_precision", "R clusterCrit 1.3.0",
     PAIR_CRITERIA + " rand jaccard fmi"),
    # ---- external: information
    (INFORMATION + "test_within_a_few_ulps_of_a_50_digit_evaluation", BRUTE, "ami"),
    (SUPERSET + "test_mutual_info_by_hand", HAND, "mutual_info"),
    (EXTERNAL + "test_homogeneity_completeness_and_v_measure_by_hand", HAND,
     "homogeneity completeness v_measure mutual_info"),
    (SUPERSET + "test_information_indices_match_scikit_learn", "scikit-learn",
     "mutual_info homogeneity completeness v_measure"),
    (PAIR_COUNTING + "test_vi_against_the_sum_over_objects_and_scikit_learn", BRUTE, "vi"),
    (CLUSTERINGJL + "test_varinfo", "Clustering.jl", "vi"),
    (CLUSTERINGJL + "test_mutualinfo", "Clustering.jl", "mutual_info nmi"),
    (CLUSTERINGJL + "test_vmeasure_reproducing_fig_2", "Clustering.jl", "v_measure"),
    (CLUSTERINGJL + "test_vmeasure_comparing_2_kmeans_clusterings", "Clustering.jl", "v_measure"),
    (CLUSTERINGJL + "test_vmeasure_comparing_2_random_label_assignments", "Clustering.jl", "v_measure"),
    # ---- external: genieclust's comparison measures
    (GENIECLUST + "test_the_family_example_by_hand", HAND, "psi afm npa"),
    (GENIECLUST + "test_psi_and_npa_equal_brute_force_over_every_map", BRUTE, "psi npa"),
    (GENIECLUST + "test_values_equal_genieclust_on_random_tables", "genieclust", "psi afm npa"),
    # ---- internal: the classic indices
    (CLASSIC + "test_hand_worked_example", HAND, "stdi xb db dbi dunn igp"),
    (CLASSIC + "test_every_index_matches_bruteforce_oracle", BRUTE,
     "stdi db dbi xb igp sil sil_sum bwp bwp_sum dunn calinski_harabasz"),
    (CLASSIC + "test_silhouette_and_davies_bouldin_equal_sklearn", "scikit-learn", "sil db"),
    (PORT + "test_silhouette", "scikit-learn", "sil"),
    (PORT + "test_davies_bouldin_score", "scikit-learn", "db"),
    (SUPERSET + "test_calinski_harabasz_by_hand_and_far_from_the_origin", HAND, "calinski_harabasz"),
    (SUPERSET + "test_calinski_harabasz_matches_scikit_learn_on_centred_data", "scikit-learn", "calinski_harabasz"),
    (CLUSTERINGJL + "test_clustering_quality_davies_bouldin", "Clustering.jl", "db"),
    (CLUSTERINGJL + "test_clustering_quality_dunn", "Clustering.jl", "dunn"),
    (CLUSTERINGJL + "test_clustering_quality_silhouettes", "Clustering.jl", "sil"),
    (CLUSTERINGJL + "test_silhouettes", "Clustering.jl", "sil"),
    (CLUSTERINGJL + "test_silhouettes_zero_cluster_distances_correctly", "Clustering.jl", "sil"),
    # Clustering.jl's CH and XB on its data sum unsquared distances; the squared values of
    # the papers are worked by hand in the same tests
    (CLUSTERINGJL + "test_clustering_quality_calinski_harabasz", HAND, "calinski_harabasz"),
    (CLUSTERINGJL + "test_clustering_quality_xie_beni", HAND, "xb"),
    # ---- internal: clusterCrit's scatter-matrix criteria
    (SCATTER + "test_hand_worked_one_dimensional_example", HAND, SCATTER_INDICES),
    (SCATTER + "test_s_dbw_density_between_clusters_by_hand", HAND, "sd_scat s_dbw"),
    (SCATTER + "test_every_index_matches_the_hand_loop", BRUTE, SCATTER_INDICES),
    # ---- internal: the pair-rank indices
    (PAIR_RANK + "test_hand_worked_example", HAND, PAIR_RANK_INDICES),
    (PAIR_RANK + "test_euclidean_matches_the_oracle_with_ties", BRUTE, PAIR_RANK_INDICES),
    (PAIR_RANK + "test_tau_is_kendalls_tau_b_when_no_two_distances_are_equal", "scipy", "tau"),
    # ---- internal: the generalised Dunn indices
    (DUNN + "test_hand_worked_example", HAND, "gdi12 gdi21 gdi43"),
    (DUNN + "test_every_gdi_matches_the_oracle", BRUTE, GDIS),
    # ---- internal: NbClust's indices of one partition
    (NBCLUST + "test_ccc_hand_worked_one_dimension", HAND, "ccc"),
    (NBCLUST + "test_ccc_equals_nbclusts_code_on_centred_data", "R NbClust 3.0.1", "ccc"),
    (NBCLUST + "test_trcovw_equals_exact_fractions", BRUTE, "trcovw"),
    (NBCLUST + "test_dindex_equals_a_loop_over_objects", BRUTE, "dindex"),
    (NBCLUST + "test_dindex_and_ch_and_dunn_match_nbclusts_code", "R NbClust 3.0.1", "dindex"),
    (NBCLUST + "test_hubert_hand_worked", HAND, "hubert"),
    (NBCLUST + "test_hubert_equals_the_correlation_over_all_pairs", BRUTE, "hubert"),
    # ---- internal: genieclust's near-neighbour indices
    (NEIGHBOURS + "test_the_tie_rule_is_the_mean_over_the_orders_of_the_tied_objects", HAND, "wcnn"),
    (NEIGHBOURS + "test_wcnn_on_ties_shares_the_slots_of_the_tied_neighbours", BRUTE, "wcnn"),
    (NEIGHBOURS + "test_dunnowa_min_max_and_mean_mean_equal_brute_force", BRUTE,
     "dunnowa_m25_min_max dunnowa_m25_mean_mean"),
    (NEIGHBOURS + "test_the_registry_variants_equal_brute_force", BRUTE,
     "dunnowa_m25_min_max dunnowa_m25_mean_mean dunnowa_m25_max_min"),
    (NEIGHBOURS + "test_wcnn_and_dunnowa_equal_genieclust", "genieclust",
     "wcnn dunnowa_m25_min_max dunnowa_m25_mean_mean dunnowa_m25_max_min"),
    (NEIGHBOURS + "test_the_registrys_dunnowa_at_genieclusts_defaults_equals_brute_force", BRUTE, "dunnowa"),
    (NEIGHBOURS + "test_the_registrys_dunnowa_is_genieclusts_dunnowa_index_for_any_m_and_aggregates", "genieclust",
     "dunnowa"),
    # ---- internal: the cvi package's indices
    (CVI + "test_hand_worked", HAND, "conn"),
    (CVI + "test_objects_as_prototypes_equal_the_oracle", BRUTE, "conn"),
    (CVI + "test_kmeans_prototypes_equal_cvi", "cvi", "conn"),
    (CVI + "test_wb_and_csil_by_hand", HAND, "wb csil"),
    (CVI + "test_ps_by_hand", HAND, "ps"),
    (CVI + "test_rcip_by_hand", HAND, "rcip"),
    (CVI + "test_ps_csil_wb_rcip_equal_cvi", "cvi", "ps csil wb rcip"),
    # ---- internal: density
    (DENSITY + "test_hand_worked_example_and_noise_counts_in_n", HAND, "dbcv"),
    (DENSITY + "test_paper_by_brute_force_and_the_same_for_any_order", BRUTE, "dbcv"),
    (DENSITY + "test_hdbscan_values_with_its_tree", "hdbscan", "dbcv"),
)


def _by_index() -> dict[str, tuple[tuple[str, str], ...]]:
    by_index: dict[str, tuple[tuple[str, str], ...]] = {}
    for test, kind, names in TRUTH:
        for name in names.split():
            by_index[name] = (*by_index.get(name, ()), (test, kind))
    return by_index


# index name -> ((test, kind of truth), ...)
REFERENCES = _by_index()
