"""The scribe writes what the 3.7 engine writes with the built module (docs/report-formats.md): the
commands, their decoration and how they nest (``Command.append``, ``ChangePiece`` merging), new
stacks and the pieces a drop lands on, undo; and the interpretation reads its logs back."""

from __future__ import annotations

import pytest

from sdbp_module.codec import pieces
from sdbp_module.codec.module_info import read_module
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.tree import Command, decode_tree
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, Phase, UnitId
from sdbp_module.replay.events import (
    Damage,
    DamageResult,
    DiceRoll,
    PhaseStart,
    UnitOutcome,
    Where,
)
from sdbp_module.replay.interpret import interpret_tree
from sdbp_module.replay.vlog.start import PHASES, StartReader
from sdbp_module.replay.vlog.tracker import Tracker
from sdbp_module.replay.vlog.zones import Zones
from sdbp_module.vassal import buildfile, layout
from sdbp_module.vassal.pieces import HAND_DRAW_POINT
from sdbp_module.vassal_log.scribe import (
    HAND_BOARD,
    Scribe,
    dice_summary,
    piece_name,
    turn_state,
)

from .conftest import Built

F, V = FRENCH, VIET_MINH


@pytest.fixture
def scribe(built: Built) -> Scribe:
    return Scribe(built.path)


def say(scribe: Scribe, chat: str, record: str, button: str = "") -> str:
    """The chat text the scribe writes (format 2) for a format-1 record: the sentence the module's
    report format gives it (``codec.sentences``; the names and places of the scribe's module)."""
    tokens = record.split("|")
    fields = [(k, v) for k, _, v in (t.partition("=") for t in tokens[3:])]
    return chat + scribe._say(tokens[2], fields, button=button)


def log_steps(s: Scribe) -> list[Command]:
    """The top-level LOG steps of the scribe's text, decoded as the engine would."""
    return [c for c in decode_tree(s.text()).children if c.text.startswith("LOG\t")]


def shape(node: Command) -> list[object]:
    """A logged step as nested lists, ``[text, [children…]]`` (a leaf: its text alone), without the
    ``LOG{TAB}`` wrappers; a ``D/`` is ``D/<id> same`` or ``D/<id> changed``, an AddPiece of a
    piece (not a stack) ``+/<id>``."""
    text = node.text.removeprefix("LOG\t")
    if text.startswith("D/"):
        f = se_decode(text[2:], "/")
        text = f"D/{f[0]} {'same' if f[1] == f[2] else 'changed'}"
    elif text.startswith("+/") and "/stack/" not in text:
        text = "+/" + se_decode(text[2:], "/")[0]
    return [text, [shape(c) for c in node.children]] if node.children else [text]


def last(s: Scribe) -> list[object]:
    return shape(log_steps(s)[-1])


def move(piece_id: str, to: tuple[str, str, str], under: str, old: tuple[str, str, str], old_under: str = "null") -> str:
    return "/".join(["M", piece_id, *to, under, *old, old_under, "scribe"])


def below(s: Scribe, sdbp_id: str) -> str:
    """The piece under ``sdbp_id`` in its stack (a move's old ``underId``), or ``null``."""
    pid = s.piece(sdbp_id).piece_id
    members = s.tracker.stacks.get(s.tracker.stack_of(pid) or "", [])
    i = members.index(pid) if pid in members else 0
    return members[i - 1] if i > 0 else "null"


def where(s: Scribe, sdbp_id: str) -> tuple[str, str, str]:
    p = s.piece(sdbp_id)
    return (p.map or "null", p.x, p.y)


def test_turn_state_reads_back_as_the_same_turn_and_phase(built: Built) -> None:
    reader = StartReader(built.game, Zones.from_module(read_module(built.path)), Tracker(), Where("t.vlog", 0))
    for turn in range(1, 9):
        for phase in PHASES:
            assert reader.phase(turn_state(turn, phase)) == PhaseStart(where=Where("t.vlog", 0), turn=turn, phase=Phase(phase))
    assert reader.problems == []
    assert turn_state(1, "draw", built.game.game.turns) == buildfile.tracker_state(built.game, 1)  # the set-up save's own record
    assert turn_state(2, "action", 8) == "0|2;0;true;8;1\\;0\\;0\\;true,true,true"
    assert turn_state(2, "action") == "0|2;0;false;-1;1\\;0\\;0\\;true,true,true"  # modules before the looped tracker


def test_phase_is_the_decorated_line_with_the_tracker_state_as_its_child(scribe: Scribe) -> None:
    scribe.phase(2, "action", V)
    assert scribe.steps[-1] == [
        say(scribe, "CHAT* ", "SDBP|1|PHASE|turn=2|phase=action|side=Viet Minh"),
        "TURNTurnTracker0\t0|2;0;true;8;1\\;0\\;0\\;true,true,true",
    ]
    (step,) = log_steps(scribe)
    assert step.text == "LOG\t" + say(scribe, "CHAT* ", "SDBP|1|PHASE|turn=2|phase=action|side=Viet Minh")
    assert [c.text for c in step.children] == ["LOG\tTURNTurnTracker0\t0|2;0;true;8;1\\;0\\;0\\;true,true,true"]
    with pytest.raises(ValueError, match="chat"):
        scribe.phase(1, "supper", V)


def test_pass_writes_a_bare_star_and_a_null_step_is_null(scribe: Scribe) -> None:
    """The Pass button is a Global Key Command: ``GlobalCommand.apply`` writes ``"*" + report``."""
    scribe.pass_(F)
    scribe.null_step()
    assert [c.text for c in log_steps(scribe)] == ["LOG\tCHAT*French passes", "LOG\tnull"]


def test_result_buttons_confirm_with_yes_and_log_the_property_change_with_the_line(scribe: Scribe) -> None:
    """**<side> win** (report-formats §2.12, ChangePropertyButton.launch): the answer becomes the button's
    property, whose change carries the report: the RESULT line for a side's ``yes``, a refusal for
    another answer or an observer; Cancel, or the answer the property already holds, logs nothing."""
    scribe.result(V, F)  # a concession: the Viet Minh player declares the French win
    scribe.result(F, F)  # the same answer again on the same button: no change, nothing logged
    scribe.result(F, V, answer=None)  # cancelled
    scribe.result(None, V)  # an observer
    scribe.result(V, V, answer="no")
    scribe.result(V, V)
    assert [shape(c) for c in log_steps(scribe)] == [
        ["MutableProperty\tsdbp_result_french\t\tyes\tModule", [[say(scribe, "CHAT* ", "SDBP|1|RESULT|side=Viet Minh|winner=French")]]],
        ["MutableProperty\tsdbp_result_viet_minh\t\tyes\tModule", [["CHAT* Viet Minh win not declared: only a player of a side declares the result"]]],
        ["MutableProperty\tsdbp_result_viet_minh\tyes\tno\tModule", [["CHAT* Viet Minh win not declared (type yes to confirm)"]]],
        ["MutableProperty\tsdbp_result_viet_minh\tno\tyes\tModule", [[say(scribe, "CHAT* ", "SDBP|1|RESULT|side=Viet Minh|winner=Viet Minh")]]],
    ]


def test_a_drop_where_no_stack_is_makes_a_new_stack_and_the_next_lands_on_its_top(scribe: Scribe) -> None:
    ids = ("VM-308-88-322-1", "VM-312-165-115-1", "VM-308-88-322-3")  # set up in areas 7, 8 and 7
    a, b, c = (scribe.piece(i) for i in ids)
    assert piece_name(a) == "322/88 1 (fresh)"
    olds = [where(scribe, i) for i in ids]
    assert olds[0] != olds[1]
    x, y = (str(v) for v in scribe.point("11"))
    scribe.move(V, list(ids[:2]), "11")  # from two set-up stacks
    (stack,) = [sid for sid, members in scribe.tracker.stacks.items() if members == [a.piece_id, b.piece_id]]
    assert last(scribe) == [
        move(a.piece_id, ("Main Map", x, y), "null", olds[0]),
        [
            [f"+/{stack}/stack/Main Map;{x};{y};{a.piece_id};@@1"],
            [move(b.piece_id, ("Main Map", x, y), a.piece_id, olds[1])],
            [
                f"D/{a.piece_id} same",
                [
                    [say(scribe, "CHAT* ", f"SDBP|1|MOVE|side=Viet Minh|unit={ids[0]}|from=7|to=11")],
                    [f"D/{b.piece_id} same", [[say(scribe, "CHAT* ", f"SDBP|1|MOVE|side=Viet Minh|unit={ids[1]}|from=8|to=11")]]],
                ],
            ],
        ],
    ]
    under_c = below(scribe, ids[2])
    scribe.move(V, [ids[2]], "11")
    assert last(scribe)[0] == move(c.piece_id, ("Main Map", x, y), b.piece_id, olds[2], under_c)
    assert scribe.tracker.stacks[stack] == [a.piece_id, b.piece_id, c.piece_id]
    scribe.flip(V, [ids[1]])
    scribe.move(V, list(ids[:2]), "3")  # now from one point (to an empty area): one line naming both
    step = last(scribe)
    assert step[0] == move(a.piece_id, where(scribe, ids[0]), "null", ("Main Map", x, y))  # bottom of its stack
    assert not any("&rarr;" in str(c) for c in step[1])  # type: ignore[union-attr]  # the module has no move report of its own
    assert [say(scribe, "CHAT* ", f"SDBP|1|MOVE|side=Viet Minh|unit={ids[0]}|from=11|to=3")] == [
        "CHAT* Viet Minh moves 322/88 1 (VM-308-88-322-1) from 11 Nam Yum meadows to 3 Road to Tuần Giáo"
    ]
    assert piece_name(b).endswith("(spent)")


def test_a_drop_on_a_stacks_counter_lands_on_the_stack(scribe: Scribe) -> None:
    a, b = scribe.piece("VM-308-88-322-1"), scribe.piece("VM-308-88-322-2")
    x, y = scribe.point("11")
    scribe.move(V, ["VM-308-88-322-1"], "11")
    old_b = where(scribe, "VM-308-88-322-2")
    scribe.move(V, ["VM-308-88-322-2"], "", point=(x + layout.COUNTER // 2 - 1, y - layout.COUNTER // 2))  # on a's counter
    assert last(scribe)[0] == move(b.piece_id, ("Main Map", str(x), str(y)), a.piece_id, old_b)
    scribe.move(V, ["VM-308-88-322-3"], "", point=(x + layout.COUNTER // 2, y))  # just beside it: a stack of its own
    assert "/stack/" in str(last(scribe)[1])


def test_report_actions_write_their_line_under_an_unchanged_d(scribe: Scribe) -> None:
    """``ReportState``: the ``ChangeTracker``'s ``D/`` (new state = old) with the line as its child."""
    scribe.entrench(V, ["VM-312-165-542-1"])
    piece = scribe.piece("VM-312-165-542-1")
    (step,) = log_steps(scribe)
    assert se_decode(step.text.removeprefix("LOG\tD/"), "/") == [piece.piece_id, *[pieces.join_chain(piece.states)] * 2]
    assert [c.text for c in step.children] == ["LOG\t" + say(scribe, "CHAT* ", "SDBP|1|ENTRENCH|side=Viet Minh|unit=VM-312-165-542-1|area=8")]


def test_declare_prompts_once_per_zone_and_the_other_selected_units_follow(scribe: Scribe) -> None:
    """One prompt per zone (report-formats §2.5): the leading unit's mark with the prompt merged in, the
    shared target, its line, the followers under a null root (the Counter GKC), its reset with the
    mark cleared; the key then reaches each follower, whose outer trigger clears its mark."""
    ids = ["VM-312-165-115-1", "VM-312-165-115-2", "VM-312-165-115-3"]  # all in 8
    u1, u2, u3 = (scribe.piece(i).piece_id for i in ids)
    scribe.declare("FIRE", V, ids, "14")
    line = say(scribe, "CHAT* ", "SDBP|1|FIRE|side=Viet Minh|unit=VM-312-165-115-1|from=8|target=14").replace("115-1", "115-{0}").replace(" 1 (", " {0} (")
    assert last(scribe) == [
        f"D/{u1} changed",
        [
            ["MutableProperty\tsdbp_stack_target\t\t14\tModule"],
            [f"D/{u1} same", [[line.format(1)]]],
            ["", [[f"D/{u} changed", [[line.format(n)], [f"D/{u} changed"]]] for n, u in ((2, u2), (3, u3))]],
            [f"D/{u1} changed"],
            [f"D/{u2} changed"],
            [f"D/{u3} changed"],
        ],
    ]
    prompt = se_decode(log_steps(scribe)[-1].text[6:], "/")
    assert "14" in pieces.split_chain(prompt[1])  # type: ignore[operator]
    for i in ids:  # every unit ends reset: no target, no mark
        assert (scribe.piece(i).prop("sdbp_target"), scribe.piece(i).prop("sdbp_declared")) == ("", "0")
    scribe.declare("ASSAULT", V, ["VM-312-165-115-3"], "")  # a cancelled prompt: the line says target=
    assert [say(scribe, "CHAT* ", "SDBP|1|ASSAULT|side=Viet Minh|unit=VM-312-165-115-3|from=8|target=")] in last(scribe)[1][1][1]  # type: ignore[index]
    assert ["MutableProperty\tsdbp_stack_target\t14\t\tModule"] in last(scribe)[1]  # type: ignore[operator]


def test_declare_with_units_in_two_zones_prompts_in_each(scribe: Scribe) -> None:
    scribe.declare("FIRE", V, ["VM-312-165-115-1", "VM-312-141-11-1", "VM-312-165-115-2"], "10")  # 8, 12, 8
    lines = [t for t in scribe.steps[-1] if t.startswith("CHAT")]
    assert [t.split("(")[1].split(")")[0] for t in lines] == ["VM-312-165-115-1", "VM-312-165-115-2", "VM-312-141-11-1"]
    assert sum(t.startswith("MutableProperty") for t in scribe.steps[-1]) == 2  # one shared target per zone


def test_damage_flip_writes_damage_then_the_flip(scribe: Scribe) -> None:
    u = scribe.piece("FR-III13DBLE-9").piece_id
    scribe.damage(F, "FR-III13DBLE-9", "flip")
    assert last(scribe) == [
        f"D/{u} same",
        [
            [say(scribe, "CHAT* ", "SDBP|1|DAMAGE|side=French|unit=FR-III13DBLE-9|area=14|result=flip")],
            [f"D/{u} changed", [[say(scribe, "CHAT* ", "SDBP|1|FLIP|side=French|unit=FR-III13DBLE-9|area=14|state=spent")]]],
        ],
    ]
    assert scribe.piece("FR-III13DBLE-9").spent


def test_eliminate_is_the_send_to_location_with_its_move_line(scribe: Scribe) -> None:
    """``SendToLocation``: its back-position ``D/``, the ``M/`` to the trait's point (a new stack in the
    empty box), the move key's ``MOVE`` line; the ``ELIMINATE`` line's ``D/`` merges into the one before."""
    a, b = scribe.piece("FR-III13DBLE-10"), scribe.piece("FR-III13DBLE-11")
    old_a, old_b = where(scribe, "FR-III13DBLE-10"), where(scribe, "FR-III13DBLE-11")
    under_a = below(scribe, "FR-III13DBLE-10")
    scribe.damage(F, "FR-III13DBLE-10", "eliminate")
    box = where(scribe, "FR-III13DBLE-10")  # the Eliminate trait's point (an empty box: no stack to land on)
    (stack,) = [sid for sid, m in scribe.tracker.stacks.items() if m == [a.piece_id]]
    assert last(scribe) == [
        f"D/{a.piece_id} same",
        [
            [say(scribe, "CHAT* ", "SDBP|1|DAMAGE|side=French|unit=FR-III13DBLE-10|area=14|result=eliminate")],
            [
                f"D/{a.piece_id} changed",
                [
                    [move(a.piece_id, box, "null", old_a, under_a)],
                    [f"+/{stack}/stack/Main Map;{box[1]};{box[2]};{a.piece_id};@@1"],
                    [f"D/{a.piece_id} same", [[say(scribe, "CHAT* ", "SDBP|1|MOVE|side=French|unit=FR-III13DBLE-10|from=14|to=Eliminated")]]],
                    [say(scribe, "CHAT* ", "SDBP|1|ELIMINATE|side=French|unit=FR-III13DBLE-10|from=14")],
                ],
            ],
        ],
    ]
    back = se_decode(log_steps(scribe)[-1].children[1].text[6:], "/")[1]
    assert ";".join(old_a) in pieces.split_chain(back)  # type: ignore[operator]
    under_b = below(scribe, "FR-III13DBLE-11")
    scribe.eliminate(F, "FR-III13DBLE-11")  # onto the first one
    assert last(scribe)[1][0] == [move(b.piece_id, box, a.piece_id, old_b, under_b)]  # type: ignore[index]
    with pytest.raises(ValueError):
        scribe.damage(F, "FR-III13DBLE-11", "retreat")


def test_retreat_moves_the_unit_into_the_typed_area_in_the_menu_step(scribe: Scribe) -> None:
    """**Retreat to…** (report-formats §2.11): the prompt's ``D/`` with the RETREAT line, then the Send To
    Location into the typed area's zone centre (its ``D/``, the ``M/``, a new stack, the MOVE line),
    the reset merged in; a second unit sent there lands on that stack. One step each."""
    u, w = scribe.piece("FR-III13DBLE-11").piece_id, scribe.piece("FR-III13DBLE-12").piece_id
    scribe.retreat(F, "FR-III13DBLE-11", "17")
    scribe.retreat(F, "FR-III13DBLE-12", "17")
    first, second = log_steps(scribe)
    x, y = scribe.zones.centre("17")
    menu = shape(first)
    assert menu[0] == f"D/{u} changed"
    report, moved = menu[1]  # type: ignore[misc]
    assert report == [say(scribe, "CHAT* ", "SDBP|1|RETREAT|side=French|unit=FR-III13DBLE-11|from=14|to=17")]
    assert moved[0] == f"D/{u} changed"
    m, stack, line = moved[1]
    assert m[0].startswith(f"M/{u}/Main Map/{x}/{y}/null/Main Map/1493/667/") and stack[0].startswith(f"+/{scribe.tracker.stack_of(u)}/stack/Main Map;{x};{y};")
    assert line == [f"D/{u} same", [[say(scribe, "CHAT* ", "SDBP|1|MOVE|side=French|unit=FR-III13DBLE-11|from=14|to=17")]]]
    assert shape(second)[1][1][1][0][0].startswith(f"M/{w}/Main Map/{x}/{y}/{u}/")  # type: ignore[index]
    assert scribe.zone_of(scribe.piece("FR-III13DBLE-11")) == "17" and scribe.piece("FR-III13DBLE-11").prop("sdbp_target") == ""


def test_retreat_to_no_area_moves_nothing_and_the_drag_follows(scribe: Scribe) -> None:
    """A typed text that is no area number (a box, 99, stray spaces, a cancelled prompt) fails the
    trigger's condition: the menu step only prompts, reports and resets; the player's drag follows."""
    u = scribe.piece("FR-III13DBLE-11").piece_id
    scribe.retreat(F, "FR-III13DBLE-11", "17", typed=" 17 ")
    menu, drag = log_steps(scribe)
    assert shape(menu) == [f"D/{u} changed", [[say(scribe, "CHAT* ", "SDBP|1|RETREAT|side=French|unit=FR-III13DBLE-11|from=14|to= 17 ")], [f"D/{u} changed"]]]
    assert scribe.piece("FR-III13DBLE-11").prop("sdbp_target") == ""
    assert shape(drag)[1][1:] == [  # type: ignore[index]
        [f"D/{u} same", [[say(scribe, "CHAT* ", "SDBP|1|MOVE|side=French|unit=FR-III13DBLE-11|from=14|to=17")]]],
    ]


def test_dice_write_the_buttons_four_properties_with_their_previous_values(scribe: Scribe) -> None:
    scribe.dice(V, "assault", [6, 2])
    scribe.dice(V, "assault", [3, 3])
    scribe.dice(F, "supply", [1, 5])
    assert scribe.steps[0] == [
        say(scribe, "CHAT* ", "SDBP|1|DICE|side=Viet Minh|purpose=assault|dice=6,2|total=8"),
        "MutableProperty\tAssault 2d6_result\t1\t6,2\tModule",
        "MutableProperty\tAssault 2d6_total\t0\t8\tModule",
        "MutableProperty\tAssault 2d6_keep\t0\t2\tModule",
        "MutableProperty\tAssault 2d6_summary\t\t2 x1, 6 x1\tModule",
    ]
    assert scribe.steps[1][1:] == [
        "MutableProperty\tAssault 2d6_result\t6,2\t3,3\tModule",
        "MutableProperty\tAssault 2d6_total\t8\t6\tModule",
        "MutableProperty\tAssault 2d6_keep\t2\t2\tModule",
        "MutableProperty\tAssault 2d6_summary\t2 x1, 6 x1\t3 x2\tModule",
    ]
    assert scribe.steps[2][1] == "MutableProperty\tSupply 2d6_result\t1\t1,5\tModule"
    assert dice_summary([4]) == "4 x1"


def test_hand_cards_lie_on_free_slots_of_the_hand_board(scribe: Scribe) -> None:
    cards = [f"FR-{i:02d}" for i in range(1, 11)]
    for card in cards:
        scribe.draw(F, [card])
    hand = [where(scribe, c) for c in cards]
    assert {h[0] for h in hand} == {"French hand"}
    assert all(0 < int(x) - layout.CARD_W // 2 and int(x) + layout.CARD_W // 2 < HAND_BOARD[0] for _m, x, _y in hand)
    assert all(0 < int(y) - layout.CARD_H // 2 and int(y) + layout.CARD_H // 2 < HAND_BOARD[1] for _m, _x, y in hand)
    slots = sorted({int(x) for _m, x, _y in hand})
    assert len(slots) == 7 and all(b - a > layout.CARD_W for a, b in zip(slots, slots[1:], strict=False))
    scribe.card(F, "FR-02", "discard")  # frees the second slot: the next card goes there
    scribe.draw(F, ["FR-11"])
    assert where(scribe, "FR-11") == hand[1]
    scribe.draw(F, ["FR-12", "FR-13"])  # every slot taken: onto the last one's top card; one drag, 13 on 12
    twelve, top = scribe.piece("FR-12").piece_id, scribe.piece("FR-10").piece_id
    assert [t.split("/")[5] for t in scribe.steps[-1]] == [top, twelve]
    assert where(scribe, "FR-12") == where(scribe, "FR-13") == hand[-1]


def test_cards_play_through_the_trigger_and_discard_through_return_to_deck(scribe: Scribe) -> None:
    scribe.draw(F, ["FR-06", "FR-02"])
    six, two = scribe.piece("FR-06").piece_id, scribe.piece("FR-02").piece_id
    old6, old2 = where(scribe, "FR-06"), where(scribe, "FR-02")
    scribe.card(F, "FR-06", "play", target="9")
    pile = ("Main Map", *scribe.decks["French discard"])
    assert last(scribe) == [
        f"D/{six} changed",
        [[say(scribe, "CHAT* ", "SDBP|1|CARD|side=French|card=FR-06|action=play|target=9")], [f"D/{six} changed"], [move(six, pile, "null", old6)]],
    ]
    scribe.card(F, "FR-02", "discard")  # the move first, then the line; onto the pile's top card
    assert last(scribe) == [move(two, pile, six, old2), [[f"D/{two} same", [[say(scribe, "CHAT* ", "SDBP|1|CARD|side=French|card=FR-02|action=discard")]]]]]
    assert scribe.piles["French discard"] == [six, two]


def test_a_palette_marker_is_added_with_its_stack_beside_the_units(scribe: Scribe) -> None:
    marker = scribe.add_marker(V, "trench", "2", "8")
    (stack,) = [sid for sid, m in scribe.tracker.stacks.items() if m == [marker]]
    piece = scribe.tracker.pieces[marker]
    assert last(scribe) == [
        f"+/{marker}",
        [
            [f"+/{stack}/stack/Main Map;{piece.x};{piece.y};{marker};@@1"],
            [f"D/{marker} same", [["CHAT* Viet Minh places Trench (trench: 2) in 8 Upper Nam Yum"]]],
        ],
    ]
    half = layout.COUNTER // 2
    others = [scribe.tracker.positions[s] for s, m in scribe.tracker.stacks.items() if m and s != stack]
    assert others and not any(-half <= int(piece.x) - int(w[1]) < half and -half <= int(piece.y) - int(w[2]) < half for w in others)


def test_undo_writes_the_inverse_tree_and_restores_the_position(scribe: Scribe) -> None:
    """``BasicLogger.undo``: the step's inverses last to first (the unchanged ``D/`` has none), the
    ``* UNDO:`` lines, between the two brackets; the scribe's position is the one before the step."""
    scribe.piece("FR-8BPC-1")
    start = where(scribe, "FR-8BPC-1")
    scribe.dice(V, "fire", [1, 1])
    scribe.move(F, ["FR-8BPC-1"], "22")
    drag, stack_add = scribe.steps[-1][:2]
    stack = se_decode(stack_add[2:], "/")[0]
    scribe.undo()
    assert where(scribe, "FR-8BPC-1") == start and stack not in scribe.tracker.stacks
    f = se_decode(drag[2:], "/")
    assert scribe.steps[-1] == [
        "UNDO\ttrue",
        say(scribe, "CHAT* UNDO: * ", "SDBP|1|MOVE|side=French|unit=FR-8BPC-1|from=21|to=22"),
        f"-/{stack}",
        "M/" + "/".join([f[0], *f[5:9], *f[1:5], f[9]]),
        "UNDO\tfalse",
    ]
    scribe.undo()  # the roll: its properties back to their values before it
    assert scribe.steps[-1][1:5] == [
        "MutableProperty\tFire 2d6_summary\t1 x2\t\tModule",
        "MutableProperty\tFire 2d6_keep\t2\t0\tModule",
        "MutableProperty\tFire 2d6_total\t2\t0\tModule",
        "MutableProperty\tFire 2d6_result\t1,1\t1\tModule",
    ]
    scribe.dice(V, "fire", [2, 3])
    assert scribe.steps[-1][1] == "MutableProperty\tFire 2d6_result\t1\t2,3\tModule"
    scribe.undo()
    with pytest.raises(ValueError, match="no step to take back"):
        scribe.undo()


def test_the_interpretation_reads_a_scribe_log_with_phases_damage_and_retreats(built: Built, scribe: Scribe) -> None:
    s = scribe
    s.phase(1, "action", V)
    s.declare("FIRE", V, ["VM-312-165-115-1"], "14")
    s.dice(V, "fire", [6, 6])
    s.damage(F, "FR-III13DBLE-9", "flip")
    s.retreat(F, "FR-III13DBLE-9", "17")  # flip + retreat = flip-retreat
    s.damage(F, "FR-III13DBLE-10", "eliminate")
    s.retreat(F, "FR-III13DBLE-11", "17")
    s.null_step()
    s.pass_(F)
    s.phase(1, "end", None)
    s.phase(2, "draw", V)
    events, problems = interpret_tree(decode_tree(s.text()), built.game, Zones.from_module(read_module(built.path)), "t.vlog")
    assert problems == []
    assert [(e.turn, e.phase) for e in events if isinstance(e, PhaseStart)] == [
        (1, Phase.DRAW),  # the save's tracker state
        (1, Phase.ACTION),
        (1, Phase.END),
        (2, Phase.DRAW),
    ]
    assert [e.purpose for e in events if isinstance(e, DiceRoll)] == ["fire"]
    (damage,) = [e for e in events if isinstance(e, Damage)]
    assert (damage.side, damage.target) == (F, AreaId(14))
    assert set(damage.outcomes) == {
        UnitOutcome(UnitId("FR-III13DBLE-9"), DamageResult.FLIP_RETREAT, (AreaId(17),)),
        UnitOutcome(UnitId("FR-III13DBLE-10"), DamageResult.ELIMINATE),
        UnitOutcome(UnitId("FR-III13DBLE-11"), DamageResult.RETREAT, (AreaId(17),)),
    }


def test_refresh_is_the_helper_line_with_each_units_flip_under_it(scribe: Scribe) -> None:
    """**Refresh units** (report-formats §2.13, ``GlobalCommand.apply``): the bare-``*`` line, then each
    matching unit's key command, a Layer ``D/`` with its ``FLIP`` line merged in: the line names the
    unit's own side and the helper, the HELPER line the player who pressed the button."""
    scribe.flip(F, ["FR-8BPC-1"])
    u = scribe.piece("FR-8BPC-1").piece_id
    assert scribe.refresh(V) == ["FR-8BPC-1"]
    assert last(scribe) == [
        "CHAT*Viet Minh uses Refresh units (refresh)",
        [[f"D/{u} changed", [["CHAT* French unit 8 BPC 1 (FR-8BPC-1) in " + scribe.module_text.locations["21"] + " flips to fresh (Refresh units)"]]]],
    ]
    assert not scribe.piece("FR-8BPC-1").spent


def test_clear_markers_is_the_helper_line_with_each_markers_removal(scribe: Scribe) -> None:
    marker = scribe.add_marker(V, "fire", "viet_minh", "8")
    assert scribe.clear_markers(F, "fire") == [marker]
    assert last(scribe) == ["CHAT*French uses Clear fire markers (clear-fire)", [[f"-/{marker}"]]]
    assert marker not in scribe.tracker.pieces


def test_set_marker_is_one_change_of_state_and_level_with_the_marker_line_under_it(scribe: Scribe) -> None:
    """A marker's menu face (as the engine logs it: the Dynamic Properties' ``D/`` with the Report
    Action's ``MARKER`` line as its child)."""
    marker = scribe.add_marker(V, "control", "french", "14")
    scribe.set_marker(V, marker, "viet_minh")
    assert last(scribe) == [
        f"D/{marker} changed",
        [["CHAT* Viet Minh turns Control (control) in 14 Béatrice to Viet Minh [viet_minh]"]],
    ]
    piece = scribe.tracker.pieces[marker]
    assert (piece.prop("sdbp_state"), piece.prop("sdbp_level")) == ("viet_minh", "2")


def test_draw_to_hand_is_each_cards_send_to_location_under_the_helper_line(scribe: Scribe) -> None:
    """**Draw** (§2.13): per card the Send To Location's ``D/``, with the ``M/`` to the hand's first slot
    (the first card makes a new stack there, the second lands on it) and the deck's mask ``D/``."""
    one, two = scribe.piece("FR-01"), scribe.piece("FR-02")
    assert scribe.piles["French deck"][:2] == [one.piece_id, two.piece_id]  # FR-02 lies on FR-01 …
    olds = [where(scribe, "FR-01"), where(scribe, "FR-02")]
    unders = ["null", "null"]  # … until FR-01 has left: each card's old underId when it moves
    scribe.draw_to_hand(F, F, ["FR-01", "FR-02"])
    x, y = (str(v) for v in HAND_DRAW_POINT)
    (stack,) = [sid for sid, m in scribe.tracker.stacks.items() if m == [one.piece_id, two.piece_id]]
    assert last(scribe) == [
        "CHAT*French uses Draw: French (draw for French); cards drawn: 2; hand size: 2",
        [
            [
                f"D/{one.piece_id} changed",
                [
                    [move(one.piece_id, ("French hand", x, y), "null", olds[0], unders[0])],
                    [f"+/{stack}/stack/French hand;{x};{y};{one.piece_id};@@1"],
                    [f"D/{one.piece_id} changed"],
                ],
            ],
            [
                f"D/{two.piece_id} changed",
                [[move(two.piece_id, ("French hand", x, y), one.piece_id, olds[1], unders[1])], [f"D/{two.piece_id} changed"]],
            ],
        ],
    ]
    mask = next(i for i, t in enumerate(one.types) if t.startswith("obs;"))
    assert se_decode(one.states[mask], ";")[0] == "French"  # masked for the drawing side (Deck.pieceRemoved)
    with pytest.raises(ValueError, match="not in the French deck"):
        scribe.draw_to_hand(F, F, ["FR-01"])
