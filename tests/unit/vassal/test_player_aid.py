"""The player aid: every number on its pages traces to a Fact, reconstructed ones are marked, the
pages follow the data, and the chart window is what the engine reads (issue 12)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

import pytest
from lxml import etree
from lxml import html as lxml_html

from sdbp_module.games import player_aid
from sdbp_module.games.aid import (
    Fact,
    Items,
    Name,
    Page,
    Para,
    Parts,
    PlayerAid,
    Reading,
    Ref,
    Table,
    digit_problems,
    fact,
    iter_facts,
    iter_inlines,
    iter_parts,
    para,
    section,
)
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules import supply
from sdbp_module.ids import AreaId
from sdbp_module.model.game_data import GameData
from sdbp_module.vassal import buildfile, counter_guide, package
from sdbp_module.vassal import player_aid as writer
from sdbp_module.vassal.verify import KNOWN_ATTRIBUTES, KNOWN_ELEMENTS, verify_module

NUMBER = re.compile(r"\d+(?:\.\d+)*")
DAGGER, DOUBLE_DAGGER = "\u2020", "\u2021"


@dataclass(frozen=True)
class Token:
    """A number the content puts on a page, with the Fact it belongs to (None for a Ref or a Name)."""

    text: str
    fact: Fact | None
    last: bool  # the last number of its Fact: the mark follows it
    table: int | None  # index of the table it sits in, on its page
    column: int | None


def expected_tokens(page: Page) -> list[Token]:
    """The numbers of a page in reading order, walked from the content (independently of the writer)."""
    out: list[Token] = []
    tables = 0

    def walk(parts: Parts, table: int | None, column: int | None) -> None:
        for inline in iter_inlines(parts):
            if isinstance(inline, Fact):
                for i, v in enumerate(inline.values):
                    out.append(Token(str(v), inline, i == len(inline.values) - 1, table, column))
            elif isinstance(inline, Ref):
                out.extend(Token(t, None, False, table, column) for t in NUMBER.findall(inline.section))
            elif isinstance(inline, Name):
                out.extend(Token(t, None, False, table, column) for t in NUMBER.findall(inline.text))

    for sec in page.sections:
        walk(sec.title, None, None)
        for block in sec.blocks:
            if isinstance(block, Table):
                for j, cell in enumerate(block.header):
                    walk(cell, tables, j)
                for row in block.rows:
                    for j, cell in enumerate(row):
                        walk(cell, tables, j)
                tables += 1
            else:
                for parts in iter_parts(block):
                    walk(parts, None, None)
    return out


def page_doc(data: bytes) -> lxml_html.HtmlElement:
    return lxml_html.fromstring(data.decode("ascii"))


def body_text(doc: lxml_html.HtmlElement) -> str:
    body = doc.find("body")
    assert body is not None
    return str(body.text_content())


def footnotes(text: str) -> dict[str, str]:
    """Mark (``†a``) → footnote text, from the page text."""
    return {m.group(1): m.group(2) for m in re.finditer(rf"([{DAGGER}{DOUBLE_DAGGER}][a-z]+) ([^\n]+?)\.\n", text)}


def header_texts(doc: lxml_html.HtmlElement) -> list[list[str]]:
    """The header cells' text of each content table, in order."""
    return [[str(th.text_content()) for th in t.xpath(".//th")] for t in doc.xpath("//table[@border='1']")]


@pytest.fixture(scope="module")
def aid(game: GameData) -> PlayerAid:
    found = player_aid(game)
    assert found is not None
    return found


@pytest.fixture(scope="module")
def files(game: GameData) -> dict[str, bytes]:
    return writer.aid_files(game)


def pages_of(aid: PlayerAid, files: dict[str, bytes]) -> list[tuple[Page, bytes]]:
    return [(page, files[writer.page_path(page)]) for page in aid.pages]


# -- traceability -----------------------------------------------------------------------------------


def test_every_number_on_every_page_is_a_fact_ref_or_name_at_its_place(aid: PlayerAid, files: dict[str, bytes]) -> None:
    assert set(files) == {writer.page_path(p) for p in aid.pages}
    for page, data in pages_of(aid, files):
        text = body_text(page_doc(data))
        found = NUMBER.findall(text)
        wanted = [t.text for t in expected_tokens(page)]
        assert found == wanted, page.slug
        assert any(t.fact is not None for t in expected_tokens(page)), page.slug


def test_every_fact_names_a_data_field_or_a_rules_section(aid: PlayerAid) -> None:
    for page in aid.pages:
        for f in iter_facts(page):
            assert ".yaml" in f.source or f.source.startswith("rules "), (page.slug, f)


def test_every_reconstructed_fact_carries_the_mark_and_its_reason(aid: PlayerAid, files: dict[str, bytes]) -> None:
    marked = 0
    for page, data in pages_of(aid, files):
        doc = page_doc(data)
        text = body_text(doc)
        notes = footnotes(text)
        headers = header_texts(doc)
        tokens = expected_tokens(page)
        for token, match in zip(tokens, NUMBER.finditer(text), strict=True):
            f = token.fact
            if f is None or not token.last:
                continue
            after = re.match(rf"[{DAGGER}{DOUBLE_DAGGER}][a-z]+", text[match.end() :])
            column_mark = None
            if token.table is not None and token.column is not None:
                column_mark = re.search(rf"{DAGGER}[a-z]+$", headers[token.table][token.column])
            if not f.is_reconstructed:
                assert after is None, (page.slug, f)
                continue
            marked += 1
            if column_mark is not None:
                assert after is None, (page.slug, f, "marked twice")
                assert notes[column_mark.group(0)] == f.reconstructed, (page.slug, f)
            else:
                assert after is not None and after.group(0).startswith(DAGGER), (page.slug, f)
                assert notes[after.group(0)] == f.reconstructed, (page.slug, f)
        for reading in (p for p in _inlines(page) if isinstance(p, Reading)):
            assert reading.note in notes.values(), (page.slug, reading)
    assert marked > 40  # hand sizes, defences, entrenchment values, area sets, arrivals …


def _inlines(page: Page) -> list[object]:
    return [i for sec in page.sections for block in sec.blocks for parts in iter_parts(block) for i in iter_inlines(parts)]


def test_the_rules_numbers_are_not_marked_and_ours_are(aid: PlayerAid) -> None:
    facts = {f.source: f for page in aid.pages for f in iter_facts(page)}
    french1 = facts["turn_track.yaml turns[turn=1].cards.french; rules 5.1"]
    assert french1.values == (4,) and not french1.is_reconstructed
    assert facts["turn_track.yaml turns[turn=1].cards.viet_minh"].is_reconstructed
    assert not facts["areas.yaml areas[id=11].defense; rules 8.4"].is_reconstructed
    assert facts["areas.yaml areas[id=6].defense"].is_reconstructed
    assert all(f.is_reconstructed for s, f in facts.items() if s.endswith(".entrenchment"))


def test_plain_text_with_a_digit_is_refused() -> None:
    bad = PlayerAid("Aid", "tip", "title", (Page("p", "P", "P", (section("Fire", para("roll 2d6")),)),))
    assert digit_problems(bad) == ["page 'p': plain text 'roll 2d6' holds a digit; use a Fact, a Ref or a Name"]
    good = PlayerAid("Aid", "tip", "title", (Page("p", "P", "P", (section("Fire", para("roll ", fact(2, "rules 8.3.1"), "d", fact(6, "rules 2.0"))),)),))
    assert digit_problems(good) == []


# -- the pages follow the data ------------------------------------------------------------------------


def _page(game: GameData, slug: str) -> lxml_html.HtmlElement:
    found = player_aid(game)
    assert found is not None
    page = next(p for p in found.pages if p.slug == slug)
    return page_doc(writer.render_page(found, page))


def _row(doc: lxml_html.HtmlElement, table: int, first_cell: str) -> list[str]:
    rows = doc.xpath("//table[@border='1']")[table].xpath(".//tr")
    for tr in rows:
        cells = [str(td.text_content()) for td in tr.xpath("./td")]
        if cells and cells[0] == first_cell:
            return cells
    raise AssertionError(f"no row {first_cell!r}")


def _marked(doc: lxml_html.HtmlElement, table: int, cell: str, column: int) -> bool:
    """A table cell's number carries the dagger, itself or on its column's header."""
    return cell.endswith(tuple(f"{DAGGER}{c}" for c in "abcdefgh")) or DAGGER in header_texts(doc)[table][column]


def test_a_changed_hand_size_changes_the_page(game: GameData) -> None:
    before = _page(game, "cards")
    assert [c.rstrip(DAGGER + "abcdefgh") for c in _row(before, 0, "3")] == ["3", "4", "5"]
    assert not _marked(before, 0, _row(before, 0, "1")[1], 1)  # French turn 1 = 4: rules 5.1
    assert _marked(before, 0, _row(before, 0, "3")[2], 2)
    turns = tuple(
        replace(t, cards=MappingProxyType({FRENCH: 5 if t.turn == 1 else t.cards[FRENCH], VIET_MINH: 9 if t.turn == 3 else t.cards[VIET_MINH]}))
        for t in game.turn_track
    )
    changed = _page(replace(game, turn_track=turns), "cards")
    assert [c.rstrip(DAGGER + "abcdefgh") for c in _row(changed, 0, "3")] == ["3", "4", "9"]
    french1 = _row(changed, 0, "1")[1]
    assert french1.rstrip(DAGGER + "abcdefgh") == "5"
    assert _marked(changed, 0, french1, 1)  # no longer the rules' 4: ours


def test_a_changed_area_defence_changes_the_page(game: GameData) -> None:
    index = {a.id: i for i, a in enumerate(game.areas)}
    assert _row(_page(game, "map"), 0, "11")[2] == "1"
    areas = list(game.areas)
    areas[index[AreaId(11)]] = replace(areas[index[AreaId(11)]], defense=2)
    areas[index[AreaId(6)]] = replace(areas[index[AreaId(6)]], defense=1)
    doc = _page(replace(game, areas=tuple(areas)), "map")
    eleven, six = _row(doc, 0, "11")[2], _row(doc, 0, "6")[2]
    assert (eleven.rstrip(DAGGER + "abcdefgh"), six.rstrip(DAGGER + "abcdefgh")) == ("2", "1")
    assert _marked(doc, 0, eleven, 2)  # no longer the rules' value: ours


def test_the_supply_table_is_the_checkers(game: GameData) -> None:
    doc = _page(game, "supply")
    rows = [[str(td.text_content()) for td in tr.xpath("./td")] for tr in doc.xpath("//table[@border='1']")[0].xpath(".//tr")][1:]
    expected_low = 2
    for i, (totals, count) in enumerate(rows):
        low, high = re.fullmatch(r"(\d+)(?:\u2013(\d+)| or more)", totals).groups()  # type: ignore[union-attr]
        assert int(low) == expected_low
        top = int(high) if high else 30
        assert i == len(rows) - 1 or high, "only the last row is open-ended"
        assert {supply.base_count(t) for t in range(int(low), top + 1)} == {int(count)}
        expected_low = top + 1


def test_every_timing_letter_of_the_cards_is_explained(game: GameData) -> None:
    doc = _page(game, "cards")
    letters = [str(tr.xpath("./td")[0].text_content()) for tr in doc.xpath("//table[@border='1']")[1].xpath(".//tr")[1:]]
    assert sorted(letters) == sorted({c.timing for c in game.cards})


def test_every_end_phase_step_of_the_checker_is_listed(aid: PlayerAid, game: GameData) -> None:
    from sdbp_module.games.sodbp.rules.play_sequence import make_sequence

    sequence = next(p for p in aid.pages if p.slug == "sequence")
    end = sequence.sections[-1].blocks[0]
    assert isinstance(end, Items) and end.ordered
    assert len(end.items) == len(make_sequence(game).end_steps)


# -- the module side --------------------------------------------------------------------------------


def test_pages_are_deterministic_ascii_html_the_swing_renderer_reads(game: GameData, files: dict[str, bytes]) -> None:
    assert writer.aid_files(game) == files
    for name, data in files.items():
        data.decode("ascii")
        text = data.decode("ascii").lower()
        for modern in ("<div", "<span", "display:", "flex", "grid", "<link", "<script", "<meta"):
            assert modern not in text, (name, modern)


def test_the_chart_window_has_a_tab_per_page(aid: PlayerAid, game: GameData, files: dict[str, bytes]) -> None:
    root = etree.Element("VASSAL.build.GameModule")
    writer.add_chart_window(root, game, buildfile.K_PLAYER_AID)
    (window,) = root
    assert window.tag == writer.CHART_WINDOW
    assert window.get("hotkey") == "80,195"  # Ctrl+Shift+P
    assert window.get("text") == "Player aid"
    (tabs,) = window
    assert [(c.get("chartName"), c.get("fileName")) for c in tabs] == [(p.tab, writer.page_path(p)) for p in aid.pages]
    for el in root.iter():
        if el is root:
            continue
        assert el.tag in KNOWN_ELEMENTS
        assert set(el.attrib) <= KNOWN_ATTRIBUTES[el.tag]


def test_a_game_without_an_aid_gets_no_window(game: GameData) -> None:
    other = replace(game, game=replace(game.game, id="no-such-game"))
    root = etree.Element("VASSAL.build.GameModule")
    writer.add_chart_window(root, other, buildfile.K_PLAYER_AID)
    assert len(root) == 0
    assert writer.aid_files(other) == {}


def test_a_module_with_the_aid_verifies_and_a_missing_page_is_reported(game: GameData, tmp_path: Path) -> None:
    info = game.game
    root = etree.Element("VASSAL.build.GameModule", {"VassalVersion": info.vassal_version, "name": info.module_name, "nextPieceSlotId": "1", "version": info.version})
    writer.add_chart_window(root, game, buildfile.K_PLAYER_AID)
    built = buildfile.stamped(root, info.version)
    entries = {"buildFile.xml": built.xml, "moduledata": buildfile.moduledata_xml(game, 0, built.version)}
    entries.update(writer.aid_files(game))
    entries.update({f"images/{name}": data for name, data in counter_guide.guide_images(game).items()})  # the guide tab's pictures
    path = tmp_path / "m.vmod"
    path.write_bytes(package.zip_bytes(entries))
    problems, _ = verify_module(path)
    assert problems == []
    del entries["help/aid/supply.html"]
    path.write_bytes(package.zip_bytes(entries))
    problems, _ = verify_module(path)
    assert problems == ["chart 'Supply': file 'help/aid/supply.html' is not in the module"]


def test_footnote_letters_never_put_a_digit_on_the_page() -> None:
    assert [writer._letter(i) for i in (0, 1, 25, 26, 27)] == ["a", "b", "z", "aa", "ab"]


def test_a_column_of_one_reason_is_marked_once_on_its_header() -> None:
    ours = [fact(v, "turn_track.yaml x", "ours") for v in (3, 4)]
    table = Table((("Turn",), ("Hand",)), (((fact(1, "rules 4.0"),), (ours[0],)), ((fact(2, "rules 4.0"),), (ours[1],))))
    assert writer.column_reasons(table) == ("", "ours")
    mixed = Table((("Hand",),), (((fact(4, "rules 5.1"),),), ((ours[0],),)))
    assert writer.column_reasons(mixed) == ("",)


def test_content_blocks_are_walked_in_reading_order() -> None:
    block = Para(("a", fact(1, "rules 1.0")))
    assert list(iter_parts(block)) == [("a", fact(1, "rules 1.0"))]
    assert list(iter_parts(Items((("x",), ("y",))))) == [("x",), ("y",)]
