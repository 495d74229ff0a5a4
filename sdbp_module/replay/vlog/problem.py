"""What the log interpretation could not read for sure."""

from __future__ import annotations

from dataclasses import dataclass

from sdbp_module.replay.events import Where


@dataclass(frozen=True, slots=True)
class Problem:
    """Something in the log that cannot be interpreted for sure: the checker reports it as
    ``cannot-check`` (``rules.checker.problem_finding``)."""

    where: Where
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"
