"""Progress of long work: a bar on stderr while a call runs, when someone can see it.

The public entry points (:func:`clustval.score`, :func:`clustval.internal_scores`,
:func:`clustval.select_k`, :func:`clustval.dask.internal_scores`, the command line) open
:func:`reporting` with their ``progress=`` argument; code below them finds that reporter
with :func:`current`, without an argument threaded through every call, and counts its steps::

    with current().task("distance pass", total=n_blocks) as step:
        for block in blocks:
            step.doing(f"block {block}")  # optional: what runs now
            ...
            step.advance()

Tasks opened inside a task show on the same line, after it. ``progress=None`` (automatic)
draws only on a terminal and only once the call has run :data:`AUTO_DELAY_S`, so quick
calls print nothing; ``True`` draws at once on any stream; ``False`` never draws. With
nothing open, :func:`current` is a silent reporter whose tasks only count.

>>> import io
>>> reporter = Reporter(io.StringIO())
>>> with reporter.task("distance pass", total=4) as step:
...     step.advance(4)
>>> reporter.stream.getvalue().split("\\r")[-1]  # redrawn in place, its line ended
'[####################] distance pass 4/4  0:00, ETA 0:00\\n'
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import sys
import threading
import time
from collections.abc import Iterator
from typing import TextIO

from ..errors import InputError

#: Automatic progress draws only once a call has run this long, in seconds.
AUTO_DELAY_S = 1.5
#: At most this many redraws per second (also the rate the clock on the line moves at).
REDRAWS_PER_S = 10
_BAR_WIDTH = 20

_CURRENT: contextvars.ContextVar[Reporter | None] = contextvars.ContextVar("clustval_progress", default=None)


class Step:
    """One open task of a :class:`Reporter`: its label, the step under way and the count."""

    def __init__(self, reporter: Reporter, label: str, total: int) -> None:
        self.reporter, self.label, self.total = reporter, label, total
        self.done, self.detail, self.started = 0, "", time.monotonic()
        self.known = True  # False while the total is a guess too rough for an ETA ("?")

    def advance(self, k: int = 1) -> None:
        """Count ``k`` more steps done.

        Parameters
        ----------
        k : int, default 1
            How many.
        """
        self.done += k
        self.reporter.redraw()

    def doing(self, detail: str) -> None:
        """Name the step under way (an index, a K): the line shows it after the label.

        Parameters
        ----------
        detail : str
            What runs now.
        """
        self.detail = detail
        self.reporter.redraw()


class Reporter:
    """The tasks open in one call, drawn as one line on ``stream`` (None: silent).

    Parameters
    ----------
    stream : text stream or None
        Where the bar goes; None draws nothing.
    delay : float, default 0
        Seconds to wait, from the reporter's start, before the first draw.
    """

    def __init__(self, stream: TextIO | None = None, delay: float = 0.0) -> None:
        self.stream, self.delay, self.started = stream, delay, time.monotonic()
        self.tasks: list[Step] = []  # open, outermost first
        self.shown = False  # a line is drawn and not yet ended
        self._last = -1.0
        self._width = 0
        self._lock = threading.RLock()  # the clock thread draws too

    @contextlib.contextmanager
    def task(self, label: str, total: int) -> Iterator[Step]:
        """Open a task of ``total`` steps; the outermost one ends its line when it closes.

        Parameters
        ----------
        label : str
            What the task is ("indices", "sd_kmedoids").
        total : int
            How many steps it has.

        Yields
        ------
        Step
            Its count: :meth:`Step.advance`, :meth:`Step.doing`.
        """
        step = Step(self, label, total)
        if self.stream is None:
            yield step
            return
        with self._lock:
            self.tasks.append(step)
        try:
            yield step
        finally:
            with self._lock:
                if self.tasks[0] is step:  # the line's last state stays on screen
                    self.redraw(force=True)
                    self.end_line()
                self.tasks.remove(step)

    def redraw(self, force: bool = False) -> None:
        """Draw the line again in place, at most :data:`REDRAWS_PER_S` times a second.

        Parameters
        ----------
        force : bool, default False
            Draw even within the throttle's interval (not within the start's delay).
        """
        if self.stream is None:
            return
        with self._lock:
            now = time.monotonic()
            if not self.tasks or now - self.started < self.delay:
                return
            if not force and now - self._last < 1 / REDRAWS_PER_S:
                return
            self._last = now
            line = self.line(now, _columns(self.stream) - 1)  # a wrapped line cannot be redrawn
            self._write("\r" + line + " " * max(0, self._width - len(line)))
            self._width, self.shown = len(line), True

    def end_line(self) -> None:
        """End the drawn line, if any, so that what follows starts on a line of its own."""
        with self._lock:
            if self.shown:
                self._write("\n")
            self.shown, self._width = False, 0

    def line(self, now: float, width: int = 79) -> str:
        """The text of the bar at time ``now`` (``time.monotonic()``), at most ``width`` long.

        Parameters
        ----------
        now : float
            The time to show the elapsed time and the ETA at.
        width : int, default 79
            The longest line: the tasks' details go to fit it (the outer ones' first), then
            the labels are cut; the times are not.

        Returns
        -------
        str
            ``[####----] label done/total: detail > inner label done/total: detail  elapsed, ETA eta``.
        """
        outer = self.tasks[0]
        fraction = 0.0
        for step in reversed(self.tasks):  # an inner task's fraction moves its parent's bar
            fraction = min(1.0, (step.done + fraction) / step.total) if step.total > 0 else 0.0
        filled = round(fraction * _BAR_WIDTH)
        elapsed = now - outer.started
        # the ETA of the innermost task under way: its own steps are alike (the passes of one
        # computation), where the outer ones are not (an index of a few microseconds counts one
        # step, as does the one that starts an hour of passes)
        timed = next((step for step in reversed(self.tasks) if step.done < step.total), None)
        if timed is not None and not timed.known:
            eta = "?"
        elif timed is not None and timed.done > 0:
            eta = _clock((now - timed.started) * (timed.total - timed.done) / timed.done)
        else:
            eta = _clock(elapsed * (1 - fraction) / fraction) if fraction > 0 else "?"
        tail = f"  {_clock(elapsed)}, ETA {eta}"
        room = max(0, width - len(tail))
        bar = f"[{'#' * filled}{'-' * (_BAR_WIDTH - filled)}] "
        # too long for the line: the outer tasks' details go first, then the inner ones', so
        # that every task's label and count stay (the innermost is the one under way)
        for shown in range(len(self.tasks) + 1):  # the tasks from ``shown`` on keep their details
            heads = [f"{step.label} {step.done}/{step.total}" + (f": {step.detail}" if step.detail and at >= shown else "")
                     for at, step in enumerate(self.tasks)]  # fmt: skip
            head = bar + " > ".join(heads)
            if len(head) <= room:
                return head + tail
        return head[: max(0, room - 3)] + "..." + tail

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed or broken stderr stops the bar, not the work
            self.stream = None


_SILENT = Reporter()


def current() -> Reporter:
    """The reporter of the call under way (a silent one outside any :func:`reporting`).

    Returns
    -------
    Reporter
        Open tasks on it with :meth:`Reporter.task`.
    """
    return _CURRENT.get() or _SILENT


@contextlib.contextmanager
def reporting(progress: bool | None = None) -> Iterator[Reporter]:
    """Make a reporter the current one for the call inside; end its line however it ends.

    Parameters
    ----------
    progress : bool or None, default None
        True draws on stderr, False never; None (automatic) keeps the reporter of an
        enclosing call, else draws only when stderr is a terminal and once the call has run
        :data:`AUTO_DELAY_S`.

    Yields
    ------
    Reporter
        The current reporter.

    Raises
    ------
    clustval.errors.InputError
        ``progress`` is not True, False or None.
    """
    if progress is not None and not isinstance(progress, bool):
        raise InputError(f"progress must be True, False or None (automatic), got {progress!r}.")
    outer = _CURRENT.get()
    if progress is None and outer is not None:
        yield outer
        return
    stream = sys.stderr
    on = bool(progress) or (progress is None and _is_terminal(stream))
    reporter = Reporter(stream if on else None, delay=AUTO_DELAY_S if progress is None else 0.0)
    token = _CURRENT.set(reporter)
    stop = threading.Event()
    clock = threading.Thread(target=_tick, args=(reporter, stop), name="clustval-progress", daemon=True)
    if on:  # moves the elapsed time while one long step runs (the kernels release the GIL)
        clock.start()
    try:
        yield reporter
    finally:
        _CURRENT.reset(token)
        if on:
            stop.set()
            clock.join()
        reporter.end_line()


def _tick(reporter: Reporter, stop: threading.Event) -> None:
    while not stop.wait(1 / REDRAWS_PER_S):
        reporter.redraw()


def _is_terminal(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # a stream without isatty, or closed
        return False


def _columns(stream) -> int:
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):  # not a terminal: a captured or redirected stream
        columns = 0
    return columns or 80  # a terminal that does not tell its size says 0


def _clock(seconds: float) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour."""
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
