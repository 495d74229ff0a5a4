"""Every report the module writes is one the contract docs/report-formats.md documents, and vice versa."""

from __future__ import annotations

import re

from sdbp_module.codec.sequence import decode
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import buildfile
from sdbp_module.vassal.verify import piece_traits
from sdbp_module.vassal_log.play_script import report_line

from .conftest import Built

DOC = PROJECT_ROOT / "docs" / "report-formats.md"
M = "VASSAL.build.module."


def documented() -> dict[str, set[tuple[str, ...]]]:
    """Event word -> the key sequences of its documented line shapes."""
    out: dict[str, set[tuple[str, ...]]] = {}
    in_block = False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_block = not in_block
            continue
        if in_block and line.startswith("SDBP|1|"):
            tokens = line.split("|")
            out.setdefault(tokens[2], set()).add(tuple(t.split("=", 1)[0] for t in tokens[3:]))
    return out


def shape(fmt: str) -> tuple[str, tuple[str, ...]]:
    tokens = fmt[fmt.index("SDBP|") :].split("|")
    assert tokens[:2] == ["SDBP", "1"], fmt
    keys = []
    for t in tokens[3:]:
        assert "=" in t, (fmt, t)
        keys.append(t.split("=", 1)[0])
    return tokens[2], tuple(keys)


def module_formats(built: Built) -> list[str]:
    formats = []
    for el in built.root.iter(M + "PrototypeDefinition", "VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot"):
        for t in piece_traits(el.text or "")[0]:
            if t.startswith("report;"):
                formats.append(decode(t, ";")[2])
    for el in built.root.iter(M + "DiceButton", M + "GlobalKeyCommand", M + "properties.ChangePropertyButton"):
        formats.append(report_line(el.get("reportFormat", "")))
    tracker = next(built.root.iter(M + "turn.TurnTracker"))
    formats.append(tracker.get("reportFormat", "").replace("$newTurn$", tracker.get("turnFormat", "")))
    return formats


def test_every_module_report_is_documented(built: Built) -> None:
    doc = documented()
    formats = module_formats(built)
    assert len(formats) > 20
    for fmt in formats:
        event, keys = shape(fmt)
        assert keys in doc.get(event, set()), (event, keys)


def test_no_report_can_be_shown_as_html(built: Built) -> None:
    """Chat HTML is off, and the engine turns it back on only for a report whose text starts with a chat
    colour code (``QuickColors``): every report starts with the ``SDBP|`` prefix, or (the map's move and
    create reports) with the piece's name, which validation keeps from starting with one."""
    (options,) = built.root.iter(M + "GlobalOptions")
    assert options.get("chatterHTMLSupport") == "Never"
    assert all(fmt.startswith("SDBP|") for fmt in module_formats(built))
    maps = [el for el in built.root.iter(M + "Map", M + "PlayerHand") if el.get("moveWithinFormat") or el.get("createFormat")]
    assert maps
    for el in maps:
        for attribute in ("moveWithinFormat", "moveToFormat", "createFormat", "changeFormat"):
            assert el.get(attribute, "") in ("", "$message$") or el.get(attribute, "").startswith("$pieceName$ "), attribute


def test_every_documented_shape_is_written_by_the_module(built: Built) -> None:
    written = {shape(f) for f in module_formats(built)}
    for event, shapes in documented().items():
        for keys in shapes:
            assert (event, keys) in written, (event, keys)


def test_the_dice_table_matches_the_buttons(game: GameData) -> None:
    rows = re.findall(r"^\| `([^`]+)` \| (\d) \| `(\w+)`", DOC.read_text(encoding="utf-8"), re.MULTILINE)
    assert [(name, int(n), purpose) for name, n, purpose in rows] == [b[:3] for b in buildfile.dice_buttons(game)]


def parse_line(chat: str) -> tuple[str, dict[str, str]]:
    """The parsing rule of report-formats §1, as a reader implements it."""
    record = chat[chat.index("SDBP|") :].rstrip()
    tokens = record.split("|")
    return tokens[2], dict(t.split("=", 1) for t in tokens[3:])


def test_lines_as_the_engine_decorates_them_parse() -> None:
    line = "* " + buildfile.dice_report("fire").replace("$PlayerSide$", "French").replace("$result$", "3,5").replace("$numericalTotal$", "8")
    assert parse_line(line) == ("DICE", {"side": "French", "purpose": "fire", "dice": "3,5", "total": "8"})
    assert parse_line("* SDBP|1|PASS|side=Viet Minh") == ("PASS", {"side": "Viet Minh"})  # 3.7 decorates the Pass button too
    assert parse_line("*SDBP|1|PASS|side=Viet Minh") == ("PASS", {"side": "Viet Minh"})
    assert parse_line("* SDBP|1|DAMAGE|side=French|unit=FR-I2REI-1|area=10|result=flip") == (
        "DAMAGE",
        {"side": "French", "unit": "FR-I2REI-1", "area": "10", "result": "flip"},
    )
    assert parse_line("* SDBP|1|RETREAT|side=French|unit=FR-I2REI-1|from=10|to=14") == (
        "RETREAT",
        {"side": "French", "unit": "FR-I2REI-1", "from": "10", "to": "14"},
    )
    assert parse_line("SDBP|1|PHASE|turn=2|phase=action|side=") == ("PHASE", {"turn": "2", "phase": "action", "side": ""})
