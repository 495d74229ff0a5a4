"""``sdbp board`` and ``sdbp board apply`` (issue 27): the board of a save, applied back byte for byte with no
edit, and each kind of edit (move, removal, flip, addition, card to a hand, whole stack, property) checked by
reading the written save's board again."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from sdbp_module.cli import main
from sdbp_module.codec.module_info import read_module
from sdbp_module.codec.reading import read_game
from sdbp_module.position.model import read_position
from tests import yaml_io
from tests.shared_corpus import corpus_files, needs_corpus
from tests.unit.position.conftest import GAMES


def write_yaml(doc: Any) -> str:
    """``yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)``, written by libyaml when PyYAML has it (the
    same text for an edited board, four times faster)."""
    return yaml_io.dump(doc, allow_unicode=True, sort_keys=False)


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


_BOARDS: dict[tuple[str, str, str], bytes] = {}
"""The board file ``sdbp board`` wrote, by (save name, save bytes, module bytes): a dozen tests edit the board
of the same set-up; the command runs once a process for each save and module."""


def _digest(path: Path | None) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path is not None else ""


def board_of(save: Path, module: Path | None, out: Path) -> str:
    """What ``sdbp board SAVE [--module MODULE] -o OUT`` writes to ``out`` (which it writes)."""
    key = (save.name, _digest(save), _digest(module))
    board = _BOARDS.get(key)
    if board is None:
        extra = ["--module", module] if module is not None else []
        result = run("board", save, *extra, "-o", out)
        assert result.exit_code == 0, result.output
        board = _BOARDS[key] = out.read_bytes()
    else:
        out.write_bytes(board)
    return out.read_text(encoding="utf-8")


def places(board_text: str) -> dict[str, tuple[str, str]]:
    """piece id -> (map or deck, zone or 'deck') as the board lists it."""
    doc = yaml_io.load(board_text)
    out: dict[str, tuple[str, str]] = {}
    for map_name, zones in (doc["maps"] or {}).items():
        for zone, items in (zones or {}).items():
            for item in items:
                for piece in item.get("pieces", [item]):
                    out[str(piece["id"])] = (map_name, zone)
    for deck in doc["decks"]:
        for card in deck["cards"]:
            out[str(card["id"])] = (deck["name"], "deck")
    return out


def edit_lines(text: str, change: Callable[[list[str]], None]) -> str:
    lines = text.split("\n")
    change(lines)
    return "\n".join(lines)


def take(lines: list[str], piece_id: str) -> str:
    index = next(i for i, line in enumerate(lines) if f"id: '{piece_id}'" in line)
    return lines.pop(index).strip()[2:]


# -- read side ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_board_lists_every_piece_of_our_set_up_once_under_its_zone(game: str, build: Callable[[str], tuple[Path, Path]], tmp_path: Path) -> None:
    module, setup = build(game)
    text = board_of(setup, module, tmp_path / "board.yaml")
    info = read_module(module)
    position = read_position(read_game(setup)[1])
    listed = places(text)
    assert set(listed) == set(position.pieces)
    for piece_id, piece in position.pieces.items():
        holder = position.holder.get(piece_id)
        if holder in position.decks:
            assert listed[piece_id] == (position.decks[holder].name, "deck")
        else:
            stack = position.stacks[holder] if holder is not None else None
            x, y = (stack.x, stack.y) if stack is not None else (piece.basic.x, piece.basic.y)
            zone = info.zone_containing(piece.basic.map, x, y)
            assert listed[piece_id] == (piece.basic.map, zone.shown if zone is not None else "offboard")


def test_board_shows_side_kind_and_face_of_our_pieces(sodbp: tuple[Path, Path], tmp_path: Path) -> None:
    module, setup = sodbp
    doc = yaml_io.load(board_of(setup, module, tmp_path / "b.yaml"))
    stacks = [item for zones in doc["maps"].values() for items in zones.values() for item in items if "pieces" in item]
    units = [p for s in stacks for p in s["pieces"] if p.get("kind") == "unit"]
    assert units and all(u["side"] in ("french", "viet_minh") and u["layers"]["Spent"] == "fresh" for u in units)
    assert doc["turn"] and doc["turn"][0]["tracker"] == "TurnTracker0"
    assert "French hand" in doc["maps"]  # an empty hand is listed, to paste cards into


@needs_corpus
def test_board_of_a_small_real_save_matches_its_golden(tmp_path: Path) -> None:
    save = next(p for p in corpus_files(".vsav") if p.name == "latw.vsav")
    golden = Path(__file__).with_name("golden_latw.yaml")
    assert board_of(save, None, tmp_path / "latw.yaml") == golden.read_text(encoding="utf-8")


# -- no edit: the same bytes ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_apply_with_no_edit_gives_our_set_up_back_byte_for_byte(game: str, build: Callable[[str], tuple[Path, Path]], tmp_path: Path) -> None:
    module, setup = build(game)
    board_of(setup, module, tmp_path / "b.yaml")
    result = run("board", "apply", tmp_path / "b.yaml", setup, "--module", module, "-o", tmp_path / "new.vsav")
    assert result.exit_code == 0, result.output
    assert "no change" in result.output
    assert (tmp_path / "new.vsav").read_bytes() == setup.read_bytes()


@needs_corpus
@pytest.mark.parametrize("save", corpus_files(".vsav"), ids=lambda p: p.name)
def test_apply_with_no_edit_gives_a_real_save_back_byte_for_byte(save: Path, tmp_path: Path) -> None:
    board_of(save, None, tmp_path / "b.yaml")
    result = run("board", "apply", tmp_path / "b.yaml", save, "-o", tmp_path / "new.vsav")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "new.vsav").read_bytes() == save.read_bytes()


# -- edits -------------------------------------------------------------------------------------------


def test_move_remove_flip_add_and_draw_are_written_and_read_back(sodbp: tuple[Path, Path], tmp_path: Path) -> None:
    module, setup = sodbp
    text = board_of(setup, module, tmp_path / "b.yaml")
    before = places(text)
    doc = yaml_io.load(text)
    main_map = doc["maps"]["Main Map"]
    zones = [z for z in main_map if z != "offboard"]
    source_zone, target_zone = zones[0], zones[1]
    moving, removed, flipped = [str(p["id"]) for p in main_map[source_zone][0]["pieces"][:3]]
    deck = next(d for d in doc["decks"] if d["cards"])
    card = str(deck["cards"][0]["id"])
    hand = next(name for name, z in doc["maps"].items() if not z)

    def change(lines: list[str]) -> None:
        moved = take(lines, moving)
        take(lines, removed)
        index = next(i for i, line in enumerate(lines) if f"id: '{flipped}'" in line)
        lines[index] = lines[index].replace("Spent: fresh", "Spent: spent")
        drawn = take(lines, card)
        at = lines.index(f"    {yaml_io.dump(target_zone, default_flow_style=True).split(chr(10))[0]}:")
        lines[at + 1 : at + 1] = [f"    - {moved}", "    - {new: Trench}"]
        at = lines.index(f"  {hand}: {{}}")
        lines[at : at + 1] = [f"  {hand}:", "    offboard:", f"    - {drawn}"]

    (tmp_path / "e.yaml").write_text(edit_lines(text, change), encoding="utf-8")
    result = run("board", "apply", tmp_path / "e.yaml", setup, "--module", module, "-o", tmp_path / "new.vsav")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(re.fullmatch(rf".+: {re.escape(source_zone)} → {re.escape(target_zone)}", line) for line in lines)
    assert any(line.endswith(f"removed from {source_zone}") for line in lines)
    assert any(line.endswith("Spent fresh → spent") for line in lines)
    assert f"Trench: added in {target_zone}" in lines
    side = read_module(module).hand_sides[hand][0]
    assert f"{deck['name']} → {hand} (masked: seen by {side} only)" in "\n".join(lines)
    assert lines[-1].endswith("5 changes")
    after_text = board_of(tmp_path / "new.vsav", module, tmp_path / "after.yaml")
    after = places(after_text)
    assert after[moving] == ("Main Map", target_zone)
    assert removed not in after
    assert after[card] == (hand, "offboard")
    added = [pid for pid in after if pid not in before]
    assert len(added) == 1 and after[added[0]] == ("Main Map", target_zone)
    # drawn from a face-down deck into a side's hand, the card is masked for that side, as the engine masks it
    drawn_piece = read_position(read_game(tmp_path / "new.vsav")[1]).pieces[card]
    mask = next(i for i, t in enumerate(drawn_piece.types) if t.startswith("obs;"))
    assert drawn_piece.states[mask] == f"{side};|0"
    flipped_line = next(line for line in after_text.splitlines() if f"id: '{flipped}'" in line)
    assert "Spent: spent" in flipped_line
    # the moved piece went on top of the stack already there, as a drop on it would
    target = yaml_io.load(after_text)["maps"]["Main Map"][target_zone]
    assert [str(p["id"]) for p in target[0]["pieces"]][-2:] == [moving, added[0]]
    assert len(target) == 1


def test_a_stack_listed_under_another_zone_moves_with_its_pieces_to_a_point_inside_it(sodbp: tuple[Path, Path], tmp_path: Path) -> None:
    module, setup = sodbp
    text = board_of(setup, module, tmp_path / "b.yaml")
    doc = yaml_io.load(text)
    main_map = doc["maps"]["Main Map"]
    info = read_module(module)
    occupied = set(main_map)
    empty = next(z for z in info.zones["Main Map"] if z.shown not in occupied)
    first = next(iter(main_map))
    stack = main_map.pop(first)[0]
    main_map[empty.name] = [{"stack": stack["stack"], "pieces": stack["pieces"]}]  # a zone named by its name ('1')
    (tmp_path / "e.yaml").write_text(write_yaml(doc), encoding="utf-8")
    result = run("board", "apply", tmp_path / "e.yaml", setup, "--module", module, "-o", tmp_path / "new.vsav")
    assert result.exit_code == 0, result.output
    after = yaml_io.load(board_of(tmp_path / "new.vsav", module, tmp_path / "after.yaml"))["maps"]["Main Map"]
    moved = after[empty.shown][0]  # listed under its location name ('1 Pú Tó Co heights')
    assert moved["stack"] == stack["stack"] and moved["pieces"] == stack["pieces"]
    assert info.zone_at("Main Map", str(moved["at"][0]), str(moved["at"][1])) == empty.name
    assert first not in after


@needs_corpus
def test_a_global_property_value_is_changed_and_reported(tmp_path: Path) -> None:
    save = next(p for p in corpus_files(".vsav") if p.name == "Scenario_A_Toledo_Beset.vsav")
    text = board_of(save, None, tmp_path / "b.yaml")
    edited = text.replace("{name: ChristianVP, value: '5', container: Module}", "{name: ChristianVP, value: '7', container: Module}")
    assert edited != text
    (tmp_path / "e.yaml").write_text(edited, encoding="utf-8")
    result = run("board", "apply", tmp_path / "e.yaml", save, "-o", tmp_path / "new.vsav")
    assert result.exit_code == 0, result.output
    assert "property ChristianVP: 5 → 7" in result.output.splitlines()
    props = yaml_io.load(board_of(tmp_path / "new.vsav", None, tmp_path / "a.yaml"))["properties"]
    assert {"name": "ChristianVP", "value": "7", "container": "Module"} in props


# -- refused edits and hostile boards: one line, exit 1 or 2, nothing written -------------------------


def _refused(board_text: str, save: Path, module: Path, tmp_path: Path) -> Result:
    board = tmp_path / "bad.yaml"
    board.write_text(board_text, encoding="utf-8")
    result = run("board", "apply", board, save, "--module", module, "-o", tmp_path / "never.vsav")
    assert not (tmp_path / "never.vsav").exists()
    assert len(result.output.strip().splitlines()) == 1, result.output
    return result


def zone_line(text: str, nth: int) -> str:
    """The ``nth`` zone key line of the board's first map (``    2 Road to Lai Châu:``)."""
    return [line for line in text.split("\n") if re.fullmatch(r"    [^ -].*:", line)][nth]


def insert_under(text: str, nth: int, item: str) -> str:
    line = zone_line(text, nth)
    return text.replace(f"{line}\n", f"{line}\n    {item}\n", 1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("Spent: fresh", "Spent: broken", 1), r"has no level 'broken' \(levels: fresh, spent, inactive\)"),
        (lambda t: t.replace("Spent: fresh", "Faces: up", 1), r"has no layer 'Faces' \(its layers: Spent\)"),
        (lambda t: t.replace(zone_line(t, 0), "    Atlantis:", 1), r"map 'Main Map' has no zone 'Atlantis'"),
        (lambda t: t.replace("  Main Map:", "  Moon Map:", 1), r"no map 'Moon Map'"),
        (lambda t: t.replace("name: 22/88 1,", "name: 22/88 9,", 1), r"name of piece \d+ is '22/88 1': it is shown, not edited"),
        (lambda t: insert_under(t, 0, "- {new: Death Star}"), r"no palette entry 'Death Star'"),
        (lambda t: insert_under(t, 1, "- {id: '1000000000001', name: 22/88 1}"), r"piece 1000000000001 is listed twice"),
        (lambda t: insert_under(t, 1, "- {id: '9999', name: x}"), r"no piece '9999' in the save"),
        (lambda t: insert_under(t, 1, "- {new: Trench, at: [1, 1]}"), r"at \[1, 1\] is in 'offboard' on 'Main Map', not in"),
        (lambda t: t.replace("turn:\n- {tracker: TurnTracker0, state: '0|1", "turn:\n- {tracker: TurnTracker0, state: '0|2", 1), r"the turn is shown, not edited"),
    ],
    ids=["level", "layer", "zone", "map", "name", "palette", "twice", "unknown-id", "at-outside", "turn"],
)
def test_an_edit_the_module_cannot_express_is_refused_with_its_line(
    change: Callable[[str], str], message: str, sodbp: tuple[Path, Path], tmp_path: Path
) -> None:
    module, setup = sodbp
    text = board_of(setup, module, tmp_path / "b.yaml")
    edited = change(text)
    assert edited != text
    result = _refused(edited, setup, module, tmp_path)
    assert result.exit_code == 1, result.output
    assert re.search(rf"^Error: {re.escape(str(tmp_path / 'bad.yaml'))}:\d+:\d+: .*{message}", result.output), result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("board: 1\nmaps: [a, b]\n", r":2:7: maps must be a mapping"),
        ("board: 1\nmaps:\n  Main Map:\n    '2':\n    - {id: [1]}\n", r":5:12: id must be a text, not a list"),
        ("board: 1\nmaps:\n  Main Map:\n    '2':\n    - {id: '1', at: [1]}\n", r":5:\d+: at must be two whole numbers"),
        ("board: 1\nboard_game: x\n", r":2:1: unknown key 'board_game'"),
        ("board: 2\n", r":1:8: not a board of sdbp"),
        ("- just\n- a list\n", r":1:1: the board must be a mapping"),
        ("board: 1\nmaps: {a: [\n", r"cannot be read"),
        ("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
         "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n", r"cannot be read"),
    ],
    ids=["maps-list", "id-list", "at-short", "unknown-key", "not-a-board", "a-list", "broken", "alias-bomb"],
)
def test_a_board_that_is_not_a_board_is_refused_in_one_line_exit_2(text: str, message: str, sodbp: tuple[Path, Path], tmp_path: Path) -> None:
    module, setup = sodbp
    result = _refused(text, setup, module, tmp_path)
    assert result.exit_code == 2, result.output
    assert re.search(rf"^Error: {re.escape(str(tmp_path / 'bad.yaml'))}.*{message}", result.output), result.output


def test_a_huge_board_is_refused_before_it_is_parsed(sodbp: tuple[Path, Path], tmp_path: Path) -> None:
    module, setup = sodbp
    board = tmp_path / "huge.yaml"
    with board.open("wb") as handle:
        handle.truncate(9 * 1024 * 1024)
    result = run("board", "apply", board, setup, "--module", module, "-o", tmp_path / "never.vsav")
    assert result.exit_code == 2 and "a board is read up to" in result.output
    assert not (tmp_path / "never.vsav").exists()


def test_the_help_shows_both_forms_and_apply_needs_an_output(sodbp: tuple[Path, Path], tmp_path: Path) -> None:
    helped = run("board", "--help")
    assert helped.exit_code == 0
    assert "sdbp board GAME.vsav" in helped.output and "sdbp board apply BOARD.yaml GAME.vsav" in helped.output
    module, setup = sodbp
    result = run("board", "apply", tmp_path / "b.yaml", setup)
    assert result.exit_code == 2 and "needs -o NEW.vsav" in result.output


def test_a_piece_moved_under_an_earlier_stack_is_added_before_it(sodbp: tuple[Path, Path], tmp_path: Path) -> None:
    """A stack resolves its members when it is added: a piece moved from the last stack into the first one
    must now be added before the first (format reference §5.5)."""
    module, setup = sodbp
    doc = yaml_io.load(board_of(setup, module, tmp_path / "b.yaml"))
    main_map = doc["maps"]["Main Map"]
    stacks = [item for items in main_map.values() for item in items if "pieces" in item]
    piece = stacks[-1]["pieces"].pop()
    stacks[0]["pieces"].insert(0, piece)
    (tmp_path / "e.yaml").write_text(write_yaml(doc), encoding="utf-8")
    result = run("board", "apply", tmp_path / "e.yaml", setup, "--module", module, "-o", tmp_path / "new.vsav")
    assert result.exit_code == 0, result.output
    position = read_position(read_game(tmp_path / "new.vsav")[1])
    first = position.stacks[str(stacks[0]["stack"])]
    assert first.members[0] == str(piece["id"])
    assert position.pieces[str(piece["id"])].index < first.index
    assert (position.pieces[str(piece["id"])].basic.x, position.pieces[str(piece["id"])].basic.y) == (first.x, first.y)


def test_a_log_and_a_board_with_a_duplicate_key_are_refused(sodbp: tuple[Path, Path], tmp_path: Path) -> None:
    module, setup = sodbp
    text = board_of(setup, module, tmp_path / "b.yaml")
    result = _refused(text.replace("board: 1\n", "board: 1\nboard: 1\n", 1), setup, module, tmp_path)
    assert result.exit_code == 2 and "bad.yaml:" in result.output
    log = next(p for p in corpus_files(".vlog")) if corpus_files(".vlog") else None
    if log is not None:
        refused = run("board", log)
        assert refused.exit_code == 2 and "a log" in refused.output


@needs_corpus
def test_a_piece_that_does_not_stack_moved_to_another_zone_lies_loose_at_a_free_spot_there(tmp_path: Path) -> None:
    """Almoravid's town markers do not stack; the line moved with the place it showed (at), which the zone
    overrides. The module: the corpus's build file zipped (zones and palette are all sdbp reads)."""
    import zipfile

    save = next(p for p in corpus_files(".vsav") if p.name == "Scenario_A_Toledo_Beset.vsav")
    module = tmp_path / "almoravid.vmod"
    with zipfile.ZipFile(module, "w") as archive:
        archive.write(save.with_name("buildFile.xml"), "buildFile.xml")
    doc = yaml_io.load(board_of(save, module, tmp_path / "b.yaml"))
    main_map = doc["maps"]["Main Map"]
    source = next(z for z, items in main_map.items() if z != "offboard" and any("pieces" not in i for i in items))
    piece = next(i for i in main_map[source] if "pieces" not in i)
    main_map[source].remove(piece)
    target = next(z for z in main_map if z not in (source, "offboard") and not z.startswith("Turn"))
    main_map[target].append(piece)
    (tmp_path / "e.yaml").write_text(write_yaml(doc), encoding="utf-8")
    result = run("board", "apply", tmp_path / "e.yaml", save, "--module", module, "-o", tmp_path / "new.vsav")
    assert result.exit_code == 0, result.output
    assert f"{piece['name']}: {source} → {target}" in result.output.splitlines()
    after = yaml_io.load(board_of(tmp_path / "new.vsav", module, tmp_path / "a.yaml"))["maps"]["Main Map"][target]
    moved = next(i for i in after if i.get("id") == piece["id"])
    assert "pieces" not in moved
    zone = read_module(module).zone_containing("Main Map", str(moved["at"][0]), str(moved["at"][1]))
    assert zone is not None and zone.shown == target


def test_an_at_past_any_map_is_refused(sodbp: tuple[Path, Path], tmp_path: Path) -> None:
    module, setup = sodbp
    result = _refused("board: 1\nmaps:\n  Main Map:\n    '2':\n    - {new: Trench, at: [99999999999, 3]}\n", setup, module, tmp_path)
    assert result.exit_code == 2 and "bad.yaml:5:" in result.output and "at most 1,000,000" in result.output


@pytest.mark.parametrize(
    ("location_format", "label"),
    [("$name$ Béatrice", "14 Béatrice"), ("$name$", ""), ("", ""), ("$name$ $gridLocation$", ""), ("Area  $name$ ", "Area 14")],
)
def test_a_zone_is_shown_by_the_location_name_its_format_gives(location_format: str, label: str) -> None:
    from sdbp_module.codec.module_info import _zone_label

    assert _zone_label("14", location_format) == label


def test_a_card_taken_from_a_face_up_deck_stays_unmasked(sodbp: tuple[Path, Path], tmp_path: Path) -> None:
    module, setup = sodbp
    text = board_of(setup, module, tmp_path / "b.yaml")
    doc = yaml_io.load(text)
    deck = next(d for d in doc["decks"] if d["cards"] and not d["face_down"])
    card = deck["cards"].pop()
    hand = next(name for name, z in doc["maps"].items() if not z)
    doc["maps"][hand] = {"offboard": [card]}
    (tmp_path / "e.yaml").write_text(write_yaml(doc), encoding="utf-8")
    result = run("board", "apply", tmp_path / "e.yaml", setup, "--module", module, "-o", tmp_path / "new.vsav")
    assert result.exit_code == 0, result.output
    assert f"{card['name']}: {deck['name']} → {hand}" in result.output.splitlines()
    before = read_position(read_game(setup)[1]).pieces[str(card["id"])]
    after = read_position(read_game(tmp_path / "new.vsav")[1]).pieces[str(card["id"])]
    assert after.states[:-1] == before.states[:-1] and after.basic.map == hand
