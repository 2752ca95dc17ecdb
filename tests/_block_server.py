"""Runs documentation blocks one after another in this one interpreter, each as a script of
its own: ``runpy.run_path(path, run_name="__main__")``, so its own globals (an undefined name
or a missing import still fails), its folder the working directory, its output swallowed.

tests/test_docs.py writes a block's path on a line of standard input and reads one JSON line
back, ``{"error": null}`` or the traceback. One interpreter serves every block of a test
process, so a block does not pay again for starting Python and importing numpy, scikit-learn
and clustval (a second each, more than most blocks' own work). The environment, the working
directory, ``sys.argv``, the warning filters and matplotlib's open figures are put back after
each block.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import runpy
import sys
import traceback
import warnings


def run(path: str) -> str | None:
    """The block at ``path`` run as ``__main__``: None, or what went wrong."""
    env, cwd, argv = dict(os.environ), os.getcwd(), sys.argv[:]
    try:
        os.chdir(os.path.dirname(path))
        sys.argv = [path]
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()):  # fmt: skip
            runpy.run_path(path, run_name="__main__")
    except SystemExit as stop:
        return None if stop.code in (None, 0) else f"SystemExit({stop.code!r})"
    except BaseException:
        return traceback.format_exc()
    finally:
        os.chdir(cwd)
        sys.argv = argv
        os.environ.clear()
        os.environ.update(env)
        if "matplotlib.pyplot" in sys.modules:
            sys.modules["matplotlib.pyplot"].close("all")
    return None


def main() -> None:
    reply = sys.stdout
    for line in sys.stdin:
        reply.write(json.dumps({"error": run(line.rstrip("\n"))}) + "\n")
        reply.flush()


if __name__ == "__main__":
    main()
