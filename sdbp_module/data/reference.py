"""The editor's field reference, generated from the JSON Schemas (for ``docs/data-format.md``).

One table per data file: each field, what it takes (in the words the validator uses in its
messages), whether it is required or its default, and the schema's description.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from sdbp_module.data.files import KINDS
from sdbp_module.data.validate import describe, load_schema

BEGIN = "<!-- BEGIN GENERATED FIELD REFERENCE (sdbp_module/data/reference.py) -->"
END = "<!-- END GENERATED FIELD REFERENCE -->"


def _record(schema: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    """(top-level key or '', record schema) of a file schema."""
    props: Mapping[str, Any] = schema["properties"]
    if len(props) == 1:
        ((key, sub),) = props.items()
        if sub.get("type") == "array" and isinstance(sub.get("items"), dict):
            return key, sub["items"]
    return "", schema


def _rows(schema: Mapping[str, Any], prefix: str) -> Iterator[tuple[str, str, str, str]]:
    required = set(schema.get("required", ()))
    for name, sub in schema.get("properties", {}).items():
        if "default" in sub:
            need = f"default `{json.dumps(sub['default'])}`"
        else:
            need = "required" if name in required else "optional"
        if name == "sources":
            expected = "field name → source string"
        elif name == "source":
            expected = "`rules <section>` or `reconstructed: <reason>`"
        else:
            expected = describe(sub)
        text = sub.get("description", "")
        yield f"`{prefix}{name}`", expected, need, text
        if sub.get("type") == "object" and "properties" in sub:
            yield from _rows(sub, f"{prefix}{name}.")
        items = sub.get("items")
        if sub.get("type") == "array" and isinstance(items, dict) and "properties" in items:
            yield from _rows(items, f"{prefix}{name}[].")


def field_reference() -> str:
    """Markdown tables of every field of every data file, from the shipped schemas."""
    out: list[str] = [BEGIN, ""]
    for kind in KINDS:
        schema = load_schema(kind)
        key, record = _record(schema)
        where = f"a list under `{key}:`, one record each" if key else "one mapping"
        out.append(f"### `{kind}.yaml` — {schema.get('title', kind)}")
        out.append("")
        out.append(f"{record.get('description', schema.get('description', ''))} The file holds {where}.")
        out.append("")
        out.append("| field | takes | required / default | meaning |")
        out.append("|---|---|---|---|")
        for field, expected, need, text in _rows(record, ""):
            cell = expected.replace("|", "\\|")
            out.append(f"| {field} | {cell} | {need} | {text.replace('|', '/')} |")
        out.append("")
    out.append(END)
    return "\n".join(out)
