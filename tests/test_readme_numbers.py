"""tools/readme_numbers.py: the README's numbers for command 2 are read, and held to."""

from __future__ import annotations

from tests.conftest import REPO, load_file

readme_numbers = load_file("tools/readme_numbers.py", "readme_numbers")


def test_the_readme_states_every_number_of_command_2():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    install, tests = readme_numbers.command_2(readme)
    assert install.endswith('pip install -q -e ".[pipeline,test]"') and tests == ".venv/bin/python -m pytest"
    numbers = readme_numbers.stated(readme)
    assert set(numbers) == {"tests", "wall_s", "cpu_s", "peak_gb"} and all(v > 0 for v in numbers.values())


def test_counts_and_memory_within_a_quarter_times_within_twice():
    readme = {"tests": 1000, "wall_s": 100, "cpu_s": 200, "peak_gb": 1.0}
    assert readme_numbers.compare(dict(readme), readme) == []
    slow = dict(readme, wall_s=190, cpu_s=110)  # a busy machine: warned, not failed
    assert readme_numbers.compare(slow, readme) == []
    off = [dict(readme, tests=1300), dict(readme, peak_gb=0.7), dict(readme, wall_s=201), dict(readme, cpu_s=99)]
    assert [len(readme_numbers.compare(m, readme)) for m in off] == [1, 1, 1, 1]


def test_the_count_is_read_from_pytests_closing_line():
    output = "....\n======= 3345 passed, 3 skipped, 5 warnings in 312.44s (0:05:12) =======\n"
    assert readme_numbers.passed_count(output) == 3345
    assert readme_numbers.passed_count("no tests ran in 0.01s\n") == 0
