"""``SDBP|1|…`` report lines: parsing by the rule of docs/report-formats.md §1."""

from __future__ import annotations

import pytest

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.replay.vlog.lines import LineError, format_line, parse_line


def test_report_action_line_with_decoration() -> None:
    line = parse_line("* SDBP|1|DICE|side=French|purpose=fire|dice=3,5|total=8  ")
    assert line is not None
    assert line.event == "DICE"
    assert line.fields == (("side", "French"), ("purpose", "fire"), ("dice", "3,5"), ("total", "8"))
    assert line.side is FRENCH
    assert not line.is_undo


def test_empty_and_unknown_side_and_empty_value() -> None:
    line = parse_line("*SDBP|1|PASS|side=<observer>|target=")
    assert line is not None and line.side is None and line.get("target") == ""


def test_undo_line_is_marked() -> None:
    line = parse_line("* UNDO: * SDBP|1|PASS|side=Viet Minh")
    assert line is not None and line.is_undo and line.side is VIET_MINH


def test_plain_chat_is_no_record() -> None:
    assert parse_line("&lt;Alice&gt; - ready?") is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("SDBP|2|PASS|side=French", "SDBP line of format version '2' (this reader knows 1): 'SDBP|2|PASS|side=French'"),
        ("SDBP|1|", "SDBP line without an event word: 'SDBP|1|'"),
        ("SDBP|1|PASS|French", "SDBP PASS line: field 'French' is not key=value: 'SDBP|1|PASS|French'"),
    ],
)
def test_malformed(text: str, message: str) -> None:
    with pytest.raises(LineError) as err:
        parse_line(text)
    assert str(err.value) == message


def test_format_round_trip() -> None:
    text = format_line("FIRE", [("side", "French"), ("unit", "FR-8BPC-1"), ("from", "21"), ("target", "22")])
    line = parse_line(text)
    assert line is not None and line.text == text
