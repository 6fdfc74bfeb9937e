"""A workflow started by hand (``started_workflows``): "*trigger* the deploy *workflow* in github
acme/api", "*run* the release workflow manually", "*kick off* a github actions run of ci.yml".

An app whose workflows run on events starts one by hand through a dispatch (GitHub's
``actions_create_workflow_dispatch``, "manually trigger a GitHub Actions workflow run"). Read
as written, the verb found the tools acting on runs that exist (``actions_re_run_workflow``,
``actions_get_pending_deployments_for_run``) and the workflow's own name ("deploy") its
namesakes. The request is read as the dispatch, the workflow's name quoted as the value it is.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from cardamom.core.search.index import SearchIndex
from cardamom.core.search.postings import EMPTY, own_name_words

_STARTED = re.compile(
    r"^(?:manually\s+)?(?P<verb>trigger|run|start|kick\s+off|launch|execute|fire\s+off|fire|dispatch"
    r"|triggering|running|starting|kicking\s+off|launching|executing|dispatching)\s+"
    r"(?:(?:the|a|an|our|my|new|another)\s+)*(?P<name>(?:[\w.-]+\s+){0,2}?)"
    r"(?P<kind>(?:actions?\s+)?(?:workflow(?:\s+run)?|run)|pipeline|action)\b(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
_BARE = {"triggering": "trigger", "running": "run", "starting": "start", "kicking": "kick", "launching": "launch"}
_BARE |= {"executing": "execute", "dispatching": "dispatch"}
_MANUALLY = re.compile(r"\s+(?:manually|by\s+hand|on\s+demand|now)\b", re.IGNORECASE)


def started_workflow(index: SearchIndex, request: str, tools: frozenset[int], apps: Collection[str]) -> str:
    """``request`` starting a workflow ("trigger the deploy workflow in github acme/api") as its
    dispatch ('dispatch workflow "deploy" in github acme/api'), where a name of ``tools``
    dispatches a workflow and none starts one with the request's verb (a re-run is none);
    ``request`` as written otherwise. ``apps``: the words naming the request's apps, which stay
    words ("kick off a *github* actions run")."""
    found = _STARTED.match(request.strip())
    if found is None:
        return request
    names = index.name_postings
    dispatching = names.get("dispatch", EMPTY) & names.get("workflow", EMPTY) & tools
    if not dispatching:
        return request
    written = found.group("verb").split()[0].casefold()
    verb = _BARE.get(written, written)  # ("triggering the deploy workflow": "trigger")
    if any(_starts(own_name_words(index.documents[d].name), verb) for d in names.get(verb, EMPTY) & tools):
        return request  # the app's names start a workflow in the request's word ("execute_workflow")
    words = found.group("name").split()
    said = " ".join(w for w in words if w.casefold() in apps)
    named = " ".join(w for w in words if w.casefold() not in apps)
    rest = _MANUALLY.sub("", found.group("rest"))
    value = f' "{named}"' if named else ""
    return f"dispatch workflow{value}{' in ' + said if said else ''}{rest}"


def _starts(words: list[str], verb: str) -> bool:
    """A name's words start a workflow with ``verb``: the verb, not again ("re_run"), then "workflow"."""
    return any(
        w == verb and (i == 0 or words[i - 1] != "re") and "workflow" in words[i + 1 :] for i, w in enumerate(words)
    )
