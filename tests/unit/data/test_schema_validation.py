"""data.validate: each kind of file against its schema; exact messages, file:line:col each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from data_support import Edit, problems
from jsonschema import Draft202012Validator

from sdbp_module.data.files import HEX_SCHEMAS, KINDS
from sdbp_module.data.sources import parse_yaml
from sdbp_module.data.validate import describe, load_schema, validate_file

SCHEMAS = (*KINDS, *HEX_SCHEMAS.values())
"""Every data file's schema: an area game's and a hex-map game's."""


@pytest.mark.parametrize("kind", SCHEMAS)
def test_every_schema_is_a_valid_draft_2020_12_schema(kind: str) -> None:
    schema = load_schema(kind)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_object_in_every_schema_forbids_unknown_keys() -> None:
    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            if node.get("type") == "object" and "properties" in node:
                assert node.get("additionalProperties") is False, where
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}/{i}")

    for kind in SCHEMAS:
        walk(load_schema(kind), kind)


def test_the_schemas_ship_with_the_package() -> None:
    folder = Path(__file__).resolve().parents[3] / "sdbp_module" / "schemas"
    for kind in SCHEMAS:
        assert json.loads((folder / f"{kind}.schema.json").read_text(encoding="utf-8")) == load_schema(kind)


def test_the_mini_game_is_valid(mini: Path) -> None:
    assert problems(mini) == []


# One bad example per kind of file (the good example is the mini game itself).
BAD = [
    (
        "game.yaml",
        "turns: 3",
        "turns: three",
        ["mini/game.yaml:9:8: turns: 'three' is not of type 'integer' (expected an integer 1..99)"],
    ),
    (
        "game.yaml",
        "first_side: viet_minh",
        "first_side: vietminh",
        [
            "mini/game.yaml:12:13: first_side: 'vietminh' is not a side of this game (expected one of 'french', 'viet_minh', from game.yaml sides)"
        ],
    ),
    (
        "game.yaml",
        'map: {width: 200, height: 200, source: "reconstructed: test map"}',
        'map: {width: 200, source: "reconstructed: test map"}',
        ["mini/game.yaml:13:6: map: missing key 'height' (expected keys width, height, source)"],
    ),
    (
        "areas.yaml",
        "defense: 3, control: viet_minh",
        "defense: x, control: viet_minh",
        ["mini/areas.yaml:8:40: areas[3].defense: 'x' is not of type 'integer' (expected an integer 0..3)"],
    ),
    (  # a long number is quoted shortened, as a long string is
        "areas.yaml",
        "defense: 3, control: viet_minh",
        "defense: 1" + "0" * 60 + ", control: viet_minh",
        ["mini/areas.yaml:8:40: areas[3].defense: 1" + "0" * 36 + "... is out of range (expected an integer 0..3)"],
    ),
    (
        "areas.yaml",
        "colour: red",
        "color: red",
        [
            "mini/areas.yaml:7:5: areas[2]: missing key 'colour' (expected keys id, name, defense, control, colour, polygon, label, source)",
            (
                "mini/areas.yaml:7:55: areas[2].color: unknown key 'color' (expected one of bank, card_bonus, colour, "
                "control, defense, id, label, map_edge, name, polygon, setup_code, source, sources, strongpoint, terrain, victory)"
            ),
        ],
    ),
    (
        "areas.yaml",
        "polygon: [[0, 100], [100, 100], [100, 200], [0, 200]]",
        "polygon: [[0, 100], [100, 100]]",
        [
            "mini/areas.yaml:7:77: areas[2].polygon: a list of 2 is too short (expected a list of at least 3 lists of 2 integers >= 0)"
        ],
    ),
    (
        "areas.yaml",
        'sources: {defense: "rules 8.3"}',
        'sources: {defence: "rules 8.3"}',
        [
            (
                "mini/areas.yaml:6:200: areas[1].sources.defence: key 'defence' is not allowed (expected one of bank, card_bonus, "
                "colour, control, defense, id, label, map_edge, name, polygon, setup_code, strongpoint, terrain, victory)"
            )
        ],
    ),
    (
        "borders.yaml",
        "{areas: [1, 2], source",
        "{areas: [1, 2, 3], source",
        [
            "mini/borders.yaml:2:13: borders[0].areas: a list of 3 is too long (expected a list of 2 integers >= 1)"
        ],
    ),
    (
        "borders.yaml",
        'bridge: true, source: "rules 7.0"',
        'bridge: true, source: "rules"',
        [
            (
                "mini/borders.yaml:5:56: borders[3].source: 'rules' does not match the required pattern "
                "(expected a string matching ^(rules \\S.*|reconstructed: \\S.*)$)"
            )
        ],
    ),
    (
        "counters.yaml",
        "setup: turn 2",
        "setup: turn two",
        [
            (
                "mini/counters.yaml:6:119: units[4].setup: 'turn two' is not allowed here (expected an integer >= 1 or "
                "a string matching ^turn [1-9][0-9]?$ or a string matching ^any [a-z][a-z0-9_-]*$ or one of '*', 'replacements', 'off-map')"
            )
        ],
    ),
    (
        "counters.yaml",
        "fresh: [2, 8, 3]",
        "fresh: [2, 8]",
        [
            "mini/counters.yaml:2:83: units[0].fresh: a list of 2 is too short (expected a list of 3 integers 0..99)"
        ],
    ),
    (
        "counters.yaml",
        "type: armor",
        "type: tank",
        [
            (
                "mini/counters.yaml:3:66: units[1].type: 'tank' is not a unit type of this game "
                "(expected one of 'infantry', 'paratroops', 'armor', 'anti-aircraft', from game.yaml unit_types)"
            )
        ],
    ),
    (
        "markers.yaml",
        "states: [turn]",
        "states: []",
        [
            "mini/markers.yaml:3:36: markers[1].states: a list of 0 is too short (expected a list of at least 1 non-empty strings)"
        ],
    ),
    (
        "markers.yaml",
        "count: 10",
        "count: 0",
        ["mini/markers.yaml:2:70: markers[0].count: 0 is out of range (expected an integer 1..999)"],
    ),
    (
        "cards.yaml",
        "id: FR-02",
        "id: FR-2",
        [
            "mini/cards.yaml:3:10: cards[1].id: 'FR-2' does not match the required pattern (expected a string matching ^([A-Z][A-Z0-9]*-[0-9]{2}|SPECIAL)$)"
        ],
    ),
    (
        "cards.yaml",
        "multi_copy: cumulative",
        "multi_copy: no",
        [
            (
                "mini/cards.yaml:4:122: cards[2].multi_copy: false is not allowed (expected one of 'cumulative', 'sequential', "
                "'no', 'unspecified'; YAML reads a bare no/yes as false/true, quote it)"
            )
        ],
    ),
    (
        "turn_track.yaml",
        "cards: {french: 3, viet_minh: 4}",
        "cards: {french: 3, vm: 4}",
        [
            "mini/turn_track.yaml:4:22: turns[2].cards: no allowance for 'viet_minh' (expected one allowance per side of game.yaml sides)",
            "mini/turn_track.yaml:4:34: turns[2].cards.vm: 'vm' is not a side of this game (expected one of 'french', 'viet_minh', from game.yaml sides)",
        ],
    ),
    (
        "scenario.yaml",
        "first_turn: 1",
        "first_turn: 0",
        ["mini/scenario.yaml:4:13: first_turn: 0 is out of range (expected an integer 1..99)"],
    ),
    (
        "scenario.yaml",
        "{kind: turn, state: turn, turn: 1}",
        "{kind: turn, state: turn, turn: 1, where: here}",
        [
            "mini/scenario.yaml:8:40: markers[0].where: unknown key 'where' (expected one of area, kind, state, turn)"
        ],
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "expected"), BAD, ids=[f"{b[0]}:{b[2]}" for b in BAD])
def test_a_schema_violation_is_reported_with_file_line_column_and_expectation(
    mini: Path, edit: Edit, file: str, old: str, new: str, expected: list[str]
) -> None:
    edit(file, old, new)
    assert problems(mini) == expected


def test_a_wrong_top_level_key_is_reported_at_the_top() -> None:
    source = parse_yaml("unit:\n  - {}\n", "counters.yaml")
    assert [p.render() for p in validate_file("counters", source)] == [
        "counters.yaml:1:1: (top): missing key 'units' (expected keys units)",
        "counters.yaml:1:1: unit: unknown key 'unit' (expected one of units)",
    ]


def test_an_empty_file_is_reported_not_crashed_on() -> None:
    source = parse_yaml("", "markers.yaml")
    assert [p.render() for p in validate_file("markers", source)] == [
        "markers.yaml:1:1: (top): null is not of type 'object' (expected a mapping with markers)"
    ]


def test_every_problem_in_every_file_is_reported_at_once(mini: Path, edit: Edit) -> None:
    edit("game.yaml", "turns: 3", "turns: three")
    edit("areas.yaml", "defense: 3, control: viet_minh", "defense: 7, control: viet_minh")
    edit("cards.yaml", "timing: D", "timing: q")
    assert problems(mini) == [
        "mini/areas.yaml:8:40: areas[3].defense: 7 is out of range (expected an integer 0..3)",
        "mini/cards.yaml:4:85: cards[2].timing: 'q' does not match the required pattern (expected a string matching ^(-|[A-Z](/[A-Z])*)$)",
        "mini/game.yaml:9:8: turns: 'three' is not of type 'integer' (expected an integer 1..99)",
    ]


@pytest.mark.parametrize(
    ("schema", "words"),
    [
        ({"type": "integer", "minimum": 0, "maximum": 3}, "an integer 0..3"),
        ({"type": ["integer", "null"], "minimum": 0}, "an integer >= 0 or null"),
        ({"enum": ["a", None]}, "one of 'a', null"),
        ({"type": "string", "minLength": 1}, "a non-empty string"),
        ({"type": "boolean"}, "true or false"),
        ({"type": "array", "items": {"type": "integer"}}, "a list of integers"),
    ],
)
def test_expectations_are_described_in_words(schema: dict[str, object], words: str) -> None:
    assert describe(schema) == words


def test_each_unknown_key_is_its_own_problem_at_the_key() -> None:
    source = parse_yaml(
        "markers:\n  - {id: turn, name: Turn, states: [turn], count: 1, source: rules 2.1.2, colour: red, size: 2}\n",
        "markers.yaml",
    )
    assert [p.render() for p in validate_file("markers", source)] == [
        "markers.yaml:2:75: markers[0].colour: unknown key 'colour' (expected one of count, id, name, source, sources, states)",
        "markers.yaml:2:88: markers[0].size: unknown key 'size' (expected one of count, id, name, source, sources, states)",
    ]


def test_a_scenario_override_needs_a_unit_id_key_and_a_setup_value() -> None:
    text = (
        "id: c\nname: C\ndescription: d\nfirst_turn: 1\nunits: {fr-x: 3, FR-A-1: turn 0}\nsource: rules 3.0\n"
    )
    assert [p.render() for p in validate_file("scenario", parse_yaml(text, "scenario.yaml"))] == [
        "scenario.yaml:5:9: units['fr-x']: key 'fr-x' is not allowed (expected a string matching ^[A-Z][A-Z0-9]*(-[A-Za-z0-9]+)+$)",
        (
            "scenario.yaml:5:26: units['FR-A-1']: 'turn 0' is not allowed here (expected an integer >= 1 or a string "
            "matching ^turn [1-9][0-9]?$ or a string matching ^any [a-z][a-z0-9_-]*$ or one of '*', 'replacements', 'off-map')"
        ),
    ]
