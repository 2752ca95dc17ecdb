"""R's random numbers under their former name: :mod:`clustval.r_random` holds them (below the
indices, whose gap statistic draws R's reference data too); this name stays for old imports."""

from ..r_random import RStream

__all__ = ["RStream"]
