"""What ran, asked as the runs it left (``past_runs``): "which github workflows *ran* yesterday in
acme/api", "what *ran* in the last hour for intercom data connector 55".

What ran is the record of its runs, which names say as "runs" (GitHub's
``actions_list_workflow_runs_for_repo``, Xero's ``get_pay_runs``; Intercom's connector
``execution_results`` by the synonym). Read as written, "ran" is a word no tool says, the
request's rarest: it found nothing, or a tool of its other words (``dependency_graph_diff_range``
for the workflows). It is read as "runs"; a name ("assign the task to *Ran*") or a quoted "ran" is
a value and stays.
"""

from __future__ import annotations

_PAST = "ran"
_RUNS = "runs"


def ran_as_runs(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """``tokens`` with "ran" read as "runs"."""
    return tuple(_RUNS if token == _PAST else token for token in tokens) if _PAST in tokens else tokens
