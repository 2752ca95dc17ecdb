"""Tests of clustval.datasets, the bundled UCI sets and their loaders."""
