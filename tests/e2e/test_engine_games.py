"""Games played by the real VASSAL 3.7.26 engine (``tests/engine_games/<game>/<name>/``), checked.

Each folder holds what ``tools/record_engine_games.py`` recorded: the script the engine played
(``script.txt``), the log the engine wrote (``game.vlog``), the engine harness's report
(``play.txt``) and what the checker must say (``expected.json``). The suite never runs the engine:
it builds each game's module once from its data (the module the games were recorded with; a change
to the module means recording them again, one command) and runs ``sdbp check`` on every log.

- a **legal** game (legal by the rules text): no ``illegal``, no ``suspicious`` finding, no
  ``LOG-INTERPRETATION`` problem;
- a **planted** game (one fault planted in an otherwise legal game): exactly one ``illegal`` or
  ``suspicious`` finding, with the planted rule id, at the log step the engine wrote for the planted
  act, and no ``LOG-INTERPRETATION`` problem.

A game the checker still misreads for a known reason that is being fixed is listed in
:data:`KNOWN_MISREADINGS` and expected to fail (strict: it must fail, so the entry goes as soon as the
fix lands). The coverage test asks that the games, together, press every toolbar button, use every
piece menu command and drag every marker palette entry of each game's module.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from lxml import etree

from sdbp_module.cli import main
from sdbp_module.codec.zipread import open_archive
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import controls
from tests.built_modules import built_module

GAMES_DIR = PROJECT_ROOT / "tests" / "engine_games"
FOLDERS = sorted(p.parent for p in GAMES_DIR.glob("*/*/expected.json"))
INTERPRETATION = "LOG-INTERPRETATION"

KNOWN_MISREADINGS: dict[str, str] = {}
"""``<game>/<name>`` → why the checker still gets that engine-played game wrong (the class of
misreading of issue 21 that another change is fixing; the steps are the log's)."""

NOT_PRESSABLE = {
    "ImageSaver": "a map window's camera button: it saves a picture of the map, no game act, and is not on the main toolbar the harness presses",
    "ToolbarMenu": (
        "a drop-down of toolbar buttons (Dice ▾, Draw ▾, End phase ▾, Result ▾): its buttons stay in the toolbar, hidden, "
        "and the games press each of them by its text (they are checked as buttons themselves)"
    ),
}
"""Toolbar components no game has to press, with the reason."""
NOT_USED = {
    ("sos", "card", "Ctrl+Shift+X"): (
        "Storm over Stalingrad removes no card from the game (5.2: a played card goes to its owner's discard pile), "
        "so no legal game uses a card's Remove from game, and the checker has no rule a planted removal would break"
    ),
}
"""(game, menu group, key) of menu commands no game has to use, with the reason."""


@dataclass(frozen=True)
class Expected:
    folder: Path
    game: str
    data: str
    verdict: str
    rule_id: str | None
    step: int | None

    @classmethod
    def read(cls, folder: Path) -> Expected:
        e = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
        return cls(folder, e["game"], e["data"], e["verdict"], e.get("rule_id"), e.get("step"))

    @property
    def name(self) -> str:
        return f"{self.game}/{self.folder.name}"


class Modules:
    """Each game's module, built once from its data when a test first needs it."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.built: dict[str, Path] = {}

    def __call__(self, data: str) -> Path:
        if data not in self.built:
            self.built[data] = built_module(PROJECT_ROOT / data, self.out / data.replace("/", "-"))
        return self.built[data]


@pytest.fixture(scope="session")
def modules(tmp_path_factory: pytest.TempPathFactory) -> Modules:
    return Modules(tmp_path_factory.mktemp("engine-game-modules"))


def _params() -> list[Any]:
    out = []
    for folder in FOLDERS:
        e = Expected.read(folder)
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN_MISREADINGS[e.name])] if e.name in KNOWN_MISREADINGS else []
        out.append(pytest.param(e, id=e.name, marks=marks))
    return out


def check(e: Expected, module: Path) -> list[dict[str, Any]]:
    args = ["check", str(e.folder / "game.vlog"), "--module", str(module), "--data", str(PROJECT_ROOT / e.data), "--format", "json"]
    result = CliRunner().invoke(main, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    findings: list[dict[str, Any]] = json.loads(result.output)["findings"]
    return findings


def _show(findings: list[dict[str, Any]]) -> str:
    return "\n".join(f"  step {f['where']['index']}: {f['severity']} {f['rule_id']}: {f['message']}" for f in findings)


@pytest.mark.parametrize("expected", _params())
def test_the_checker_reads_the_engine_game_as_expected(expected: Expected, modules: Modules) -> None:
    findings = check(expected, modules(expected.data))
    serious = [f for f in findings if f["severity"] in ("illegal", "suspicious")]
    unread = [f for f in findings if f["rule_id"] == INTERPRETATION]
    assert not unread, f"{expected.name}: the checker could not read the engine's log:\n{_show(unread)}"
    if expected.verdict == "legal":
        assert not serious, f"{expected.name} is legal, yet:\n{_show(serious)}"
    else:
        got = [(f["rule_id"], f["where"]["index"]) for f in serious]
        assert got == [(expected.rule_id, expected.step)], (
            f"{expected.name} plants {expected.rule_id} at step {expected.step}; the checker says:\n{_show(serious)}"
        )


# -- coverage ---------------------------------------------------------------------------------------


def _build_root(module: Path) -> etree._Element:
    with open_archive(module, kind="a .vmod is a zip archive") as archive:
        data = archive.read(next(e for e in archive.entries if e.name == "buildFile.xml"))
    return etree.fromstring(data, parser=etree.XMLParser(resolve_entities=False, no_network=True))


def _script_lines(game: str) -> list[list[str]]:
    return [
        [line.strip() for line in (folder / "script.txt").read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
        for folder in FOLDERS
        if Expected.read(folder).game == game
    ]


def used_controls(scripts: list[list[str]], menus: tuple[controls.SlotMenu, ...]) -> tuple[set[str], set[tuple[str, str]], set[str]]:
    """What the scripts press: toolbar button texts (``turn`` lines press the tracker's, a side switch
    the roster's), menu commands as (menu group, key as a player reads it), palette entries dragged."""
    groups = {m.sdbp_id: (f"marker {m.sdbp_id}" if m.kind == "marker" else m.kind) for m in menus if m.sdbp_id}
    buttons: set[str] = set()
    commands: set[tuple[str, str]] = set()
    entries: set[str] = set()
    for lines in scripts:
        first_side = next((line for line in lines if line.startswith("side ")), None)
        for line in lines:
            word, _, rest = line.partition(" ")
            if word == "button":
                buttons.add(rest)
            elif word == "turn":
                buttons.add("<turn tracker>")
            elif word == "side" and line != first_side:
                buttons.add("<player roster>")
            elif word == "key":
                ids, stroke = rest.rsplit(" ", 1)
                commands.add((groups.get(ids.split(",")[0], "?"), controls.key_label(stroke)))
            elif word == "place":
                entries.add(rest.rsplit(" ", 1)[0])
    return buttons, commands, entries


def _games() -> list[str]:
    return sorted({Expected.read(f).game for f in FOLDERS})


@pytest.mark.parametrize("game", _games())
def test_the_engine_games_use_every_control_of_the_module(game: str, modules: Modules) -> None:
    root = _build_root(modules(f"source_data/{game}"))
    menus = controls.slot_menus(root)
    buttons, commands, entries = used_controls(_script_lines(game), menus)
    missing: list[str] = []
    for b in controls.toolbar_buttons(root):
        if b.component in NOT_PRESSABLE:
            continue
        name = {"TurnTracker": "<turn tracker>", "PlayerRoster": "<player roster>"}.get(b.component, b.label)
        if name not in buttons:
            missing.append(f"toolbar button {b.label!r}")
    for m in menus:
        group = f"marker {m.sdbp_id}" if m.kind == "marker" else m.kind
        for c in m.commands:
            if (group, c.key) not in commands and (game, group, c.key) not in NOT_USED:
                missing.append(f"{group} menu command {c.text!r} ({c.key})")
        if m.kind == "marker" and m.entry not in entries:
            missing.append(f"marker palette entry {m.entry!r}")
    assert not sorted(set(missing)), f"{game}: no engine game uses:\n  " + "\n  ".join(sorted(set(missing)))


def test_the_coverage_reading_sees_what_a_script_uses() -> None:
    menus = (
        controls.SlotMenu("A", "unit", "U-1", "x", (controls.MenuCommand("Flip", "Ctrl+F"),)),
        controls.SlotMenu("Fire", "marker", "fire", "", (controls.MenuCommand("Delete", "Ctrl+D"),)),
    )
    script = ["side A", "button Pass", "turn next", "side B", "key U-1,U-2 70,130", "key fire 68,130", "place Fire 10", "side A"]
    buttons, commands, entries = used_controls([script], menus)
    assert buttons == {"Pass", "<turn tracker>", "<player roster>"}
    assert commands == {("unit", "Ctrl+F"), ("marker fire", "Ctrl+D")}
    assert entries == {"Fire"}
