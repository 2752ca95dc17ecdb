"""Tests of reading and writing files: the files the command line reads, its input limits, the writers."""
