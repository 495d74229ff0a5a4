"""Schema validation of one data file: jsonschema ``iter_errors`` → positioned ``InputProblem``s.

Never raises on bad data. Each jsonschema error is mapped through the file's ``SourceMap`` to a
``file:line:col`` and reworded as "what is wrong (what was expected)" (style guide §6). For
``anyOf``/``oneOf`` the message is jsonschema's best match; the expectation lists every choice.
A value ``quick_valid`` finds valid has no problems, and jsonschema is not asked (nor imported).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from sdbp_module import limits
from sdbp_module.data.problems import InputProblem, JsonPath
from sdbp_module.data.quick_valid import Check, quick_check
from sdbp_module.data.sources import SourceFile, placed_in
from sdbp_module.schema_patterns import validator_class

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

_TYPE_WORDS = {
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "boolean": "true or false",
    "null": "null",
    "array": "a list",
    "object": "a mapping",
}


@cache
def load_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema for ``kind``, shipped in ``sdbp_module/schemas/``."""
    text = resources.files("sdbp_module").joinpath("schemas", f"{kind}.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(kind: str) -> Draft202012Validator:
    """The validator of ``kind``'s schema, its ``pattern`` read as ECMA 262 reads it (``schema_patterns``):
    ``$`` only at the very end, so a value with a trailing line break does not match ``^…$``. ``jsonschema`` is
    imported here, when a file is not found valid by ``_quick`` (valid data never needs it)."""
    from jsonschema import Draft202012Validator

    validator: Draft202012Validator = validator_class(Draft202012Validator)(load_schema(kind))
    return validator


def show(value: Any) -> str:
    """A short, YAML-flavoured rendering of a value for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    text = repr(value)  # a number: YAML reads integers of up to 4,300 digits
    return text if len(text) <= 40 else text[:37] + "..."


def _range(schema: dict[str, Any]) -> str:
    lo, hi = schema.get("minimum"), schema.get("maximum")
    if lo is not None and hi is not None:
        return f" {lo}..{hi}"
    if lo is not None:
        return f" >= {lo}"
    if hi is not None:
        return f" <= {hi}"
    return ""


def _count(schema: dict[str, Any]) -> str:
    lo, hi = schema.get("minItems"), schema.get("maxItems")
    if lo is not None and lo == hi:
        return f" of {lo}"
    if lo and hi is not None:
        return f" of {lo} to {hi}"
    if lo:
        return f" of at least {lo}"
    if hi is not None:
        return f" of at most {hi}"
    return ""


_PLURALS = (
    ("an integer", "integers"),
    ("a number", "numbers"),
    ("a non-empty string", "non-empty strings"),
    ("a string", "strings"),
    ("a list", "lists"),
    ("a mapping", "mappings"),
    ("true or false", "true/false values"),
)


def _plural(words: str) -> str:
    """``an integer >= 0`` → ``integers >= 0``; ``a list of 2 ...`` → ``lists of 2 ...``."""
    for singular, plural in _PLURALS:
        if words.startswith(singular):
            return plural + words[len(singular) :]
    return "items: " + words


def describe(schema: Any) -> str:
    """What a (sub)schema expects, in a few words: ``an integer 0..3``, ``one of 'a', 'b'``."""
    if not isinstance(schema, dict):
        return "a valid value"
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(describe(s) for s in schema[key])
    if "enum" in schema:
        return "one of " + ", ".join(show(v) for v in schema["enum"])
    if "const" in schema:
        return show(schema["const"])
    kinds = schema.get("type")
    if kinds is None and "pattern" in schema:
        kinds = "string"
    types = [kinds] if isinstance(kinds, str) else list(kinds or [])
    parts: list[str] = []
    for kind in types:
        word = _TYPE_WORDS.get(kind, kind)
        if kind in ("integer", "number"):
            word += _range(schema)
        elif kind == "string":
            if "pattern" in schema:
                word += f" matching {schema['pattern']}"
            elif schema.get("minLength", 0) >= 1:
                word = "a non-empty string"
        elif kind == "array":
            word = "a list" + _count(schema)
            if isinstance(schema.get("items"), dict):
                word += (
                    " " + _plural(describe(schema["items"]))
                    if _count(schema)
                    else " of " + _plural(describe(schema["items"]))
                )
        elif kind == "object" and "required" in schema:
            word = "a mapping with " + ", ".join(schema["required"])
        parts.append(word)
    return " or ".join(parts) if parts else "a valid value"


def _message(error: ValidationError) -> tuple[JsonPath, str, str, bool]:
    """(path, what is wrong, what was expected, point at the key rather than the value)."""
    path: JsonPath = tuple(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    instance: Any = error.instance
    wanted: Any = error.validator_value
    if "propertyNames" in error.absolute_schema_path:
        names = schema.get("enum")
        expected = ("one of " + ", ".join(str(n) for n in names)) if names else describe(schema)
        return (*path, str(instance)), f"key {show(instance)} is not allowed", expected, True
    match error.validator:
        case "additionalProperties":
            # one error for all unknown keys; validate_file splits it, see _unknown_keys
            allowed = sorted(schema.get("properties", {}))
            return path, "unknown keys", "one of " + ", ".join(allowed), True
        case "required":
            missing = [k for k in wanted if k not in instance]
            listed = ", ".join(repr(k) for k in missing)
            word = "key" if len(missing) == 1 else "keys"
            return path, f"missing {word} {listed}", "keys " + ", ".join(wanted), False
        case "type":
            names = wanted if isinstance(wanted, list) else [wanted]
            return (
                path,
                f"{show(instance)} is not of type " + " or ".join(repr(n) for n in names),
                describe(schema),
                False,
            )
        case "enum":
            hint = ""
            if isinstance(instance, bool) and any(v in ("no", "yes") for v in wanted):
                hint = "; YAML reads a bare no/yes as false/true, quote it"
            return path, f"{show(instance)} is not allowed", describe(schema) + hint, False
        case "pattern":
            return path, f"{show(instance)} does not match the required pattern", describe(schema), False
        case "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum":
            return path, f"{show(instance)} is out of range", describe(schema), False
        case "minItems":
            return path, f"a list of {len(instance)} is too short", describe(schema), False
        case "maxItems":
            return path, f"a list of {len(instance)} is too long", describe(schema), False
        case "minLength":
            return path, f"{show(instance)} is too short", describe(schema), False
        case "uniqueItems":
            return path, "the list has repeated items", "each item once", False
        case "anyOf" | "oneOf":
            from jsonschema.exceptions import best_match

            best = best_match(error.context) if error.context else None
            if best is not None and isinstance(instance, dict):
                return _message(best)
            return path, f"{show(instance)} is not allowed here", describe(schema), False
        case _:
            return path, error.message, describe(schema), False


MAX_PROBLEMS = limits.MAX_DATA_PROBLEMS
"""Most problems listed per file: past that, the file is not the data it should be, and finding and
listing each of tens of thousands of problems would take longer than reading it."""


_VALIDATED: dict[tuple[str, str, int | None, JsonPath], tuple[InputProblem, ...]] = {}
"""The problems of the texts this process has validated, by (schema, text, limit, path), positioned in a file
named "": the same text read again (``sources._PARSED``) has the same problems, under its own name."""
_KEEP_VALIDATED = 64


def validate_file(kind: str, source: SourceFile, limit: int | None = None, at: JsonPath = ()) -> list[InputProblem]:
    """Every schema problem of ``source`` (a ``<kind>.yaml``), positioned; empty if valid. With a
    ``limit``, the search stops once more than ``limit`` problems are found (so more than ``limit``
    come back only when the file has more). With ``at``, the value at that path of the file is
    checked (a block of a file with a schema of its own, e.g. ``playing_cards`` of ``game.yaml``);
    the problems' paths are the file's. A text validated before in this process is not validated again."""
    if not source.text:
        return _validate(kind, source, limit, at)
    key = (kind, source.text, limit, at)
    found = _VALIDATED.get(key)
    if found is None:
        problems = _validate(kind, source, limit, at)
        while len(_VALIDATED) >= _KEEP_VALIDATED:
            del _VALIDATED[next(iter(_VALIDATED))]
        _VALIDATED[key] = tuple(placed_in(problem, "") for problem in problems)
        return problems
    return [placed_in(problem, source.display) for problem in found]


@cache
def _quick(kind: str) -> Check:
    """``quick_valid``'s check of ``kind``'s schema: True only for a value ``_validator(kind)`` finds valid."""
    return quick_check(load_schema(kind))


def _validate(kind: str, source: SourceFile, limit: int | None, at: JsonPath) -> list[InputProblem]:
    problems: dict[str, InputProblem] = {}
    value = source.value
    for part in at:
        value = value[part]
    if _quick(kind)(value) is True:
        return []  # valid: jsonschema would find nothing, at many times the cost
    for error in _validator(kind).iter_errors(value):
        if limit is not None and len(problems) > limit:
            break
        path, what, expected, at_key = _message(error)
        path = (*at, *path)
        if error.validator == "additionalProperties" and "propertyNames" not in error.absolute_schema_path:
            known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
            found = [((*path, k), f"unknown key {k!r}") for k in error.instance if k not in known]
        else:
            found = [(path, what)]
        for where, message in found:
            position = source.where.key(where) if at_key else source.where.value(where)
            problem = InputProblem(position, where, message, expected)
            problems.setdefault(problem.render(), problem)  # "required" reports once per missing key
    return sorted(problems.values(), key=InputProblem.sort_key)
