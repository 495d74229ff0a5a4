"""The HTML report's layout and its pictures, with a small fake painter (``reports.html``, ``reports.pictures``).

The log is the SQ-1 transcript of the CLI tests (2 illegal, 20 cannot-check, 1 info findings; most of
them at the end of the log, with no areas or units). The fake painter draws a tiny PNG whose colour
and size come from the view asked for, and records each call, so a test can tell which snapshot a
finding was drawn from and how many renders there were. The real painter is exercised end to end
by ``tests/cli/test_check_html.py``.
"""

from __future__ import annotations

import base64
import hashlib
import io
import shlex
import weakref
from dataclasses import dataclass, field, replace
from pathlib import Path

import lxml.html
import pytest
from PIL import Image

from sdbp_module.errors import InputError
from sdbp_module.ids import AreaId, CardId, Severity, Side, UnitId
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.events import END_OF_LOG, Where
from sdbp_module.replay.snapshots import Snapshot
from sdbp_module.reports import html as html_module
from sdbp_module.reports.html import (
    heading,
    html_page,
    render_html_report,
    show_command,
)
from sdbp_module.reports.json import report_to_json
from sdbp_module.reports.pictures import POLICIES, finding_pictures, view_key
from sdbp_module.rules.commands import (
    PICTURE_POLICIES,
    Checked,
    check_log,
    rules_package,
)

SQ1 = Path(__file__).resolve().parents[2] / "cli" / "data" / "check_sq1.jsonl"


@dataclass(frozen=True)
class FakePicture:
    data: bytes
    mime: str
    width: int
    height: int
    alt: str


@dataclass
class FakePainter:
    """Draws a small PNG per view (colour and size from the view) and records every call."""

    calls: list[tuple[Snapshot, tuple[AreaId, ...], tuple[UnitId, ...]]] = field(default_factory=list)
    card_calls: list[tuple[Snapshot, Side | None, tuple[CardId, ...]]] = field(default_factory=list)

    def picture(
        self, snapshot: Snapshot, *, areas: tuple[AreaId, ...] = (), units: tuple[UnitId, ...] = ()
    ) -> FakePicture:
        self.calls.append((snapshot, areas, units))
        digest = hashlib.sha256(repr((snapshot.where.sort_key, areas, units)).encode()).digest()
        width, height = 40 + digest[0] % 20, 30 + digest[1] % 10
        out = io.BytesIO()
        Image.new("RGB", (width, height), tuple(digest[2:5])).save(out, format="PNG")
        return FakePicture(out.getvalue(), "image/png", width, height, f"board at {snapshot.where}")

    def card_picture(self, snapshot: Snapshot, *, side: Side | None = None, cards: tuple[CardId, ...] = ()) -> FakePicture:
        self.card_calls.append((snapshot, side, cards))
        out = io.BytesIO()
        Image.new("RGB", (20, 28), (len(cards), 9, 9)).save(out, format="PNG")
        return FakePicture(out.getvalue(), "image/png", 20, 28, f"Cards at {snapshot.where}: {', '.join(cards)}")


class RefusingPainter:
    def picture(self, snapshot: Snapshot, *, areas: tuple[AreaId, ...] = (), units: tuple[UnitId, ...] = ()) -> FakePicture:
        raise AssertionError("no picture was to be drawn")


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(default_data_dir())


@pytest.fixture(scope="module")
def checked(game: GameData) -> Checked:
    return check_log(SQ1, game, rules_package(game.game.id))


def render(checked: Checked, policy: str = "all", painter: object | None = None) -> str:
    return render_html_report(checked, pictures=policy, painter=painter or FakePainter())  # type: ignore[arg-type]


def parse(page: str) -> lxml.html.HtmlElement:
    return lxml.html.document_fromstring(page)


def block(doc: lxml.html.HtmlElement, index: int) -> lxml.html.HtmlElement:
    found = doc.xpath(f'//article[@id="f-{index + 1}"]')
    assert len(found) == 1, f"finding {index}: {len(found)} blocks"
    return found[0]


def text_of(el: lxml.html.HtmlElement) -> str:
    return " ".join(el.text_content().split())


def test_every_finding_of_the_json_report_has_its_block(checked: Checked) -> None:
    doc = parse(render(checked))
    findings = report_to_json(checked.report)["findings"]
    assert len(findings) == 23 and len(doc.xpath("//article[contains(@class,'finding')]")) == len(findings)
    summaries = {r.rule_id: getattr(r, "summary") for r in checked.package.rules}
    for i, f in enumerate(findings):
        el = block(doc, i)
        text = text_of(el)
        assert f["severity"] in el.get("class").split()
        assert el.xpath(".//code[@class='rule']")[0].text == f["rule_id"]
        assert el.xpath(".//p[@class='message']")[0].text_content() == f["message"]
        where = "end of log" if f["where"]["file"] == END_OF_LOG.file else f"check_sq1.jsonl:{f['where']['line']}"
        assert el.xpath(".//a[@class='pos']")[0].text == where
        assert f"({f['rule_ref']})" in text and " ".join(summaries[f["rule_id"]].split()) in text
        for unit in f["units"]:
            assert unit in text
        for area in f["areas"]:
            assert el.xpath(f".//dd/b[text()='{area}']")
        if f["expected"] is not None:
            assert f"Expected {f['expected']} Actual {f['actual']}" in text


def test_headings_follow_the_text_report(checked: Checked) -> None:
    doc = parse(render(checked))
    assert [h.text for h in doc.xpath("//section[@class='group']/h2")] == [
        "Turn 1 — Draw phase",
        "Turn 1 — Action phase",
        "End of log",
    ]
    assert heading(replace(checked.report.findings[0], turn=0)) == "Set-up"


def test_contents_link_to_every_group_and_each_illegal_finding(checked: Checked) -> None:
    doc = parse(render(checked))
    ids = set(doc.xpath("//@id"))
    links = doc.xpath("//nav[@class='toc']//a/@href")
    assert links and all(h.startswith("#") and h[1:] in ids for h in links)
    groups = {"#" + s.get("id") for s in doc.xpath("//section[@class='group']")}
    assert groups <= set(links)
    illegal = [f"#f-{i + 1}" for i, f in enumerate(checked.report.findings) if f.severity is Severity.ILLEGAL]
    assert doc.xpath("//ol[@class='toc-illegal']//a/@href") == illegal and len(illegal) == 2


def test_summary_counts_result_and_rules(checked: Checked) -> None:
    doc = parse(render(checked))
    counts = {d.xpath("span[@class='label']")[0].text: int(d.xpath("span[@class='n']")[0].text) for d in doc.xpath("//div[contains(@class,'count ')]")}
    assert counts == {"illegal": 2, "suspicious": 0, "cannot-check": 20, "info": 1}
    assert "breaks the rules: 2 illegal findings" in text_of(doc.xpath("//p[contains(@class,'verdict')]")[0])
    assert "Result: none. The log stops at turn 1" in text_of(doc.xpath("//p[@class='result']")[0])
    facts = text_of(doc.xpath("//dl[@class='facts']")[0])
    assert "Events 14" in facts and f"Rules checked {len(checked.report.rules_checked)}" in facts
    assert "Storm Over Dien Bien Phu (sodbp" in facts
    assert doc.xpath("//title")[0].text == "check_sq1.jsonl — Storm Over Dien Bien Phu: sdbp check"


def test_changed_switches_and_skipped_rules_are_marked(game: GameData) -> None:
    package = rules_package(game.game.id)
    checked = check_log(SQ1, game, package, switches=("strict_mode=true",), skips=("SUPPLY-",))
    doc = parse(render(checked, "none"))
    changed = doc.xpath("//ul[@class='switch-list']/li[@class='changed']")
    assert [li.xpath("code")[0].text for li in changed] == ["strict_mode"]
    assert "default false" in text_of(changed[0])
    assert len(doc.xpath("//ul[@class='switch-list']/li")) == len(package.switches)
    skipped = sorted(r.rule_id for r in package.rules if r.rule_id.startswith("SUPPLY-"))
    note = doc.xpath("//p[@class='not-checked']")[0]
    assert sorted(c.text for c in note.xpath("code") if c.text != "--skip") == skipped
    assert f"{len(skipped)} rules not checked" in text_of(note)


def shown_img(doc: lxml.html.HtmlElement, index: int) -> tuple[int, lxml.html.HtmlElement]:
    """The block that shows finding ``index``'s picture (its own, or the one it links to) and the picture."""
    imgs = block(doc, index).xpath(".//figure/img")
    if imgs:
        assert not block(doc, index).xpath(".//p[@class='same-board']")
        return index, imgs[0]
    (href,) = block(doc, index).xpath(".//p[@class='same-board']/a/@href")
    first = int(href.removeprefix("#f-")) - 1
    assert first < index
    (img,) = block(doc, first).xpath(".//figure/img")
    return first, img


def test_policy_all_gives_each_finding_a_decodable_picture(checked: Checked) -> None:
    doc = parse(render(checked, "all"))
    for i, _ in enumerate(checked.report.findings):
        _, img = shown_img(doc, i)
        assert img.get("loading") == "lazy" and img.get("decoding") == "async" and img.get("alt")
        head, _, data = img.get("src").partition(",")
        assert head == "data:image/png;base64"
        with Image.open(io.BytesIO(base64.b64decode(data, validate=True))) as picture:
            picture.load()
            assert picture.size == (int(img.get("width")), int(img.get("height")))


def test_policy_serious_draws_only_illegal_and_suspicious(checked: Checked) -> None:
    painter = FakePainter()
    doc = parse(render(checked, "serious", painter))
    for i, f in enumerate(checked.report.findings):
        expected = 1 if f.severity in (Severity.ILLEGAL, Severity.SUSPICIOUS) else 0
        assert len(block(doc, i).xpath(".//img")) == expected, f.rule_id
    assert len(painter.calls) == 2


def test_policy_none_draws_nothing(checked: Checked, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = parse(render(checked, "none", RefusingPainter()))
    assert doc.xpath("//img") == []

    def no_painter(*args: object) -> None:
        raise AssertionError("no painter was to be made")

    monkeypatch.setattr(html_module, "board_painter", no_painter)
    assert render_html_report(checked, pictures="none") == render(checked, "none", RefusingPainter())


def test_without_the_checks_initial_state_the_replay_starts_where_the_check_did(checked: Checked) -> None:
    """A report made without ``Report.initial`` replays from ``start_state``: the same snapshots."""
    with_initial, without = FakePainter(), FakePainter()
    finding_pictures(checked, "all", with_initial)
    finding_pictures(replace(checked, report=replace(checked.report, initial=None)), "all", without)
    assert [c[0] for c in without.calls] == [c[0] for c in with_initial.calls]


def test_an_unknown_policy_is_refused(checked: Checked) -> None:
    with pytest.raises(InputError, match="--pictures 'some'"):
        render(checked, "some")
    assert POLICIES == PICTURE_POLICIES


def test_findings_of_one_view_share_one_render(checked: Checked) -> None:
    painter = FakePainter()
    pictures = finding_pictures(checked, "all", painter)
    findings = checked.report.findings
    views = {view_key(f, checked.game) for f in findings}
    assert len(painter.calls) + len(painter.card_calls) == len(views) < len(findings)
    at_end = [i for i, f in enumerate(findings) if f.where == END_OF_LOG and view_key(f, checked.game)[3] is None]
    assert len(at_end) > 1 and len({id(pictures[i]) for i in at_end}) == 1
    doc = parse(html_page(checked, pictures))
    assert len(block(doc, at_end[0]).xpath(".//figure/img")) == 1
    for i in at_end[1:]:
        assert block(doc, i).xpath(".//img") == []
        assert text_of(block(doc, i).xpath(".//p[@class='same-board']")[0]).endswith(f"finding {at_end[0] + 1}'s (same view).")
        assert shown_img(doc, i)[0] == at_end[0]
    assert len(doc.xpath("//img")) <= len(views)


def test_eight_findings_on_two_views_embed_two_pictures(checked: Checked) -> None:
    """Each picture is embedded once: the page (and so its print) holds two boards for eight findings
    of two views, and every finding refers to the one of its view."""
    base = checked.report.findings[0]
    a, b = Where("x.vlog", 3), Where("x.vlog", 9)
    eight = tuple(
        replace(base, where=where, rule_id=f"RULE-{n}", areas=areas, units=())
        for n, (where, areas) in enumerate([(a, (AreaId(5),))] * 3 + [(b, ())] * 5)
    )
    mine = replace(checked, report=replace(checked.report, findings=eight))
    painter = FakePainter()
    page = render(mine, "all", painter)
    doc = parse(page)
    assert len(painter.calls) == 2
    assert len(doc.xpath("//img")) == 2 and page.count("data:image/") == 2
    assert [shown_img(doc, i)[0] for i in range(8)] == [0, 0, 0, 3, 3, 3, 3, 3]


def test_views_whose_pictures_are_the_same_bytes_embed_them_once(checked: Checked) -> None:
    """Two views that draw the very same picture (nothing of either is on the board) share it too."""

    class SamePainter(FakePainter):
        def picture(self, snapshot: Snapshot, *, areas: tuple[AreaId, ...] = (), units: tuple[UnitId, ...] = ()) -> FakePicture:
            return super().picture(snapshot, areas=(), units=())

    base = checked.report.findings[0]
    two = tuple(replace(base, where=Where("x.vlog", 3), rule_id=f"RULE-{n}", areas=(AreaId(n + 1),), units=()) for n in range(2))
    mine = replace(checked, report=replace(checked.report, findings=two))
    painter = SamePainter()
    doc = parse(render(mine, "all", painter))
    assert len(painter.calls) == 2 and len(doc.xpath("//img")) == 1
    assert shown_img(doc, 1)[0] == 0


def test_each_picture_is_drawn_from_the_board_at_its_finding(checked: Checked) -> None:
    painter = FakePainter()
    finding_pictures(checked, "all", painter)
    drawn = {(s.where.sort_key, a, u): s for s, a, u in painter.calls}
    cards = {(s.where.sort_key, side, c): s for s, side, c in painter.card_calls}
    for f in checked.report.findings:
        focus = view_key(f, checked.game)[3]
        if focus is None:
            snapshot = drawn[(f.where.sort_key, f.areas, f.units)]
        else:
            snapshot = cards[(f.where.sort_key, *focus)]
        assert snapshot.where == f.where
        if f.where == END_OF_LOG:
            assert snapshot.state == checked.report.final
        else:
            assert snapshot.events and all(e.where.sort_key == f.where.sort_key for e in snapshot.events)
    fire = next(f for f in checked.report.findings if f.rule_id == "FIRE-FLIP-SPENT")
    (snapshot,) = [s for s, a, u in painter.calls if s.where == fire.where]
    assert type(snapshot.events[-1]).__name__ == "Fire"


class NastyAltPainter(FakePainter):
    def picture(
        self, snapshot: Snapshot, *, areas: tuple[AreaId, ...] = (), units: tuple[UnitId, ...] = ()
    ) -> FakePicture:
        return replace(super().picture(snapshot, areas=areas, units=units), alt='a "quoted" <alt> & more')

    def card_picture(self, snapshot: Snapshot, *, side: Side | None = None, cards: tuple[CardId, ...] = ()) -> FakePicture:
        return replace(super().card_picture(snapshot, side=side, cards=cards), alt='a "quoted" <alt> & more')


def test_text_is_escaped(checked: Checked) -> None:
    nasty = "<script>alert('x')</script> & \"quotes\" <b>not bold</b>"
    first = checked.report.findings[0]
    odd = replace(first, message=nasty, rule_id="X-<&>", units=(UnitId("<u>&"),), expected="<a>", actual="&amp;")
    report = replace(checked.report, findings=(odd, *checked.report.findings[1:]), source="/tmp/a <b>&c.jsonl")
    page = render(replace(checked, report=report), "all", NastyAltPainter())
    doc = parse(page)
    assert {img.get("alt") for img in doc.xpath("//img")} == {'a "quoted" <alt> & more'}
    assert doc.xpath("//script") == [] and "<script>" not in page
    el = block(doc, 0)
    assert el.xpath(".//p[@class='message']")[0].text_content() == nasty
    assert el.xpath(".//code[@class='rule']")[0].text == "X-<&>"
    assert "Expected <a> Actual &amp;" in text_of(el)
    assert doc.xpath("//h1")[0].text == "a <b>&c.jsonl"
    assert shlex.split(el.xpath(".//p[@class='cmd']/code")[0].text)[2] == "/tmp/a <b>&c.jsonl"


def test_the_same_check_gives_the_same_bytes(checked: Checked, game: GameData) -> None:
    again = check_log(SQ1, game, rules_package(game.game.id))
    assert render(checked) == render(again)


def test_show_command_names_the_position(checked: Checked) -> None:
    f = checked.report.findings[1]
    assert str(f.where) == f"{SQ1}:3"
    assert shlex.split(show_command(checked, f)) == ["sdbp", "show", str(SQ1), "--at", "check_sq1.jsonl:3", "-o", "board.png"]
    end = replace(f, where=END_OF_LOG)
    assert shlex.split(show_command(replace(checked, module=Path("m m.vmod")), end))[3:] == [
        "--at", "end", "--module", "m m.vmod", "-o", "board.png",
    ]
    assert "--at start" in show_command(checked, replace(f, where=Where("<memory>", 0)))


def test_a_log_without_findings_says_so(checked: Checked) -> None:
    report = replace(checked.report, findings=(), outcome=None)
    doc = parse(render(replace(checked, report=report), "all", RefusingPainter()))
    assert "No illegal finding." in text_of(doc.xpath("//p[contains(@class,'verdict')]")[0])
    assert doc.xpath("//p[@class='none']") and doc.xpath("//article") == []



class CountingPainter(FakePainter):
    """A fake painter that counts the pictures alive (not yet freed) at the most."""

    def __init__(self) -> None:
        super().__init__()
        self.alive: weakref.WeakSet[object] = weakref.WeakSet()
        self.most = 0

    def picture(self, snapshot: Snapshot, *, areas: tuple[AreaId, ...] = (), units: tuple[UnitId, ...] = ()) -> FakePicture:
        picture = super().picture(snapshot, areas=areas, units=units)
        self.alive.add(picture)
        self.most = max(self.most, len(self.alive))
        return picture


def test_a_page_holds_one_position_s_pictures_at_a_time_and_draws_at_most_the_limit(game: GameData, tmp_path: Path) -> None:
    """A report of many findings is written as it is drawn: each picture is made when its finding is
    written and let go after it, so at most a position's pictures are alive, never the report's; past
    ``MAX_PICTURES`` views the most serious findings keep theirs, the others are counted in the footer."""
    import gc

    from sdbp_module.limits import MAX_PICTURES

    path = tmp_path / "moves.jsonl"
    move = '{"type":"move","side":"french","units":["FR-III13DBLE-10"],"from_area":14,"to_area":1,"path":[14,1]}'
    path.write_text('{"type":"phase","turn":1,"phase":"action"}\n' + (move + "\n") * 40, encoding="utf-8")
    checked = check_log(path, game, rules_package(game.game.id))
    findings = checked.report.findings
    views = {view_key(f) for f in findings}
    assert len(views) > MAX_PICTURES
    painter = CountingPainter()
    gc.disable()  # nothing but reference counting frees a picture
    try:
        pieces = []
        for piece in html_module.html_report_chunks(checked, pictures="all", painter=painter):  # type: ignore[arg-type]
            pieces.append(len(piece))
    finally:
        gc.enable()
    per_position = max(sum(1 for v in views if v[0] == key) for key in {v[0] for v in views})
    assert len(painter.calls) == MAX_PICTURES and painter.most <= per_position < 10
    serious = sum(1 for f in findings if f.severity is Severity.ILLEGAL)
    page = parse(render_html_report(checked, pictures="all", painter=FakePainter()))  # type: ignore[arg-type]
    drawn = [i for i in range(len(findings)) if block(page, i).xpath(".//figure | .//p[@class='same-board']")]
    assert {findings[i].severity for i in drawn} == {Severity.ILLEGAL} and serious > MAX_PICTURES
    left_out = len(findings) - len(drawn)
    assert f"but for {left_out} findings past the {MAX_PICTURES} boards a report draws" in text_of(page.xpath("//footer")[0])


def test_a_card_finding_shows_the_cards_not_the_board(checked: Checked) -> None:
    """A finding of a card rule that names no area or unit gets the cards' picture, with the card its
    message names; one of a board rule at the same place keeps the board."""
    game = checked.game
    card = next(c for c in game.cards if c.side is not None)
    base = checked.report.findings[0]
    at = Where("x.vlog", 3)
    about = replace(base, where=at, rule_id="CARD-DISCARD-NOT-REMOVED", side=card.side, areas=(), units=(),
                    message=f"{card.name} ({card.id}) was discarded, not played")
    board = replace(base, where=at, rule_id="SEQ-VM-FIRST", areas=(), units=())
    mine = replace(checked, report=replace(checked.report, findings=(about, board)))
    painter = FakePainter()
    doc = parse(render(mine, "all", painter))
    assert [(side, cards) for _, side, cards in painter.card_calls] == [(card.side, (card.id,))]
    assert len(painter.calls) == 1 and len(doc.xpath("//img")) == 2
    assert text_of(block(doc, 0).xpath(".//figcaption")[0]) == "The cards at x.vlog#3."
    assert text_of(block(doc, 1).xpath(".//figcaption")[0]) == "The board at x.vlog#3."


def test_a_finding_s_hexes_are_listed(checked: Checked) -> None:
    """A hex-map game's finding names its hexes (``Finding.hexes``); an area game's names none."""
    base = checked.report.findings[0]
    mine = replace(checked, report=replace(checked.report, findings=(replace(base, hexes=("C4", "box:exited")),)))
    doc = parse(render(mine, "none"))
    assert "Hexes C4, box:exited" in text_of(block(doc, 0))
    assert "Hexes" not in text_of(parse(render(checked, "none")))
