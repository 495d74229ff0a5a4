"""JSON Schema ``pattern`` read as JSON Schema means it: ECMA 262, where ``$`` matches only at the very end.

``jsonschema`` checks a ``pattern`` with Python's ``re.search``, in which ``$`` also matches just before a
final line break: ``^[a-z]+$`` accepts ``"abc\\n"``. A YAML value written with a trailing line break (a
``|`` block) then passes the schema and breaks what reads it later (a build, a file name). Every
validator sdbp makes of its schemas (game data, events transcripts, audit summaries) comes from
:func:`validator_class`, whose ``pattern`` reads each unescaped ``$`` as ``\\Z`` (the end, and only the end).
No dependency but ``jsonschema``, imported when first asked for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any


@cache
def compiled(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled with ECMA 262's ``$``: every ``$`` outside a character class and not escaped
    becomes ``\\Z``."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if c == "[" and not in_class:
            in_class = True
        elif c == "]" and in_class:
            in_class = False
        out.append("\\Z" if c == "$" and not in_class else c)
        i += 1
    return re.compile("".join(out))


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not compiled(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@cache
def validator_class(base: Any) -> Any:
    """``base`` (a ``jsonschema`` validator class) with the ECMA reading of ``pattern``."""
    from jsonschema import validators

    extend: Any = validators.extend  # untyped in jsonschema's stubs
    return extend(base, {"pattern": _pattern})
