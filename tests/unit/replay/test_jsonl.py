"""Events JSONL: round trip of every event type, the schema file in step with the classes, bad lines."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from sdbp_module.errors import InputError, OutputError
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, CardId, Phase, UnitId
from sdbp_module.replay import events as ev
from sdbp_module.replay.jsonl import (
    SCHEMA_PATH,
    read_events,
    render_schema,
    write_events,
)
from sdbp_module.replay.location import ELIMINATED, REPLACEMENTS, Location

FR, VM = FRENCH, VIET_MINH
U, A, C = UnitId, AreaId, CardId


def one_of_each() -> list[ev.Event]:
    return [
        ev.GameStart(
            units=(ev.UnitSetup(U("FR-A"), FR, Location.in_area(2)), ev.UnitSetup(U("VM-R1"), VM, REPLACEMENTS, True)),
            control=(ev.AreaControl(A(2), FR),),
            trenches=(),
            fire_markers=(ev.FireMarkerAt(A(3), VM),),
            no_supply=(A(4),),
            no_replacements=False,
            turn_marker=1,
            piles=(ev.PileContents(FR, ev.Pile.DECK, (C("FR-01"), C("FR-02"))),),
            bid=ev.Bid(3, 5, 5),
            control_markers=(ev.AreaControl(A(2), FR),),
        ),
        ev.PhaseStart(turn=1, phase=Phase.DRAW),
        ev.CardDraw(side=FR, cards=(C("FR-01"),)),
        ev.Reshuffle(side=VM),
        ev.PhaseStart(turn=1, phase=Phase.ACTION),
        ev.Move(side=VM, units=(U("VM-X"), U("VM-Y")), from_area=A(10), to_area=A(6), path=(A(10), A(6)), action=1, cost=2),
        ev.Fire(side=FR, units=(U("FR-A"),), from_area=A(2), target=A(6), attack=12, defense=9, damage=3),
        ev.Fire(side=VM, target=A(2), card=C("VM-02"), attack=15),
        ev.DiceRoll(side=FR, purpose="fire", values=(3, 5), total=8),
        ev.Damage(side=VM, target=A(6), points=3, outcomes=(ev.UnitOutcome(U("VM-X"), ev.DamageResult.FLIP_RETREAT, (A(10),)),)),
        ev.Assault(side=VM, units=(U("VM-Y"),), from_area=A(6), target=A(2)),
        ev.Entrench(side=VM, area=A(10), units=(U("VM-Z"), U("VM-Q")), level=1),
        ev.Entrench(side=VM, area=A(10), card=C("VM-01")),
        ev.CardPlay(side=VM, card=C("VM-03"), mode="fire", targets=(A(2),), as_action=True, to=ev.Pile.REMOVED),
        ev.CardDiscard(side=FR, cards=(C("FR-02"),), reason=ev.DiscardReason.CONTINUE),
        ev.CardRemove(side=FR, cards=(C("FR-03"),)),
        ev.Pass(side=FR),
        ev.Flip(units=(U("FR-A"),), spent=True),
        ev.Relocate(units=(U("VM-Y"),), to=ELIMINATED, reason="assault loss"),
        ev.PhaseStart(turn=1, phase=Phase.END),
        ev.EndStep(step="supply"),
        ev.Place(side=VM, units=(U("VM-R1"),), to=Location.in_area(10), place_kind=ev.PlaceKind.REPLACEMENT),
        ev.ControlSet(area=A(2), side=VM),
        ev.TrenchSet(area=A(2), level=0),
        ev.FireMarkerSet(area=A(3), side=VM, present=False),
        ev.NoSupplySet(side=VM, area=A(4), present=True),
        ev.NoReplacementsSet(present=True),
        ev.GameEnd(winner=VM),
    ]


def test_every_event_type_is_covered() -> None:
    assert {type(e) for e in one_of_each()} == set(ev.EVENT_TYPES)


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    events = [e for e in one_of_each()]
    write_events(path, events)
    back = read_events(path)
    # each event is at its own line of the transcript, not where it says it was (<memory>); all else is equal
    assert [e.where for e in back] == [ev.Where(str(path), i, i + 1) for i in range(len(events))]
    assert [dataclasses.replace(e, where=ev.NOWHERE) for e in back] == events
    write_events(tmp_path / "again.jsonl", [dataclasses.replace(e, where=ev.NOWHERE) for e in back])
    assert (tmp_path / "again.jsonl").read_bytes() == path.read_bytes()


@pytest.mark.parametrize(
    "where",
    ['{"file":"other.vlog","index":7}', '{"file":"<end of log>","index":1073741824}', '{"file":"<memory>","index":0}'],
)
def test_a_lines_own_where_does_not_move_it(tmp_path: Path, where: str) -> None:
    """A transcript cannot put its events in another file or at a made-up position: each is at its line."""
    path = tmp_path / "t.jsonl"
    path.write_text(f'{{"type":"pass","side":"french"}}\n\n{{"type":"pass","side":"viet_minh","where":{where}}}\n', encoding="utf-8")
    a, b = read_events(path)
    assert (a.where, b.where) == (ev.Where(str(path), 0, 1), ev.Where(str(path), 1, 3))
    path.write_text(f'{{"type":"pass","side":"viet_minh","where":{where[:-1]},"x":1}}}}\n', encoding="utf-8")
    with pytest.raises(InputError):  # still checked
        read_events(path)


def test_where_defaults_to_the_file_line(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"type":"pass","side":"french"}\n\n{"type":"pass","side":"viet_minh"}\n', encoding="utf-8")
    a, b = read_events(path)
    assert a.where == ev.Where(str(path), 0, 1)
    assert b.where == ev.Where(str(path), 1, 3)


def test_schema_file_is_generated_from_the_classes() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == render_schema(), "regenerate: python -m sdbp_module.replay.jsonl"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "not JSON (Expecting property name enclosed in double quotes at column 2)"),
        ('{"type":"jump","side":"french"}', "type: 'jump' is not one of"),
        ('{"type":"pass"}', "(line): 'side' is a required property"),
        ('{"type":"pass","side":"blue"}', "side: 'blue' is not one of ["),
        ('{"type":"pass","side":"french","extra":1}', "Additional properties are not allowed ('extra' was unexpected)"),
        ('{"type":"place","side":"french","units":["A"],"to":"attic"}', "to: 'attic' does not match"),
    ],
)
def test_bad_line_is_an_input_error_naming_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type":"pass","side":"french"}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_events(path)
    assert str(info.value).startswith(f"{path}:2: ")
    assert message in str(info.value)
    assert info.value.exit_code == 2


PASS = '{"type":"pass","side":"french"}'
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (DEEP, "not JSON that can be read (arrays or objects nested too deeply)"),
        ("[" * 100_000, "not JSON that can be read (arrays or objects nested too deeply)"),
        # deep enough for ``json`` on 3.12 and 3.13 (not on 3.11), and for jsonschema's quoting of the value
        ('{"type":"draw","side":"french","cards":[' + "[" * 985 + "]" * 985 + "]}", "not JSON that can be read (arrays or objects nested too deeply)"),
        # one level deeper than a line may be (MAX_LINE_DEPTH), and the same with a surrogate escape in it
        ('{"type":"draw","side":"french","cards":[' + "[" * 63 + "]" * 63 + "]}", "not JSON that can be read (arrays or objects nested too deeply)"),
        ('{"type":"draw","side":"french","cards":["\\ud800",' + "[" * 63 + "]" * 63 + "]}", "not JSON that can be read (arrays or objects nested too deeply)"),
        # as deep as a line may be: the schema words what is wrong
        ('{"type":"draw","side":"french","cards":[' + "[" * 62 + "]" * 62 + "]}", "cards.0: [[[[[[[[[["),
        ('{"type":"pass","side":"french","x":' + DEEP + "}", "not JSON that can be read (arrays or objects nested too deeply)"),
        ('{"type":"trench","area":1,"level":-1' + "0" * 5000 + "}", "not JSON that can be read (an integer of 5001 digits at column 36; at most 4300 can be read)"),
        ('{"type":"draw","side":"french","cards":["a","b\\ud800"]}', "cards.1: a string holds the lone surrogate \\ud800 (expected text: a surrogate escape only as one half of a pair)"),
        ('{"type":"pass","side":"french","where":{"file":"\\uDC00","index":0}}', "where.file: a string holds the lone surrogate \\udc00 (expected text: a surrogate escape only as one half of a pair)"),
        ('{"type":"pass","side":"french","\\ud83dx":1}', "(line): a key holds the lone surrogate \\ud83d (expected text: a surrogate escape only as one half of a pair)"),
        ('{"type":"' + "a" * 300 + '"}', "type: '" + "a" * 99 + "…" + "a" * 99 + "' is not one of ['game-start', "),
        # the schema's pattern lets any number of digits through, int() reads 4300
        ('{"type":"relocate","units":["A"],"to":"turn:' + "9" * 5000 + '"}', "to: 'turn:999999999999999…9999999999' is not a location that can be read (its number has 5000 digits)"),
    ],
)
def test_hostile_line_is_one_short_input_error(tmp_path: Path, line: str, message: str) -> None:
    """Nesting, numbers and text that ``json`` reads but nothing after it could use: one line naming the file
    and line, read as one document or line by line alike, no longer than a screenful."""
    for content in (PASS + "\n" + line + "\n", PASS + "\n" + line + "\nNaN\n"):  # NaN: read line by line
        path = tmp_path / "bad.jsonl"
        path.write_text(content, encoding="utf-8")
        with pytest.raises(InputError) as info:
            read_events(path)
        assert info.value.message.startswith(f"{path}:2: {message}")
        assert len(info.value.message) < 1200 and "\n" not in info.value.message


def test_surrogate_pairs_and_escaped_backslashes_are_text(tmp_path: Path) -> None:
    path = tmp_path / "ok.jsonl"
    path.write_text('{"type":"draw","side":"french","cards":["\\ud83d\\ude00","\\\\ud800"]}\n', encoding="utf-8")
    (event,) = read_events(path)
    assert isinstance(event, ev.CardDraw) and event.cards == ("😀", "\\ud800")


def test_text_that_is_not_utf8_is_named_by_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(PASS.encode() + b'\n{"type":"caf\xe9"}\n')
    with pytest.raises(InputError) as info:
        read_events(path)
    assert info.value.message == f"{path}:2:13: not UTF-8 text (byte 0xe9 at byte 44)"


def test_write_under_a_file_is_an_output_error(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    with pytest.raises(OutputError) as info:
        write_events(tmp_path / "afile" / "events.jsonl", [ev.Pass(side=FR)])
    assert info.value.message == f"{tmp_path}/afile/events.jsonl: cannot write: {tmp_path}/afile is a file, not a folder"


def test_missing_file() -> None:
    with pytest.raises(InputError, match="no such file"):
        read_events(Path("/nonexistent/x.jsonl"))


def test_lines_are_sorted_json() -> None:
    from sdbp_module.replay.jsonl import format_event

    line = format_event(ev.Pass(side=FR))
    assert line == '{"side":"french","type":"pass","where":{"file":"<memory>","index":0}}'
    assert json.loads(line)["type"] == "pass"


def test_lines_split_on_newline_only(tmp_path: Path) -> None:
    """U+2028, U+2029, U+0085, form feed and the like inside a JSON string are text, not line breaks
    (``str.splitlines`` would split there): what ``write_events`` writes, ``read_events`` reads back."""
    events = [ev.DiceRoll(side=FR, purpose=f"a{c}b", values=(1,)) for c in "\u2028\u2029\u0085\x0c\x1c\x1d\x1e\r"]
    path = tmp_path / "odd.jsonl"
    write_events(path, events)
    back = read_events(path)
    assert [e.purpose for e in back if isinstance(e, ev.DiceRoll)] == [e.purpose for e in events]
    assert len(path.read_bytes().split(b"\n")) == len(events) + 1


def test_blank_lines_are_json_white_space_only(tmp_path: Path) -> None:
    path = tmp_path / "blank.jsonl"
    path.write_text(PASS + "\n \t\r\n\n" + PASS + "\r\n", encoding="utf-8")
    assert [e.where.line for e in read_events(path)] == [1, 4]
    path.write_text(PASS + "\n\u2028\n", encoding="utf-8")
    with pytest.raises(InputError, match=r":2: not JSON"):
        read_events(path)


def test_a_transcript_is_read_up_to_its_limits(tmp_path: Path) -> None:
    """``limits``: the file's size (refused before it is read), a line's length, the number of events."""
    from sdbp_module.limits import MAX_EVENTS, MAX_LINE_CHARS, MAX_TRANSCRIPT_BYTES

    path = tmp_path / "big.jsonl"
    with path.open("wb") as handle:
        handle.truncate(MAX_TRANSCRIPT_BYTES + 1)  # sparse: nothing is written
    with pytest.raises(InputError) as info:
        read_events(path)
    assert info.value.message == (
        f"{path}: {MAX_TRANSCRIPT_BYTES + 1:,} bytes; an events transcript is read up to {MAX_TRANSCRIPT_BYTES:,} bytes "
        "(a whole real game is under 1 MB)"
    )
    path.write_text(PASS + "\n" + " " * MAX_LINE_CHARS + PASS + "\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_events(path)
    assert info.value.message == (
        f"{path}:2: a line of {MAX_LINE_CHARS + len(PASS):,} characters; a line (one event) is read up to {MAX_LINE_CHARS:,}"
    )
    path.write_text((PASS + "\n\n") * MAX_EVENTS, encoding="utf-8")
    assert len(read_events(path)) == MAX_EVENTS
    path.write_text((PASS + "\n\n") * MAX_EVENTS + PASS, encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_events(path)
    assert info.value.message == f"{path}:{2 * MAX_EVENTS + 1}: more than {MAX_EVENTS:,} events; a log is read up to {MAX_EVENTS:,}"
