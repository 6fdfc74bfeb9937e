"""What search reads of one tool (``SearchDocument``), built from a pool tool by ``search_text``."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class SearchDocument:
    """What search reads of one tool: its advertised name and its tokenised fields. ``label``
    (the connector label) and ``accounts`` name the app for scoping; the index keeps what it
    derives from them, so a decoded document need not carry them."""

    name: str
    name_tokens: frozenset[str]
    label_tokens: frozenset[str]
    description_tokens: frozenset[str]
    label: str = field(default="", compare=False)
    accounts: tuple[str, ...] = field(default=(), compare=False)
    # The words of its title, the short first sentence of its description (``title_order``).
    title: tuple[str, ...] = field(default=(), compare=False)
    # The things whose ids it takes (``parameter_things``): "team" for ``/teams/{team_gid}``.
    parameters: frozenset[str] = field(default=frozenset(), compare=False)
