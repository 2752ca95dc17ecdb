"""Index names as each peer's user types them: the registry's aliases, checked against the
peers' own tables in clustval.compat, and the one-line "did you mean" for a typo."""

import subprocess
import sys

import numpy as np
import pytest

import clustval
from clustval.compat import clustercrit, nbclust, sklearn
from clustval.errors import InputError
from clustval.indices.registry import ALIASES, INDICES, get_index, registry_name, requested

PEER_TABLES = {
    "scikit-learn": sklearn.INDEX,
    "clusterCrit": clustercrit.COUNTERPART,
    "NbClust": {name: index for name, index in nbclust.REGISTRY_EQUIVALENT.items() if index},
}


def test_every_alias_names_a_registry_index_and_no_registry_name():
    assert all(index in INDICES for index in ALIASES.values())
    assert not set(ALIASES) & set(INDICES)
    assert all(alias == alias.lower() for alias in ALIASES)


@pytest.mark.parametrize("peer", PEER_TABLES)
def test_each_peers_name_is_the_index_its_compat_layer_reads(peer):
    """A peer's name reaches the registry index clustval.compat maps it to, except where it
    spells another registry index (clusterCrit's external Hubert is hubert_gamma; the
    registry's hubert is NbClust's Hubert)."""
    for name, index in PEER_TABLES[peer].items():
        if name.lower() in INDICES and name.lower() != index:
            continue
        assert registry_name(name) == index, (peer, name)


def test_aliases_score_as_their_index_under_its_registry_name():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(60, 3))
    labels = rng.integers(0, 3, 60)
    truth = rng.integers(0, 3, 60)
    by_alias = clustval.score(labels, labels_true=truth, X=X, names=["CH", "silhouette_score", "Adjusted_Rand", "c-index"])
    by_name = clustval.score(labels, labels_true=truth, X=X, names=["calinski_harabasz", "sil", "ari", "c_index"])
    assert by_alias == by_name
    assert [spec.name for spec in requested("internal", ["Davies_Bouldin", "db"])] == ["db"]


def test_one_name_as_a_string_is_one_index():
    # not its letters ("unknown index 's'"), as select_k(indices="sil") and internal_scores take it
    rng = np.random.default_rng(1)
    X, labels = rng.normal(size=(40, 2)), np.arange(40) % 2
    assert clustval.score(labels, X=X, names="silhouette") == clustval.score(labels, X=X, names=["sil"])
    assert list(clustval.score(labels, labels_true=labels, names="ari")) == ["ari"]


@pytest.mark.parametrize(("name", "message"), [
    ("silhuoette", r"^unknown index 'silhuoette' \(did you mean silhouette \(= sil\)\?\)"),
    ("ptbiseral", r"did you mean ptbiserial \(= point_biserial\)"),
    ("xyzzy", r"^unknown index 'xyzzy'; the \d+ indices: `clustval indices` or clustval.INDICES.$"),
    (3, r"^unknown index 3;"),
])  # fmt: skip
def test_a_typo_gets_the_closest_names_in_one_line(name, message):
    with pytest.raises(InputError, match=message) as error:
        get_index(name)
    assert "\n" not in str(error.value)


def test_a_name_of_the_other_kind_says_which_kind_it_is():
    with pytest.raises(InputError, match="unknown internal index 'ari': ARI is an external index"):
        requested("internal", ["ari"])
    with pytest.raises(InputError, match=r"^unknown external index 'jacard' \(did you mean jaccard\?\); "
                       r"the \d+ external indices: `clustval indices` or clustval.INDICES.$"):
        requested("external", ["jacard"])


def test_the_config_takes_registry_names_only():
    assert registry_name("sil", aliases=False) == "sil"
    with pytest.raises(InputError, match="index 'silhouette': write its registry name, 'sil'"):
        registry_name("silhouette", aliases=False)


def test_the_command_line_takes_aliases_and_exits_2_on_an_unknown_name(tmp_path):
    (tmp_path / "t.csv").write_text("50\n50\n")
    run = [sys.executable, "-m", "clustval", "score", "--table", str(tmp_path / "t.csv"), "--json"]
    ok = subprocess.run([*run, "--index", "Adjusted_Rand_Score"], capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.strip() == '{"ari": 0.0}'
    bad = subprocess.run([*run, "--index", "arri"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "did you mean ari" in bad.stderr


def test_select_k_takes_aliases_and_the_rules_of_the_neighbouring_partitions():
    rng = np.random.default_rng(1)
    X = np.concatenate([rng.normal(c, 0.3, size=(30, 2)) for c in (0, 4, 8)])
    by_alias = clustval.select_k(X, range(2, 5), "kmeans", indices=["CH", "silhouette", "kl"])
    by_name = clustval.select_k(X, range(2, 5), "kmeans", indices=["calinski_harabasz", "sil", "kl"])
    assert list(by_alias.best) == ["calinski_harabasz", "sil", "kl"] and by_alias.best == by_name.best
