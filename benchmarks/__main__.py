"""``python -m benchmarks [--quick]``: see :mod:`benchmarks.run`."""

from .run import main

main()
