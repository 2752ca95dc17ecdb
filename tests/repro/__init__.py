"""Tests of clustval.repro and the Snakemake workflow."""
