"""The collapse threshold: when ``tools/list`` lists a caller's connected tools one by one.

The seeds describe two systems. One never lists connected tools, however few: the model
finds them with ``search_tools`` and runs them with ``execute_tool``. The other lists them
until the caller's pool passes a configured threshold (30), then collapses them behind those
two meta-tools. The pool counts the control-plane operations the caller may run plus the
connected tools the caller may use; a tool withheld from the caller (restriction, scope,
role) is not in the pool, so it neither counts nor is listed.

An org chooses with ``collapse_threshold`` in its org file; without one it never lists them.
Control-plane operations are listed either way, and search works either way.
"""

from __future__ import annotations


def lists_connected_tools(threshold: int | None, pool_size: int) -> bool:
    """Whether a caller whose pool holds ``pool_size`` tools sees its connected tools listed."""
    return threshold is not None and pool_size <= threshold
