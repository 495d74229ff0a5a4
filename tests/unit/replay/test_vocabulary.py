"""Words the format does not know are not moves (issue 21, class 5): ``replay.vocabulary``.

An events line naming a card mode the card does not have, a dice purpose, unit, area, card, side,
End-phase step, trench level or turn box the game does not have is a format error at its line:
``sdbp check`` exits 2 with ``FILE:LINE: field: what is wrong`` and writes no report. The game's
events schema (``jsonl.events_schema(vocabulary)``) lists the same vocabularies: it refuses exactly
those lines.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.errors import InputError
from sdbp_module.model.from_data import load_game
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.jsonl import SCHEMA_PATH, events_schema, read_events
from sdbp_module.replay.vocabulary import Vocabulary

GOOD = [
    '{"type":"phase","turn":1,"phase":"action"}',
    '{"type":"fire","side":"viet_minh","units":["VM-312-165-115-1"],"from_area":8,"target":14}',
    '{"type":"dice","side":"viet_minh","purpose":"fire","values":[1,1],"total":2}',
    '{"type":"card-play","side":"viet_minh","card":"VM-16","mode":"counter-battery"}',
    '{"type":"card-play","side":"french","card":"FR-22","mode":"remove-trenches","targets":[12],"as_action":true}',
    '{"type":"card-play","side":"french","card":"FR-13"}',
    '{"type":"trench","area":12,"level":0}',
    '{"type":"dice","side":"viet_minh","purpose":"replacement","values":[4]}',
    '{"type":"place","side":"viet_minh","units":["VM-312-165-115-2"],"to":"turn:8"}',
    '{"type":"phase","turn":1,"phase":"end"}',
    '{"type":"end-step","step":"supply"}',
]
"""A transcript that uses only the game's words (its findings do not matter here)."""

BAD: dict[str, tuple[int, str, str]] = {
    # case: (line replaced (0-based), the line, the message after "FILE:LINE: ")
    "a mode the card does not have": (
        3,
        '{"type":"card-play","side":"viet_minh","card":"VM-16","mode":"bogus"}',
        "mode: 'bogus' is not one of the modes of card VM-16 ('fire', 'counter-battery')",
    ),
    "another card's mode": (
        4,
        '{"type":"card-play","side":"french","card":"FR-22","mode":"counter-battery","as_action":true}',
        "mode: 'counter-battery' is not one of the modes of card FR-22 ('fire', 'remove-trenches')",
    ),
    "a mode on a card of one effect": (
        5,
        '{"type":"card-play","side":"french","card":"FR-13","mode":"fire"}',
        "mode: 'fire': card FR-13 has one effect, so a play of it names no mode",
    ),
    "a dice purpose": (
        2,
        '{"type":"dice","side":"viet_minh","purpose":"fyre","values":[1,1]}',
        "purpose: 'fyre' is not one of the game's dice purposes ('fire', 'assault', 'supply', 'replacements', "
        "'replacement', 'other')",
    ),
    "a card": (5, '{"type":"card-play","side":"french","card":"FR-99"}', "card: 'FR-99' is not a card of the game's data"),
    "a unit": (
        1,
        '{"type":"fire","side":"viet_minh","units":["VM-312-165-115-1","VM-NOBODY"],"from_area":8,"target":14}',
        "units.1: 'VM-NOBODY' is not a unit of the game's data",
    ),
    "an area": (
        1,
        '{"type":"fire","side":"viet_minh","units":["VM-312-165-115-1"],"from_area":8,"target":99}',
        "target: 99 is not an area of the game's map",
    ),
    "an End-phase step": (
        10,
        '{"type":"end-step","step":"nap"}',
        "step: 'nap' is not one of the game's End-phase steps ('discards', 'supply', 'refresh', 'remove-markers', "
        "'replacement-roll', 'placement-vm', 'placement-french', 'remove-no-replacements', 'turn-end')",
    ),
    "a trench level": (6, '{"type":"trench","area":12,"level":4}', "level: 4 is not a trench level of the game (0, 1, 2, 3)"),
    "a turn box": (
        8,
        '{"type":"place","side":"viet_minh","units":["VM-312-165-115-2"],"to":"turn:9"}',
        "to: turn:9 is not a box of the turn track (turns 1–8)",
    ),
}


def vocabulary() -> Vocabulary:
    return Vocabulary.of(load_game(default_data_dir()))


def write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def with_bad(case: str) -> tuple[list[str], int, str]:
    index, line, message = BAD[case]
    lines = list(GOOD)
    lines[index] = line
    return lines, index + 1, message


def test_the_games_words_are_read(tmp_path: Path) -> None:
    assert len(read_events(write(tmp_path, GOOD), vocabulary())) == len(GOOD)


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_word_outside_the_games_vocabulary_is_refused_at_its_line(tmp_path: Path, case: str) -> None:
    lines, number, message = with_bad(case)
    path = write(tmp_path, lines)
    with pytest.raises(InputError) as caught:
        read_events(path, vocabulary())
    assert str(caught.value) == f"{path}:{number}: {message}"
    assert len(read_events(path)) == len(lines)  # without the game, the line is well formed


@pytest.mark.parametrize("case", ["a mode the card does not have", "a dice purpose", "an End-phase step"])
def test_sdbp_check_exits_2_with_the_line_and_no_report(tmp_path: Path, case: str) -> None:
    lines, number, message = with_bad(case)
    path = write(tmp_path, lines)
    for fmt in ("text", "json"):
        result = CliRunner().invoke(main, ["check", str(path), "--format", fmt])
        assert result.exit_code == 2, result.output
        assert result.output.strip().splitlines() == [f"Error: {path}:{number}: {message}"]


def test_sdbp_check_of_a_transcript_in_the_games_words_runs(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(write(tmp_path, GOOD)), "--format", "json"])
    assert result.exit_code in (0, 1) and "findings" in json.loads(result.output)


def test_the_games_schema_lists_the_same_vocabularies(tmp_path: Path) -> None:
    """Each good line is valid under the game's schema, and each bad one is not."""
    schema = events_schema(vocabulary())
    validator = jsonschema.validators.validator_for(schema)(schema)
    for line in GOOD:
        assert validator.is_valid(json.loads(line)), line
    for case in BAD:
        _index, line, _message = BAD[case]
        assert not validator.is_valid(json.loads(line)), case
    defs = schema["$defs"]
    assert defs["DicePurpose"]["enum"] == ["fire", "assault", "supply", "replacements", "replacement", "other"]
    assert defs["TrenchLevel"]["enum"] == [0, 1, 2, 3]
    assert "FR-27" in defs["CardId"]["enum"] and "VM-312-165-115-1" in defs["UnitId"]["enum"]


def test_the_schema_file_leaves_the_vocabularies_to_the_game() -> None:
    """The generic file names each vocabulary (a ``$defs`` entry, open) for the reader to close."""
    defs = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))["$defs"]
    for name in ("Side", "UnitId", "AreaId", "CardId", "CardMode", "DicePurpose", "EndStepName", "TrenchLevel", "LocationText"):
        assert "enum" not in defs[name] and defs[name]["description"], name


def test_a_side_of_another_game_is_refused(tmp_path: Path) -> None:
    """With Storm over Stalingrad's sides declared in the process too, a SoDBP transcript still takes only its own."""
    load_game(default_data_dir().parent / "sos")
    lines = list(GOOD)
    lines[2] = '{"type":"dice","side":"german","purpose":"fire","values":[1,1]}'
    path = write(tmp_path, lines)
    with pytest.raises(InputError, match=r":3: side: 'german' is not a side of this game \('french', 'viet_minh'\)"):
        read_events(path, vocabulary())
