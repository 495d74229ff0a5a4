"""``sdbp check --format html`` end to end: the planted whole game, its report page and its pictures.

The log is the eight-turn game of ``tests/e2e/test_check_full_game_vlog.py`` with its five planted
violations (and the redundant-pass infos), written as the engine writes it with a module built from
the bundled data. The page must hold every finding of the JSON report, each with a JPEG of the board
drawn by the real painter from the module's own images; the picture policy decides which findings
get one; two runs give the same bytes.
"""

from __future__ import annotations

import base64
import io
import json
import shlex
from pathlib import Path

import lxml.html
import pytest
from click.testing import CliRunner
from PIL import Image

from sdbp_module.board.draw import BoardPainter
from sdbp_module.board.scene import about_cards
from sdbp_module.cli import main
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.reports.pictures import board_snapshots
from sdbp_module.rules.commands import check_log, rules_package
from tests.built_modules import built_module
from tests.e2e.test_check_full_game_vlog import SECTIONS, FullGame


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(default_data_dir())


@pytest.fixture(scope="module")
def module(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_module(default_data_dir(), tmp_path_factory.mktemp("html-module"))


@pytest.fixture(scope="module")
def planted(module: Path, game: GameData, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("html-log") / "planted.vlog"
    FullGame(module, game, frozenset(SECTIONS)).write(path)
    return path


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def html_report(planted: Path, module: Path, out: Path, *more: str) -> lxml.html.HtmlElement:
    code, stdout, stderr = invoke("check", str(planted), "--module", str(module), "--format", "html", "-o", str(out), *more)
    assert (code, stdout, stderr) == (1, "", "")
    return lxml.html.document_fromstring(out.read_bytes())


@pytest.fixture(scope="module")
def report(planted: Path, module: Path, tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The page ``sdbp check planted.vlog --module MODULE --format html -o report.html`` writes, made once: the
    tests that only read it share it (test_two_runs_give_the_same_bytes runs the command twice itself)."""
    out = tmp_path_factory.mktemp("html-report") / "report.html"
    html_report(planted, module, out)
    return out.read_bytes()


@pytest.fixture(scope="module")
def findings(planted: Path, module: Path) -> list[dict[str, object]]:
    code, out, _ = invoke("check", str(planted), "--module", str(module), "--format", "json")
    assert code == 1
    found = json.loads(out)["findings"]
    assert isinstance(found, list)
    return found


def decode(img: lxml.html.HtmlElement) -> tuple[str, bytes]:
    head, _, data = img.get("src").partition(",")
    assert head.startswith("data:") and head.endswith(";base64")
    return head[5:-7], base64.b64decode(data, validate=True)


def test_the_report_holds_every_finding_with_a_picture_of_the_board(findings: list[dict[str, object]], report: bytes) -> None:
    doc = lxml.html.document_fromstring(report)
    articles = doc.xpath("//article")
    assert len(articles) == len(findings) == 13
    assert sum(1 for f in findings if f["severity"] == "illegal") == 5
    for i, f in enumerate(findings):
        (el,) = doc.xpath(f'//article[@id="f-{i + 1}"]')
        where = f["where"]
        assert isinstance(where, dict)
        assert el.xpath(".//code[@class='rule']")[0].text == f["rule_id"]
        assert el.xpath(".//p[@class='message']")[0].text_content() == f["message"]
        assert el.xpath(".//a[@class='pos']")[0].text == f"planted.vlog#{where['index']}"
        assert f"--at planted.vlog#{where['index']}" in el.xpath(".//p[@class='cmd']/code")[0].text.replace("'", "")
        (img,) = el.xpath(".//figure/img")
        mime, data = decode(img)
        assert mime == "image/jpeg"
        with Image.open(io.BytesIO(data)) as picture:
            picture.load()
            assert picture.format == "JPEG"
            assert picture.size == (int(img.get("width")), int(img.get("height")))
            assert picture.width <= 1000 and picture.height <= 900
        about = "Cards" if about_cards(str(f["rule_id"])) and not f.get("areas") and not f.get("units") else "Board"
        assert img.get("alt").startswith(f"{about} after planted.vlog#{where['index']}")
    toc = doc.xpath("//ol[@class='toc-illegal']//a/@href")
    assert toc == [f"#f-{i + 1}" for i, f in enumerate(findings) if f["severity"] == "illegal"]


def test_each_picture_is_the_painters_board_at_its_finding(planted: Path, module: Path, game: GameData, report: bytes) -> None:
    """The picture embedded for a finding is what the module's painter draws at that log position."""
    doc = lxml.html.document_fromstring(report)
    checked = check_log(planted, game, rules_package(game.game.id), module=module)
    boards = board_snapshots(checked, [f.where for f in checked.report.findings])
    painter = BoardPainter(game, module=module)
    for i, f in enumerate(checked.report.findings):
        if f.rule_id not in ("C-RATS", "REPLACEMENTS-HALF-D6", "VICTORY-6-AREAS"):
            continue
        expected = painter.picture(boards[f.where.sort_key], areas=f.areas, units=f.units)
        (img,) = doc.xpath(f'//article[@id="f-{i + 1}"]//img')
        assert decode(img) == (expected.mime, expected.data)


def test_serious_pictures_only_for_illegal_findings(
    planted: Path, module: Path, findings: list[dict[str, object]], tmp_path: Path
) -> None:
    doc = html_report(planted, module, tmp_path / "serious.html", "--pictures", "serious")
    for i, f in enumerate(findings):
        imgs = doc.xpath(f'//article[@id="f-{i + 1}"]//img')
        assert len(imgs) == (1 if f["severity"] in ("illegal", "suspicious") else 0)
    none = html_report(planted, module, tmp_path / "none.html", "--pictures", "none")
    assert none.xpath("//img") == [] and len(none.xpath("//article")) == len(findings)
    assert (tmp_path / "none.html").stat().st_size < 100_000


def test_two_runs_give_the_same_bytes(planted: Path, module: Path, tmp_path: Path) -> None:
    html_report(planted, module, tmp_path / "a.html")
    html_report(planted, module, tmp_path / "b.html")
    assert (tmp_path / "a.html").read_bytes() == (tmp_path / "b.html").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.html", "b.html"]  # no temporary file left


def test_the_page_is_self_contained(report: bytes) -> None:
    """No script, no external resource: every src is a data: URI, every link an anchor on the page."""
    doc = lxml.html.document_fromstring(report)
    assert doc.xpath("//script") == [] and doc.xpath("//link") == []
    assert all(src.startswith("data:image/") for src in doc.xpath("//@src"))
    ids = set(doc.xpath("//@id"))
    hrefs = doc.xpath("//a/@href")
    assert hrefs and all(h.startswith("#") and h[1:] in ids for h in hrefs)
    assert doc.xpath("//meta/@charset") == ["utf-8"]
    # and the browser is told so: nothing fetched, nothing run, whatever a log's text puts in the page
    (csp,) = doc.xpath("//head/meta[@http-equiv='Content-Security-Policy']/@content")
    assert csp == "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"


def test_the_show_command_of_a_finding_draws_that_board(planted: Path, module: Path, tmp_path: Path) -> None:
    """The ``sdbp show`` line printed with a finding runs as it stands and shows the same position."""
    doc = html_report(planted, module, tmp_path / "report.html", "--pictures", "none")
    (el,) = doc.xpath("//article[.//code[@class='rule']='REPLACEMENTS-HALF-D6']")
    words = shlex.split(el.xpath(".//p[@class='cmd']/code")[0].text)
    assert words[:5] == ["sdbp", "show", str(planted), "--at", "planted.vlog#143"] and words[-2:] == ["-o", "board.png"]
    out = tmp_path / "board.png"
    code, _, stderr = invoke(*words[1:-1], str(out))
    assert (code, stderr) == (0, "")
    with Image.open(out) as board:
        assert board.format == "PNG"
    code, text, _ = invoke(*words[1:5], "--format", "text")
    assert code == 0 and "planted.vlog#143" in text and "turn 5" in text.lower()
