"""clustval's version, written once and importing nothing: the package (``clustval.__version__``),
the build (``pyproject.toml`` reads this file) and the command line's ``--version`` read it here."""

__version__ = "0.1.0"
