"""Tests of clustval.indices: one file per module, and the registry-driven checks."""
