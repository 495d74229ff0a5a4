"""data.crossref: every cross-file check, each with a violating case (the mini game passes them all)."""

from __future__ import annotations

from pathlib import Path

import pytest
from data_support import Edit, problems

# (what is broken, edits to the mini game as (file, old text, new text), the exact problems)
CASES: list[tuple[str, list[tuple[str, str, str]], list[str]]] = [
    # -- the game's vocabulary (game.yaml sides, unit_types, unit_marks, area_classes, hand_bonus_sets)
    (
        "undeclared side of a unit",
        [("counters.yaml", "{id: VM-B-2, side: viet_minh", "{id: VM-B-2, side: soviet")],
        [
            "mini/counters.yaml:6:24: units[4].side: 'soviet' is not a side of this game (expected one of 'french', 'viet_minh', from game.yaml sides)",
        ],
    ),
    (
        "a roll table with an undeclared class and side, falling rows, a purpose twice",
        [
            (
                "game.yaml",
                "first_side: viet_minh\n",
                "first_side: viet_minh\nroll_tables:\n"
                '  - {purpose: supply, field: areas, modifiers: [{area_class: purple, side: soviet, add: 2}], rows: [[9, 1], [2, 0]], source: "rules 11.0"}\n'
                '  - {purpose: supply, field: more, rows: [[1, 1]], source: "rules 11.0"}\n',
            )
        ],
        [
            "mini/game.yaml:14:62: roll_tables[0].modifiers[0].area_class: 'purple' is not an area class of this game (expected one of 'plain', 'red', 'blue', 'green', from game.yaml area_classes)",
            "mini/game.yaml:14:76: roll_tables[0].modifiers[0].side: 'soviet' is not a side of this game (expected one of 'french', 'viet_minh', from game.yaml sides)",
            "mini/game.yaml:14:100: roll_tables[0].rows: the rows' lowest totals [9, 2] do not rise (expected each row's lowest total above the one before)",
            "mini/game.yaml:15:15: roll_tables[1].purpose: roll table purpose 'supply' is used twice (expected each roll table purpose once; first at line 14)",
        ],
    ),
    (
        "undeclared side in control",
        [("areas.yaml", "defense: 0, control: viet_minh", "defense: 0, control: vm")],
        [
            "mini/areas.yaml:7:44: areas[2].control: 'vm' is not a side of this game (expected one of 'french', 'viet_minh', from game.yaml sides)",
        ],
    ),
    (
        "undeclared area class",
        [("areas.yaml", "control: viet_minh, colour: red", "control: viet_minh, colour: purple")],
        [
            "mini/areas.yaml:7:63: areas[2].colour: 'purple' is not an area class of this game (expected one of 'plain', 'red', 'blue', 'green', from game.yaml area_classes)",
        ],
    ),
    (
        "undeclared hand bonus set",
        [("areas.yaml", "colour: plain, victory: false, card_bonus: none", "colour: plain, victory: false, card_bonus: gold")],
        [
            "mini/areas.yaml:5:103: areas[0].card_bonus: 'gold' is not a hand bonus set of this game (expected a hand bonus set declared in game.yaml hand_bonus_sets, which declares none)",
        ],
    ),
    (
        "undeclared unit mark",
        [("counters.yaml", "marks: [elite]", "marks: [guards]")],
        [
            "mini/counters.yaml:5:87: units[3].marks[0]: 'guards' is not a unit mark of this game (expected one of 'thai', 'elite', 'replacement', from game.yaml unit_marks)",
        ],
    ),
    (
        "undeclared card side",
        [("cards.yaml", "{id: VM-01, side: viet_minh", "{id: VM-01, side: german")],
        [
            "mini/cards.yaml:2:3: cards: viet_minh serial 1 is missing (expected serials 1..2 with no gap)",
            "mini/cards.yaml:4:23: cards[2].side: 'german' is not a side of this game (expected one of 'french', 'viet_minh', from game.yaml sides)",
        ],
    ),
    (
        "a set-up in an undeclared area class",
        [("counters.yaml", "setup: 4,", "setup: any landing_zone,")],
        [
            "mini/counters.yaml:5:130: units[3].setup: 'landing_zone' is not an area class of this game (expected 'any ' and one of 'plain', 'red', 'blue', 'green', from game.yaml area_classes)",
        ],
    ),
    (
        "a withdrawal past the last turn",
        [("counters.yaml", "type: armor,", "type: armor, withdraw: 4,")],
        [
            "mini/counters.yaml:3:83: units[1].withdraw: turn 4 is not on the turn track (expected a turn 1..3)",
        ],
    ),
    (
        "a unit type declared twice",
        [("game.yaml", "  - {id: armor, name: Armor,", "  - {id: infantry, name: Armor,")],
        [
            "mini/counters.yaml:3:66: units[1].type: 'armor' is not a unit type of this game (expected one of 'infantry', 'paratroops', 'infantry', 'anti-aircraft', from game.yaml unit_types)",
            "mini/game.yaml:18:10: unit_types[2].id: a unit type 'infantry' is used twice (expected each a unit type once; first at line 16)",
        ],
    ),
    (
        "none declared as a bonus set",
        [("game.yaml", "area_classes:\n", 'hand_bonus_sets:\n  - {id: none, name: None, source: "rules 5.1"}\narea_classes:\n')],
        [
            "mini/game.yaml:25:10: hand_bonus_sets[0].id: 'none' is declared as a hand bonus set (expected another id: 'none' is an area without a set)",
        ],
    ),
    (
        "the same side twice",
        [("game.yaml", '{id: viet_minh, label: "Viet Minh"', '{id: french, label: "Viet Minh"')],
        [
            "mini/game.yaml:8:64: sides[1].id: side 'french' is declared twice (expected two different side ids; first at line 8)",
        ],
    ),
    (
        "first side not a side",
        [("game.yaml", "first_side: viet_minh", "first_side: german")],
        [
            "mini/game.yaml:12:13: first_side: 'german' is not a side of this game (expected one of 'french', 'viet_minh', from game.yaml sides)",
        ],
    ),
    (
        "duplicate unit id",
        [("counters.yaml", "id: FR-A-2,", "id: FR-A-1,")],
        [
            "mini/counters.yaml:3:10: units[1].id: unit id 'FR-A-1' is used twice (expected each unit id once; first at line 2)",
        ],
    ),
    (
        "duplicate marker kind",
        [("markers.yaml", "id: turn,", "id: control,")],
        [
            "mini/markers.yaml:3:10: markers[1].id: marker kind 'control' is used twice (expected each marker kind once; first at line 2)",
            "mini/scenario.yaml:8:12: markers[0].kind: 'turn' is not a defined marker kind (expected a marker id from markers.yaml)",
            "mini/scenario.yaml:9:28: markers[1].state: 'french' is not a state of 'control' (expected one of 'turn')",
        ],
    ),
    (
        "duplicate area number",
        [("areas.yaml", "{id: 2, name: North-east", "{id: 1, name: North-east")],
        [
            "mini/areas.yaml:6:10: areas[1].id: area number 1 is used twice (expected each area number once; first at line 5)",
            "mini/borders.yaml:2:17: borders[0].areas[1]: 2 is not a defined area (expected an area number from areas.yaml)",
            "mini/borders.yaml:4:14: borders[2].areas[0]: 2 is not a defined area (expected an area number from areas.yaml)",
        ],
    ),
    (
        "duplicate turn",
        [("turn_track.yaml", "{turn: 2,", "{turn: 1,")],
        [
            "mini/turn_track.yaml:2:3: turns: turn 2 is missing (expected one record for each turn 1..3)",
            "mini/turn_track.yaml:3:12: turns[1].turn: turn 1 is used twice (expected each turn once; first at line 2)",
        ],
    ),
    (
        "dangling border area",
        [("borders.yaml", "{areas: [1, 2],", "{areas: [1, 9],")],
        [
            "mini/borders.yaml:2:17: borders[0].areas[1]: 9 is not a defined area (expected an area number from areas.yaml)",
        ],
    ),
    (
        "self border",
        [("borders.yaml", "{areas: [1, 2],", "{areas: [1, 1],")],
        [
            "mini/borders.yaml:2:13: borders[0].areas: area 1 borders itself (expected two different areas)",
        ],
    ),
    (
        "pair listed twice",
        [
            (
                "borders.yaml",
                '  - {areas: [1, 3], source: "reconstructed: test"}\n',
                '  - {areas: [1, 3], source: "reconstructed: test"}\n  - {areas: [1, 3], source: "reconstructed: again"}\n',
            )
        ],
        [
            "mini/borders.yaml:4:13: borders[2].areas: adjacency 1-3 is listed twice (expected each pair once; first at line 3)",
        ],
    ),
    (
        "pair in both orders",
        [
            (
                "borders.yaml",
                '  - {areas: [1, 3], source: "reconstructed: test"}\n',
                '  - {areas: [1, 3], source: "reconstructed: test"}\n  - {areas: [3, 1], source: "reconstructed: again"}\n',
            )
        ],
        [
            "mini/borders.yaml:4:13: borders[2].areas: adjacency 3-1 repeats 1-3 in the other order (expected each pair once, in either order; first at line 3)",
        ],
    ),
    (
        "bridge off river",
        [("borders.yaml", "{areas: [1, 2], source", "{areas: [1, 2], bridge: true, source")],
        [
            "mini/borders.yaml:2:29: borders[0].bridge: a bridge on 1-2, which is not a river border (expected river: true, or no bridge)",
        ],
    ),
    (
        "unit setup dangling area",
        [("counters.yaml", "setup: 4,", "setup: 5,")],
        [
            "mini/counters.yaml:5:130: units[3].setup: 5 is not a defined area (expected an area number from areas.yaml or turn 1..3)",
        ],
    ),
    (
        "unit setup turn past track",
        [("counters.yaml", "setup: turn 2,", "setup: turn 4,")],
        [
            "mini/counters.yaml:6:119: units[4].setup: turn 4 is not on the turn track (expected an area number from areas.yaml or turn 1..3)",
        ],
    ),
    (
        "card id and side disagree",
        [("cards.yaml", "{id: FR-02, side: french", "{id: FR-02, side: viet_minh")],
        [
            "mini/cards.yaml:3:23: cards[1].side: card FR-02 is given to 'viet_minh' (expected 'french', from its id)",
            "mini/cards.yaml:5:42: cards[3].number: viet_minh serial 2 is used twice (expected each serial once per side; first at line 3)",
        ],
    ),
    (
        "backslash in piece text",
        [
            ("counters.yaml", 'formation: A, company: "2"', 'formation: A, company: "2\\\\"'),
            ("counters.yaml", "formation: S,", 'formation: "S\\\\1",'),
            ("areas.yaml", "name: North-west,", 'name: "North\\\\west",'),
            ("cards.yaml", "name: Air Strike,", 'name: "Air Strike\\\\",'),
            ("markers.yaml", "name: Turn,", 'name: "Turn\\\\",'),
            ("markers.yaml", "states: [french, viet_minh]", 'states: [french, "viet\\\\minh"]'),
        ],
        [
            "mini/areas.yaml:5:19: areas[0].name: area name 'North\\west' contains a backslash, which VASSAL misreads in piece and zone text (expected no backslash (format reference §1.3))",
            "mini/cards.yaml:2:48: cards[0].name: card name 'Air Strike\\' contains a backslash, which VASSAL misreads in piece and zone text (expected no backslash (format reference §1.3))",
            "mini/counters.yaml:3:55: units[1].company: unit company '2\\' contains a backslash, which VASSAL misreads in piece and zone text (expected no backslash (format reference §1.3))",
            "mini/counters.yaml:4:43: units[2].formation: unit formation 'S\\1' contains a backslash, which VASSAL misreads in piece and zone text (expected no backslash (format reference §1.3))",
            "mini/markers.yaml:2:51: markers[0].states[1]: marker state 'viet\\minh' contains a backslash, which VASSAL misreads in piece and zone text (expected no backslash (format reference §1.3))",
            "mini/markers.yaml:3:22: markers[1].name: marker name 'Turn\\' contains a backslash, which VASSAL misreads in piece and zone text (expected no backslash (format reference §1.3))",
        ],
    ),
    (
        "chat colour code leading piece text",
        [
            ("counters.yaml", "formation: S,", 'formation: "!S",'),
            ("cards.yaml", "name: Air Strike,", 'name: "|Air Strike",'),
            ("markers.yaml", "name: Turn,", 'name: " ~Turn",'),
            ("areas.yaml", "name: North-west,", 'name: "North-west!",'),  # not at the start: fine
        ],
        [
            "mini/cards.yaml:2:48: cards[0].name: card name '|Air Strike' starts with '|', a VASSAL chat colour code: the chat would show the reports that start with it as HTML (expected a first character other than | ! ? ~ `)",
            "mini/counters.yaml:4:43: units[2].formation: unit formation '!S' starts with '!', a VASSAL chat colour code: the chat would show the reports that start with it as HTML (expected a first character other than | ! ? ~ `)",
            "mini/markers.yaml:3:22: markers[1].name: marker name ' ~Turn' starts with '~', a VASSAL chat colour code: the chat would show the reports that start with it as HTML (expected a first character other than | ! ? ~ `)",
        ],
    ),
    (
        "deck card without timing",
        [("cards.yaml", "timing: D,", 'timing: "-",')],
        [
            "mini/cards.yaml:4:85: cards[2].timing: card VM-01 has no timing ('-') "
            "(expected a timing class of the game's card list (letters, combined like A/R); '-' only for SPECIAL, not used in play)",
        ],
    ),
    (
        "card id and serial disagree",
        [("cards.yaml", "{id: FR-02, side: french, number: 2", "{id: FR-02, side: french, number: 3")],
        [
            "mini/cards.yaml:2:3: cards: french serial 2 is missing (expected serials 1..3 with no gap)",
            "mini/cards.yaml:3:39: cards[1].number: card FR-02 has serial 3 (expected 2, from its id)",
        ],
    ),
    (
        "deck card without side",
        [("cards.yaml", "{id: FR-02, side: french", "{id: FR-02, side: null")],
        [
            "mini/cards.yaml:3:23: cards[1].side: card FR-02 has no side (expected side 'french'; only SPECIAL has none)",
        ],
    ),
    (
        "special card with side",
        [("cards.yaml", "{id: SPECIAL, side: null", "{id: SPECIAL, side: french")],
        [
            "mini/cards.yaml:6:5: cards[4]: the special card has a side or a serial (expected side: null and number: 0, out of both decks)",
        ],
    ),
    (
        "serial used twice",
        [("cards.yaml", "{id: FR-02, side: french, number: 2", "{id: FR-01, side: french, number: 1")],
        [
            "mini/cards.yaml:3:10: cards[1].id: card id 'FR-01' is used twice (expected each card id once; first at line 2)",
            "mini/cards.yaml:3:39: cards[1].number: french serial 1 is used twice (expected each serial once per side; first at line 2)",
        ],
    ),
    (
        "excludes dangling",
        [("cards.yaml", "excludes: [VM-01]", "excludes: [VM-07]")],
        [
            "mini/cards.yaml:5:125: cards[3].excludes[0]: 'VM-07' is not a defined card (expected a card id from cards.yaml)",
        ],
    ),
    (
        "excludes itself",
        [("cards.yaml", "excludes: [VM-01]", "excludes: [VM-02]")],
        [
            "mini/cards.yaml:5:125: cards[3].excludes[0]: card VM-02 excludes itself (expected other cards' ids)",
        ],
    ),
    (
        "card turn past track",
        [("cards.yaml", "turns: [2, 3]", "turns: [2, 4]")],
        [
            "mini/cards.yaml:3:104: cards[1].turns[1]: turn 4 is not on the turn track (expected turns 1..3)",
        ],
    ),
    (
        "turn track gap",
        [("turn_track.yaml", "{turn: 2,", "{turn: 4,")],
        [
            "mini/turn_track.yaml:2:3: turns: turn 2 is missing (expected one record for each turn 1..3)",
            "mini/turn_track.yaml:3:12: turns[1].turn: turn 4 is past the last turn (expected turns 1..3, game.yaml turns)",
        ],
    ),
    (
        "scenario unknown unit",
        [("scenario.yaml", "VM-B-2: 4", "VM-B-9: 4")],
        [
            "mini/scenario.yaml:6:3: units['VM-B-9']: 'VM-B-9' is not a defined unit (expected a unit id from counters.yaml)",
        ],
    ),
    (
        "scenario dangling area",
        [("scenario.yaml", "VM-B-2: 4", "VM-B-2: 5")],
        [
            "mini/scenario.yaml:6:11: units['VM-B-2']: 5 is not a defined area (expected an area number from areas.yaml or turn 1..3)",
        ],
    ),
    (
        "scenario first turn past track",
        [("scenario.yaml", "first_turn: 1", "first_turn: 4")],
        [
            "mini/scenario.yaml:4:13: first_turn: turn 4 is past the last turn (expected a turn 1..3)",
        ],
    ),
    (
        "scenario marker unknown kind",
        [
            (
                "scenario.yaml",
                "{kind: control, state: french, area: 3}",
                "{kind: trench, state: french, area: 3}",
            )
        ],
        [
            "mini/scenario.yaml:9:12: markers[1].kind: 'trench' is not a defined marker kind (expected a marker id from markers.yaml)",
        ],
    ),
    (
        "scenario marker unknown state",
        [
            (
                "scenario.yaml",
                "{kind: control, state: french, area: 3}",
                "{kind: control, state: blue, area: 3}",
            )
        ],
        [
            "mini/scenario.yaml:9:28: markers[1].state: 'blue' is not a state of 'control' (expected one of 'french', 'viet_minh')",
        ],
    ),
    (
        "scenario marker two places",
        [
            (
                "scenario.yaml",
                "{kind: control, state: french, area: 3}",
                "{kind: control, state: french, area: 3, turn: 1}",
            )
        ],
        [
            "mini/scenario.yaml:9:5: markers[1]: a marker needs exactly one place (expected either area: N or turn: N)",
        ],
    ),
    (
        "scenario marker no place",
        [("scenario.yaml", "{kind: control, state: french, area: 3}", "{kind: control, state: french}")],
        [
            "mini/scenario.yaml:9:5: markers[1]: a marker needs exactly one place (expected either area: N or turn: N)",
        ],
    ),
    (
        "scenario marker dangling area",
        [
            (
                "scenario.yaml",
                "{kind: control, state: french, area: 3}",
                "{kind: control, state: french, area: 7}",
            )
        ],
        [
            "mini/scenario.yaml:9:42: markers[1].area: 7 is not a defined area (expected an area number from areas.yaml)",
        ],
    ),
    (
        "scenario marker turn past track",
        [("scenario.yaml", "{kind: turn, state: turn, turn: 1}", "{kind: turn, state: turn, turn: 5}")],
        [
            "mini/scenario.yaml:8:37: markers[0].turn: turn 5 is not on the turn track (expected a turn 1..3)",
        ],
    ),
    (
        "stacking over the limit",
        [("counters.yaml", 'setup: "*"', "setup: 1")],
        [
            "mini/counters.yaml:4:128: units[2].setup: 3 french units start in area 1 (expected at most 2 units per side per area, game.yaml stacking_limit)",
        ],
    ),
    (
        "stacking over the limit by scenario",
        [("scenario.yaml", "VM-B-2: 4", "VM-B-2: 4\n  VM-R-1: 4")],
        [
            "mini/scenario.yaml:7:11: units['VM-R-1']: 3 viet_minh units start in area 4 (expected at most 2 units per side per area, game.yaml stacking_limit)",
        ],
    ),
    (
        "polygon outside the map",
        [
            (
                "areas.yaml",
                "[[100, 0], [200, 0], [200, 100], [100, 100]]",
                "[[100, 0], [210, 0], [200, 100], [100, 100]]",
            )
        ],
        [
            "mini/areas.yaml:6:106: areas[1].polygon[1]: [210, 0] lies outside the map (expected 0 <= x <= 200, 0 <= y <= 200, game.yaml map)",
        ],
    ),
    (
        "polygon crosses itself",
        [
            (
                "areas.yaml",
                "[[100, 100], [200, 100], [200, 200], [100, 200]]",
                "[[100, 100], [200, 200], [200, 100], [100, 200]]",
            )
        ],
        [
            "mini/areas.yaml:8:127: areas[3].polygon[2]: the outline of area 4 crosses itself (edges 0 and 2 meet) (expected a simple polygon)",
        ],
    ),
    (
        "polygon encloses nothing",
        [("areas.yaml", "[[0, 100], [100, 100], [100, 200], [0, 200]]", "[[0, 100], [50, 100], [100, 100]]")],
        [
            "mini/areas.yaml:7:77: areas[2].polygon: the outline of area 3 encloses no area (all points on one line) (expected a polygon with positive area)",
        ],
    ),
    (
        "label outside polygon",
        [("areas.yaml", "label: [150, 50]", "label: [50, 150]")],
        [
            "mini/areas.yaml:6:148: areas[1].label: [50, 150] is not inside the outline of area 2 (expected a point inside the polygon)",
        ],
    ),
    (
        "label on the outline",
        [("areas.yaml", "label: [150, 50]", "label: [150, 100]")],
        [
            "mini/areas.yaml:6:148: areas[1].label: [150, 100] is not inside the outline of area 2 (expected a point inside the polygon)",
        ],
    ),
    (
        "polygons overlap",
        [
            (
                "areas.yaml",
                "[[100, 100], [200, 100], [200, 200], [100, 200]]",
                "[[90, 100], [200, 100], [200, 200], [90, 200]]",
            )
        ],
        [
            "mini/areas.yaml:8:102: areas[3].polygon: the outline of area 4 overlaps area 3 (expected areas that share at most their edges)",
        ],
    ),
    (
        "identical polygons",
        [
            (
                "areas.yaml",
                "[[100, 100], [200, 100], [200, 200], [100, 200]], label: [150, 150]",
                "[[100, 0], [200, 0], [200, 100], [100, 100]], label: [150, 50]",
            )
        ],
        [
            "mini/areas.yaml:8:102: areas[3].polygon: the outline of area 4 overlaps area 2 (expected areas that share at most their edges)",
            "mini/borders.yaml:5:13: borders[3].areas: areas 3 and 4 are adjacent here but their outlines share 0 px of border (expected outlines sharing at least 4 px)",
        ],
    ),
    (
        "polygon repeats a point",
        [
            (
                "areas.yaml",
                "[[0, 100], [100, 100], [100, 200], [0, 200]]",
                "[[0, 100], [100, 100], [100, 100], [100, 200], [0, 200]]",
            )
        ],
        [
            "mini/areas.yaml:7:100: areas[2].polygon[2]: point 2 of area 3 repeats the point before it (expected each corner once)",
        ],
    ),
    (
        "neighbours that do not touch",
        [
            (
                "borders.yaml",
                "  - {areas: [1, 2],",
                '  - {areas: [1, 4], source: "reconstructed: test"}\n  - {areas: [1, 2],',
            )
        ],
        [
            "mini/borders.yaml:2:13: borders[0].areas: areas 1 and 4 are adjacent here but their outlines share 0 px of border (expected outlines sharing at least 4 px)",
        ],
    ),
]


@pytest.mark.parametrize(("name", "edits", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_broken_cross_reference_is_reported_at_the_referring_spot(
    mini: Path, edit: Edit, name: str, edits: list[tuple[str, str, str]], expected: list[str]
) -> None:
    for file, old, new in edits:
        edit(file, old, new)
    assert problems(mini) == expected


def test_cross_checks_skip_a_file_that_failed_its_schema(mini: Path, edit: Edit) -> None:
    """A schema error in borders.yaml hides that file's cross-checks, not the others'."""
    edit("borders.yaml", "{areas: [1, 2], source", "{areas: [1, 2], river: maybe, source")
    edit("borders.yaml", "{areas: [1, 3],", "{areas: [1, 9],")
    edit("counters.yaml", "setup: 4,", "setup: 5,")
    assert problems(mini) == [
        "mini/borders.yaml:2:28: borders[0].river: 'maybe' is not of type 'boolean' (expected true or false)",
        "mini/counters.yaml:5:130: units[3].setup: 5 is not a defined area (expected an area number from areas.yaml or turn 1..3)",
    ]


def test_ids_of_a_file_that_failed_its_schema_still_resolve_references(mini: Path, edit: Edit) -> None:
    edit("areas.yaml", "defense: 3, control: viet_minh", "defense: x, control: viet_minh")
    edit("borders.yaml", "{areas: [1, 2],", "{areas: [1, 9],")
    assert problems(mini) == [
        "mini/areas.yaml:8:40: areas[3].defense: 'x' is not of type 'integer' (expected an integer 0..3)",
        "mini/borders.yaml:2:17: borders[0].areas[1]: 9 is not a defined area (expected an area number from areas.yaml)",
    ]


def test_a_broken_id_leaves_references_to_that_file_unchecked(mini: Path, edit: Edit) -> None:
    edit("areas.yaml", "{id: 4,", "{id: four,")
    assert problems(mini) == [
        "mini/areas.yaml:8:10: areas[3].id: 'four' is not of type 'integer' (expected an integer 1..999)",
    ]


def test_the_special_card_may_have_no_timing(mini: Path, edit: Edit) -> None:
    """Rules 2.3: the special card is not used in play, so its timing may be '-'."""
    edit("cards.yaml", "name: Special, timing: E,", 'name: Special, timing: "-",')
    assert problems(mini) == []


def test_a_side_whose_only_card_is_the_special_card(mini: Path) -> None:
    path = mini / "cards.yaml"
    lines = [line for line in path.read_text().splitlines() if not line.startswith("  - {id: FR-")]
    path.write_text("\n".join(lines).replace("{id: SPECIAL, side: null", "{id: SPECIAL, side: french") + "\n")
    assert problems(mini) == [
        (
            "mini/cards.yaml:4:5: cards[2]: the special card has a side or a serial "
            "(expected side: null and number: 0, out of both decks)"
        ),
    ]


def test_a_side_declared_before_with_another_label_is_a_problem_at_the_label(mini: Path, edit: Edit) -> None:
    """Sides are declared process-wide (``ids.Side``): a game that gives a known side id another
    label is refused where it says so, not with a traceback."""
    assert problems(mini) == []  # declares french / viet_minh with their labels
    edit("game.yaml", 'label: "Viet Minh"', 'label: "Vietminh"')
    assert problems(mini) == [
        "mini/game.yaml:8:82: sides[1].label: side 'viet_minh' is already declared as 'Viet Minh' against 'french' "
        "by a game read before (expected the same label and enemy wherever a side id is used, or another id)",
    ]


def test_new_setup_kinds_and_unit_fields_pass(mini: Path, edit: Edit) -> None:
    """``any <area class>`` set-ups, ``withdraw``, ``group``, ``setup_code``, ``sequence`` and ``bid``
    are accepted when they name what the game declares."""
    edit("counters.yaml", "setup: 4,", "setup: any green, group: B Division,")
    edit("counters.yaml", "type: armor,", "type: armor, withdraw: 3,")
    edit("areas.yaml", "{id: 2, name: North-east,", "{id: 2, name: North-east, setup_code: A,")
    edit("game.yaml", "area_classes:\n", "sequence: {end_phase: [refresh, turn-end], source: \"rules 4.0\"}\nbid: {min: 1, required: false, source: \"rules 3.1\"}\narea_classes:\n")
    assert problems(mini) == []
