"""The twelve UCI data sets of Table 5 of Xie, Zhou, Wang, Jiang (2017), shipped with clustval.

The raw files are the original UCI Machine Learning Repository files, byte for byte, each
verified against its SHA-256 on every load (``uci/README.md`` gives each set's citation,
licence and history; ``uci/catalog.json`` how each file is parsed and what it must hold).
No network and no configuration are needed::

    >>> from clustval.datasets import list_uci, load_uci
    >>> list_uci()[:4]
    ['iris', 'seeds', 'segmentation', 'soybean']
    >>> iris = load_uci("iris")
    >>> iris.data.shape, iris.target_names
    ((150, 4), ('Iris-setosa', 'Iris-versicolor', 'Iris-virginica'))
    >>> X, y = load_uci("wine", preprocessing="minmax", return_X_y=True)
    >>> float(X.min()), float(X.max()), [int(c) for c in np.bincount(y)]
    (0.0, 1.0, [59, 71, 48])

Class codes ``target`` are 0..C-1 in the order Table 5 lists the classes, and
``target_names[code]`` is the class label of the file.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._engine.docs import with_parameters
from ..errors import DataError, shown
from .catalog import uci_catalog
from .fetch import FetchOptions
from .uci import UCI_NAME, load_uci_dataset

__all__ = ["UCIData", "list_uci", "load_uci"]

UCI_LICENCE = "CC BY 4.0 (UCI Machine Learning Repository)"
UCI_CITATION = (
    "Dua, D. and Graff, C. (2019). UCI Machine Learning Repository. Irvine, CA: University of "
    "California, School of Information and Computer Science."
)


@dataclass(frozen=True, eq=False)
class UCIData:
    """One UCI set, scikit-learn style (like the Bunch of ``sklearn.datasets.load_iris``).

    Attributes
    ----------
    data : ndarray of float64, shape (n, d)
        Features (read-only), scaled as ``preprocessing`` says.
    target : ndarray of int64, shape (n,)
        Class codes 0..C-1 (read-only).
    feature_names, target_names : tuple of str
        Column names; original class labels in code order.
    name, title : str
        Catalog key (``iris``) and the name Table 5 prints.
    file, sha256 : str
        The raw UCI file and its verified SHA-256.
    citation, licence : str
        The data set's source (its donors) and the UCI repository's licence.
    preprocessing : str
        ``none``, ``minmax`` or ``zscore``.

    Examples
    --------
    >>> iris = load_uci("iris")
    >>> iris.data.shape, iris.target_names
    ((150, 4), ('Iris-setosa', 'Iris-versicolor', 'Iris-virginica'))
    """

    data: np.ndarray
    target: np.ndarray
    feature_names: tuple[str, ...]
    target_names: tuple[str, ...]
    name: str
    title: str
    file: str
    sha256: str
    citation: str
    licence: str
    preprocessing: str

    @property
    def DESCR(self) -> str:  # noqa: N802 (scikit-learn's name)
        """A short description: size, classes, file, checksum and how to cite it.

        Examples
        --------
        >>> print(load_uci("iris").DESCR.splitlines()[1])
        150 objects, 4 features, 3 classes (Iris-setosa: 50, Iris-versicolor: 50, Iris-virginica: 50); preprocessing: none.
        """
        sizes = ", ".join(
            f"{label}: {count}"
            for label, count in zip(self.target_names, np.bincount(self.target), strict=True)
        )
        return (
            f"{self.title} (UCI Machine Learning Repository, file {self.file}, sha256 "
            f"{self.sha256})\n{self.data.shape[0]} objects, {self.data.shape[1]} features, "
            f"{len(self.target_names)} classes ({sizes}); preprocessing: {self.preprocessing}.\n"
            f"Source: {self.citation}\nRepository: {UCI_CITATION} Licence: {self.licence}."
        )


def list_uci() -> list[str]:
    """Names of the bundled UCI sets, in Table 5's order.

    Returns
    -------
    list of str
        The twelve names, in Table 5's order.

    See Also
    --------
    load_uci : load one of them.

    Examples
    --------
    >>> print(", ".join(list_uci()))
    iris, seeds, segmentation, soybean, wine, wdbc, bupa, pima, balance, new_thyroid, ionosphere, haberman
    """
    return list(uci_catalog())


@with_parameters({"name": UCI_NAME})
def load_uci(
    name: str, *, preprocessing: str | None = None, return_X_y: bool = False
) -> UCIData | tuple[np.ndarray, np.ndarray]:
    """Load a bundled UCI set, verified against its SHA-256 and its class counts.

    Parameters
    ----------
    preprocessing : {None, 'none', 'minmax', 'zscore'}
        Feature scaling; None or ``none`` keeps the file's values (the reproduction of
        Xie et al. 2017 uses ``minmax``).
    return_X_y : bool
        Return ``(data, target)`` instead of a :class:`UCIData`.

    Returns
    -------
    UCIData or tuple of ndarray
        The set (``.data``, ``.target``, ``.feature_names``, ``.target_names``, ``.DESCR``),
        or ``(data, target)`` with ``return_X_y=True``.

    Raises
    ------
    clustval.errors.DataError
        Unknown name, or a bundled file that fails its checksum (a damaged installation).

    See Also
    --------
    list_uci : the names.

    References
    ----------
    Dua D., Graff C., UCI Machine Learning Repository, University of California, Irvine,
    2019 (CC BY 4.0); each set's own source is in its ``.DESCR``.

    Examples
    --------
    >>> iris = load_uci("iris")
    >>> iris.data.shape, iris.target_names[0], iris.citation[:15]
    ((150, 4), 'Iris-setosa', 'Fisher, R. A. (')
    >>> X, y = load_uci("wdbc", preprocessing="minmax", return_X_y=True)
    >>> X.shape, np.bincount(y).tolist(), float(X.max())
    ((569, 30), [357, 212], 1.0)
    """
    catalog = uci_catalog()
    known = {key.lower(): key for key in catalog}  # "Iris" is iris
    if not isinstance(name, str) or name.strip().lower() not in known:
        raise DataError(f"unknown UCI set {shown(name)}; known sets: {', '.join(catalog)}.")
    name = known[name.strip().lower()]
    spec = catalog[name]
    ds = load_uci_dataset(name, spec, FetchOptions(sources=("bundled",)), preprocessing or "none")
    data, target = ds.X, ds.y
    data.flags.writeable = target.flags.writeable = False
    if return_X_y:
        return data, target
    return UCIData(
        data=data,
        target=target,
        feature_names=tuple(ds.feature_names),
        target_names=tuple(ds.class_names),
        name=name,
        title=spec.title,
        file=spec.file,
        sha256=spec.sha256,
        citation=spec.citation or "",
        licence=UCI_LICENCE,
        preprocessing=ds.meta["preprocessing"],
    )
