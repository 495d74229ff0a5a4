"""The module holds what the data says: zones = areas, one slot per counter and marker kind,
27 + 27 cards in two decks, and the set-up places every unit and marker where rules 3.0 put it."""

from __future__ import annotations

from collections import Counter

from sdbp_module.codec.sequence import decode
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.model.game_data import SetupKind
from sdbp_module.vassal import layout, setup
from sdbp_module.vassal.layout import inside
from sdbp_module.vassal.traits import unnest
from sdbp_module.vassal.verify import properties_of

from .conftest import Built
from .test_checklist import save_pieces

MM = "VASSAL.build.module.map."


def zone_polygons(built: Built) -> dict[str, tuple[tuple[int, int], ...]]:
    out = {}
    for zone in built.root.iter(MM + "boardPicker.board.mapgrid.Zone"):
        pts = tuple(tuple(int(v) for v in p.split(",")) for p in zone.get("path", "").split(";"))
        out[zone.get("name", "")] = pts
    return out  # type: ignore[return-value]


def zone_at(polys: dict[str, tuple[tuple[int, int], ...]], x: int, y: int) -> list[str]:
    return [name for name, poly in polys.items() if inside((x, y), poly)]


def test_one_zone_per_area_with_area_and_defense_properties(built: Built) -> None:
    areas = {str(a.id): a for a in built.game.areas}
    assert set(built.inventory.area_zones) == set(areas)
    for name, props in built.inventory.area_zones.items():
        assert props == {"area": name, "defense": str(areas[name].defense)}


def test_box_and_pile_zones(built: Built) -> None:
    boxes = {z for z in built.inventory.zones if not z.isdigit()}
    expected = {f"Turn {t}" for t in range(1, 9)} | {"Replacements", "Relief Force", "Eliminated", "Removed"}
    expected |= {"French deck", "French discard", "Viet Minh deck", "Viet Minh discard", "Removed cards"}
    assert boxes == expected


def test_zones_do_not_overlap_at_area_labels(built: Built) -> None:
    polys = zone_polygons(built)
    for area in built.game.areas:
        assert zone_at(polys, *area.label) == [str(area.id)]


def test_one_piece_slot_per_counter_and_marker_kind_and_per_side_face(built: Built) -> None:
    """A marker kind whose faces are the sides (control, fire) has one slot per face."""
    faces = {"control": 2, "fire": 2}
    expected = [u.id for u in built.game.units] + [m.id for m in built.game.markers for _ in range(faces.get(m.id, 1))]
    assert built.inventory.piece_slots == expected


def test_each_side_face_slot_shows_its_face(built: Built) -> None:
    """``Fire (Viet Minh)`` is a fire marker showing the Viet Minh face: its state, level and Layer."""
    from sdbp_module.codec.pieces import add_piece_fields, split_chain

    shown = {}
    for slot in built.root.iter("VASSAL.build.widget.PieceSlot"):
        fields = add_piece_fields((slot.text or "").strip())
        assert fields is not None
        types, states = split_chain(fields[1]), split_chain(fields[2])
        assert types is not None and states is not None
        chain = dict(zip((t.split(";")[1] if t.startswith("PROP;") else t.split(";")[0] for t in types), states, strict=True))
        if "sdbp_state" in chain:
            shown[slot.get("entryName")] = (chain["sdbp_state"], chain["sdbp_level"], slot.get("gpid"))
    assert shown["Control (French)"][:2] == ("french", "1") and shown["Control (Viet Minh)"][:2] == ("viet_minh", "2")
    assert shown["Fire (French)"][:2] == ("french", "1") and shown["Fire (Viet Minh)"][:2] == ("viet_minh", "2")
    assert shown["Trench"][:2] == ("1", "1") and "Trench (Level 2)" not in shown
    assert (shown["Control (French)"][2], shown["Fire (French)"][2]) == ("199", "200")  # the gpids of the earlier build


def test_two_decks_of_27_and_the_special_card_removed(built: Built) -> None:
    decks = built.inventory.decks
    assert decks["French deck"] == [f"FR-{n:02d}" for n in range(1, 28)]
    assert decks["Viet Minh deck"] == [f"VM-{n:02d}" for n in range(1, 28)]
    assert decks["Removed cards"] == ["SPECIAL"]
    assert decks["French discard"] == decks["Viet Minh discard"] == []


def test_prototypes_one_place_per_side(built: Built) -> None:
    assert built.inventory.prototypes == ["French unit", "Viet Minh unit", "French card", "Viet Minh card", "Special card", "Marker"]


def placed_pieces(built: Built) -> dict[str, tuple[int, int]]:
    """sdbp_id -> position of every unit and marker in the set-up save."""
    out: dict[str, tuple[int, int]] = {}
    for _, type_, state in save_pieces(built):
        if type_ == "stack" or type_.startswith("deck;"):
            continue
        types, states = unnest(type_), unnest(state)
        props = properties_of(types, states)
        if props.get("sdbp_kind") in ("unit", "marker"):
            basic = decode(states[-1], ";")
            out[props["sdbp_id"]] = (int(basic[1]), int(basic[2]))
    return out


def test_setup_places_every_unit_in_its_zone(built: Built) -> None:
    polys = zone_polygons(built)
    placed = placed_pieces(built)
    for unit in built.game.units:
        expected = setup.unit_zone(built.game, unit)
        assert zone_at(polys, *placed[unit.id]) == [expected], unit.id
    kinds = Counter(setup.unit_zone(built.game, u).split()[0] for u in built.game.units)
    assert kinds["Replacements"] == sum(1 for u in built.game.units if u.setup.kind is SetupKind.REPLACEMENTS)
    assert kinds["Relief"] == 3


def test_setup_zones_follow_the_printed_setup(built: Built) -> None:
    unit = built.game.unit("FR-III13DBLE-9")  # type: ignore[arg-type]
    assert setup.unit_zone(built.game, unit) == "14"
    assert setup.unit_zone(built.game, built.game.unit("VM-REPL-01")) == "Replacements"  # type: ignore[arg-type]
    assert setup.unit_zone(built.game, built.game.unit("FR-5BPVN-1")) == "Turn 1"  # type: ignore[arg-type]
    assert setup.unit_zone(built.game, built.game.unit("FR-1RCC-PREAUD")) == "Relief Force"  # type: ignore[arg-type]


def test_turn_marker_starts_on_turn_1(built: Built) -> None:
    polys = zone_polygons(built)
    assert zone_at(polys, *placed_pieces(built)["turn"]) == ["Turn 1"]


def test_unit_properties_carry_identity_and_printed_values(built: Built) -> None:
    for _, type_, state in save_pieces(built):
        types, states = unnest(type_), unnest(state)
        props = properties_of(types, states)
        if props.get("sdbp_kind") != "unit":
            continue
        unit = built.game.unit(props["sdbp_id"])  # type: ignore[arg-type]
        assert props["side"] == unit.side.value
        assert (props["firepower"], props["defense"], props["movement"], props["spent_defense"]) == tuple(
            str(v) for v in (unit.firepower, unit.defense, unit.movement, unit.spent_defense)
        )
        layer_state = states[0]
        assert types[0].startswith("emb2;") and layer_state == "1"  # fresh at start
        assert decode(types[0], ";")[19] == "Spent"


def test_decks_in_the_setup_hold_the_cards(built: Built) -> None:
    names = {}
    for pid, type_, state in save_pieces(built):
        if not (type_.startswith("deck;") or type_ == "stack"):
            props = properties_of(unnest(type_), unnest(state))
            names[pid] = props.get("sdbp_id")
    decks = {}
    for _, type_, state in save_pieces(built):
        if type_.startswith("deck;"):
            tokens = decode(state, ";")
            decks[decode(type_[5:], ";")[12]] = [names[i] for i in decode(tokens[4], ",")] if len(tokens) > 4 else []
            assert tokens[3] == ("true" if "deck" in decode(type_[5:], ";")[12] else "false")
    assert decks["French deck"] == [c.id for c in built.game.cards_of(FRENCH)]
    assert decks["Viet Minh deck"] == [c.id for c in built.game.cards_of(VIET_MINH)]
    assert decks["Removed cards"] == ["SPECIAL"]


def test_layout_panel_is_right_of_the_map(built: Built) -> None:
    lay = built.layout
    assert all(b.x >= built.game.map.width for b in lay.boxes + lay.piles)
    assert lay.width > built.game.map.width and lay.height >= built.game.map.height
    assert layout.MAP_NAME == "Main Map"
