"""The loading checklists of format reference §6 and the pitfalls of §8, item by item.

No VASSAL engine runs here, so each checkable item of the reference is a test on the built module.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile

from lxml import etree

from sdbp_module.codec.envelope import decode_envelope
from sdbp_module.codec.sequence import decode, encode
from sdbp_module.vassal import buildfile, layout, pieces
from sdbp_module.vassal.traits import KNOWN_PREFIXES, unnest
from sdbp_module.vassal.verify import (
    KNOWN_ATTRIBUTES,
    KNOWN_ELEMENTS,
    images_of,
    piece_traits,
    prototypes_used,
)

from .conftest import Built

ESC = "\x1b"
M = "VASSAL.build.module."
MM = M + "map."
SLOT_TAGS = (M + "PrototypeDefinition", "VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")
FIELD_COUNTS = {"emb2;": 33, "sendto;": 18, "return;": 8, "obs;": 11, "report;": 6, "PROP;": 4, "macro;": 17, "delete;": 3, "piece;": 4}


def definitions(built: Built) -> list[str]:
    return [el.text or "" for el in built.root.iter(*SLOT_TAGS)]


def setup_text(built: Built) -> str:
    with zipfile.ZipFile(io.BytesIO(built.entries[buildfile.SETUP_FILE])) as inner:
        return decode_envelope(inner.read("savedGame")).text


def save_pieces(built: Built) -> list[tuple[str, str, str]]:
    """(id, type, state) of every AddPiece of the set-up, in save order."""
    top = decode(setup_text(built), ESC)
    group = decode(top[2], ESC)
    assert group[0] == ""
    out = []
    for command in group[1:]:
        assert command.startswith("+/")
        pid, type_, state = decode(command[2:], "/")
        out.append((pid, type_, state))
    return out


# --- the verifier as a whole -------------------------------------------------------------------


def test_the_built_module_passes_every_verifier_check(built: Built) -> None:
    assert built.problems == []


# --- §6 minimal module -------------------------------------------------------------------------


def test_buildfile_root_is_gamemodule_with_a_name(built: Built) -> None:
    assert built.root.tag == "VASSAL.build.GameModule"
    assert built.root.get("name") == built.game.game.module_name


def test_moduledata_fields_in_engine_order_and_a_37_version(built: Built) -> None:
    meta = etree.fromstring(built.entries["moduledata"])
    assert [el.tag for el in meta] == ["version", "extra1", "extra2", "VassalVersion", "dateSaved", "description", "name"]
    version = meta.findtext("VassalVersion") or ""
    major, minor, *_ = (int(p) for p in version.split("."))
    assert (major, minor) == (3, 7)  # §2.2: >= 3.5 (else legacy buildFile), < 3.8 (else "too new")
    assert meta.findtext("name") == built.root.get("name")
    assert meta.findtext("version") == built.root.get("version")
    assert meta.findtext("dateSaved", "").isdigit()
    assert built.entries["moduledata"].startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>')


def test_every_element_is_a_component_class_the_reference_lists(built: Built) -> None:
    assert {el.tag for el in built.root.iter() if isinstance(el.tag, str)} <= KNOWN_ELEMENTS


def test_every_attribute_is_spelled_as_the_reference_gives(built: Built) -> None:
    for el in built.root.iter():
        if isinstance(el.tag, str) and el.attrib:
            assert set(el.attrib) <= KNOWN_ATTRIBUTES[el.tag], el.tag


def test_basic_command_encoder_comes_first(built: Built) -> None:
    assert built.root[0].tag == M + "BasicCommandEncoder"


def test_maps_carry_the_mouse_and_keyboard_subcomponents(built: Built) -> None:
    """§3.3: only BoardPicker and StackMetrics are auto-created; the rest must be listed."""
    needed = {"BoardPicker", "ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer", "PieceMover", "KeyBufferer"}
    for m in list(built.root.iter(M + "Map")) + list(built.root.iter(M + "PlayerHand")):
        children = {c.tag.rsplit(".", 1)[-1] for c in m}
        assert needed <= children, m.get("mapName")
    main = next(built.root.iter(M + "Map"))
    assert {"StackMetrics", "StackExpander", "CounterDetailViewer"} <= {c.tag.rsplit(".", 1)[-1] for c in main}
    for hand in built.root.iter(M + "PlayerHand"):
        assert "HandMetrics" in {c.tag.rsplit(".", 1)[-1] for c in hand}


def test_every_image_referenced_exists_in_the_zip(built: Built) -> None:
    present = {n[len("images/") :] for n in built.entries if n.startswith("images/")}
    referenced = {el.get("image") for el in built.root.iter(MM + "boardPicker.Board") if el.get("image")}
    for text in definitions(built):
        referenced |= set(images_of(piece_traits(text)[0]))
    for _, type_, _ in save_pieces(built):
        if type_.startswith("stack") or type_.startswith("deck;"):
            continue
        referenced |= set(images_of(unnest(type_)))
    assert referenced <= present
    assert not {n for n in present if not n.endswith(".png")}


def test_every_piece_type_parses_into_known_traits(built: Built) -> None:
    for text in definitions(built):
        types, states = piece_traits(text)
        assert len(types) == len(states)  # §8.19
        assert types[-1].startswith("piece;")
        for t in types:
            assert t[: t.index(";") + 1] in KNOWN_PREFIXES
            prefix = t[: t.index(";") + 1]
            if prefix in FIELD_COUNTS and prefix != "PROP;":
                assert len(decode(t[len(prefix) :], ";")) == FIELD_COUNTS[prefix], t  # §8.3 trailing fields written
            if prefix == "PROP;":
                assert len(decode(t, ";")) == 5


def test_every_prototype_used_is_defined(built: Built) -> None:
    defined = {el.get("name") for el in built.root.iter(M + "PrototypeDefinition")}
    used = {name for text in definitions(built) for name in prototypes_used(piece_traits(text)[0])}
    assert used and used <= defined


def test_gpids_unique_numeric_and_below_next_piece_slot_id(built: Built) -> None:
    gpids = [int(el.get("gpid", "x")) for el in built.root.iter("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")]
    assert len(gpids) == len(set(gpids))
    assert int(built.root.get("nextPieceSlotId", "0")) == max(gpids) + 1


def test_zone_paths_are_closed_polygons_without_repeat_or_trailing_separator(built: Built) -> None:
    for zone in built.root.iter(MM + "boardPicker.board.mapgrid.Zone"):
        path = zone.get("path", "")
        points = path.split(";")
        assert len(points) >= 3 and points[0] != points[-1] and not path.endswith(";")
        assert all(re.fullmatch(r"-?\d+,-?\d+", p) for p in points)


def test_no_forbidden_entries_and_required_ones_present(built: Built) -> None:
    names = set(built.entries)
    assert {"buildFile.xml", "moduledata", buildfile.SETUP_FILE, buildfile.help_file(built.game), "images/map.png"} <= names
    assert not names & {"savedGame", "extensiondata", "buildFile"}  # §2.1, §8.16


def test_zip_entries_are_sorted_and_dated_at_the_fixed_epoch(built: Built) -> None:
    with zipfile.ZipFile(built.path) as archive:
        infos = archive.infolist()
    assert [i.filename for i in infos] == sorted(i.filename for i in infos)
    assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}


# --- §6 minimal save / §5.5 structure ----------------------------------------------------------


def test_setup_save_is_readable_as_a_stream(built: Built) -> None:
    """§5.1/§8.16: the first local header is savedGame, DEFLATED (STORED+descriptor is rejected)."""
    data = built.entries[buildfile.SETUP_FILE]
    signature, _, flags, method = struct.unpack("<IHHH", data[:10])
    name_len = struct.unpack("<H", data[26:28])[0]
    assert signature == 0x04034B50
    assert data[30 : 30 + name_len] == b"savedGame"
    assert method == 8
    with zipfile.ZipFile(io.BytesIO(data)) as inner:
        assert inner.namelist()[0] == "savedGame"
        assert set(inner.namelist()) == {"savedGame", "savedata", "moduledata"}
        assert inner.read("moduledata") == built.entries["moduledata"]
        assert inner.read("savedGame").startswith(b"!VCSK")


def test_setup_save_structure(built: Built) -> None:
    text = setup_text(built)
    top = decode(text, ESC)
    assert top[0] == "begin_save" and top[1] == "" and top[-1] == "end_save"
    assert "\n" not in text and "\r" not in text  # §8.10
    assert "SETUP_STACK\t" in top  # §8.6
    assert f"{layout.MAP_NAME}BoardPicker\t{layout.board_name(built.game)}\t0\t0" in top  # §8.15
    for side in built.game.game.sides:
        assert f"{layout.hand_name(side)}BoardPicker\t{layout.hand_name(side)}\t0\t0" in top
    last = built.game.game.turns  # the counter is looped at the data's last turn (buildfile._turn_tracker)
    assert f"TURNTurnTracker0\t0|1;0;true;{last};0\\;0\\;0\\;true,true,true" in top
    assert encode(top, ESC) == text


def test_saved_pieces_are_expanded_and_members_precede_their_stacks_and_decks(built: Built) -> None:
    seen: set[str] = set()
    for pid, type_, state in save_pieces(built):
        assert "prototype;" not in type_  # §4.5, §8.5
        if type_ == "stack":
            tokens = decode(state, ";")
            assert tokens[0] == layout.MAP_NAME and tokens[-1] == "@@1"
            assert set(tokens[3:-1]) <= seen
        elif type_.startswith("deck;"):
            tokens = decode(state, ";")
            if len(tokens) > 4:
                assert set(decode(tokens[4], ",")) <= seen
        else:
            types, states = unnest(type_), unnest(state)
            assert len(types) == len(states)  # §8.19
            basic = decode(states[-1], ";")
            assert basic[0] == layout.MAP_NAME and basic[4:] == ["1", "UniqueID", pid]
        seen.add(pid)


def test_every_unit_on_the_map_is_in_a_stack(built: Built) -> None:
    stacked = set()
    units = []
    for pid, type_, state in save_pieces(built):
        if type_ == "stack":
            stacked |= set(decode(state, ";")[3:-1])
        elif "sdbp_kind" in type_ and "unit," in state:
            units.append(pid)
    assert units and set(units) <= stacked


def test_one_deck_per_drawpile_bound_by_name(built: Built) -> None:
    """§8.18: the Deck's field 13 equals the DrawPile name; every DrawPile has its Deck."""
    piles = {el.get("name"): el for el in built.root.iter(MM + "DrawPile")}
    decks = [t for _, t, _ in save_pieces(built) if t.startswith("deck;")]
    names = [decode(t[len("deck;") :], ";")[12] for t in decks]
    assert sorted(names) == sorted(piles)
    for t in decks:
        fields = decode(t[len("deck;") :], ";")
        assert len(fields) == 49
        pile = piles[fields[12]]
        assert fields[4] == pile.get("faceDown") and fields[5] == pile.get("shuffle")


# --- §8 pitfalls -------------------------------------------------------------------------------


def test_definitions_decode_and_re_encode_identically(built: Built) -> None:
    for text in definitions(built):
        parts = decode(text[2:], "/")
        assert "+/" + (encode(parts, "/") or "") == text
        assert text == text.strip()  # §8.7 trimming


def test_no_token_ends_with_a_backslash(built: Built) -> None:
    """§1.3/§8.14: a value ending in a backslash before a delimiter is misread by the engine."""
    for text in definitions(built):
        types, states = piece_traits(text)
        for t in types + states:
            for token in decode(t, ";"):
                assert not token.endswith("\\") or token.endswith("\\\\"), token


def test_no_java_null_marker_and_named_keys_carry_a_code(built: Built) -> None:
    for text in definitions(built):
        assert "mark;null" not in text
    named = [v for k, v in vars(pieces).items() if k[:2] in ("P_", "R_", "M_", "G_", "F_", "K_") and isinstance(v, str) and v.count(",") == 2]
    assert {pieces.K_MOVED, pieces.K_PASS, pieces.K_RESET, pieces.K_REFRESH, pieces.G_RETREAT, pieces.M_RETREAT} <= set(named)
    codes = set()
    for k in named:
        code, mods, name = k.split(",")
        assert int(code) >= 57344 and mods == "0" and name and name.isalnum()  # §1.4: no comma in names
        codes.add(code)
    assert len(codes) == len(named)


def test_keystroke_modifiers_use_the_combined_masks() -> None:
    """§8.11: Ctrl is 130 (never 128/2), Ctrl+Shift 195."""
    keys = [v for k, v in vars(pieces).items() if k.startswith("K_")] + [pieces.k_state(i) for i in range(3)]
    for k in keys:
        assert int(k.split(",")[1]) in (0, 130, 195)


def test_xml_layer_escaping_round_trips_quotes_in_attributes(built: Built) -> None:
    pass_button = next(g for g in built.root.iter(M + "GlobalKeyCommand") if g.get("name") == "Pass")
    assert pass_button.get("filter") == '{sdbp_kind=="pass"}'
    assert b'filter="{sdbp_kind==&quot;pass&quot;}"' in built.entries["buildFile.xml"]


def test_buildfile_is_utf8_with_non_ascii_written_raw(built: Built) -> None:
    raw = built.entries["buildFile.xml"]
    assert raw.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>')
    assert "…".encode("utf-8") in raw  # menu texts such as "Declare fire…"


def test_java_number_formats(built: Built) -> None:
    assert next(built.root.iter(MM + "CounterDetailViewer")).get("zoomlevel") == "1.0"
    assert next(built.root.iter(MM + "CounterDetailViewer")).get("version") == "4"


def test_map_edges_are_zero(built: Built) -> None:
    """§8.15: edge margins shift coordinates; keep 0 so board pixels are map pixels."""
    for m in list(built.root.iter(M + "Map")) + list(built.root.iter(M + "PlayerHand")):
        assert m.get("edgeWidth") == "0" and m.get("edgeHeight") == "0"
