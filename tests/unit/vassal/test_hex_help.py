"""A hex-map game's help page (``vassal.hex_help``) and Stand at Mortain's player aid (``games.mortain.aid``):
the help says plainly what is our reconstruction and counts it from the data's sources; every terrain,
counter type, unit, marker, box and place appears; the aid's numbers trace to the data or the rules,
ours are marked, and the pages follow the data (issue 24)."""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType

import pytest
from lxml import html as lxml_html

from sdbp_module.games import player_aid
from sdbp_module.games.aid import Fact, PlayerAid, Reading, digit_problems, iter_facts
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData, Source
from sdbp_module.model.playing_cards import FACE_RANKS, activation_table
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import player_aid as writer
from sdbp_module.vassal.hex_help import (
    RECONSTRUCTION_TITLE,
    help_html,
    hex_fact_counts,
    reconstructed_total,
)

from .test_player_aid import (
    DAGGER,
    DOUBLE_DAGGER,
    NUMBER,
    _inlines,
    body_text,
    expected_tokens,
    footnotes,
    header_texts,
    page_doc,
)

MORTAIN = PROJECT_ROOT / "source_data" / "mortain"


@pytest.fixture(scope="module")
def hex_game() -> GameData:
    return load_game(MORTAIN, hex_map=True)


@pytest.fixture(scope="module")
def page(hex_game: GameData) -> str:
    return help_html(hex_game)


def _text(page: str) -> str:
    return str(lxml_html.fromstring(page).text_content())


# -- the help page ------------------------------------------------------------------------------------


def test_the_help_says_plainly_at_the_top_that_the_map_values_and_chart_are_our_reconstruction(hex_game: GameData, page: str) -> None:
    text = _text(page)
    top = text[: text.index("The game\n")]
    assert "OUR RECONSTRUCTION" in top
    for what in ("map", "counter values", "terrain chart"):
        assert what in top
    total = reconstructed_total(hex_game)
    assert total > 100
    assert f"{total} facts were reconstructed" in top
    assert RECONSTRUCTION_TITLE in text


def test_the_count_is_the_datas_reconstructed_sources_and_follows_them(hex_game: GameData) -> None:
    counts = {c.spec.what: c for c in hex_fact_counts(hex_game)}
    modifiers = counts["the terrain chart: combat modifier of each terrain"]
    assert (modifiers.reconstructed, modifiers.total) == (len(hex_game.hexes.terrains), len(hex_game.hexes.terrains))  # type: ignore[union-attr]
    fronts = counts["counter values on the front"]
    assert fronts.total == len(hex_game.units)
    assert fronts.reconstructed == sum(1 for u in hex_game.units if u.sources.get("front", u.source).is_reconstructed)
    assert counts["the hexes of west edge"].reconstructed == 0  # the rules give the edges
    # a terrain modifier now taken from the rules: one fact fewer, on the page too
    board = hex_game.hexes
    assert board is not None
    first = board.terrains[0]
    cited = replace(first, sources=MappingProxyType({"modifier": Source("rules M-5.6")}))
    changed = replace(hex_game, hexes=replace(board, terrains=(cited, *board.terrains[1:])))
    assert reconstructed_total(changed) == reconstructed_total(hex_game) - 1
    assert f"{reconstructed_total(changed)} facts were reconstructed" in _text(help_html(changed))


def test_every_terrain_type_unit_marker_box_and_place_appears(hex_game: GameData, page: str) -> None:
    text = _text(page)
    board = hex_game.hexes
    assert board is not None
    names = [t.name for t in board.terrains] + [t.name for t in hex_game.game.unit_types] + [f.name for f in hex_game.game.factors]
    names += [u.company for u in hex_game.units] + [m.name for m in hex_game.markers] + [b.name for b in board.boxes] + [p.name for p in board.places]
    for name in names:
        assert name in text, name
    for p in board.places:
        assert re.search(rf"(?<![A-Z0-9]){p.hex}(?![0-9])", text), p.hex


def test_the_terrain_chart_row_shows_modifier_line_of_fire_and_range(hex_game: GameData, page: str) -> None:
    doc = lxml_html.fromstring(page)
    rows = {str(tr.xpath("./td")[0].text_content()): [str(td.text_content()) for td in tr.xpath("./td")] for tr in doc.xpath("//table")[1].xpath(".//tr")[1:]}
    board = hex_game.hexes
    assert board is not None
    sight = board.map.sight
    counted = {t: sum(1 for v in board.map.terrain.values() if v == t) for t in {k.id for k in board.terrains}}
    for t in board.terrains:
        name, modifier, blocks, bonus, hexes = rows[t.name]
        assert modifier == f"{t.modifier:+d}{DAGGER}"
        assert (blocks == "blocks") == (t.id in sight.blocking)
        assert bonus == (f"+{sight.range_bonus[t.id]}" if t.id in sight.range_bonus else "\u2013")
        assert int(hexes) == counted[t.id]


def test_the_activation_table_is_the_decks(hex_game: GameData, page: str) -> None:
    doc = lxml_html.fromstring(page)
    rows = [[str(td.text_content()) for td in tr.xpath("./td")] for tr in doc.xpath("//table")[0].xpath(".//tr")[1:]]
    assert hex_game.deck is not None
    table = activation_table(hex_game.deck)
    assert [r[0] for r in rows] == list(table)
    for rank, _, what in rows:
        if rank in FACE_RANKS:
            assert what == "one unit or one group of units"
        else:
            assert what.split()[0] == str(table[rank].units)


def test_the_help_is_deterministic_ascii_html_32(hex_game: GameData, page: str) -> None:
    assert help_html(hex_game) == page
    page.encode("ascii")
    for modern in ("<div", "<span", "display:", "<script", "<meta"):
        assert modern not in page.lower()


# -- the player aid -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def aid(hex_game: GameData) -> PlayerAid:
    found = player_aid(hex_game)
    assert found is not None
    return found


@pytest.fixture(scope="module")
def files(hex_game: GameData) -> dict[str, bytes]:
    return writer.aid_files(hex_game)


def test_the_aid_has_the_pages_the_issue_asks_for(aid: PlayerAid) -> None:
    assert [p.slug for p in aid.pages] == ["turn", "fire", "support", "stacking", "victory", "counters"]
    assert digit_problems(aid) == []


def test_every_number_of_the_aid_is_its_fact_ref_or_name_in_order(aid: PlayerAid, files: dict[str, bytes]) -> None:
    assert set(files) == {writer.page_path(p) for p in aid.pages}
    for p in aid.pages:
        text = body_text(page_doc(files[writer.page_path(p)]))
        assert NUMBER.findall(text) == [t.text for t in expected_tokens(p)], p.slug
        for f in iter_facts(p):
            assert ".yaml" in f.source or f.source.startswith("rules "), (p.slug, f)


def test_ours_are_marked_with_their_reason_and_the_readings_footnoted(aid: PlayerAid, files: dict[str, bytes]) -> None:
    marked = 0
    for p in aid.pages:
        doc = page_doc(files[writer.page_path(p)])
        text = body_text(doc)
        notes = footnotes(text)
        headers = header_texts(doc)
        for token, match in zip(expected_tokens(p), NUMBER.finditer(text), strict=True):
            f = token.fact
            if f is None or not token.last:
                continue
            after = re.match(rf"[{DAGGER}{DOUBLE_DAGGER}][a-z]+", text[match.end() :])
            column = re.search(rf"{DAGGER}[a-z]+$", headers[token.table][token.column]) if token.table is not None and token.column is not None else None
            if not f.is_reconstructed:
                assert after is None or after.group(0).startswith(DOUBLE_DAGGER), (p.slug, f)
                continue
            marked += 1
            mark = column.group(0) if column is not None else after.group(0) if after is not None else ""
            assert notes.get(mark) == f.reconstructed, (p.slug, f)
        for reading in (i for i in _inlines(p) if isinstance(i, Reading)):
            assert reading.note in notes.values(), (p.slug, reading)
    assert marked > 100  # every counter value, the terrain chart, the marker counts


def test_the_aid_follows_the_data(hex_game: GameData, aid: PlayerAid) -> None:
    facts = {f.source: f for p in aid.pages for f in iter_facts(p)}
    board = hex_game.hexes
    assert board is not None
    for t in board.terrains:
        f = facts[f"hexes.yaml terrain_kinds[{t.id}].modifier"]
        assert f.values == (t.modifier,) and f.is_reconstructed
    for u in hex_game.units:
        for value, factor in zip(u.front, hex_game.game.factors, strict=True):
            assert facts[f"counters.yaml {u.id}.front[{factor.id}]"].values == (value,)
    assert facts["game.yaml stacking_limit (rules M-1.4)"].values == (hex_game.game.stacking_limit,)
    assert not facts["game.yaml turns (rules M-7.1)"].is_reconstructed
    # a changed terrain modifier changes the fire page
    town = next(t for t in board.terrains if t.modifier == max(k.modifier for k in board.terrains))
    changed = replace(hex_game, hexes=replace(board, terrains=tuple(replace(t, modifier=7) if t is town else t for t in board.terrains)))
    found = player_aid(changed)
    assert found is not None
    fire = next(p for p in found.pages if p.slug == "fire")
    assert any(isinstance(f, Fact) and f.values == (7,) and f.source.endswith(f"[{town.id}].modifier") for f in iter_facts(fire))


def test_the_aid_pages_are_deterministic(hex_game: GameData, files: dict[str, bytes]) -> None:
    assert writer.aid_files(hex_game) == files
    for data in files.values():
        data.decode("ascii")
