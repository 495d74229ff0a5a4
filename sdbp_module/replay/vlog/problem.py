"""What the log interpretation could not read for sure."""

from __future__ import annotations

from sdbp_module.limits import MAX_PROBLEM_CHARS
from sdbp_module.records import record
from sdbp_module.replay.events import Where


@record
class Problem:
    """Something in the log that cannot be interpreted for sure: the checker reports it as
    ``cannot-check`` (``rules.checker.problem_finding``)."""

    where: Where
    message: str

    def __post_init__(self) -> None:
        """A message quoting a long log line is cut in the middle (``limits.MAX_PROBLEM_CHARS``): a report
        holds one finding per problem, and a log line can be megabytes."""
        if len(self.message) > MAX_PROBLEM_CHARS:
            half = MAX_PROBLEM_CHARS // 2
            cut = f"{self.message[:half]} … {self.message[-half:]}"
            object.__setattr__(self, "message", cut)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"
