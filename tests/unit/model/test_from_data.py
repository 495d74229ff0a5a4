"""model.from_data: validated files → the frozen GameData (typed ids, enums, tuples, placements)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from sdbp_module.errors import DataError, InputError
from sdbp_module.games.sodbp.ids import (
    FRENCH,
    VIET_MINH,
    AreaColour,
    CardBonus,
    UnitType,
)
from sdbp_module.ids import AreaClassId, AreaId, CardId, MarkerKindId, Side, UnitId
from sdbp_module.model.from_data import load_game, parse_setup
from sdbp_module.model.game_data import (
    Bid,
    GameData,
    Placement,
    SetupKind,
    Source,
    Term,
)

MINI = Path(__file__).parents[1] / "data" / "fixtures" / "mini"


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(MINI)


def test_game_info_is_typed(game: GameData) -> None:
    assert game.game.id == "mini"
    assert game.game.sides == (FRENCH, VIET_MINH)
    assert game.game.first_side is VIET_MINH
    assert (game.game.turns, game.game.stacking_limit, game.game.dice) == (3, 2, (6, 6))
    assert (game.map.width, game.map.height) == (200, 200)
    assert game.map.source == Source("reconstructed: test map")
    assert game.map.source.is_reconstructed


def test_areas_are_sorted_with_enums_and_schema_defaults(game: GameData) -> None:
    assert [a.id for a in game.areas] == [1, 2, 3, 4]
    second = game.area(AreaId(2))
    assert second.colour == AreaColour.BLUE
    assert second.card_bonus == CardBonus.NONE  # default
    assert (second.victory, second.map_edge) == (False, False)  # defaults
    assert second.bank == "east"
    assert game.area(AreaId(3)).bank == ""  # omitted: no river side
    assert second.polygon == ((100, 0), (200, 0), (200, 100), (100, 100))
    assert second.label == (150, 50)


def test_borders_are_normalised_a_below_b_and_indexed(game: GameData) -> None:
    assert [(b.a, b.b, b.river, b.bridge) for b in game.borders] == [
        (1, 2, False, False),
        (1, 3, False, False),
        (2, 4, True, False),
        (3, 4, True, True),
    ]
    assert game.neighbours(AreaId(1)) == {2, 3}
    assert game.is_adjacent(AreaId(4), AreaId(3))
    assert not game.is_adjacent(AreaId(1), AreaId(4))


def test_units_carry_values_and_printed_setup_as_placements(game: GameData) -> None:
    assert [u.id for u in game.units] == ["FR-A-1", "FR-A-2", "FR-S-1", "VM-B-1", "VM-B-2", "VM-R-1"]
    armor = game.unit(UnitId("FR-A-2"))
    assert (armor.type, armor.firepower, armor.defense, armor.movement, armor.spent_defense) == (
        UnitType.ARMOR,
        3,
        9,
        4,
        7,
    )
    assert armor.name == "A 2"
    assert "thai" in game.unit(UnitId("FR-S-1")).marks
    assert "elite" in game.unit(UnitId("VM-B-1")).marks
    assert "replacement" in game.unit(UnitId("VM-R-1")).marks
    assert [u.setup for u in game.units] == [
        Placement(SetupKind.AREA, area=AreaId(1)),
        Placement(SetupKind.AREA, area=AreaId(1)),
        Placement(SetupKind.CARD),
        Placement(SetupKind.AREA, area=AreaId(4)),
        Placement(SetupKind.TURN, turn=2),
        Placement(SetupKind.REPLACEMENTS),
    ]


def test_scenario_placements_default_to_printed_ones_with_overrides(game: GameData) -> None:
    placements = game.scenario.units
    assert list(placements) == [u.id for u in game.units]
    assert placements[UnitId("VM-B-2")] == Placement(SetupKind.AREA, area=AreaId(4))  # override of "turn 2"
    assert placements[UnitId("FR-A-1")] == game.unit(UnitId("FR-A-1")).setup
    assert [(m.kind, m.state, m.area, m.turn) for m in game.scenario.markers] == [
        (MarkerKindId("turn"), "turn", None, 1),
        (MarkerKindId("control"), "french", AreaId(3), None),
    ]


def test_cards_are_sorted_by_side_then_serial_with_defaults(game: GameData) -> None:
    assert [c.id for c in game.cards] == ["FR-01", "FR-02", "VM-01", "VM-02", "SPECIAL"]
    special = game.card(CardId("SPECIAL"))
    assert special.side is None and special.number == 0
    assert game.cards_of(None) == (special,)
    reserve = game.card(CardId("FR-02"))
    assert (reserve.turns, reserve.multi_copy, reserve.excludes, reserve.entrenchment) == (
        (2, 3),
        "unspecified",
        (),
        None,
    )
    assault = game.card(CardId("VM-02"))
    assert (assault.excludes, assault.removed_after_play, assault.entrenchment) == (
        (CardId("VM-01"),),
        True,
        2,
    )


def test_turn_track_gives_allowances_per_side(game: GameData) -> None:
    assert [t.turn for t in game.turn_track] == [1, 2, 3]
    assert game.turn(1).cards == {FRENCH: 4, VIET_MINH: 5}


def test_the_model_is_frozen(game: GameData) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.areas[0].defense = 3  # type: ignore[misc]
    assert isinstance(game.areas, tuple)


@pytest.mark.parametrize(
    ("value", "placement"),
    [
        (14, Placement(SetupKind.AREA, area=AreaId(14))),
        ("turn 3", Placement(SetupKind.TURN, turn=3)),
        ("*", Placement(SetupKind.CARD)),
        ("replacements", Placement(SetupKind.REPLACEMENTS)),
        ("off-map", Placement(SetupKind.OFF_MAP)),
        ("any landing_zone", Placement(SetupKind.CLASS, area_class=AreaClassId("landing_zone"))),
    ],
)
def test_setup_values_become_placements(value: object, placement: Placement) -> None:
    assert parse_setup(value) == placement


def test_invalid_data_raises_data_error_listing_every_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(MINI, tmp_path / "mini")
    monkeypatch.chdir(tmp_path)
    areas = Path("mini/areas.yaml")
    areas.write_text(areas.read_text().replace("defense: 3,", "defense: 4,"))
    borders = Path("mini/borders.yaml")
    borders.write_text(borders.read_text().replace("[1, 3]", "[1, 5]"))
    with pytest.raises(DataError) as caught:
        load_game(Path("mini"))
    assert caught.value.exit_code == 1
    assert caught.value.message == (
        "mini/areas.yaml:8:40: areas[3].defense: 4 is out of range (expected an integer 0..3)\n"
        "mini/borders.yaml:3:17: borders[1].areas[1]: 5 is not a defined area (expected an area number from areas.yaml)\n"
        "Aborted: 2 problems in 2 files"
    )


def test_a_missing_file_raises_input_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(MINI, tmp_path / "mini")
    monkeypatch.chdir(tmp_path)
    Path("mini/cards.yaml").unlink()
    with pytest.raises(InputError) as caught:
        load_game(Path("mini"))
    assert caught.value.exit_code == 2
    assert caught.value.message == "mini/cards.yaml: cannot be read: no such file"


def test_the_game_declares_its_sides_and_vocabularies(game: GameData) -> None:
    assert [(s.value, s.label) for s in game.game.sides] == [("french", "French"), ("viet_minh", "Viet Minh")]
    assert game.game.sides[0].enemy is game.game.sides[1]
    assert Side("viet_minh") is game.game.sides[1]
    assert [t.id for t in game.game.unit_types] == ["infantry", "paratroops", "armor", "anti-aircraft"]
    assert [t.id for t in game.game.unit_marks] == ["thai", "elite", "replacement"]
    assert game.game.area_classes[1] == Term("red", "Red", Source("rules 2.2"))
    assert game.game.hand_bonus_sets == ()  # optional
    assert (game.game.end_phase, game.game.bid) == ((), None)  # optional
    assert game.unit(UnitId("FR-A-1")).marks == frozenset()  # omitted: none
    assert (game.unit(UnitId("FR-A-1")).group, game.unit(UnitId("FR-A-1")).withdraw) == ("", None)
    assert game.area(AreaId(1)).setup_code == ""


def test_the_new_generic_fields_reach_the_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(MINI, tmp_path / "mini")
    monkeypatch.chdir(tmp_path)
    folder = Path("mini")

    def edit(file: str, old: str, new: str) -> None:
        text = (folder / file).read_text(encoding="utf-8")
        assert text.count(old) == 1
        (folder / file).write_text(text.replace(old, new), encoding="utf-8")

    edit("counters.yaml", "setup: 4,", "setup: any green, group: B Division,")
    edit("counters.yaml", "type: armor,", "type: armor, withdraw: 3,")
    edit("areas.yaml", "{id: 2, name: North-east,", "{id: 2, name: North-east, setup_code: A, card_bonus: gold,")
    edit(
        "game.yaml",
        "area_classes:\n",
        "hand_bonus_sets:\n  - {id: gold, name: Gold, cards: 2, source: \"rules 5.1\"}\n"
        "sequence: {end_phase: [refresh, turn-end], source: \"rules 4.0\"}\n"
        "bid: {min: 1, required: true, source: \"rules 3.1\"}\narea_classes:\n",
    )
    game = load_game(folder)
    elite = game.unit(UnitId("VM-B-1"))
    assert (elite.setup, elite.group) == (Placement(SetupKind.CLASS, area_class=AreaClassId("green")), "B Division")
    assert game.scenario.units[UnitId("VM-B-1")] == elite.setup
    assert game.unit(UnitId("FR-A-2")).withdraw == 3
    assert game.area(AreaId(2)).setup_code == "A"
    assert [(b.id, b.cards) for b in game.game.hand_bonus_sets] == [("gold", 2)]
    assert game.game.bonus_set("gold").name == "Gold"
    assert game.bonus_areas("gold") == (2,)
    assert game.game.end_phase == ("refresh", "turn-end")
    assert game.game.bid == Bid(1, True, Source("rules 3.1"))
