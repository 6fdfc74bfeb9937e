"""The reliability suite (issue #12): ``make reliability`` runs it in full, ``make test`` a reduced form.

Every test records what it measured (``figures.record``); the figures are printed at the end
of the run whatever the verbosity, so the counts the issue asks for are on screen.
"""

from __future__ import annotations

import pytest

from tests.reliability.figures import FIGURES, FULL


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not FIGURES:
        return
    terminalreporter.section(f"reliability figures ({'full' if FULL else 'reduced'} run)")
    for name, value in FIGURES.items():
        terminalreporter.write_line(f"{name}: {value}")
