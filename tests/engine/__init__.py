"""Tests of clustval._engine, the private numeric engine."""
