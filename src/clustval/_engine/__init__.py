"""The numeric engine under the indices and the clusterers: input validation, exact
distances in tiles bounded by a memory budget, the compiled kernels and their lazy loading,
the passes over all pairs, near neighbours and progress reports. Private: its interface is
what the indices and the clusterers need, not what users call."""
