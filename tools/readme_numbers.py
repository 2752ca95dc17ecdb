"""Run README command 2 (install, then the fast suite) and hold its numbers to the README's.

The README says how many tests command 2 runs, how long they take on 2 idle cores, their CPU
time and their peak memory. This script runs the command as the README spells it (its first
bash block, second command: the part before the last ``&&`` installs, the last part runs
the tests), measures the test part (wall time, CPU time of every process it started, the
largest resident set of any of them, the count from pytest's closing line) and compares:

* the count and the peak memory must be within 25% of the README's (they do not depend on
  the machine's speed);
* the wall and CPU times are printed beside the README's, with a warning past 25% and a
  failure past 2x: this is a shared virtual machine whose speed swings by up to 2x from
  hour to hour, so a tighter bound would fail runs that changed nothing.

Exit status: the command's own if it failed, else 1 if a number is off, else 0.
Usage (from the repository root):  python3 tools/readme_numbers.py
"""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import time
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
CLOSE, FAR = 0.25, 2.0  # the bounds above: relative difference, ratio


def command_2(readme: str) -> tuple[str, str]:
    """(install, tests): README command 2 cut before its last ``&&``."""
    block = re.search(r"```bash\n(.*?)```", readme, re.S).group(1)
    commands = [line.strip() for line in block.splitlines() if line.strip() and not line.strip().startswith("#")]
    install, tests = commands[1].rsplit("&&", 1)
    return install.strip(), tests.strip()


def stated(readme: str) -> dict[str, float]:
    """The README's numbers for command 2 (the sentence that starts "Command 2 runs")."""
    sentence = readme[readme.index("Command 2 runs") :].split("\n\n", 1)[0].replace("\n", " ")
    patterns = {
        "tests": r"about ([\d,]+) tests",
        "wall_s": r"in ([\d.]+) min on 2 idle cores",
        "cpu_s": r"([\d,]+) s of CPU",
        "peak_gb": r"peak memory ([\d.]+) GB",
    }
    numbers = {}
    for key, pattern in patterns.items():
        found = re.search(pattern, sentence)
        if not found:
            sys.exit(f"readme_numbers: the README's sentence on command 2 does not say {pattern!r}")
        numbers[key] = float(found.group(1).replace(",", ""))
    numbers["wall_s"] *= 60
    return numbers


def run(command: str) -> tuple[int, str, dict[str, float]]:
    """Run command in bash, passing its output through; its status, output and measures."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    process = subprocess.Popen(["bash", "-c", command], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               cwd=README.parent)
    output = []
    for line in process.stdout:
        sys.stdout.write(line)
        output.append(line)
    status = process.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of the children: the largest resident set of any process waited for (KiB)
    measured = {"wall_s": time.monotonic() - start, "cpu_s": cpu, "peak_gb": after.ru_maxrss / 2**20}
    return status, "".join(output), measured


def passed_count(output: str) -> int:
    """The tests pytest counted as passed, from its closing line."""
    found = re.findall(r"(\d+) passed", output)
    return int(found[-1]) if found else 0


def compare(measured: dict[str, float], readme: dict[str, float]) -> list[str]:
    """The failures; prints every number beside the README's."""
    failures = []
    for key, strict in (("tests", True), ("peak_gb", True), ("wall_s", False), ("cpu_s", False)):
        got, want = measured[key], readme[key]
        ratio = got / want if want else float("inf")
        line = f"readme_numbers: {key} measured {got:,.2f}, README {want:,.2f} ({ratio:.2f}x)"
        if strict and abs(ratio - 1) > CLOSE:
            failures.append(f"{line}: more than {CLOSE:.0%} off")
        elif not strict and not 1 / FAR <= ratio <= FAR:
            failures.append(f"{line}: more than {FAR:g}x off")
        elif abs(ratio - 1) > CLOSE:
            print(f"{line}: WARNING, more than {CLOSE:.0%} off (a busy or slow machine?)")
        else:
            print(line)
    return failures


def main() -> int:
    readme = README.read_text(encoding="utf-8")
    install, tests = command_2(readme)
    numbers = stated(readme)
    start = time.monotonic()
    status = subprocess.call(["bash", "-c", install], cwd=README.parent)  # the README's commands run from the root
    print(f"readme_numbers: the install took {time.monotonic() - start:.0f} s")
    if status:
        return status
    status, output, measured = run(tests)
    if status:
        return status
    measured["tests"] = passed_count(output)
    failures = compare(measured, numbers)
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
