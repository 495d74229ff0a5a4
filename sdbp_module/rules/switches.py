"""Interpretation switches (a game's ambiguous readings) and the ``RuleSet`` value passed to every rule.

Generic part: ``SwitchSpec`` declares a switch (name, allowed values, default first), ``RuleSet``
holds the chosen values, ``parse_switches`` reads ``--switch NAME=VALUE`` options (unknown name or
value: ``InputError``, exit 2). A game's rules package declares its own switches.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from sdbp_module.errors import InputError
from sdbp_module.ids import Severity
from sdbp_module.records import record


@record
class SwitchSpec:
    """A switch a rules package offers: its name, its values (default first) and the ambiguity it settles."""

    name: str
    values: tuple[str, ...]  # default first
    amb: str  # the ambiguity it settles, e.g. "AMB-02"

    @property
    def default(self) -> str:
        return self.values[0]


@record
class RuleSet:
    """The switch values in force. ``strict`` turns REC violations from suspicious into illegal."""

    specs: tuple[SwitchSpec, ...]
    values: Mapping[str, str]

    @staticmethod
    def defaults(specs: tuple[SwitchSpec, ...]) -> RuleSet:
        return RuleSet(specs, MappingProxyType({s.name: s.default for s in specs}))

    def get(self, name: str) -> str:
        return self.values[name]

    @property
    def strict(self) -> bool:
        return self.values.get("strict_mode", "false") == "true"

    def rec_severity(self) -> Severity:
        """Severity for a breach of a recommended reading (catalogue §1.1)."""
        return Severity.ILLEGAL if self.strict else Severity.SUSPICIOUS


def parse_switches(options: Iterable[str], specs: tuple[SwitchSpec, ...]) -> RuleSet:
    """``("name=value", ...)`` → ``RuleSet``; defaults for the rest. Raises ``InputError`` (exit 2)."""
    by_name = {s.name: s for s in specs}
    values = {s.name: s.default for s in specs}
    for option in options:
        name, sep, value = option.partition("=")
        name, value = name.strip(), value.strip()
        if not sep:
            raise InputError(f"--switch {option!r}: expected NAME=VALUE")
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(sorted(by_name))
            raise InputError(f"--switch {option!r}: unknown switch {name!r} (known: {known})")
        if value not in spec.values:
            raise InputError(
                f"--switch {option!r}: {value!r} is not a value of {name} (expected one of: {', '.join(spec.values)})"
            )
        values[name] = value
    return RuleSet(specs, MappingProxyType(values))
