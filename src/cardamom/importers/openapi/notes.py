"""What an import reports per operation: a skip or a conversion with a loss."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OperationNote:
    """One operation that was skipped, or converted with a loss; ``message`` says why."""

    operation_id: str | None
    method: str
    path: str
    message: str
    kind: str = ""
    """A short code for grouping: method, server, path, ref, raw-body, invalid (skips); form-body,
    wrapped-body, shadowed, cookie, parameter, reserved-expansion (warnings)."""

    def __str__(self) -> str:
        name = f" ({self.operation_id})" if self.operation_id else ""
        return f"{self.method} {self.path}{name}: {self.message}"


class Skip(Exception):
    """This operation cannot become a tool."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
