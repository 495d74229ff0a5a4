"""data.sources: YAML values with positions, duplicate keys, unreadable files."""

from __future__ import annotations

from pathlib import Path

import pytest

from sdbp_module.data.problems import Position, format_path
from sdbp_module.data.sources import parse_yaml, read_yaml
from sdbp_module.errors import InputError

TEXT = """\
# comment
areas:
  - id: 1
    polygon: [[0, 0], [5, 0]]
  - {id: 2, name: "B"}
"""


def test_values_are_plain_python() -> None:
    f = parse_yaml(TEXT, "a.yaml")
    assert f.value == {"areas": [{"id": 1, "polygon": [[0, 0], [5, 0]]}, {"id": 2, "name": "B"}]}
    assert f.problems == ()


def test_every_value_and_key_has_a_one_based_position() -> None:
    where = parse_yaml(TEXT, "a.yaml").where
    assert where.value(("areas",)) == Position("a.yaml", 3, 3)
    assert where.value(("areas", 0, "id")) == Position("a.yaml", 3, 9)
    assert where.value(("areas", 0, "polygon", 1, 0)) == Position("a.yaml", 4, 24)
    assert where.value(("areas", 1, "name")) == Position("a.yaml", 5, 19)
    assert where.key(("areas", 1, "name")) == Position("a.yaml", 5, 13)


def test_an_absent_path_falls_back_to_the_nearest_enclosing_value() -> None:
    where = parse_yaml(TEXT, "a.yaml").where
    assert where.value(("areas", 1, "defense")) == Position("a.yaml", 5, 5)


def test_duplicate_keys_are_problems_and_the_first_value_is_kept() -> None:
    f = parse_yaml("id: 1\nname: a\nid: 2\n", "g.yaml")
    assert f.value == {"id": 1, "name": "a"}
    assert [p.render() for p in f.problems] == [
        "g.yaml:3:1: id: duplicate key 'id' (expected each key once; first given at line 1)"
    ]


def test_a_key_that_yaml_reads_as_a_number_is_a_problem() -> None:
    f = parse_yaml("units:\n  5: 1\n", "s.yaml")
    assert [p.render() for p in f.problems] == [
        "s.yaml:2:3: units: key '5' is read as int (expected a text key; quote it)"
    ]


def test_a_yaml_syntax_error_names_file_line_and_column() -> None:
    with pytest.raises(InputError) as caught:
        parse_yaml("areas:\n  - id: 1\n    name: a: b\n", "a.yaml")
    assert caught.value.message == "a.yaml:3:12: cannot be read: mapping values are not allowed here"
    assert caught.value.exit_code == 2


def test_two_documents_in_one_file_cannot_be_read() -> None:
    with pytest.raises(InputError) as caught:
        parse_yaml("a: 1\n---\nb: 2\n", "a.yaml")
    assert (
        caught.value.message
        == "a.yaml:2:1: cannot be read: expected a single document in the stream, but found another document"
    )


def test_a_missing_file_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        read_yaml(tmp_path / "nope.yaml", "nope.yaml")
    assert caught.value.message == "nope.yaml: cannot be read: no such file"


def test_a_file_that_is_not_utf8_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(b"name: \xff\n")
    with pytest.raises(InputError) as caught:
        read_yaml(path, "bad.yaml")
    assert caught.value.message == "bad.yaml: cannot be read: not UTF-8 text (byte 6)"


def test_an_empty_file_is_null() -> None:
    f = parse_yaml("# nothing\n", "e.yaml")
    assert f.value is None
    assert f.where.value(()) == Position("e.yaml", 1, 1)


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ((), "(top)"),
        (("areas", 12, "defense"), "areas[12].defense"),
        (("units", "FR-8BPC-1"), "units['FR-8BPC-1']"),
        (("areas", 0, "polygon", 2, 1), "areas[0].polygon[2][1]"),
    ],
)
def test_paths_read_like_json_paths(path: tuple[str | int, ...], text: str) -> None:
    assert format_path(path) == text


def test_aliases_are_expanded() -> None:
    assert parse_yaml("a: &x [1, 2]\nb: *x\n", "r.yaml").value == {"a": [1, 2], "b": [1, 2]}


def test_a_recursive_alias_cannot_be_read() -> None:
    with pytest.raises(InputError) as caught:
        parse_yaml("a: &x [1, *x]\n", "r.yaml")
    assert (
        caught.value.message
        == "r.yaml:1:4: cannot be read: an alias refers to a list or mapping that contains it"
    )


BILLION_LAUGHS = "".join(
    f"{name}: &{name} [{', '.join(['*' + prev] * 9 if prev else ['lol'] * 9)}]\n"
    for prev, name in zip(["", "a", "b", "c", "d", "e", "f", "g"], ["a", "b", "c", "d", "e", "f", "g", "h"])
)


def test_an_alias_bomb_cannot_be_read_and_stops_early() -> None:
    """Nine aliases of nine aliases ... would be 43 million values: refused when repeating ``d`` (7,381 values,
    itself included) would take what aliases add past 10,000 (8,289 so far)."""
    assert BILLION_LAUGHS.startswith("a: &a [lol, lol,") and "h: &h [*g, *g," in BILLION_LAUGHS
    with pytest.raises(InputError) as caught:
        parse_yaml(BILLION_LAUGHS, "bomb.yaml")
    assert caught.value.message == (
        "bomb.yaml:4:4: cannot be read: aliases repeat the list or mapping anchored here into more than 10000 "
        "values (an alias bomb?)"
    )


def test_a_few_aliases_are_fine() -> None:
    value = parse_yaml("a: &a [1, 2, 3]\nb: [*a, *a, *a]\nc: &c {k: *a}\nd: [*c, *c]\n", "ok.yaml").value
    assert value["d"] == [{"k": [1, 2, 3]}, {"k": [1, 2, 3]}] and value["b"] == [[1, 2, 3]] * 3


@pytest.mark.parametrize("depth", [65, 1000, 100_000])
def test_nesting_deeper_than_64_cannot_be_read_and_names_the_65th_level(depth: int) -> None:
    """Found by the builder, or, when PyYAML's recursive composer gives up first, by the parser's events:
    the same position either way."""
    with pytest.raises(InputError) as caught:
        parse_yaml("markers: " + "[" * depth + "]" * depth + "\n", "deep.yaml")
    assert caught.value.message == "deep.yaml:1:73: cannot be read: lists and mappings nested more than 64 deep"


def test_nesting_64_deep_is_read() -> None:
    value = parse_yaml("markers: " + "[" * 63 + "]" * 63 + "\n", "deep.yaml").value
    assert str(value["markers"]) == "[" * 63 + "]" * 63


def test_block_nesting_deeper_than_64_cannot_be_read() -> None:
    text = "".join(" " * i + "k:\n" for i in range(2000)) + " " * 2000 + "v\n"
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "deep.yaml")
    assert caught.value.message == "deep.yaml:65:65: cannot be read: lists and mappings nested more than 64 deep"


@pytest.mark.parametrize(
    ("escaped", "what"),
    [
        ("\\x00", "the control character U+0000"),
        ("\\e", "the control character U+001B"),
        ("\\ud800", "the lone surrogate U+D800"),
        ("\\uFFFF", "the noncharacter U+FFFF"),
    ],
)
def test_a_character_no_module_can_hold_is_a_problem(escaped: str, what: str) -> None:
    """Only a double-quoted escape gives one; lxml would refuse it in buildFile.xml, a report could not print it."""
    f = parse_yaml(f'name: "A{escaped}B"\n"k{escaped}": 1\ntab: "a\\tb\\r\\n"\n', "t.yaml")
    expected = "(expected text a module can hold: no control characters but tab and line break, no lone surrogates, no U+FFFE or U+FFFF)"
    assert [p.render() for p in f.problems] == [
        f"t.yaml:1:7: name: the text holds {what} {expected}",
        f"t.yaml:2:1: (top): the text holds {what} {expected}",
    ]
