"""``sdbp validate``: exit codes, stdout/stderr split, one ``file:line:col`` line per problem."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.paths import PROJECT_ROOT
from tests import yaml_io

BUNDLED = PROJECT_ROOT / "source_data" / "sodbp"
MINI = PROJECT_ROOT / "tests" / "unit" / "data" / "fixtures" / "mini"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["validate", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _line_col(text: str, needle: str) -> tuple[int, int]:
    offset = text.index(needle)
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


def test_the_bundled_data_validates() -> None:
    code, out, err = run(str(BUNDLED))
    assert (code, err) == (0, "")
    assert out.startswith("OK: Storm Over Dien Bien Phu: ")


def test_planted_errors_in_the_bundled_data_give_one_line_each(work: Path) -> None:
    data = work / "sodbp"
    shutil.copytree(BUNDLED, data)

    # 1. a wrong type: the first printed area defence becomes a word
    areas_path = data / "areas.yaml"
    text = areas_path.read_text(encoding="utf-8")
    match = re.search(r"defense: \d", text)
    assert match is not None
    text = text[: match.start()] + "defense: high" + text[match.end() :]
    areas_path.write_text(text, encoding="utf-8")
    type_line, type_col = _line_col(text, "defense: high")
    k = next(i for i, a in enumerate(yaml_io.load(text)["areas"]) if a["defense"] == "high")

    # 2. a dangling area id: the first unit set up in an area is moved to area 999
    counters_path = data / "counters.yaml"
    text = counters_path.read_text(encoding="utf-8")
    match = re.search(r"setup: \d+", text)
    assert match is not None
    text = text[: match.start()] + "setup: 999" + text[match.end() :]
    counters_path.write_text(text, encoding="utf-8")
    unit_line, unit_col = _line_col(text, "setup: 999")
    u = next(i for i, x in enumerate(yaml_io.load(text)["units"]) if x["setup"] == 999)

    # 3. an adjacency given a second time, in the other order
    borders_path = data / "borders.yaml"
    text = borders_path.read_text(encoding="utf-8")
    borders = yaml_io.load(text)["borders"]
    a, b = borders[-1]["areas"]
    text = text.rstrip("\n") + f'\n  - {{areas: [{b}, {a}], source: "reconstructed: planted"}}\n'
    borders_path.write_text(text, encoding="utf-8")
    dup_line = text.count("\n")
    first_line, _ = _line_col(text, f"[{a}, {b}]")

    code, out, err = run("sodbp")
    assert code == 1
    assert "Traceback" not in out + err
    assert out.splitlines() == [
        (
            f"sodbp/areas.yaml:{type_line}:{type_col + 9}: areas[{k}].defense: 'high' is not of type 'integer' "
            "(expected an integer 0..3)"
        ),
        (
            f"sodbp/borders.yaml:{dup_line}:13: borders[{len(borders)}].areas: adjacency {b}-{a} repeats {a}-{b} "
            f"in the other order (expected each pair once, in either order; first at line {first_line})"
        ),
        (
            f"sodbp/counters.yaml:{unit_line}:{unit_col + 7}: units[{u}].setup: 999 is not a defined area "
            "(expected an area number from areas.yaml or turn 1..8)"
        ),
    ]
    assert err == "Aborted: 3 problems in 3 files\n"


def test_valid_data_prints_ok_and_exits_0(work: Path) -> None:
    shutil.copytree(MINI, work / "mini")
    code, out, err = run("mini")
    assert (code, err) == (0, "")
    assert out == "OK: Mini Game: 4 areas, 4 borders, 6 units, 2 marker kinds, 5 cards, 3 turns\n"


def test_summary_counts_kinds_and_sources(work: Path) -> None:
    shutil.copytree(MINI, work / "mini")
    code, out, _ = run("mini", "--summary")
    assert code == 0
    assert out.splitlines()[1:] == [
        "areas: 4 (1 victory, 1 red, 1 blue, 1 green)",
        "borders: 4 (2 river, 1 bridged)",
        "units: 3 french, 3 viet_minh (1 thai, 1 elite, 1 replacement)",
        "marker kinds: 2 (11 counters)",
        "cards: 2 french, 2 viet_minh, 1 special",
        "turns: 3",
        "scenario: Campaign (2 marker placements at start)",
        "sources in game.yaml: 14 rule-cited, 1 reconstructed",
        "sources in areas.yaml: 2 rule-cited, 3 reconstructed",
        "sources in borders.yaml: 1 rule-cited, 3 reconstructed",
        "sources in counters.yaml: 2 rule-cited, 4 reconstructed",
        "sources in markers.yaml: 2 rule-cited, 0 reconstructed",
        "sources in cards.yaml: 5 rule-cited, 0 reconstructed",
        "sources in turn_track.yaml: 1 rule-cited, 2 reconstructed",
        "sources in scenario.yaml: 1 rule-cited, 0 reconstructed",
        "sources in total: 28 rule-cited, 13 reconstructed (of 41)",
    ]


def test_problems_go_to_stdout_and_the_count_to_stderr(work: Path) -> None:
    shutil.copytree(MINI, work / "mini")
    path = work / "mini" / "borders.yaml"
    path.write_text(path.read_text().replace("{areas: [1, 3],", "{areas: [3, 3],"))
    code, out, err = run("mini")
    assert code == 1
    assert (
        out
        == "mini/borders.yaml:3:13: borders[1].areas: area 3 borders itself (expected two different areas)\n"
    )
    assert err == "Aborted: 1 problem in 1 file\n"


def test_unreadable_yaml_exits_2_naming_file_and_position(work: Path) -> None:
    shutil.copytree(MINI, work / "mini")
    (work / "mini" / "markers.yaml").write_text("markers:\n  - {id: control, name: [Control\n")
    code, out, err = run("mini")
    assert code == 2
    assert out == ""
    assert (
        err == "Error: mini/markers.yaml:3:1: cannot be read: expected ',' or ']', but got '<stream end>'\n"
    )


def test_a_missing_file_exits_2(work: Path) -> None:
    shutil.copytree(MINI, work / "mini")
    (work / "mini" / "scenario.yaml").unlink()
    code, out, err = run("mini")
    assert (code, out) == (2, "")
    assert err == "Error: mini/scenario.yaml: cannot be read: no such file\n"


def test_a_missing_folder_exits_2(work: Path) -> None:
    code, out, err = run("nowhere")
    assert (code, out) == (2, "")
    assert err == "Error: nowhere: cannot be read: no such folder\n"
    (work / "notes.txt").write_text("not game data\n", encoding="utf-8")
    assert run("notes.txt") == (2, "", "Error: notes.txt: cannot be read: a file, not a folder\n")


@pytest.mark.parametrize(
    ("markers", "message"),
    [
        (
            "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
            + "".join(f"{n}: &{n} [{', '.join(['*' + p] * 9)}]\n" for p, n in zip("abcdefg", "bcdefgh")),
            "mini/markers.yaml:4:4: cannot be read: aliases repeat the list or mapping anchored here into more than 10000 values (an alias bomb?)",
        ),
        ("markers: " + "[" * 100_000 + "\n", "mini/markers.yaml:1:73: cannot be read: lists and mappings nested more than 64 deep"),
        ("".join(" " * i + "- \n" for i in range(1000)), "mini/markers.yaml:65:65: cannot be read: lists and mappings nested more than 64 deep"),
        ("\tmarkers: []\n", "mini/markers.yaml:1:1: cannot be read: found character '\\t' that cannot start any token"),
        ("markers: [\x00]\n", "mini/markers.yaml:1:11: cannot be read: unacceptable character #x0000: special characters are not allowed"),
    ],
)
def test_hostile_yaml_exits_2_fast_naming_file_and_position(work: Path, markers: str, message: str) -> None:
    """An alias bomb ("billion laughs") and deep nesting are refused before they use up memory or the stack."""
    shutil.copytree(MINI, work / "mini")
    (work / "mini" / "markers.yaml").write_text(markers, encoding="utf-8")
    code, out, err = run("mini")
    assert (code, out, err) == (2, "", f"Error: {message}\n")


def test_text_a_module_cannot_hold_is_a_problem_not_a_crash(work: Path) -> None:
    """A double-quoted escape can put a control character in a name: validate says so (the build would fail)."""
    shutil.copytree(BUNDLED, work / "sodbp")
    game = work / "sodbp" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('title: "Storm Over Dien Bien Phu"', 'title: "Storm\\x00\\ud800"'), encoding="utf-8")
    line, col = _line_col(text, '"Storm Over Dien Bien Phu"')
    code, out, err = run("sodbp")
    assert (code, err) == (1, "Aborted: 1 problem in 1 file\n")
    assert out == (
        f"sodbp/game.yaml:{line}:{col}: title: the text holds the control character U+0000 (expected text a module "
        "can hold: no control characters but tab and line break, no lone surrogates, no U+FFFE or U+FFFF)\n"
    )
