"""Tests of choosing K: select_k, the gap statistic, stability and the neighbouring-partition rules."""
