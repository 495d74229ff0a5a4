"""The players' help page: every button and menu command with its key (read from the built module),
every reconstructed kind of fact (counted from the data's sources), how to correct them, no log contract."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from lxml import etree
from lxml import html as lxml_html

from sdbp_module.cli import main
from sdbp_module.codec.pieces import (
    add_piece_fields,
    add_piece_text,
    join_chain,
    split_chain,
    trait_id,
)
from sdbp_module.codec.sequence import decode
from sdbp_module.errors import BuildError
from sdbp_module.model.game_data import GameData
from sdbp_module.vassal import buildfile, controls
from sdbp_module.vassal.controls import key_label
from sdbp_module.vassal.help import fact_counts, help_html
from sdbp_module.vassal.traits import key, trigger
from tests import yaml_io

from .conftest import DATA_DIR, Built

M = "VASSAL.build.module."


def page_of(game: GameData, root: etree._Element) -> str:
    return help_html(game, etree.tostring(root)).decode("ascii")


def section(page: str, anchor: str) -> Any:
    """The elements of one ``<h2>`` section of the page, as an lxml element holding them."""
    doc = lxml_html.fromstring(page)
    heading = doc.xpath(f"//h2[a[@name='{anchor}']]")[0]
    holder = lxml_html.fromstring("<div></div>")
    for sibling in heading.itersiblings():
        if sibling.tag == "h2":
            break
        holder.append(lxml_html.fromstring(lxml_html.tostring(sibling)))
    return holder


def rows(element: Any) -> list[list[str]]:
    """Every table row under ``element`` as its cells' text (whitespace collapsed)."""
    return [[" ".join(cell.text_content().split()) for cell in tr.xpath("./td")] for tr in element.iter("tr")]


# -- keys ---------------------------------------------------------------------------------------


def test_key_labels_read_like_vassal_names_them() -> None:
    assert key_label("70,195") == "Ctrl+Shift+F"
    assert key_label("80,650") == "Ctrl+Alt+P"
    assert key_label("78,520") == "Alt+N"
    assert key_label("112,0") == "F1"
    assert key_label("34,0") == "PgDn"
    assert key_label("49,130") == "Ctrl+1"
    assert key_label("D") == "Ctrl+D"  # legacy: one character = Ctrl+character (format reference §1.4)
    assert key_label("57401,0,sdbpPass") == ""  # named: sent by the module, no key to type
    assert key_label("") == ""
    with pytest.raises(BuildError):
        key_label("F,x")


# -- toolbar ------------------------------------------------------------------------------------

KEY_COMMANDS = {M + "GlobalKeyCommand", M + "map.MassKeyCommand"}


def expected_buttons(root: etree._Element) -> list[tuple[str, list[str]]]:
    """(text, keys) of every toolbar button, derived here without the help's own table: an element
    with a tool tip is a button (a map only when it has a launch button); its keys are its hotkey
    attributes, except a Global Key Command's ``hotkey``, which is the key it sends to pieces."""
    out = []
    for el in root.iter():
        tooltip = el.get("tooltip", el.get("buttonToolTip"))
        if tooltip is None or (el.get("launch") == "false"):
            continue
        text = next((el.get(a, "") for a in ("buttonText", "text", "buttonName") if el.get(a)), "") or tooltip
        keys = [el.get(a, "") for a in ("buttonHotkey", "nexthotkey", "prevhotkey", "buttonKeyStroke")]
        if el.tag not in KEY_COMMANDS:
            keys.append(el.get("hotkey", ""))
        out.append((text, [key_label(k) for k in keys if key_label(k)]))
    return out


def assert_toolbar_complete(page: str, root: etree._Element) -> None:
    table = rows(section(page, "toolbar"))
    for text, keys in expected_buttons(root):
        matching = [row for row in table if row and row[0] == text]
        assert matching, f"toolbar button {text!r} missing from the help page"
        for label in keys:
            assert any(re.search(rf"(^|[\s:]){re.escape(label)}($|\s)", row[1]) for row in matching), (text, label)


def test_page_lists_every_toolbar_button_with_its_keys(built: Built) -> None:
    assert_toolbar_complete(built.entries[buildfile.help_file(built.game)].decode("ascii"), built.root)


def test_page_follows_the_build_file_not_a_hand_list(game: GameData, built: Built) -> None:
    root = etree.fromstring(built.entries["buildFile.xml"])
    new = etree.SubElement(root, M + "GlobalKeyCommand")
    for name, value in {"buttonText": "Tidy up", "buttonHotkey": "84,585", "hotkey": "82,130", "tooltip": "Tidies"}.items():
        new.set(name, value)
    tracker = next(root.iter(M + "turn.TurnTracker"))
    tracker.set("nexthotkey", "34,0")
    page = page_of(game, root)
    assert_toolbar_complete(page, root)
    assert ["Tidy up", "Alt+Shift+T", "Tidies"] in rows(section(page, "toolbar"))
    assert "Ctrl+R" not in rows(section(page, "toolbar"))[-1][1]  # the key sent to pieces is not the button's
    assert "press <b>PgDn</b>" in page  # the prose names the tracker's next-phase key


# -- menus --------------------------------------------------------------------------------------

MENU_AT = {"macro": [(1, 2)], "sendto": [(0, 1)], "delete": [(0, 1)], "return": [(0, 1)], "obs": [(2, 0)], "emb2": [(3, 27), (6, 28)]}
"""Where the test expects (menu text, key) in the traits this module uses (format reference §4.6)."""


def expected_commands(root: etree._Element) -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for el in root.iter(M + "PrototypeDefinition", "VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot"):
        fields = add_piece_fields((el.text or "").strip())
        assert fields is not None
        for trait in split_chain(fields[1]) or []:
            kind = trait_id(trait)
            tokens = decode(trait[len(kind) + 1 :], ";")
            if kind == "PROP":
                for entry in decode(tokens[2], ",") if tokens[2] else []:
                    menu, key, _ = decode(entry, ":")
                    if menu:
                        out.add((menu, key_label(key)))
            for menu_at, key_at in MENU_AT.get(kind, []):
                if tokens[menu_at]:
                    out.add((tokens[menu_at], key_label(tokens[key_at])))
    return out


def test_page_lists_every_menu_command_with_its_key(built: Built) -> None:
    page = built.entries[buildfile.help_file(built.game)].decode("ascii")
    shown = {(row[0], "" if row[1] == "menu only" else row[1]) for row in rows(section(page, "menus")) if len(row) == 2}
    missing = expected_commands(built.root) - shown
    assert not missing, missing
    assert ("Declare fire\u2026", "Ctrl+Shift+F") in shown


def test_every_trait_of_the_module_is_known_to_the_help(built: Built) -> None:
    known = set(controls.MENU_FIELDS) | controls.PROPERTY_TRAITS | controls.SILENT_TRAITS
    for el in built.root.iter(M + "PrototypeDefinition", "VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot"):
        fields = add_piece_fields((el.text or "").strip())
        assert fields is not None
        assert {trait_id(t) for t in split_chain(fields[1]) or []} <= known


def test_a_new_prototype_command_reaches_the_page(game: GameData, built: Built) -> None:
    root = etree.fromstring(built.entries["buildFile.xml"])
    proto = next(p for p in root.iter(M + "PrototypeDefinition") if p.get("name") == "French unit")
    fields = add_piece_fields((proto.text or "").strip())
    assert fields is not None
    piece_id, piece_type, state = fields
    new_trait = trigger("Dig in", key(73, 195), [], "a command the module does not have")
    types, states = split_chain(piece_type), split_chain(state)
    assert types is not None and states is not None
    proto.text = add_piece_text(piece_id, join_chain([new_trait.type, *types]), join_chain([new_trait.state, *states]))
    page = page_of(game, root)
    assert ["Dig in", "Ctrl+Shift+I"] in rows(section(page, "menus"))


# -- reconstructed facts ------------------------------------------------------------------------

IDENTITY = {
    ("counters.yaml", "id"), ("cards.yaml", "id"), ("markers.yaml", "id"), ("turn_track.yaml", "turn"),
    ("scenario.yaml", "id"), ("scenario.yaml", "name"), ("scenario.yaml", "description"), ("scenario.yaml", "first_turn"),
}  # fmt: skip
"""Keys that name a record rather than state a fact about the game."""
MODULE_SETTINGS = {"id", "title", "module_name", "version", "vassal_version", "description", "sides", "turns", "stacking_limit", "dice", "first_side"}
"""game.yaml keys other than ``map``: module settings and game-wide rules facts, not printed components."""


def reconstructed_in_data(data_dir: Path) -> dict[tuple[str, str], tuple[int, int]]:
    """(file, field) → (reconstructed, total) straight from the YAML: a field's ``sources`` entry,
    else its record's ``source``; null values are no fact; the map's features (game.yaml ``map:``)
    count as one field each."""
    out: dict[tuple[str, str], list[int]] = {}

    def count(file: str, field: str, source: str) -> None:
        n = out.setdefault((file, field), [0, 0])
        n[0] += source.startswith("reconstructed")
        n[1] += 1

    for path in sorted(data_dir.glob("*.yaml")):
        value = yaml_io.load(path.read_text(encoding="utf-8"))
        if path.name == "game.yaml":
            records = [("map", value["map"])] + [(f"map: {k}", r) for k in ("roads", "runways", "bridges", "villages") for r in value["map"].get(k, [])]
            for field, record in records:
                count(path.name, field, record["source"])
            continue
        lists = [v for v in value.values() if isinstance(v, list)] if path.name != "scenario.yaml" else [[value]]
        if path.name == "module.yaml":
            continue  # presentation: the help counts facts of the game
        for record in lists[0]:
            for field in record:
                if field not in ("source", "sources") and (path.name, field) not in IDENTITY and record[field] is not None:
                    count(path.name, field, record.get("sources", {}).get(field, record["source"]))
    return {k: (v[0], v[1]) for k, v in out.items()}


def reconstructed_table(page: str) -> list[list[str]]:
    return [row for row in rows(section(page, "reconstructed")) if len(row) == 3]


def test_page_counts_every_reconstructed_kind_of_fact_as_the_data_says(game: GameData, built: Built) -> None:
    table = reconstructed_table(built.entries[buildfile.help_file(built.game)].decode("ascii"))
    for (file, field), (rebuilt, total) in sorted(reconstructed_in_data(DATA_DIR).items()):
        if not rebuilt:
            continue
        named = [row for row in table if row[2].startswith(f"{file}:") and field in row[2]]
        assert named, f"{file} {field}: {rebuilt} reconstructed values, not on the help page"
        if field in ("defense", "entrenchment", "count", "cards", "fresh", "spent", "map"):
            assert any(row[1].startswith(f"{rebuilt} of {total}") for row in named), (file, field, named)


def test_page_shows_the_counts_the_model_gives(game: GameData, built: Built) -> None:
    page = built.entries[buildfile.help_file(built.game)].decode("ascii")
    table = reconstructed_table(page)
    counts = fact_counts(game)
    assert [c.spec.file for c in counts if c.reconstructed] == [row[2].split(":")[0] for row in table]
    for c, row in zip([c for c in counts if c.reconstructed], table, strict=True):
        assert row[1].startswith(f"{c.reconstructed} of {c.total}")
    kinds = {c.spec.what for c in counts}
    assert {"counter values: firepower, defence, movement", "hand sizes printed on the turn track", "how many markers of each kind"} <= kinds
    assert {"set-up areas printed on the counters", "arrival turns of the reinforcements", "entrenchment values printed on the cards"} <= kinds
    assert {"terrain defence values (D) of the areas", "the board's size and scale"} <= kinds


# -- correcting, contract, format ---------------------------------------------------------------


def test_page_says_how_to_correct_with_the_real_commands(built: Built) -> None:
    page = built.entries[buildfile.help_file(built.game)].decode("ascii")
    text = " ".join(section(page, "correct").text_content().split())
    for name in ("areas.yaml", "counters.yaml", "cards.yaml", "turn_track.yaml", "markers.yaml"):
        assert f"source_data/sodbp/{name}" in text
    assert "sdbp validate" in text and "sdbp build" in text
    migrate = re.search(r"sdbp migrate (\S+) --module (\S+) -o (\S+)", text)
    assert migrate, text
    usage = CliRunner().invoke(main, ["migrate", "--help"]).output
    assert "--module" in usage and "-o, --output" in usage


def test_page_has_no_log_contract_is_ascii_swing_html_and_deterministic(game: GameData, built: Built) -> None:
    page = built.entries[buildfile.help_file(built.game)]
    assert page == help_html(game, built.entries["buildFile.xml"]) == help_html(game, built.entries["buildFile.xml"])
    text = page.decode("ascii")
    assert "SDBP|1|" not in text and "Report formats" not in text
    assert "the map and the counter values in this module are a reconstruction" in text
    tags = {el.tag for el in lxml_html.fromstring(text).iter() if isinstance(el.tag, str)}
    assert tags <= {"html", "head", "title", "body", "h1", "h2", "h3", "p", "ul", "ol", "li", "a", "b", "i", "code", "br", "table", "tr", "th", "td", "img", "font", "hr"}  # img, font, hr: the counter guide (player_aid.page_body)
    assert "Credits" in text and "Nick Richardson" in text


def test_page_says_side_faced_markers_have_an_entry_per_side(game: GameData, built: Built) -> None:
    """How to place markers: control and fire markers have one palette entry per side; a kind with
    other faces (trench levels) has one entry, turned with its menu."""
    page = page_of(game, built.root)
    assert (
        "control and fire markers have one entry per side (<b>Control (French)</b>, <b>Control (Viet Minh)</b>, "
        "<b>Fire (French)</b> and <b>Fire (Viet Minh)</b>); take the one showing the side the marker is for. "
        "A marker's right-click menu sets its face." in page
    )
    assert "Trench (" not in page
