"""data.reference: the field reference in docs/data-format.md is the one the schemas generate."""

from __future__ import annotations

from sdbp_module.data.reference import BEGIN, END, field_reference
from sdbp_module.paths import PROJECT_ROOT


def test_docs_carry_the_generated_field_reference() -> None:
    text = (PROJECT_ROOT / "docs" / "data-format.md").read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    assert text[start:end] == field_reference(), (
        "regenerate with sdbp_module.data.reference.field_reference()"
    )


def test_every_field_of_every_file_is_listed() -> None:
    reference = field_reference()
    for row in (
        "| `defense` | an integer 0..3 | required |",
        "| `bridge` | true or false | default `false` |",
        "| `markers[].turn` | an integer 1..99 | optional |",
        "| `map.width` | an integer 1..20000 | required |",
    ):
        assert row in reference
