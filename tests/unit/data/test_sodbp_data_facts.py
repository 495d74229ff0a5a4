"""data.games.sodbp: the facts the SoDBP rules fix (2.2.1, 5.1, 7.0, 8.4, 10.0, 11.0, 12.1).

The data here is synthetic, just enough to satisfy every relation; each test breaks one.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from sdbp_module.data.crossref import Checks
from sdbp_module.data.dataset import with_defaults
from sdbp_module.data.problems import format_path
from sdbp_module.data.sources import parse_yaml
from sdbp_module.data.validate import load_schema, validate_file
from sdbp_module.games import game_checks
from sdbp_module.games.sodbp import checks as sodbp
from tests import yaml_io

R = "reconstructed: test"
GREEN = (1, 2, 3, 4, 5, 12)
VICTORY = (30, 31, 32, 33, 34, 35)


def _area(n: int) -> dict[str, Any]:
    x, y = (n - 1) % 8 * 100, (n - 1) // 8 * 100
    return {
        "id": n,
        "name": "",
        "defense": 1,
        "control": "viet_minh",
        "colour": "plain",
        "bank": "west",
        "polygon": [[x, y], [x + 100, y], [x + 100, y + 100], [x, y + 100]],
        "label": [x + 50, y + 50],
        "source": R,
    }


def _unit(uid: str, side: str, fresh: list[int], setup: Any = 1, **extra: Any) -> dict[str, Any]:
    return {
        "id": uid,
        "side": side,
        "formation": "X",
        "company": "1",
        "type": "infantry",
        "fresh": fresh,
        "spent": 5,
        "setup": setup,
        "source": R,
        **extra,
    }


def sodbp_values() -> dict[str, Any]:
    areas = [_area(n) for n in range(1, 41)]
    by_id = {a["id"]: a for a in areas}
    for n, name in sodbp.NAMED.items():
        by_id[n].update(name=name, card_bonus="white", control="french")
    for n in sodbp.AIRSTRIPS:
        by_id[n].update(colour="blue", card_bonus="grey", control="french", terrain="airstrip")
    for n, side in sodbp.CONTROL.items():
        by_id[n]["control"] = side
    by_id[11]["defense"] = 1
    for n in GREEN:
        by_id[n]["colour"] = "green"
    for n in VICTORY:
        by_id[n].update(defense=3, victory=True)
    by_id[40].update(colour="red", map_edge=True)
    pairs = [*sodbp.ADJACENT, (28, 29), (21, 29), *((g, 16) for g in GREEN)]
    borders = [{"areas": list(p), "source": R} for p in pairs]
    for b in borders:
        if set(b["areas"]) in ({28, 29}, {21, 29}):
            b.update(river=True, bridge=True)
        if set(b["areas"]) in ({10, 17}, {11, 17}):
            b["river"] = True
    units = [
        _unit("FR-A-1", "french", [3, 8, 3]),
        _unit("FR-A-2", "french", [1, 8, 3]),
        _unit("FR-A-3", "french", [1, 8, 3]),
        _unit("FR-A-4", "french", [2, 8, 3]),
        *(_unit(f"FR-S-{i}", "french", [2, 8, 3], "*") for i in (1, 2, 3)),
        _unit("VM-A-1", "viet_minh", [3, 8, 2], 7),
        _unit("VM-R-1", "viet_minh", [1, 7, 2], "replacements", marks=["replacement"]),
    ]
    cards = [
        *(
            {
                "id": f"FR-{n:02d}",
                "side": "french",
                "number": n,
                "name": "F",
                "timing": "A",
                "effect": "e",
                "source": R,
            }
            for n in range(1, 28)
        ),
        *(
            {
                "id": f"VM-{n:02d}",
                "side": "viet_minh",
                "number": n,
                "name": "V",
                "entrenchment": 1,
                "timing": "A",
                "effect": "e",
                "source": R,
            }
            for n in range(1, 28)
        ),
        {"id": "SPECIAL", "side": None, "number": 0, "name": "S", "timing": "X", "effect": "e", "source": R},
    ]
    return {
        "game": {
            "id": "sodbp",
            "title": "T",
            "module_name": "T",
            "version": "1.0.0",
            "vassal_version": "3.7.26",
            "description": "",
            "sides": [{"id": "french", "label": "French", "source": R}, {"id": "viet_minh", "label": "Viet Minh", "source": R}],
            "turns": 8,
            "stacking_limit": 9,
            "dice": [6, 6],
            "first_side": "viet_minh",
            **{key: [{"id": i, "name": i, "source": R} for i in ids] for key, ids, _ in sodbp.VOCABULARY},
            "map": {"width": 800, "height": 500, "source": R},
            "source": R,
        },
        "areas": {"areas": areas},
        "borders": {"borders": borders},
        "counters": {"units": units},
        "cards": {"cards": cards},
        "turn_track": {
            "turns": [{"turn": t, "cards": {"french": 4, "viet_minh": 5}, "source": R} for t in range(1, 9)]
        },
    }


_DUMPED: dict[str, str] = {}
"""``yaml.safe_dump`` (``tests/yaml_io.py``) of each value dumped so far, by its ``repr`` (types, key order and
all): most tests edit one file of six, and the pure-Python dump of the others took as long as the checks."""


def dumped(value: Any) -> str:
    shown = repr(value)
    text = _DUMPED.get(shown)
    if text is None:
        text = _DUMPED[shown] = yaml_io.dump(value, allow_unicode=True)
    return text


def sodbp_problems(values: dict[str, Any]) -> list[str]:
    """Run the SoDBP checks only; problems rendered without their position."""
    files, valid = {}, {}
    for kind, value in values.items():
        files[kind] = parse_yaml(dumped(value), f"{kind}.yaml")
        assert validate_file(kind, files[kind]) == [], kind
        valid[kind] = with_defaults(load_schema(kind), files[kind].value)
    checks = Checks(files, valid)
    for check in sodbp.CHECKS:
        check(checks)
    out = []
    for p in checks.problems:
        text = f"{p.file}: {format_path(p.path)}: {p.message}"
        out.append(text + (f" (expected {p.expected})" if p.expected else ""))
    return out


@pytest.fixture
def values() -> dict[str, Any]:
    return copy.deepcopy(VALUES)


VALUES = sodbp_values()


def area(values: dict[str, Any], n: int) -> dict[str, Any]:
    return next(a for a in values["areas"]["areas"] if a["id"] == n)


def border(values: dict[str, Any], a: int, b: int) -> dict[str, Any]:
    return next(x for x in values["borders"]["borders"] if set(x["areas"]) == {a, b})


def test_the_checks_are_chosen_by_game_id() -> None:
    assert game_checks("sodbp") == sodbp.CHECKS
    assert game_checks("mini") == ()


def test_data_that_respects_every_rules_fact_passes(values: dict[str, Any]) -> None:
    assert sodbp_problems(values) == []


def test_game_is_8_turns_stacking_9_two_dice(values: dict[str, Any]) -> None:
    values["game"].update(turns=7, stacking_limit=8, dice=[6])
    values["turn_track"]["turns"].pop()
    assert sodbp_problems(values) == [
        "game.yaml: turns: turns is 7 (expected 8, rules 4.0)",
        "game.yaml: stacking_limit: stacking_limit is 8 (expected 9, rules 7.0)",
        "game.yaml: dice: dice is [6] (expected [6, 6], rules 2.0)",
    ]


def test_areas_6_9_14_are_named_with_white_bonus_and_french(values: dict[str, Any]) -> None:
    area(values, 9).update(name="Anne Marie", card_bonus="none", control="viet_minh")
    assert sodbp_problems(values) == [
        "areas.yaml: areas[8].name: area 9 is named 'Anne Marie' (expected 'Anne-Marie', rules 2.2.1)",
        "areas.yaml: areas[8].card_bonus: area 9 has card_bonus 'none' (expected 'white', rules 2.2.1, 5.1)",
        "areas.yaml: areas[8].control: area 9 has control 'viet_minh' (expected 'french', rules 5.1 (French get both card bonuses on turn 1))",
    ]


def test_names_compare_without_accents_as_the_seed_prints_beatrice(values: dict[str, Any]) -> None:
    area(values, 14)["name"] = "Beatrice"
    assert sodbp_problems(values) == []


def test_airstrips_16_20_21_are_blue_with_grey_bonus_and_french(values: dict[str, Any]) -> None:
    area(values, 20).update(colour="plain", card_bonus="white", control="viet_minh")
    assert sodbp_problems(values) == [
        "areas.yaml: areas[19].colour: area 20 has colour 'plain' (expected 'blue', rules 2.2.1, 11.0)",
        "areas.yaml: areas[19].card_bonus: area 20 has card_bonus 'white' (expected 'grey', rules 2.2.1, 5.1)",
        "areas.yaml: areas[19].control: area 20 has control 'viet_minh' (expected 'french', rules 5.1 (French get both card bonuses on turn 1))",
        "areas.yaml: areas[19].card_bonus: area 20 has a white card symbol (expected white only on areas 6, 9, 14, rules 2.2.1)",
    ]


def test_no_other_area_is_blue_or_carries_a_bonus(values: dict[str, Any]) -> None:
    area(values, 30).update(colour="blue", card_bonus="grey")
    assert sodbp_problems(values) == [
        "areas.yaml: areas[29].card_bonus: area 30 has a grey card symbol (expected grey only on areas 16, 20, 21, rules 2.2.1)",
        "areas.yaml: areas[29].colour: area 30 is blue (an airstrip) (expected blue only on areas 16, 20, 21, rules 11.0)",
    ]


def test_airstrip_terrain_is_exactly_on_the_blue_airstrip_areas(values: dict[str, Any]) -> None:
    """rules 2.2.1, 11.0: the blue areas are the airstrips, so the airstrip ground is drawn there only."""
    area(values, 16)["terrain"] = "paddies"
    area(values, 30)["terrain"] = "airstrip"
    assert sodbp_problems(values) == [
        "areas.yaml: areas[15].terrain: area 16 has terrain 'paddies' (expected 'airstrip', rules 2.2.1, 11.0)",
        "areas.yaml: areas[29].terrain: area 30 has terrain 'airstrip' (expected airstrip terrain only on areas 16, 20, 21, rules 2.2.1, 11.0)",
    ]


def test_exactly_six_green_areas_on_the_west_bank_next_to_an_airstrip(values: dict[str, Any]) -> None:
    area(values, 30)["colour"] = "green"
    area(values, 12)["bank"] = "east"
    assert sodbp_problems(values) == [
        "areas.yaml: areas: 7 green areas (expected exactly 6, rules 2.2.1, 11.0)",
        "areas.yaml: areas[11].bank: green area 12 is not on the west bank (expected bank: west, rules 11.0)",
        "areas.yaml: areas[29].colour: green area 30 is not adjacent to an airstrip (expected a neighbour among 16, 20, 21, rules 11.0)",
    ]


def test_the_example_areas_exist(values: dict[str, Any]) -> None:
    values["areas"]["areas"] = [a for a in values["areas"]["areas"] if a["id"] != 38]
    assert sodbp_problems(values) == [
        "areas.yaml: areas: area 38 is missing (expected areas named by the rules: 6, 7, 8, 9, 10, 11, 14, 16, 17, 20, 21, 28, 29, 38)",
    ]


def test_examples_fix_control_defense_of_11_and_7_not_red(values: dict[str, Any]) -> None:
    area(values, 11).update(defense=2, control="french")
    area(values, 17)["control"] = "viet_minh"
    area(values, 7).update(colour="red", map_edge=True)
    assert sodbp_problems(values) == [
        "areas.yaml: areas[10].control: area 11 has control 'french' (expected 'viet_minh', rules 7.0, 8.4 examples)",
        "areas.yaml: areas[16].control: area 17 has control 'viet_minh' (expected 'french', rules 7.0, 8.4 examples)",
        "areas.yaml: areas[10].defense: area 11 has defense 2 (expected 1, rules 8.4 example)",
        "areas.yaml: areas[6].colour: area 7 is red (closed to French units) (expected not red, rules 7.0 example (French units enter it))",
    ]


def test_victory_symbols_exactly_on_defense_3_and_at_least_six(values: dict[str, Any]) -> None:
    area(values, 30)["defense"] = 2
    area(values, 36)["defense"] = 3
    assert sodbp_problems(values) == [
        "areas.yaml: areas[29].victory: area 30 has defense 2 and victory true (expected a victory symbol exactly on the defense-3 areas, rules 14.0)",
        "areas.yaml: areas[35].victory: area 36 has defense 3 and victory false (expected a victory symbol exactly on the defense-3 areas, rules 14.0)",
    ]


def test_at_least_six_victory_areas(values: dict[str, Any]) -> None:
    area(values, 35).update(defense=2, victory=False)
    assert sodbp_problems(values) == [
        "areas.yaml: areas: only 5 victory areas (expected at least 6, rules 14.0 (the VM needs six))",
    ]


def test_red_areas_lie_on_the_map_edge_and_hold_no_french_unit(values: dict[str, Any]) -> None:
    area(values, 40)["map_edge"] = False
    values["counters"]["units"][0]["setup"] = 40
    assert sodbp_problems(values) == [
        "areas.yaml: areas[39].map_edge: red area 40 is not on the map edge (expected map_edge: true, rules 2.2.1 (red areas are around the map edge))",
        "counters.yaml: units[0].setup: a French unit starts in red area 40 (expected French units never in red areas, rules 7.0)",
    ]


def test_bridges_exactly_28_29_and_21_29(values: dict[str, Any]) -> None:
    border(values, 21, 29)["bridge"] = False
    border(values, 10, 17)["bridge"] = True
    assert sodbp_problems(values) == [
        "borders.yaml: borders[2].bridge: a bridge on 10-17 (expected bridges only on 28-29 and 21-29, rules 7.0)",
        "borders.yaml: borders[9].bridge: border 21-29 has no bridge (expected bridge: true, rules 7.0)",
        "borders.yaml: borders[2]: border 10-17 is not a river without a bridge (expected river: true, bridge: false, rules 7.0 example)",
    ]


def test_a_missing_bridge_border(values: dict[str, Any]) -> None:
    values["borders"]["borders"].remove(border(values, 28, 29))
    assert sodbp_problems(values) == [
        "borders.yaml: borders: no border 28-29 (expected a river border 28-29 with a bridge, rules 7.0)",
    ]


def test_example_adjacencies_must_be_present(values: dict[str, Any]) -> None:
    values["borders"]["borders"].remove(border(values, 14, 17))
    assert sodbp_problems(values) == [
        "borders.yaml: borders: areas 14 and 17 are not adjacent (expected a border 14-17, rules 7.0, 8.4, 10.0 examples)",
    ]


def test_area_11_has_exactly_the_fire_example_neighbours(values: dict[str, Any]) -> None:
    values["borders"]["borders"].append({"areas": [11, 12], "source": R})
    assert sodbp_problems(values) == [
        "borders.yaml: borders[16].areas: area 11 borders area 12 (expected 11's neighbours exactly 7, 8, 10, 14, 17, rules 8.4 example)",
    ]


def test_10_17_and_11_17_are_rivers_without_bridge(values: dict[str, Any]) -> None:
    border(values, 11, 17)["river"] = False
    assert sodbp_problems(values) == [
        "borders.yaml: borders[6]: border 11-17 is not a river without a bridge (expected river: true, bridge: false, rules 7.0 example)",
    ]


def test_replacements_are_viet_minh_1_7_2(values: dict[str, Any]) -> None:
    values["counters"]["units"][-1]["fresh"] = [1, 6, 2]
    assert sodbp_problems(values) == [
        "counters.yaml: units[8].fresh: replacement VM-R-1 is viet_minh 1-6-2 (expected viet_minh 1-7-2, rules 12.1)",
    ]


def test_there_are_replacement_units(values: dict[str, Any]) -> None:
    values["counters"]["units"].pop()
    assert sodbp_problems(values) == [
        "counters.yaml: units: no replacement units (expected VM replacement units 1-7-2, rules 12.1)",
    ]


def test_exactly_three_star_units(values: dict[str, Any]) -> None:
    values["counters"]["units"][4]["setup"] = 1
    assert sodbp_problems(values) == [
        "counters.yaml: units: 2 units with set-up '*' (expected exactly 3, all French, rules 2.1.1)",
    ]


def test_star_units_are_french(values: dict[str, Any]) -> None:
    values["counters"]["units"][4]["setup"] = 1
    values["counters"]["units"][7]["setup"] = "*"
    assert sodbp_problems(values) == [
        "counters.yaml: units[7].setup: VM-A-1 is a viet_minh unit with set-up '*' (expected '*' only on French units, rules 2.1.1)",
    ]


def test_a_viet_minh_unit_with_movement_2_exists(values: dict[str, Any]) -> None:
    values["counters"]["units"][7]["fresh"] = [3, 8, 3]
    values["counters"]["units"][8]["fresh"] = [1, 7, 3]
    assert sodbp_problems(values) == [
        "counters.yaml: units[8].fresh: replacement VM-R-1 is viet_minh 1-7-3 (expected viet_minh 1-7-2, rules 12.1)",
        "counters.yaml: units: no Viet Minh unit with movement 2 (expected at least one, rules 7.0 example)",
    ]


def test_example_unit_values_exist(values: dict[str, Any]) -> None:
    values["counters"]["units"][7]["fresh"] = [3, 7, 3]
    values["counters"]["units"][2]["fresh"] = [2, 8, 3]
    assert sodbp_problems(values) == [
        "counters.yaml: units: no Viet Minh unit with defense 8 (expected at least one, rules 8.4 example)",
        "counters.yaml: units: too few French units with firepower 1 (need 2) (expected French units with FP 3, 1, 1, 2, rules 8.4 example)",
    ]


def test_27_cards_per_side_and_one_special(values: dict[str, Any]) -> None:
    values["cards"]["cards"] = [c for c in values["cards"]["cards"] if c["id"] not in ("FR-27", "SPECIAL")]
    assert sodbp_problems(values) == [
        "cards.yaml: cards: 26 french cards (missing [27]) (expected serials 1..27 once each, rules 2.3)",
        "cards.yaml: cards: 0 special cards (expected exactly one, out of both decks, rules 2.3)",
    ]


def test_only_vm_cards_have_entrenchment_values(values: dict[str, Any]) -> None:
    values["cards"]["cards"][0]["entrenchment"] = 1
    values["cards"]["cards"][27]["entrenchment"] = None
    assert sodbp_problems(values) == [
        "cards.yaml: cards[0].entrenchment: French card FR-01 has an entrenchment value (expected null (only VM cards have one), rules 2.3)",
        "cards.yaml: cards[27].entrenchment: VM card VM-01 has no entrenchment value (expected an integer 0..3, rules 2.3, 9.0)",
    ]


def test_french_hold_4_cards_on_turn_1(values: dict[str, Any]) -> None:
    values["turn_track"]["turns"][0]["cards"]["french"] = 5
    assert sodbp_problems(values) == [
        "turn_track.yaml: turns[0].cards.french: French turn-1 allowance is 5 (expected 4, rules 2.2.2)",
    ]


def test_card_ids_carry_their_deck_prefix_and_timings_are_the_rules_letters(values: dict[str, Any]) -> None:
    """2.3: the French deck is FR-nn and the VM deck VM-nn (our ids), timing letters A, D, R, E, X."""
    cards = values["cards"]["cards"]
    cards[0]["id"] = "VM-01"
    cards[1]["timing"] = "I"
    assert sodbp_problems(values) == [
        "cards.yaml: cards[0].id: card VM-01 of side 'french' has the prefix of another deck (expected FR-nn for french cards, VM-nn for viet_minh cards, rules 2.3)",
        "cards.yaml: cards[1].timing: card FR-02 has timing 'I' (expected timing letters A, D, R, E, X, rules 2.3)",
    ]
