"""Each log construct → its events (or a problem), on logs the scribe writes with the built module."""

from __future__ import annotations

from pathlib import Path

import pytest

from sdbp_module.codec.commands import read_game
from sdbp_module.codec.tree import decode_tree
from sdbp_module.errors import InputError
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, CardId, Phase, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    Assault,
    CardDiscard,
    CardDraw,
    CardPlay,
    CardRemove,
    ControlSet,
    Damage,
    DamageResult,
    DiceRoll,
    DiscardReason,
    Entrench,
    Event,
    Fire,
    FireMarkerSet,
    Flip,
    GameStart,
    Move,
    MoveKind,
    NoSupplySet,
    Pass,
    PhaseStart,
    Pile,
    Place,
    PlaceKind,
    Relocate,
    Reshuffle,
    TrenchSet,
    UnitOutcome,
    Where,
)
from sdbp_module.replay.interpret import Problem, events_from_vlog, interpret_tree
from sdbp_module.replay.location import ELIMINATED, Location
from sdbp_module.replay.vlog.zones import Zones
from sdbp_module.vassal_log.scribe import Scribe
from tests.shared_corpus import CORPUS, needs_corpus
from tests.unit.interpret.scribed import module_zones

F, V = FRENCH, VIET_MINH


def run(scribe: Scribe, game: GameData, module: Path) -> tuple[list[Event], list[Problem]]:
    """Events after the start (GameStart and PhaseStart dropped) and the problems."""
    zones = module_zones(module)
    events, problems = interpret_tree(decode_tree(scribe.text()), game, zones, "t.vlog")
    assert isinstance(events[0], GameStart) and isinstance(events[1], PhaseStart)
    return events[2:], problems


def test_start_position_from_the_save(game: GameData, module: Path, tmp_path: Path) -> None:
    path = tmp_path / "start.vlog"
    Scribe(module).write(path)
    events, problems = events_from_vlog(path, game, module)
    assert problems == []
    start, phase = events
    assert isinstance(start, GameStart)
    assert len(start.units) == len(game.units) and not any(u.spent for u in start.units)
    assert start.turn_marker == 1
    assert start.control_markers == ()  # the printed set-up: no control marker on the map (3.0)
    assert sorted((p.side, p.pile, len(p.cards)) for p in start.piles or ()) == [(F, Pile.DECK, 27), (V, Pile.DECK, 27)]
    assert phase == PhaseStart(where=Where("start.vlog", 0), turn=1, phase=Phase.DRAW)
    # without the module the game data's polygons and the layout give the same places
    assert events_from_vlog(path, game, None) == (events, problems)


def test_moves_grouped_by_from_and_to(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.move(V, ["VM-308-88-322-1", "VM-308-88-322-2"], "11")
    events, problems = run(s, game, module)
    assert problems == []
    assert events == [
        Move(where=Where("t.vlog", 1), side=V, units=(UnitId("VM-308-88-322-1"), UnitId("VM-308-88-322-2")), from_area=AreaId(7), to_area=AreaId(11))
    ]


def test_stack_drag_moves_every_member(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.move(V, ["VM-308-88-322-1", "VM-308-88-322-2"], "11")  # both end on one point: the new stack holds both
    a, b = s.piece("VM-308-88-322-1").piece_id, s.piece("VM-308-88-322-2").piece_id
    (stack,) = [sid for sid, members in s.tracker.stacks.items() if members == [a, b]]
    x, y = s.point("8")
    s.step([f"M/{stack}/Main Map/{x}/{y}/null/Main Map/0/0/null/scribe"])
    events, problems = run(s, game, module)
    assert problems == []
    assert events[1] == Move(
        where=Where("t.vlog", 2), side=V, units=(UnitId("VM-308-88-322-1"), UnitId("VM-308-88-322-2")), from_area=AreaId(11), to_area=AreaId(8)
    )


def test_flip_from_the_layer_change(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.flip(F, ["FR-8BPC-1", "FR-8BPC-2"])
    s.flip(F, ["FR-8BPC-1"], spent=False)
    events, problems = run(s, game, module)
    assert problems == []
    assert events == [
        Flip(where=Where("t.vlog", 1), units=(UnitId("FR-8BPC-1"), UnitId("FR-8BPC-2")), spent=True, by=FRENCH),
        Flip(where=Where("t.vlog", 2), units=(UnitId("FR-8BPC-1"),), spent=False, by=FRENCH),
    ]


def test_dice_phase_pass(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.phase(1, "action", V)
    s.dice(F, "supply", [2, 6])
    s.dice(None, "replacements", [4])
    s.pass_(V)
    events, problems = run(s, game, module)
    assert problems == []
    assert events == [
        PhaseStart(where=Where("t.vlog", 1), turn=1, phase=Phase.ACTION),
        DiceRoll(where=Where("t.vlog", 2), side=F, purpose="supply", values=(2, 6), total=8),
        DiceRoll(where=Where("t.vlog", 3), side=None, purpose="replacement", values=(4,), total=4),
        Pass(where=Where("t.vlog", 4), side=V),
    ]


def test_fire_assault_entrench_runs(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.declare("FIRE", V, ["VM-312-165-115-1", "VM-312-165-115-2"], "14")
    s.declare("ASSAULT", V, ["VM-312-165-115-3"], " 14 ")
    s.entrench(V, ["VM-312-165-542-1", "VM-312-165-542-2"])
    events, problems = run(s, game, module)
    assert problems == []
    vm = tuple(UnitId(f"VM-312-165-115-{i}") for i in (1, 2))
    assert events == [
        Fire(where=Where("t.vlog", 1), side=V, units=vm, from_area=AreaId(8), target=AreaId(14)),
        Assault(where=Where("t.vlog", 2), side=V, units=(UnitId("VM-312-165-115-3"),), from_area=AreaId(8), target=AreaId(14)),
        Entrench(where=Where("t.vlog", 3), side=V, area=AreaId(8), units=(UnitId("VM-312-165-542-1"), UnitId("VM-312-165-542-2"))),
    ]


def test_cards_draw_play_discard_remove(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.draw(F, ["FR-06", "FR-01", "FR-02"])
    s.phase(1, "action", V)
    s.card(F, "FR-06", "play", target="9")  # timing A: the side's action
    s.card(F, "FR-01", "play", to="Removed cards")  # removed after play
    s.card(F, "FR-02", "discard")
    s.card(V, "VM-01", "remove")
    events, problems = run(s, game, module)
    assert problems == []
    w = lambda n: Where("t.vlog", n)  # noqa: E731
    assert events == [
        CardDraw(where=w(1), side=F, cards=(CardId("FR-06"), CardId("FR-01"), CardId("FR-02"))),
        PhaseStart(where=w(2), turn=1, phase=Phase.ACTION),
        CardPlay(where=w(3), side=F, card=CardId("FR-06"), targets=(AreaId(9),), as_action=True),
        CardPlay(where=w(4), side=F, card=CardId("FR-01"), to=Pile.REMOVED),
        CardDiscard(where=w(5), side=F, cards=(CardId("FR-02"),), reason=DiscardReason.CONTINUE),
        CardRemove(where=w(6), side=V, cards=(CardId("VM-01"),)),
    ]


def test_card_moved_without_a_line_is_a_problem(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.draw(V, ["VM-05"])
    s.card_move("VM-05", "Viet Minh discard")
    events, problems = run(s, game, module)
    assert events == [CardDraw(where=Where("t.vlog", 1), side=V, cards=(CardId("VM-05"),))]
    assert problems == [Problem(Where("t.vlog", 2), "card VM-05 moved from Viet Minh hand to Viet Minh discard with no report line")]


def test_elimination_once_for_move_and_line(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.eliminate(F, "FR-I2REI-1")
    s.move(F, ["FR-I2REI-2"], "Eliminated")  # dragged: only a MOVE line
    events, problems = run(s, game, module)
    assert problems == []
    assert events == [
        Relocate(where=Where("t.vlog", 1), units=(UnitId("FR-I2REI-1"),), to=ELIMINATED, reason="eliminated"),
        Relocate(where=Where("t.vlog", 2), units=(UnitId("FR-I2REI-2"),), to=ELIMINATED, reason="eliminated"),
    ]


def test_outside_every_zone_is_a_problem(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.move(F, ["FR-I2REI-1"], "", point=(game.map.width + 10, 5))
    events, problems = run(s, game, module)
    assert events == []
    assert problems == [Problem(Where("t.vlog", 1), "FR-I2REI-1 moved to a position outside every zone")]


@pytest.mark.parametrize(
    ("chat", "message"),
    [
        ("* SDBP|1|FIRE|side=French|unit=FR-NOPE|from=21|target=22", "FIRE line names unit 'FR-NOPE', not a unit of the game data: 'SDBP|1|FIRE|side=French|unit=FR-NOPE|from=21|target=22'"),
        ("* SDBP|1|FIRE|side=French|unit=FR-8BPC-1|from=21|target=abc", "FIRE line: target='abc' is not an area of the map: 'SDBP|1|FIRE|side=French|unit=FR-8BPC-1|from=21|target=abc'"),
        ("*SDBP|1|PASS|side=", "PASS line: the side is unknown: 'SDBP|1|PASS|side='"),
        ("* SDBP|1|DICE|side=French|purpose=fire|dice=3,x|total=8", "DICE line: dice or total is not a number: 'SDBP|1|DICE|side=French|purpose=fire|dice=3,x|total=8'"),
        ("* SDBP|1|CARD|side=French|card=FR-02|action=burn", "CARD line: action='burn' is not play, discard or remove: 'SDBP|1|CARD|side=French|card=FR-02|action=burn'"),
    ],
)
def test_bad_lines_are_problems(game: GameData, module: Path, chat: str, message: str) -> None:
    s = Scribe(module)
    s.chat(chat)
    events, problems = run(s, game, module)
    assert events == []
    assert problems == [Problem(Where("t.vlog", 1), message)]


def test_unknown_event_words_and_plain_chat_are_ignored(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.chat("* SDBP|1|NEWS|side=French|x=1")
    s.chat("&lt;Alice&gt; - hello")
    assert run(s, game, module) == ([], [])


def test_undo_takes_back_the_step_before(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.dice(V, "fire", [1, 1])
    s.move(F, ["FR-8BPC-1"], "22")
    s.undo()
    s.move(F, ["FR-8BPC-1"], "24")
    events, problems = run(s, game, module)
    assert problems == []
    assert events == [
        DiceRoll(where=Where("t.vlog", 1), side=V, purpose="fire", values=(1, 1), total=2),
        Move(where=Where("t.vlog", 4), side=F, units=(UnitId("FR-8BPC-1"),), from_area=AreaId(21), to_area=AreaId(24)),
    ]


def test_undo_with_nothing_before_is_a_problem(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.step(["UNDO\ttrue", "UNDO\tfalse"])
    assert run(s, game, module) == ([], [Problem(Where("t.vlog", 1), "an undo with no step before it to take back")])


def test_markers_from_lines_palette_and_delete(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.chat("* SDBP|1|MARKER|side=Viet Minh|marker=control|state=viet_minh|area=14")
    trench = s.add_marker(V, "trench", "2", "8")
    s.add_marker(F, "fire", "french", "11")
    s.delete(trench)
    s.chat("* SDBP|1|MARKER|side=French|marker=no-supply|state=no-supply|area=21")
    events, problems = run(s, game, module)
    assert problems == []
    w = lambda n: Where("t.vlog", n)  # noqa: E731
    assert events == [
        ControlSet(where=w(1), area=AreaId(14), side=V, by=V),  # by: the side its line names
        TrenchSet(where=w(2), area=AreaId(8), level=2, by=V),  # by: the side of the palette drag's MOVE line
        FireMarkerSet(where=w(3), area=AreaId(11), side=F, by=F),
        TrenchSet(where=w(4), area=AreaId(8), level=0, was=2),  # the level the deleted marker showed
        NoSupplySet(where=w(5), side=F, area=AreaId(21)),
    ]


def test_a_marker_turned_with_its_menu_is_the_same_marker_with_another_face(game: GameData, module: Path) -> None:
    """One piece, one marker: a control, fire and trench marker dragged from the palette and turned
    with their menu are each a re-face (``was``) of that marker, with the player of the ``MARKER``
    line; the line is not read as a second marker; choosing the face it already shows is nothing."""
    s = Scribe(module)
    control = s.add_marker(V, "control", "french", "14")
    s.set_marker(V, control, "viet_minh")
    fire = s.add_marker(V, "fire", "french", "8")
    s.set_marker(V, fire, "viet_minh")
    s.set_marker(V, fire, "viet_minh")  # the face it shows: no D/, the line alone (as the engine logs it)
    trench = s.add_marker(V, "trench", "1", "8")
    s.set_marker(V, trench, "2")
    s.set_marker(F, control, "french")  # the other player turns it back
    events, problems = run(s, game, module)
    assert problems == []
    w = lambda n: Where("t.vlog", n)  # noqa: E731
    assert events == [
        ControlSet(where=w(1), area=AreaId(14), side=F, by=V),
        ControlSet(where=w(2), area=AreaId(14), side=V, was=F, by=V),
        FireMarkerSet(where=w(3), area=AreaId(8), side=F, by=V),
        FireMarkerSet(where=w(4), area=AreaId(8), side=V, was=F, by=V),
        TrenchSet(where=w(6), area=AreaId(8), level=1, by=V),
        TrenchSet(where=w(7), area=AreaId(8), level=2, was=1, by=V),
        ControlSet(where=w(8), area=AreaId(14), side=F, was=V, by=F),
    ]


def test_reinforcements_replacements_and_relief_come_in_as_placements(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.move(F, ["FR-5BPVN-1", "FR-5BPVN-2"], "20")
    s.move(V, ["VM-REPL-01"], "5")
    s.move(F, ["FR-III3REI-C"], "21")
    events, problems = run(s, game, module)
    assert problems == []
    assert events == [
        Place(where=Where("t.vlog", 1), side=F, units=(UnitId("FR-5BPVN-1"), UnitId("FR-5BPVN-2")), to=Location.in_area(20)),
        Place(where=Where("t.vlog", 2), side=V, units=(UnitId("VM-REPL-01"),), to=Location.in_area(5), place_kind=PlaceKind.REPLACEMENT),
        Place(where=Where("t.vlog", 3), side=F, units=(UnitId("FR-III3REI-C"),), to=Location.in_area(21), place_kind=PlaceKind.CARD),
    ]


def test_discard_reason_follows_the_phase_and_reshuffle(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.draw(V, ["VM-01", "VM-02"])
    s.card(V, "VM-01", "discard")  # draw phase (the saved position): excess
    s.phase(1, "end", None)
    s.card(V, "VM-02", "discard")
    for card in ("VM-01", "VM-02"):
        s.card_move(card, "Viet Minh deck")
    events, problems = run(s, game, module)
    assert problems == []
    w = lambda n: Where("t.vlog", n)  # noqa: E731
    assert events[1:] == [
        CardDiscard(where=w(2), side=V, cards=(CardId("VM-01"),), reason=DiscardReason.EXCESS),
        PhaseStart(where=w(3), turn=1, phase=Phase.END),
        CardDiscard(where=w(4), side=V, cards=(CardId("VM-02"),), reason=DiscardReason.END_PHASE),
        Reshuffle(where=w(5), side=V),
        Reshuffle(where=w(6), side=V),
    ]


def test_card_entrenchment_is_entrench_and_discard(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.draw(V, ["VM-03"])
    x, y = s.decks["Viet Minh discard"]
    move = s.move_text(s.piece("VM-03"), "Main Map", int(x), int(y))
    s.step(["CHAT* SDBP|1|ENTRENCH|side=Viet Minh|card=VM-03|area=14", move])
    events, problems = run(s, game, module)
    assert problems == []
    assert events[1:] == [
        Entrench(where=Where("t.vlog", 2), side=V, area=AreaId(14), card=CardId("VM-03")),
        CardDiscard(where=Where("t.vlog", 2), side=V, cards=(CardId("VM-03"),), reason=DiscardReason.ENTRENCH),
    ]


def test_unknown_piece_and_unmatched_undo_are_problems(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.step(["M/4242/Main Map/10/10/null/Main Map/0/0/null/scribe"])
    s.pass_(F)
    s.step(["UNDO\ttrue", "CHAT* UNDO: * SDBP|1|PASS|side=Viet Minh", "UNDO\tfalse"])
    events, problems = run(s, game, module)
    assert events == [Pass(where=Where("t.vlog", 2), side=F)]
    assert problems == [
        Problem(Where("t.vlog", 1), "MovePiece of piece 4242, which the log never created"),
        Problem(Where("t.vlog", 3), "the undo does not match the step at t.vlog#2 (its SDBP lines differ); what was taken back cannot be told"),
    ]


FOREIGN_LOG = CORPUS / "vasl-templates" / "analyze-vlog" / "3d6.vlog"


@needs_corpus
def test_a_log_of_another_module_is_refused_by_name(game: GameData) -> None:
    """The log's ``moduledata`` names VASL: one line naming the log and both modules, not 200 findings."""
    with pytest.raises(InputError, match=r"3d6\.vlog: a log of the module 'VASL', not of 'StormOverDienBienPhu'"):
        events_from_vlog(FOREIGN_LOG, game, None)


@needs_corpus
def test_a_foreign_real_log_gives_problems_not_a_crash(game: GameData) -> None:
    """Read past the module check (a log whose moduledata is missing or wrong), its pieces are problems."""
    _env, tree, _entries = read_game(FOREIGN_LOG)
    events, problems = interpret_tree(tree, game, Zones.from_game(game), FOREIGN_LOG.name)
    assert [type(e) for e in events] == [GameStart]
    assert problems and all("is not a unit, marker or card" in p.message or "turn tracker" in p.message for p in problems)


def test_changes_to_the_target_after_fire_are_its_damage(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.declare("FIRE", V, ["VM-312-165-115-1"], "14")
    s.dice(V, "fire", [6, 6])
    s.flip(V, ["VM-312-165-115-1"])  # the firer's own flip stays a flip
    s.flip(F, ["FR-III13DBLE-9", "FR-III13DBLE-10"])
    s.move(F, ["FR-III13DBLE-10"], "17")
    s.eliminate(F, "FR-III13DBLE-11")
    s.pass_(F)
    events, problems = run(s, game, module)
    assert problems == []
    w = lambda n: Where("t.vlog", n)  # noqa: E731
    u = UnitId
    assert events == [
        Fire(where=w(1), side=V, units=(u("VM-312-165-115-1"),), from_area=AreaId(8), target=AreaId(14)),
        DiceRoll(where=w(2), side=V, purpose="fire", values=(6, 6), total=12),
        Flip(where=w(3), units=(u("VM-312-165-115-1"),), spent=True, by=VIET_MINH),
        Damage(
            where=w(4),
            side=F,
            target=AreaId(14),
            outcomes=(
                UnitOutcome(u("FR-III13DBLE-9"), DamageResult.FLIP),
                UnitOutcome(u("FR-III13DBLE-10"), DamageResult.FLIP_RETREAT, (AreaId(17),)),
                UnitOutcome(u("FR-III13DBLE-11"), DamageResult.ELIMINATE),
            ),
        ),
        Pass(where=w(7), side=F),
    ]


def test_assault_advance_into_the_cleared_target(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.declare("ASSAULT", V, ["VM-308-88-322-1", "VM-308-88-322-2"], "10")
    s.dice(V, "fire", [6, 6])
    s.eliminate(F, "FR-I2REI-1")
    s.move(V, ["VM-308-88-322-1", "VM-308-88-322-2"], "10")
    events, problems = run(s, game, module)
    assert problems == []
    vm = (UnitId("VM-308-88-322-1"), UnitId("VM-308-88-322-2"))
    assert events[2:] == [
        Damage(where=Where("t.vlog", 3), side=F, target=AreaId(10), outcomes=(UnitOutcome(UnitId("FR-I2REI-1"), DamageResult.ELIMINATE),)),
        Move(where=Where("t.vlog", 4), side=V, units=vm, from_area=AreaId(7), to_area=AreaId(10), move_kind=MoveKind.ADVANCE),
    ]
