"""The indices' options: each declared once, beside its index, under one name everywhere.

An option is a choice an index leaves to its user (S2's matching, XB's separation, DB's
exponents). It is declared once, as an :class:`IndexOption` next to its index's core
(``XB_SEPARATION`` in :mod:`clustval.indices.classic`), and named in the index's registry
entry (:attr:`clustval.indices.registry.IndexSpec.options`); the registry collects every
entry's options in :data:`clustval.indices.registry.OPTIONS`, and every entry point reads
them there, under the option's ``name``:

- a keyword of :func:`clustval.score`, :func:`clustval.external_scores`,
  :func:`clustval.external_scores_from_table`, :func:`clustval.internal_scores`,
  :func:`clustval.select_k` and :mod:`clustval.dask`'s functions, checked by
  :meth:`IndexOption.check` (an unknown name is one line of InputError);
- a flag of the command line, ``--name-with-dashes``, whose help is the description;
- a key of the pipeline's config, ``indices.<name>``, whose schema the declaration gives
  (:meth:`IndexOption.schema`);
- a row of the documentation's table of options, and the Parameters entry of its index's
  function and core (:mod:`clustval.indices._docs` writes it from the declaration).

The core receives the value under its own keyword (:attr:`IndexOption.keyword`: S2's core
takes ``matching``, passed ``s2_matching``), and checks it with the same declaration.

Examples
--------
>>> option = choice("xb_separation", "separation", ("centroids", "closest_pair"), "XB's separation")
>>> option.default, option.flag, option.check("closest_pair")
('centroids', '--xb-separation', 'closest_pair')
>>> option.check("farthest")
Traceback (most recent call last):
...
clustval.errors.InputError: xb_separation = 'farthest'; use one of 'centroids', 'closest_pair'
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

import numpy as np

from .._engine.docs import with_parameters
from ..errors import InputError
from ._docs import INDEX_LABEL

__all__ = ["IndexOption", "choice", "count", "flag", "number", "seed", "text"]

Kind = Literal["choice", "count", "flag", "number", "seed", "text"]


@dataclass(frozen=True)
class IndexOption:
    """One option of one or more indices: its name everywhere, its core's keyword, its
    default, the values it takes and what it means.

    Build one with :func:`choice`, :func:`count`, :func:`flag`, :func:`number`, :func:`seed`
    or :func:`text`.

    Examples
    --------
    >>> q = number("db_q", "q", 1, "DB's spread exponent", minimum=1)
    >>> q.check(2), q.values_text, q.schema()
    (2.0, 'float >= 1', {'type': 'number', 'minimum': 1})
    """

    name: str  # the keyword of score() & co., the CLI's --name-with-dashes, the config's indices.<name>
    keyword: str  # the core's keyword it is passed as
    default: object
    description: str  # one line; `code` in backquotes (the CLI's help drops them)
    kind: Kind = "choice"
    values: tuple = ()  # a choice's values, the default first
    minimum: float | None = None  # a number's or a count's least value
    infinite: bool = False  # a number may be inf
    pattern: str | None = None  # a text's form, a regular expression it matches whole
    form: str = ""  # a text's form as the docs and errors say it
    # a choice's values with which its index takes no sample_weight (those of an index whose
    # entry takes weights: IndexSpec.weights), each refused in one line
    unweighted: tuple = ()

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name != self.name.lower():
            raise InputError(f"option {self.name!r}: a name is a lower-case Python identifier.")
        if "\n" in self.description:
            raise InputError(f"option {self.name!r}: the description is one line.")
        self.check(self.default)
        if self.default in self.unweighted or not set(self.unweighted) <= set(self.values):
            raise InputError(f"option {self.name!r}: unweighted names values of the choice other than its default.")

    @property
    def flag(self) -> str:
        """The command line's flag: ``--`` and the name with dashes."""
        return "--" + self.name.replace("_", "-")

    @property
    def annotation(self) -> object:
        """The option's type, as a signature shows it."""
        return {"choice": Literal[self.values], "count": int, "flag": bool, "number": float, "seed": int | None,
                "text": str}[self.kind]  # fmt: skip

    @property
    def values_text(self) -> str:
        """What the option takes, as the docs and errors say it."""
        if self.kind == "choice":
            return "{" + ", ".join(f'"{value}"' for value in self.values) + "}"
        if self.kind == "flag":
            return "bool"
        if self.kind == "seed":
            return "int >= 0 or None"
        if self.kind == "count":
            return f"int >= {self.minimum:g}"
        if self.kind == "text":
            return f"str, {self.form}"
        return f"float >= {self.minimum:g}" + (" (inf allowed)" if self.infinite else "")

    @property
    def default_text(self) -> str:
        """The default as the docs write it (``"centroids"``, ``1``, ``False``)."""
        return f'"{self.default}"' if isinstance(self.default, str) else repr(self.default)

    def check(self, value):
        """``value`` if this option takes it (a number as a float), else one line of error.

        Parameters
        ----------
        value : object
            The value given.

        Returns
        -------
        object
            The value, a number as a float and a flag as a bool.

        Raises
        ------
        clustval.errors.InputError
            A value the option does not take, named with the option.

        Examples
        --------
        >>> seed("cp_seed", "seed", "a seed").check(-1)
        Traceback (most recent call last):
        ...
        clustval.errors.InputError: cp_seed = -1; use None or an integer >= 0 (numpy's seeds)
        """
        if self.kind == "choice":
            if isinstance(value, str) and value in self.values:
                return value
            raise InputError(f"{self.name} = {value!r}; use one of {', '.join(map(repr, self.values))}")
        if self.kind == "flag":
            if isinstance(value, (bool, np.bool_)):
                return bool(value)
            raise InputError(f"{self.name} = {value!r}; use True or False")
        if self.kind == "seed":
            if value is None or (isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value >= 0):
                return value
            raise InputError(f"{self.name} = {value!r}; use None or an integer >= 0 (numpy's seeds)")
        if self.kind == "count":
            if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value >= self.minimum:
                return int(value)
            raise InputError(f"{self.name} = {value!r}; use an integer >= {self.minimum:g}")
        if self.kind == "text":
            if isinstance(value, str) and re.fullmatch(self.pattern, value):
                return value
            raise InputError(f"{self.name} = {value!r}; use {self.form}")
        if (isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))
                and not math.isnan(value) and value >= self.minimum and (self.infinite or not math.isinf(value))):
            return float(value)
        raise InputError(f"{self.name} = {value!r}; use a number of at least {self.minimum:g}"
                         + (", or inf" if self.infinite else ""))

    @with_parameters({"index": INDEX_LABEL})
    def refuse_weights(self, value, index: str) -> None:
        """One line of InputError when ``index`` takes no ``sample_weight`` with this option at
        ``value`` (:attr:`unweighted`).

        Parameters
        ----------
        value : object
            The option's value, checked.

        Raises
        ------
        clustval.errors.InputError
            ``value`` is one of :attr:`unweighted`.

        Examples
        --------
        >>> rule = choice("tree", "tree", ("distance", "matlab"), "a tree", unweighted=("matlab",))
        >>> rule.refuse_weights("distance", "DBCV")
        >>> rule.refuse_weights("matlab", "DBCV")
        Traceback (most recent call last):
        ...
        clustval.errors.InputError: DBCV takes no sample_weight with tree = 'matlab' (only with 'distance'): leave the weights out, or choose another tree.
        """
        if value in self.unweighted:
            weighed = ", ".join(repr(v) for v in self.values if v not in self.unweighted)
            raise InputError(f"{index} takes no sample_weight with {self.name} = {value!r} (only with {weighed}): "
                             f"leave the weights out, or choose another {self.name}.")  # fmt: skip

    def parse(self, text: str):
        """The value of the command line's text ``text`` (a number or a seed), checked.

        Examples
        --------
        >>> number("db_p", "minkowski", 2, "DB's p", minimum=1, infinite=True).parse("inf")
        inf
        """
        try:
            value = text if self.kind == "text" else int(text) if self.kind in ("seed", "count") else float(text)
        except ValueError:
            value = text
        return self.check(value)

    def schema(self) -> dict:
        """The JSON schema of the config key ``indices.<name>``.

        Examples
        --------
        >>> choice("s2_matching", "matching", ("hungarian", "identity"), "S2's matching").schema()
        {'type': 'string', 'enum': ['hungarian', 'identity']}
        """
        if self.kind == "choice":
            return {"type": "string", "enum": list(self.values)}
        if self.kind == "flag":
            return {"type": "boolean"}
        if self.kind == "seed":
            return {"type": "integer", "minimum": 0}
        if self.kind == "count":
            return {"type": "integer", "minimum": self.minimum}
        if self.kind == "text":
            return {"type": "string", "pattern": f"^({self.pattern})$"}
        return {"type": "number", "minimum": self.minimum}


def choice(name: str, keyword: str, values: tuple[str, ...], description: str, *,
           unweighted: tuple[str, ...] = ()) -> IndexOption:  # fmt: skip
    """An option that takes one of ``values``, the first by default (``unweighted``: those with
    which its index takes no ``sample_weight``).

    Examples
    --------
    >>> choice("sil_average", "average", ("objects", "clusters"), "Sil's mean").default
    'objects'
    """
    return IndexOption(name, keyword, values[0], description, "choice", tuple(values), unweighted=tuple(unweighted))


def flag(name: str, keyword: str, description: str) -> IndexOption:
    """An option that is True or False, False by default.

    Examples
    --------
    >>> flag("stdi_squared", "squared", "STDI's norms squared").check(True)
    True
    """
    return IndexOption(name, keyword, False, description, "flag")


def number(name: str, keyword: str, default: float, description: str, *, minimum: float,
           infinite: bool = False) -> IndexOption:  # fmt: skip
    """An option that takes a number of at least ``minimum`` (``inf`` too if ``infinite``).

    Examples
    --------
    >>> number("db_q", "q", 1, "DB's q", minimum=1).check(1)
    1.0
    """
    return IndexOption(name, keyword, default, description, "number", minimum=minimum, infinite=infinite)


def count(name: str, keyword: str, default: int, description: str, *, minimum: int) -> IndexOption:
    """An option that takes a whole number of at least ``minimum``.

    Examples
    --------
    >>> count("dunnowa_m", "M", 25, "neighbours", minimum=1).check(5)
    5
    """
    return IndexOption(name, keyword, default, description, "count", minimum=minimum)


def text(name: str, keyword: str, default: str, description: str, *, pattern: str, form: str) -> IndexOption:
    """An option that takes a string of the form ``pattern`` (a regular expression it must
    match whole), which ``form`` says in words.

    Examples
    --------
    >>> owa = text("owa", "numerator", "Min", "an OWA", pattern=r"Min|Max", form='"Min" or "Max"')
    >>> owa.check("Max"), owa.schema()
    ('Max', {'type': 'string', 'pattern': '^(Min|Max)$'})
    """
    return IndexOption(name, keyword, default, description, "text", pattern=pattern, form=form)


def seed(name: str, keyword: str, description: str, default: int | None = 1) -> IndexOption:
    """An option that seeds a random draw: an integer >= 0, or None (unseeded).

    Examples
    --------
    >>> seed("cp_seed", "seed", "a seed").default
    1
    """
    return IndexOption(name, keyword, default, description, "seed")
