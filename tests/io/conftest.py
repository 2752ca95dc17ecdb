"""The label and data files of the command line's tests (tests/test_cli.py), for the readers' tests."""

from tests.test_cli import files  # noqa: F401 (a fixture: the files a user passes to `clustval score`)
