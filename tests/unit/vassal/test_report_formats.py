"""Every report the module writes is a sentence of the one table (``codec.sentences``) that the contract
docs/report-formats.md documents, and vice versa."""

from __future__ import annotations

import re
import zipfile

import pytest
from lxml import etree

from sdbp_module.codec import sentences
from sdbp_module.codec.sequence import decode
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.vlog.lines import parse_line
from sdbp_module.vassal import buildfile
from sdbp_module.vassal.verify import piece_traits
from tests.built_modules import built_module

from .conftest import Built

DOC = PROJECT_ROOT / "docs" / "report-formats.md"
M = "VASSAL.build.module."


def documented() -> set[str]:
    """The sentence templates the page's code blocks give (lines starting with a ``{side}`` slot)."""
    out: set[str] = set()
    in_block = False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_block = not in_block
            continue
        if in_block and line.startswith(("{side} ", "{side:word} ")):
            out.add(line)
    return out


def line_of(fmt: str) -> str:
    """A report format as a sentence's format: a computed BeanShell report (``{…}``) as the line it
    writes with each computed value ``0`` (``sentences.bsh_sample``); a result button's choice by the
    line it writes on ``yes`` (``buildfile.result_report``)."""
    if not fmt.startswith("{"):
        return fmt
    declared = re.search(r'newValue=="yes" \? (.*?) : "', fmt)
    sample = sentences.bsh_sample(declared.group(1) if declared else fmt[1:-1])
    assert sample is not None, fmt
    return sample.replace("0 ", "$PlayerSide$ ", 1) if sample.startswith("0 ") else sample


def module_formats(built: Built | etree._Element) -> list[str]:
    root = built if isinstance(built, etree._Element) else built.root
    formats = []
    for el in root.iter(M + "PrototypeDefinition", "VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot"):
        for t in piece_traits(el.text or "")[0]:
            if t.startswith("report;"):
                formats.append(decode(t, ";")[2])
    for el in root.iter(M + "DiceButton", M + "GlobalKeyCommand", M + "properties.ChangePropertyButton", M + "DoActionButton"):
        if el.get("reportFormat"):
            formats.append(line_of(el.get("reportFormat", "")))
    tracker = next(root.iter(M + "turn.TurnTracker"))
    report = tracker.get("reportFormat", "")
    if report.startswith("{"):  # a hex game's tracker: the sentence of its choice's second branch
        choice = re.fullmatch(r'\{\((.*)\) \? "" : \((.*)\)\}', report)
        assert choice is not None, report
        report = sentences.bsh_sample(choice.group(2)) or ""
        report = report.replace("0 ", "$PlayerSide$ ", 1)
        if choice.group(2).endswith("+ newTurn"):  # a tracker with phases: the PHASE sentence of its turnFormat
            report = report.removesuffix("0") + "$newTurn$"
    formats.append(report.replace("$newTurn$", tracker.get("turnFormat", "")))
    return formats


@pytest.fixture(scope="module")
def hex_root(tmp_path_factory: pytest.TempPathFactory) -> etree._Element:
    """The build file of the hex game with a deck of playing cards (Stand at Mortain)."""
    path = built_module(PROJECT_ROOT / "source_data" / "mortain", tmp_path_factory.mktemp("hexbuild"))
    with zipfile.ZipFile(path) as z:
        return etree.fromstring(z.read("buildFile.xml"))


@pytest.fixture(scope="module")
def play_root(tmp_path_factory: pytest.TempPathFactory) -> etree._Element:
    """The build file of the hex game whose data declares its play (phases, statuses, tracks,
    transport, packages: Tonkin)."""
    path = built_module(PROJECT_ROOT / "source_data" / "tonkin", tmp_path_factory.mktemp("playbuild"))
    with zipfile.ZipFile(path) as z:
        return etree.fromstring(z.read("buildFile.xml"))


MARKER_MOVE = sentences.vassal_choice("OldMap", sentences.vassal_format("place-marker"), sentences.vassal_format("move-marker"))


def written_templates(built: Built | etree._Element) -> set[str]:
    """The template of every report format of the module (each ``$Property$`` read as ``0``)."""
    names = set()
    for fmt in module_formats(built):
        if fmt == MARKER_MOVE:
            names |= {"place-marker", "move-marker"}
            continue
        name = sentences.match_template(re.sub(r"\$\w+\$", "0", fmt))
        assert name is not None, fmt
        names.add(name)
    return names


def test_every_module_report_is_a_documented_sentence(built: Built) -> None:
    doc = documented()
    names = written_templates(built)
    assert len(module_formats(built)) > 20
    assert {sentences.TEMPLATES[n].text for n in names} <= doc


NOT_WIRED: set[str] = set()
"""Sentences no bundled game's module writes (none)."""

HEX_ONLY = {"draw-card", "turn-start", "reshuffle", "activate", "fire-at", "support"}
"""The sentences only the card-driven hex game writes (report-formats §2.14, §2.15)."""

PLAY_ONLY = {"carry", "double", "declare", "package", "restore", "status-on", "status-off"}
"""The sentences only a hex game declaring its play writes (report-formats §2.16)."""


def test_every_documented_sentence_is_a_template_and_written_by_the_module(built: Built, hex_root: etree._Element, play_root: etree._Element) -> None:
    assert documented() == {t.text for t in sentences.TEMPLATES.values()}
    hex_written = written_templates(hex_root)
    play_written = written_templates(play_root)
    assert HEX_ONLY <= hex_written
    assert PLAY_ONLY <= play_written
    assert written_templates(built) | hex_written | play_written == set(sentences.TEMPLATES) - NOT_WIRED
    assert written_templates(built) == set(sentences.TEMPLATES) - NOT_WIRED - HEX_ONLY - PLAY_ONLY
    assert {t for t in hex_written if t not in HEX_ONLY} == {"move", "move-marker", "place-marker", "damage", "eliminate", "pass", "result", "marker"}
    assert not PLAY_ONLY & hex_written
    assert "phase" in play_written and "turn-start" not in play_written  # the tracker's two levels: month and phase


def test_no_report_can_be_shown_as_html(built: Built) -> None:
    """Chat HTML is off, and the engine turns it back on only for a report whose text starts with a chat
    colour code (``QuickColors``): every report starts with the acting side's label (or is the BeanShell
    choice whose both sentences do), and the maps write no move or create report of their own."""
    (options,) = built.root.iter(M + "GlobalOptions")
    assert options.get("chatterHTMLSupport") == "Never"
    sides = tuple(f"{side.label} " for side in built.game.game.sides)  # a helper's flip: the unit's side
    assert all(fmt.startswith(("$PlayerSide$ ", *sides)) or fmt == MARKER_MOVE for fmt in module_formats(built))
    for el in built.root.iter(M + "Map", M + "PlayerHand"):
        for attribute in ("moveWithinFormat", "moveToFormat", "createFormat"):
            assert el.get(attribute, "") == "", attribute
        assert el.get("changeFormat") == "$message$"


def test_the_dice_table_matches_the_buttons(game: GameData) -> None:
    rows = re.findall(r"^\| `([^`]+)` \| (\d) \| `(\w+)`", DOC.read_text(encoding="utf-8"), re.MULTILINE)
    assert [(name, int(n), purpose) for name, n, purpose in rows] == [b[:3] for b in buildfile.dice_buttons(game)]


def record(chat: str) -> tuple[str, dict[str, str]]:
    line = parse_line(chat)
    assert line is not None, chat
    return line.event, dict(line.fields)


def test_lines_as_the_engine_decorates_them_parse() -> None:
    fmt = buildfile.dice_report("fire", 2)
    line = "* " + fmt.replace("$PlayerSide$", "French").replace("$result1$", "3").replace("$result2$", "5").replace("$numericalTotal$", "8")
    assert line == "* French rolls 2d6 for fire: 3 + 5 = 8"
    assert record(line) == ("DICE", {"side": "French", "purpose": "fire", "dice": "3,5", "total": "8"})
    assert record("* Viet Minh passes") == ("PASS", {"side": "Viet Minh"})  # 3.7 decorates the Pass button too
    assert record("*Viet Minh passes") == ("PASS", {"side": "Viet Minh"})
    assert record("* French takes a hit on I/2 REI (FR-I2REI-1) in 10 Huguette 6: flipped") == (
        "DAMAGE",
        {"side": "French", "unit": "FR-I2REI-1", "area": "10", "result": "flip"},
    )
    assert record("* French retreats I/2 REI (FR-I2REI-1) from 10 Huguette 6 to area 14") == (
        "RETREAT",
        {"side": "French", "unit": "FR-I2REI-1", "from": "10", "to": "14"},
    )
    assert record("* UNDO: *French passes") == ("PASS", {"side": "French"})
    assert parse_line("* UNDO: *French passes").is_undo  # type: ignore[union-attr]
    assert record("*  starts Turn 2 · action phase") == ("PHASE", {"turn": "2", "phase": "action", "side": ""})


def test_typed_chat_and_the_engines_own_lines_are_not_records() -> None:
    assert parse_line("&lt;Ann&gt; - French passes") is None  # typed chat (Chatter.formatChat)
    assert parse_line("&lt;Ann&gt; - * French passes") is None
    assert parse_line("French passes") is None  # no engine decoration: not the module's
    assert parse_line("* I/2 REI 1 (fresh) moves 10 Huguette 6 / Opéra &rarr; 14 Béatrice *") is None
    assert parse_line("* Fire created in 8 Upper Nam Yum *") is None
    assert parse_line("* Turn 8 is the last turn (rules 4.0 C): the tracker stays at turn 8, phase end") is None


def test_the_tracker_shows_turn_and_phase_in_words(built: Built) -> None:
    tracker = next(built.root.iter(M + "turn.TurnTracker"))
    assert tracker.get("turnFormat") == "Turn $level1$ · $level2$ phase"
    assert tracker.get("reportFormat") == "$PlayerSide$ starts $newTurn$"


def test_no_report_of_the_hex_game_can_be_shown_as_html(hex_root: etree._Element) -> None:
    """The same for the card-driven hex game: every report starts with the acting side, and its map
    writes no move or create report of its own (each piece's MOVE sentence is the move's one line)."""
    assert all(fmt.startswith("$PlayerSide$ ") or fmt == MARKER_MOVE for fmt in module_formats(hex_root))
    for el in hex_root.iter(M + "Map"):
        for attribute in ("moveWithinFormat", "moveToFormat", "createFormat"):
            assert el.get(attribute, "") == "", attribute
