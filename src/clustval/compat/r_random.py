"""R's default random numbers: ``set.seed``, ``runif`` and ``sample.int``, draw for draw.

NbClust 3.0.1 seeds R's generator itself (``set.seed(1)`` before its Gap reference data),
so its values are reproducible outside R once the same stream is. R's default generator is
the Mersenne Twister (Matsumoto & Nishimura 1998), numpy's ``MT19937`` too; only the seeding
and the conversions are R's own:

* ``set.seed(s)`` scrambles the integer seed by 50 steps of the linear congruential map
  ``s <- 69069 s + 1`` (mod 2^32), then fills the 624 words of the twister's state by 624
  more steps (after one step whose word is the position, which R then resets to 624, so the
  first draw regenerates the whole state);
* ``unif_rand()`` is the tempered 32-bit word times 2.3283064365386963e-10 (2^-32), kept
  strictly inside (0, 1);
* ``runif(n, a, b)`` is ``a + (b - a) u`` per draw;
* ``sample.int(n, size)`` (R >= 3.6.0's default ``sample.kind = "Rejection"``) draws each
  index by rejection among integers of ``ceil(log2(m))`` bits, made of 16-bit pieces
  ``floor(65536 u)``, from the m indices not yet drawn, the last one moving into the drawn
  one's place.

Checked against R 4.2 (``tests/compat/test_r_stats.py``, values in ``tests/fixtures/r``).

Examples
--------
>>> stream = RStream(1)  # set.seed(1)
>>> stream.runif(3).round(7).tolist()  # runif(3)
[0.2655087, 0.3721239, 0.5728534]
>>> RStream(1).sample_int(10, 3)  # set.seed(1); sample.int(10, 3)
[9, 4, 7]
"""

from __future__ import annotations

import math

import numpy as np

from .._engine.docs import with_parameters
from ..errors import InputError

_LCG_MULTIPLIER = 69069
_MT_WORDS = 624
_TWO_TO_MINUS_32 = 2.3283064365386963e-10  # R's MT_genrand scale
_FIXUP = 0.5 * 2.328306437080797e-10  # R's fixup: a draw of exactly 0 or 1 moves inside


# how many draws a method of the stream makes, written once
_draws = with_parameters({"n": "n : int\n    How many draws."})
#: R's seed, as the stream and R's kmeans take it
R_SEED = """seed : int
    R's seed, as ``set.seed`` takes it (an R integer: |seed| < 2^31)."""


@with_parameters({"seed": R_SEED})
class RStream:
    """R's Mersenne-Twister stream after ``set.seed(seed)``.

    Raises
    ------
    clustval.errors.InputError
        A seed that is not an R integer.

    Examples
    --------
    >>> RStream(42).unif_rand(2).round(6).tolist()  # set.seed(42); runif(2)
    [0.914806, 0.937075]
    """

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not -(2**31) < seed < 2**31:
            raise InputError(f"an R seed is an integer of absolute value below 2^31, got {seed!r}.")
        state = int(seed) & 0xFFFFFFFF
        for _ in range(50):  # set.seed's initial scrambling
            state = (_LCG_MULTIPLIER * state + 1) & 0xFFFFFFFF
        words = []
        for _ in range(1 + _MT_WORDS):  # the first word is the position, reset to 624 below
            state = (_LCG_MULTIPLIER * state + 1) & 0xFFFFFFFF
            words.append(state)
        self._twister = np.random.MT19937()
        self._twister.state = {
            "bit_generator": "MT19937",
            "state": {"key": np.array(words[1:], dtype=np.uint32), "pos": _MT_WORDS},
        }

    @_draws
    def unif_rand(self, n: int) -> np.ndarray:
        """The next ``n`` draws of R's ``unif_rand()``, in (0, 1).

        Returns
        -------
        numpy.ndarray of float64
            The draws, in order.

        Examples
        --------
        >>> RStream(1).unif_rand(1).tolist()
        [0.2655086631421]
        """
        u = self._twister.random_raw(int(n)).astype(np.float64) * _TWO_TO_MINUS_32
        return np.clip(u, _FIXUP, 1.0 - _FIXUP)

    @_draws
    def runif(self, n: int, low: float = 0.0, high: float = 1.0) -> np.ndarray:
        """R's ``runif(n, min = low, max = high)``.

        Parameters
        ----------
        low, high : float
            The interval (``low == high`` gives ``low`` and draws nothing, as R does).

        Returns
        -------
        numpy.ndarray of float64
            ``low + (high - low) u`` for each draw u.

        Raises
        ------
        clustval.errors.InputError
            ``high < low`` or a bound that is not finite (R gives NaN).

        Examples
        --------
        >>> RStream(1).runif(2, 10, 20).round(5).tolist()  # set.seed(1); runif(2, 10, 20)
        [12.65509, 13.72124]
        """
        if not (math.isfinite(low) and math.isfinite(high) and low <= high):
            raise InputError(f"runif needs finite bounds with min <= max, got {low!r} and {high!r}.")
        if low == high:
            return np.full(int(n), float(low))
        return low + (high - low) * self.unif_rand(n)

    def _unif_index(self, m: int) -> int:
        """R_unif_index(m): an integer in 0..m-1 by rejection among ceil(log2 m)-bit integers."""
        if m <= 0:
            return 0
        bits = math.ceil(math.log2(m))
        while True:
            v = 0
            for _ in range(0, bits + 1, 16):  # 16-bit pieces, one more than R needs when 16 | bits
                v = 65536 * v + math.floor(self.unif_rand(1)[0] * 65536)
            v &= (1 << bits) - 1
            if v < m:
                return v

    def sample_int(self, n: int, size: int) -> list[int]:
        """R's ``sample.int(n, size)``: ``size`` distinct integers of 1..n, without replacement.

        Parameters
        ----------
        n : int
            The population 1..n.
        size : int
            How many to draw, at most n.

        Returns
        -------
        list of int
            The draws (1-based, as R gives them), in order.

        Raises
        ------
        clustval.errors.InputError
            ``size`` outside 0..n.

        Examples
        --------
        >>> RStream(2).sample_int(5, 5)  # set.seed(2); sample.int(5)
        [5, 3, 2, 4, 1]
        """
        if not 0 <= size <= n:
            raise InputError(f"cannot take a sample of {size} from 1..{n} without replacement.")
        pool = list(range(n))
        drawn = []
        for _ in range(size):
            j = self._unif_index(len(pool))
            drawn.append(pool[j] + 1)
            pool[j] = pool[-1]
            pool.pop()
        return drawn
