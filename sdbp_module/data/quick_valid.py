"""A quick yes for schema-valid data: a JSON Schema compiled into one Python function per subschema.

``jsonschema`` finds every problem of a value and says where it is, but it pays for that on valid data
too: a validator object per subschema per value, and a reference lookup at each step. Most data files
are valid. ``quick_check(schema)`` gives a function that answers ``True`` only when the value is
valid, as ``jsonschema``'s Draft 2020-12 validator with ``schema_patterns``' reading of ``pattern``
would find it; ``False`` when it is not; ``None`` when it cannot tell (a float where an integer is
wanted, a value YAML gives that is not plain JSON, ``enum`` members or ``uniqueItems`` lists other
than strings and integers). ``validate.validate_file`` asks ``jsonschema`` for the problems unless
the answer is ``True``, so messages never depend on this module; only the time does.

A schema using a keyword this module does not know (``prefixItems``, ``contains``, ``$dynamicRef``,
``unevaluatedProperties``, ...) compiles to a function that always answers ``None``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from sdbp_module.schema_patterns import compiled

Check = Callable[[Any], "bool | None"]

_ANNOTATIONS = frozenset(
    {"title", "description", "default", "examples", "$comment", "$schema", "$id", "$defs", "contentEncoding", "deprecated", "readOnly", "writeOnly", "then", "else"}
)
"""Keywords that assert nothing (``then``/``else`` are read with ``if``)."""


_KEYWORDS = frozenset(
    {
        "$ref", "type", "enum", "const", "properties", "patternProperties", "additionalProperties", "propertyNames",
        "required", "minProperties", "maxProperties", "items", "minItems", "maxItems", "uniqueItems", "minimum",
        "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "allOf", "anyOf",
        "oneOf", "not", "if",
    }
)
"""The keywords compiled, each by the method named after it (``_ref`` for ``$ref``)."""


class _Unknown(Exception):
    """The schema uses something this module does not compile."""


def quick_check(schema: Mapping[str, Any]) -> Check:
    """A function of a value: ``True`` if ``schema`` holds for it, ``False`` if not, ``None`` if it cannot tell."""
    try:
        return _Compiler(schema).compile(schema)
    except _Unknown:
        return _never_sure


def _never_sure(value: Any) -> bool | None:
    return None


def _kind(value: Any) -> str | None:
    """The JSON type of a value as YAML reads it; None for anything else (a float, a date)."""
    if value is None:
        return "null"
    kind = type(value)
    if kind is bool:
        return "boolean"
    if kind is int:
        return "integer"
    if kind is str:
        return "string"
    if kind is list:
        return "array"
    if kind is dict:
        return "object"
    return None


def _all(checks: list[Check], value: Any) -> bool | None:
    """True if every check holds for ``value``, False if one fails, else None. (Written out as ``_each`` is:
    one helper taking the answers from a generator made a bundled folder's check ~50% slower.)"""
    sure = True
    for check in checks:
        answer = check(value)
        if answer is False:
            return False
        if answer is None:
            sure = False
    return True if sure else None


def _each(check: Check, values: Iterable[Any]) -> bool | None:
    """True if ``check`` holds for every one of ``values``, False if it fails for one, else None."""
    sure = True
    for value in values:
        answer = check(value)
        if answer is False:
            return False
        if answer is None:
            sure = False
    return True if sure else None


class _Compiler:
    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = root
        self.refs: dict[str, Check] = {}

    def compile(self, schema: Any) -> Check:
        if schema is True:
            return lambda value: True
        if schema is False:
            return lambda value: False
        if not isinstance(schema, Mapping) or (schema is not self.root and "$id" in schema):
            raise _Unknown  # a subschema with an $id of its own would read references differently
        checks: list[Check] = []
        for key, arg in schema.items():
            if key in _ANNOTATIONS:
                continue
            if key not in _KEYWORDS:
                raise _Unknown
            checks.append(getattr(self, "_" + key.lstrip("$"))(arg, schema))
        if len(checks) == 1:
            return checks[0]
        return lambda value: _all(checks, value)

    def _ref(self, ref: str, schema: Any) -> Check:
        if not ref.startswith("#/$defs/") or "/" in ref[len("#/$defs/") :] or "~" in ref:
            raise _Unknown
        if ref not in self.refs:
            target = self.root.get("$defs", {}).get(ref[len("#/$defs/") :])
            if target is None:
                raise _Unknown
            self.refs[ref] = _never_sure  # a definition that reads itself: not sure
            self.refs[ref] = self.compile(target)
        found = self.refs
        return lambda value: found[ref](value)

    def _type(self, kinds: Any, schema: Any) -> Check:
        wanted = frozenset([kinds] if isinstance(kinds, str) else kinds)
        number, integer = "number" in wanted, "integer" in wanted

        def check(value: Any) -> bool | None:
            kind = _kind(value)
            if kind is not None:
                return kind in wanted or (number and kind == "integer")
            if type(value) is float:
                return number or (integer and value.is_integer())
            return None

        return check

    def _enum(self, members: Any, schema: Any) -> Check:
        if not all(m is None or type(m) in (bool, int, str) for m in members):
            raise _Unknown
        keyed = frozenset((type(m), m) for m in members)

        def check(value: Any) -> bool | None:
            if value is not None and type(value) not in (bool, int, str):
                return None
            return (type(value), value) in keyed

        return check

    def _const(self, member: Any, schema: Any) -> Check:
        return self._enum([member], schema)

    def _properties(self, props: Any, schema: Any) -> Check:
        checks = [(name, self.compile(sub)) for name, sub in props.items()]

        def check(value: Any) -> bool | None:
            if type(value) is not dict:
                return True
            return _each(lambda named: named[1](value[named[0]]), (named for named in checks if named[0] in value))

        return check

    def _patternProperties(self, patterns: Any, schema: Any) -> Check:
        checks = [(re.compile(pattern), self.compile(sub)) for pattern, sub in patterns.items()]  # re.search, as jsonschema

        def check(value: Any) -> bool | None:
            if type(value) is not dict:
                return True
            return _each(lambda pair: pair[0](pair[1]), ((sub, item) for pattern, sub in checks for key, item in value.items() if pattern.search(key)))

        return check

    def _additionalProperties(self, extra: Any, schema: Any) -> Check:
        known = frozenset(schema.get("properties", {}))
        patterns = tuple(re.compile(pattern) for pattern in schema.get("patternProperties", {}))  # each alone, as jsonschema
        sub = self.compile(extra)

        def check(value: Any) -> bool | None:
            if type(value) is not dict:
                return True
            return _each(sub, (item for key, item in value.items() if key not in known and not any(p.search(key) for p in patterns)))

        return check

    def _propertyNames(self, names: Any, schema: Any) -> Check:
        sub = self.compile(names)
        return lambda value: True if type(value) is not dict else _each(sub, value)

    def _required(self, names: Any, schema: Any) -> Check:
        return lambda value: type(value) is not dict or all(name in value for name in names)

    def _minProperties(self, n: Any, schema: Any) -> Check:
        return lambda value: type(value) is not dict or len(value) >= n

    def _maxProperties(self, n: Any, schema: Any) -> Check:
        return lambda value: type(value) is not dict or len(value) <= n

    def _items(self, items: Any, schema: Any) -> Check:
        sub = self.compile(items)
        return lambda value: True if type(value) is not list else _each(sub, value)

    def _minItems(self, n: Any, schema: Any) -> Check:
        return lambda value: type(value) is not list or len(value) >= n

    def _maxItems(self, n: Any, schema: Any) -> Check:
        return lambda value: type(value) is not list or len(value) <= n

    def _uniqueItems(self, unique: Any, schema: Any) -> Check:
        def check(value: Any) -> bool | None:
            if not unique or type(value) is not list:
                return True
            kinds = {type(item) for item in value}
            if not kinds <= {str} and not kinds <= {int}:
                return None
            return len(set(value)) == len(value)

        return check

    def _number(self, wrong: Callable[[Any], bool]) -> Check:
        """A check of numbers only (as jsonschema's: a value is wrong when ``wrong(value)``)."""

        def check(value: Any) -> bool | None:
            if type(value) is int or type(value) is float:
                return not wrong(value)
            return True if _kind(value) is not None else None

        return check

    def _minimum(self, n: Any, schema: Any) -> Check:
        return self._number(lambda value: value < n)

    def _maximum(self, n: Any, schema: Any) -> Check:
        return self._number(lambda value: value > n)

    def _exclusiveMinimum(self, n: Any, schema: Any) -> Check:
        return self._number(lambda value: value <= n)

    def _exclusiveMaximum(self, n: Any, schema: Any) -> Check:
        return self._number(lambda value: value >= n)

    def _minLength(self, n: Any, schema: Any) -> Check:
        return lambda value: type(value) is not str or len(value) >= n

    def _maxLength(self, n: Any, schema: Any) -> Check:
        return lambda value: type(value) is not str or len(value) <= n

    def _pattern(self, pattern: Any, schema: Any) -> Check:
        return lambda value: type(value) is not str or compiled(pattern).search(value) is not None  # compiled when first met

    def _allOf(self, subs: Any, schema: Any) -> Check:
        checks = [self.compile(sub) for sub in subs]
        return lambda value: _all(checks, value)

    def _anyOf(self, subs: Any, schema: Any) -> Check:
        checks = [self.compile(sub) for sub in subs]

        def check(value: Any) -> bool | None:
            sure = True
            for sub in checks:
                answer = sub(value)
                if answer is True:
                    return True
                if answer is None:
                    sure = False
            return False if sure else None

        return check

    def _oneOf(self, subs: Any, schema: Any) -> Check:
        checks = [self.compile(sub) for sub in subs]

        def check(value: Any) -> bool | None:
            answers = [sub(value) for sub in checks]
            if None in answers:
                return None
            return answers.count(True) == 1

        return check

    def _not(self, sub: Any, schema: Any) -> Check:
        inner = self.compile(sub)

        def check(value: Any) -> bool | None:
            answer = inner(value)
            return None if answer is None else not answer

        return check

    def _if(self, condition: Any, schema: Any) -> Check:
        test = self.compile(condition)
        then = self.compile(schema.get("then", True))
        otherwise = self.compile(schema.get("else", True))

        def check(value: Any) -> bool | None:
            answer = test(value)
            if answer is None:
                return None
            return then(value) if answer else otherwise(value)

        return check
