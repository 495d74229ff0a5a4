"""The map data satisfies every map fact of the rules digest (shared/rules/sodbp-rules.md) and the
shape of docs/data-format.md; the reconstruction choices of dbp-battlefield.md §4 are pinned too."""

from __future__ import annotations

import re
from typing import Any

from tests.map_data.map_files import neighbours

AREA_KEYS = {
    "id", "name", "defense", "control", "colour", "victory", "card_bonus", "map_edge", "bank",
    "terrain", "strongpoint", "polygon", "label", "source", "sources",
}
REQUIRED_AREA_KEYS = AREA_KEYS - {"sources"}
BORDER_KEYS = {"areas", "river", "bridge", "source", "sources"}
GAME_KEYS = {
    "id", "title", "module_name", "version", "vassal_version", "description", "sides", "turns",
    "stacking_limit", "dice", "first_side", "unit_types", "unit_marks", "area_classes", "hand_bonus_sets",
    "sequence", "map", "source", "sources", "roll_tables",
}
SOURCE = re.compile(r"^(rules \S.*|reconstructed: \S.*)$")
AIRSTRIPS = {16, 20, 21}


def _source_of(record: dict[str, Any], field: str) -> str:
    return str(record.get("sources", {}).get(field, record["source"]))


# -- shape (docs/data-format.md) -------------------------------------------------------------------


def test_areas_are_1_to_40_in_order_with_known_keys(area_list: list[dict[str, Any]]) -> None:
    assert [a["id"] for a in area_list] == list(range(1, 41))
    for a in area_list:
        assert REQUIRED_AREA_KEYS <= set(a) <= AREA_KEYS, a["id"]
        assert set(a.get("sources", {})) <= AREA_KEYS - {"source", "sources"}, a["id"]
        assert a["defense"] in (0, 1, 2, 3)
        assert a["control"] in ("french", "viet_minh")
        assert a["colour"] in ("plain", "red", "blue", "green")
        assert a["card_bonus"] in ("none", "white", "grey")
        assert a["bank"] in ("west", "east")
        assert isinstance(a["victory"], bool) and isinstance(a["map_edge"], bool)
        assert all(len(p) == 2 and all(isinstance(v, int) for v in p) for p in a["polygon"])
        assert a["polygon"][0] != a["polygon"][-1]


def test_borders_are_listed_once_with_a_below_b(border_list: list[dict[str, Any]]) -> None:
    pairs = [tuple(b["areas"]) for b in border_list]
    assert all(a < b and 1 <= a and b <= 40 for a, b in pairs)
    assert len(pairs) == len(set(pairs)) == 97
    assert pairs == sorted(pairs)
    for b in border_list:
        assert set(b) <= BORDER_KEYS and {"areas", "source"} <= set(b)
        assert set(b.get("sources", {})) <= {"areas", "river", "bridge"}


def test_every_source_is_rules_or_reconstructed(
    game: dict[str, Any], area_list: list[dict[str, Any]], border_list: list[dict[str, Any]]
) -> None:
    records = [game, game["map"], *area_list, *border_list]
    for r in records:
        for text in [r["source"], *r.get("sources", {}).values()]:
            assert SOURCE.match(text), text


def test_game_settings(game: dict[str, Any]) -> None:
    assert set(game) == GAME_KEYS
    assert game["id"] == "sodbp"
    assert game["title"] == "Storm Over Dien Bien Phu"
    assert game["module_name"] == "StormOverDienBienPhu"
    assert game["version"] == "1.0.0"
    assert game["vassal_version"] == "3.7.0"
    assert "reconstruction" in game["description"].lower()
    assert [(s["id"], s["label"]) for s in game["sides"]] == [("french", "French"), ("viet_minh", "Viet Minh")]
    assert game["turns"] == 8  # rules 1.0
    assert game["stacking_limit"] == 9  # rules 7.0
    assert game["dice"] == [6, 6]  # rules 2.0
    assert game["first_side"] == "viet_minh"  # rules 4.0 B: the VM takes the first action
    assert set(game["map"]) == {"width", "height", "source", "roads", "runways", "bridges", "villages"}
    assert _source_of(game, "first_side").startswith("rules 4.0")


# -- rules facts -----------------------------------------------------------------------------------


def test_named_strongpoints_with_white_card_symbol(areas: dict[int, dict[str, Any]]) -> None:
    """rules 2.2.1, 5.1: Gabrielle, Anne-Marie, Béatrice are 6, 9, 14, French at start."""
    assert {i: areas[i]["name"] for i in (6, 9, 14)} == {6: "Gabrielle", 9: "Anne-Marie", 14: "Béatrice"}
    assert {i for i, a in areas.items() if a["card_bonus"] == "white"} == {6, 9, 14}
    assert all(areas[i]["control"] == "french" for i in (6, 9, 14))
    for i in (6, 9, 14):
        for field in ("id", "name", "control", "card_bonus"):
            assert _source_of(areas[i], field).startswith("rules"), (i, field)


def test_airstrips(areas: dict[int, dict[str, Any]]) -> None:
    """rules 2.2.1, 5.1, 11.0: 16/20/21 are the airstrips, blue, grey card symbol, French at start."""
    assert {i for i, a in areas.items() if a["colour"] == "blue"} == AIRSTRIPS
    assert {i for i, a in areas.items() if a["card_bonus"] == "grey"} == AIRSTRIPS
    assert all(areas[i]["control"] == "french" for i in AIRSTRIPS)
    assert all(areas[i]["name"].startswith("Airstrip") for i in AIRSTRIPS)


def test_exactly_six_green_areas_west_bank_airstrip_neighbours(
    areas: dict[int, dict[str, Any]], borders: dict[frozenset[int], dict[str, Any]]
) -> None:
    """rules 2.2.1, 11.0: six green areas, west of the river and adjacent to an airstrip."""
    green = {i for i, a in areas.items() if a["colour"] == "green"}
    west_neighbours = {
        n for s in AIRSTRIPS for n in neighbours(borders, s) if n not in AIRSTRIPS and areas[n]["bank"] == "west"
    }
    assert len(green) == 6
    assert green == west_neighbours == {10, 15, 18, 22, 28, 34}


def test_bridges_exactly_21_29_and_28_29_on_river_borders(
    areas: dict[int, dict[str, Any]], border_list: list[dict[str, Any]]
) -> None:
    """rules 2.2.1, 7.0: two bridges, 29-28 and 29-21."""
    bridged = {frozenset(b["areas"]) for b in border_list if b.get("bridge", False)}
    assert bridged == {frozenset((21, 29)), frozenset((28, 29))}
    assert all(b.get("river", False) for b in border_list if b.get("bridge", False))
    for b in border_list:
        if frozenset(b["areas"]) in bridged:
            assert b["source"].startswith("rules 2.2.1, 7.0")


def test_rivers_are_exactly_the_cross_bank_borders(
    areas: dict[int, dict[str, Any]], border_list: list[dict[str, Any]]
) -> None:
    rivers = {tuple(b["areas"]) for b in border_list if b.get("river", False)}
    cross = {tuple(b["areas"]) for b in border_list if areas[b["areas"][0]]["bank"] != areas[b["areas"][1]]["bank"]}
    assert rivers == cross
    assert len(rivers) == 14


def test_example_adjacencies_and_area_11(
    areas: dict[int, dict[str, Any]], borders: dict[frozenset[int], dict[str, Any]]
) -> None:
    """rules 7.0 movement example, 8.4 fire example, assault example."""
    for a, b in ((10, 7), (10, 11), (10, 17), (11, 7), (11, 8), (11, 14), (11, 17), (14, 17)):
        assert frozenset((a, b)) in borders, (a, b)
        assert borders[frozenset((a, b))]["source"].startswith("rules"), (a, b)
    assert neighbours(borders, 11) == {7, 8, 10, 14, 17}
    for a, b in ((10, 17), (11, 17)):
        border = borders[frozenset((a, b))]
        assert border.get("river") is True and border.get("bridge", False) is False
    assert areas[11]["defense"] == 1
    assert _source_of(areas[11], "defense").startswith("rules 8.4")


def test_example_control(areas: dict[int, dict[str, Any]]) -> None:
    """rules 7.0, 8.4: 7, 8, 11 VM-controlled; 10, 14, 17 French; 7 is not red (French move 10→7)."""
    assert [areas[i]["control"] for i in (7, 8, 11)] == ["viet_minh"] * 3
    assert [areas[i]["control"] for i in (10, 14, 17)] == ["french"] * 3
    assert areas[7]["colour"] != "red"


def test_area_38_exists_for_the_relief_force(areas: dict[int, dict[str, Any]]) -> None:
    """Relief Force from Isabelle places units in area 38; our 38 is French and not red."""
    assert areas[38]["colour"] != "red" and areas[38]["control"] == "french"
    assert _source_of(areas[38], "id").startswith("rules")


def test_red_areas_are_vm_edge_areas(areas: dict[int, dict[str, Any]]) -> None:
    """rules 2.2.1: red areas lie around the map edge; French may never enter them."""
    red = {i for i, a in areas.items() if a["colour"] == "red"}
    assert red == {1, 2, 3, 4, 5, 12, 13, 25, 32, 36, 37, 39, 40}
    assert all(areas[i]["map_edge"] and areas[i]["control"] == "viet_minh" for i in red)
    assert {i for i, a in areas.items() if a["map_edge"]} == red | {38}


def test_victory_areas(areas: dict[int, dict[str, Any]]) -> None:
    """rules 14.0: victory areas have defence 3, and at least six exist."""
    victory = {i for i, a in areas.items() if a["victory"]}
    assert victory == {i for i, a in areas.items() if a["defense"] == 3}
    assert victory == {6, 14, 19, 23, 26, 30, 31}
    assert all(areas[i]["control"] == "french" for i in victory)


def test_initial_control_counts(areas: dict[int, dict[str, Any]]) -> None:
    vm = {i for i, a in areas.items() if a["control"] == "viet_minh"}
    assert vm == {1, 2, 3, 4, 5, 7, 8, 11, 12, 13, 25, 32, 36, 37, 39, 40}
    assert len(areas) - len(vm) == 24


def test_vm_interior_areas_chain_to_the_map_edge(
    areas: dict[int, dict[str, Any]], borders: dict[frozenset[int], dict[str, Any]]
) -> None:
    """rules 12.3: VM-controlled interior areas link to the edge through VM areas at start."""
    vm = {i for i, a in areas.items() if a["control"] == "viet_minh"}
    reached = {i for i in vm if areas[i]["map_edge"]}
    frontier = list(reached)
    while frontier:
        for n in neighbours(borders, frontier.pop()):
            if n in vm and n not in reached:
                reached.add(n)
                frontier.append(n)
    assert reached == vm


def test_names_are_short_and_accented(areas: dict[int, dict[str, Any]]) -> None:
    names = {a["name"] for a in areas.values()}
    assert len(names) == 40
    assert all(len(n) <= 22 for n in names)
    for expected in ("Gabrielle", "Anne-Marie", "Béatrice", "Huguette 6 / Opéra", "Huguette 7",
                     "Dominique 1", "Éliane 2", "Françoise", "Junon", "Lily", "Claudine"):
        assert expected in names, expected
