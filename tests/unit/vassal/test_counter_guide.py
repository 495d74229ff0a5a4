"""The counter guide (issue 23): real counters of each game with every printed element named, in the
help page and in the player aid, and every unit look the data uses among them."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from sdbp_module.games import player_aid as game_aid
from sdbp_module.games.aid import Picture, Ref, iter_page_inlines
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData, SetupKind, Unit
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import (
    artwork,
    buildfile,
    counter_guide,
    help,
    images,
    layout,
    player_aid,
)

GAMES = ("sodbp", "sos")


@pytest.fixture(scope="module", params=GAMES)
def data(request: pytest.FixtureRequest) -> GameData:
    return load_game(PROJECT_ROOT / "source_data" / request.param)


def printed_elements(game: GameData, unit: Unit, spent: bool) -> set[str]:
    """What one face of ``unit`` prints, read from the counter's layout (``images.unit_face``) and the
    game's looks, not from the guide."""
    look = game.presentation
    face = images.unit_face(look, unit, spent, artwork.setup_label(game, unit))
    roles = {t.role for t in face.texts if t.text}
    out = {counter_guide.SPENT_SIDE if spent else counter_guide.SIDE}
    named = {
        "formation": counter_guide.FORMATION,
        "company": counter_guide.COMPANY,
        "setup-area": counter_guide.SETUP_AREA,
        "spent-defence": counter_guide.SPENT_DEFENCE,
    }
    out |= {named[r] for r in roles if r in named}
    if "values" in roles:
        out |= {counter_guide.FIREPOWER, counter_guide.DEFENCE, counter_guide.MOVEMENT}
    if "arrival-turn" in roles:
        out.add(counter_guide.CARD_ENTRY if unit.setup.kind is SetupKind.CARD else counter_guide.ARRIVAL)
    if not spent:
        out.add(counter_guide.SYMBOL)
        if unit.group and unit.group in look.side(unit.side).groups:
            out.add(counter_guide.GROUP)
    out |= {counter_guide.mark_element(m.mark) for m in look.unit_marks(unit.side) if m.mark in unit.marks}
    return out


def shown_elements(game: GameData) -> set[str]:
    names = counter_guide.words_for(game).names
    return {c.element for e in counter_guide.examples(game) for s in e.faces for c in counter_guide.callouts(game, e.unit, s, names)}


def test_every_unit_look_the_data_uses_is_named_in_the_guide(data: GameData) -> None:
    shown = shown_elements(data)
    for unit in data.units:
        for spent in (False, True):
            missing = printed_elements(data, unit, spent) - shown
            assert not missing, f"{data.game.id}: {unit.id} {'spent' if spent else 'fresh'} prints {missing}, which no guide counter names"


def test_each_side_has_a_fresh_and_a_spent_counter_and_each_way_in_its_own(data: GameData) -> None:
    found = counter_guide.examples(data)
    for side in data.game.sides:
        assert any(e.unit.side is side and e.faces == (False, True) for e in found), side
    for kind in (SetupKind.TURN, SetupKind.CARD):
        assert any(e.unit.setup.kind is kind for e in found) == any(u.setup.kind is kind for u in data.units), kind


def test_the_examples_follow_the_data(data: GameData) -> None:
    """Take the '*' units and the marked units out of the data: their examples go; give a unit a
    mark: its example comes."""
    plain = dataclasses.replace(
        data,
        units=tuple(dataclasses.replace(u, marks=frozenset(), setup=u.setup if u.setup.kind is not SetupKind.CARD else dataclasses.replace(u.setup, kind=SetupKind.OFF_MAP)) for u in data.units),
    )
    keys = {e.key for e in counter_guide.examples(plain)}
    assert not any(k.startswith("mark-") or k == "entry-card" for k in keys)
    mark = data.presentation.marks[0].mark
    first = plain.units[0]
    if data.presentation.marks[0].sides and first.side not in data.presentation.marks[0].sides:
        first = next(u for u in plain.units if u.side in data.presentation.marks[0].sides)
    marked = dataclasses.replace(plain, units=tuple(dataclasses.replace(u, marks=frozenset({mark})) if u is first else u for u in plain.units))
    assert f"mark-{mark}" in {e.key for e in counter_guide.examples(marked)}
    assert counter_guide.mark_element(mark) in shown_elements(marked)


def test_every_element_has_a_row_citing_what_it_means(data: GameData) -> None:
    """Each element a callout names is explained once in a table, and its meaning cites a rule
    section (the game's words) wherever the game gives words."""
    page = counter_guide.guide_page(data)
    words = counter_guide.words_for(data)
    names = {**counter_guide.NAMES, **words.names}
    row_names = set()
    for sec in page.sections:
        for block in sec.blocks:
            if hasattr(block, "rows"):
                for row in block.rows:  # type: ignore[attr-defined]
                    row_names.add("".join(p for inline in row[0] for p in getattr(inline, "parts", (inline,)) if isinstance(p, str)))
                    assert any(isinstance(p, Ref) for p in row[2]), (data.game.id, row[0])
    for element in shown_elements(data):
        if element.startswith("mark:"):
            assert names["mark"] in row_names
        elif element in (counter_guide.FIREPOWER, counter_guide.DEFENCE, counter_guide.MOVEMENT):
            assert "Firepower-defence-movement" in row_names
        else:
            assert names[element] in row_names, element


def test_the_guide_is_in_the_help_page_and_in_the_aid(data: GameData) -> None:
    lay = layout.make_layout(data)
    page = help.help_html(data, buildfile.build_file(data, lay).xml).decode("ascii")
    pictures = counter_guide.guide_images(data)
    assert '<a name="counters">Reading the counters</a>' in page
    shown = set(re.findall(r'<img src="([^"]+)"', page))
    assert shown == set(pictures) == set(counter_guide.picture_names(data))
    aid = game_aid(data)
    tabbed = aid is not None and any(p.slug == "counters" for p in aid.pages)
    assert ("<b>Counters</b> tab of the" in page) == tabbed  # the help names the tab only where there is one
    if aid is not None:  # a game with an aid has the guide as a tab
        files = player_aid.aid_files(data)
        tab = files["help/aid/counters.html"].decode("ascii")
        assert set(re.findall(r'<img src="([^"]+)"', tab)) == set(pictures)
        assert aid.pages[0].slug == "counters"


def test_sodbp_has_the_guide_as_the_aid_s_first_tab() -> None:
    sodbp = load_game(PROJECT_ROOT / "source_data" / "sodbp")
    aid = game_aid(sodbp)
    assert aid is not None and aid.pages[0] == counter_guide.guide_page(sodbp)


def _differing(a: Image.Image, b: Image.Image) -> int:
    """How many pixels of two RGB pictures of one size differ (in any channel)."""
    red, green, blue = ImageChops.difference(a, b).split()
    return sum(ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()[1:])


def test_pictures_are_the_module_s_counters_with_a_dot_on_each_element(data: GameData) -> None:
    """Each picture holds the counter face the module draws, enlarged pixel for pixel, and a callout
    dot within the face for each element."""
    names = counter_guide.words_for(data).names
    for example in counter_guide.examples(data):
        for spent in example.faces:
            picture, corner = counter_guide.render_callouts_at(data, example.unit, spent, names)
            assert images.png_bytes(picture) == counter_guide.guide_image(data, counter_guide.picture_name(example, spent))
            face = Image.open(io.BytesIO(images.render_unit(data.presentation, example.unit, spent, artwork.setup_label(data, example.unit)))).convert("RGB")
            size = face.width * counter_guide.SCALE
            big = face.resize((size, size), Image.Resampling.NEAREST)
            on_picture = picture.crop((corner[0], corner[1], corner[0] + size, corner[1] + size))
            differ = _differing(on_picture, big)
            assert differ < size * size // 25, (data.game.id, example.key, spent, differ)  # only the dots and leader lines
            for c in counter_guide.callouts(data, example.unit, spent, names):
                x, y = c.at
                assert 0 <= x <= layout.COUNTER and 0 <= y <= layout.COUNTER, c
                px = picture.getpixel((corner[0] + x * counter_guide.SCALE, corner[1] + y * counter_guide.SCALE))
                assert px == counter_guide.DOT, (example.key, c.element, px)


def test_guide_pictures_are_in_the_built_module(built: object) -> None:
    entries: dict[str, bytes] = built.entries  # type: ignore[attr-defined]
    game: GameData = built.game  # type: ignore[attr-defined]
    for name in counter_guide.picture_names(game):
        assert entries[f"images/{name}"] == counter_guide.guide_image(game, name)
    for entry, data in entries.items():
        if entry.endswith(".html"):
            for src in re.findall(r'src="([^"]+)"', data.decode("ascii")):
                assert "/" not in src and f"images/{src}" in entries, (entry, src)


def test_picture_alt_text_with_a_digit_is_refused() -> None:
    from sdbp_module.games.aid import Page, PlayerAid, digit_problems, para, section

    page = Page("p", "P", "P", (section("S", para(Picture("x.png", "counter number one", 1, 1))),))
    assert digit_problems(PlayerAid("b", "t", "T", (page,))) == []
    bad = Page("p", "P", "P", (section("S", para(Picture("x.png", "counter 1", 1, 1), Picture("sub/x.png", "ok", 1, 1))),))
    problems = digit_problems(PlayerAid("b", "t", "T", (bad,)))
    assert len(problems) == 2 and "holds a digit" in problems[0] and "images folder" in problems[1]


def test_every_picture_is_a_png_named_for_the_images_folder(data: GameData) -> None:
    page = counter_guide.guide_page(data)
    pictures = [p for p in iter_page_inlines(page) if isinstance(p, Picture)]
    assert {p.name for p in pictures} == set(counter_guide.picture_names(data))
    for p in pictures:
        image = Image.open(io.BytesIO(counter_guide.guide_image(data, p.name)))
        assert (image.width, image.height) == (p.width, p.height)
        assert p.width <= player_aid.PAGE_WIDTH, p.name
    assert Path(counter_guide.PREFIX).name == counter_guide.PREFIX


def test_a_module_missing_a_guide_picture_fails_verification(built: object, tmp_path: Path) -> None:
    from sdbp_module.vassal import package, verify

    entries: dict[str, bytes] = dict(built.entries)  # type: ignore[attr-defined]
    game: GameData = built.game  # type: ignore[attr-defined]
    expected = sorted((str(a.id) for a in game.areas), key=int)
    whole = tmp_path / "whole.vmod"
    whole.write_bytes(package.zip_bytes(entries))
    assert verify.verify_module(whole, expected_areas=expected)[0] == []
    gone = counter_guide.picture_names(game)[0]
    del entries[f"images/{gone}"]
    broken = tmp_path / "broken.vmod"
    broken.write_bytes(package.zip_bytes(entries))
    problems, _ = verify.verify_module(broken, expected_areas=expected)
    assert any(gone in p and "not in the module's images" in p for p in problems), problems


def test_the_side_colour_callout_points_at_the_counter_s_colour(data: GameData) -> None:
    names = counter_guide.words_for(data).names
    for example in counter_guide.examples(data):
        for spent in example.faces:
            face = Image.open(io.BytesIO(images.render_unit(data.presentation, example.unit, spent, artwork.setup_label(data, example.unit)))).convert("RGB")
            body = images.unit_face(data.presentation, example.unit, spent, artwork.setup_label(data, example.unit)).body
            (side,) = [c for c in counter_guide.callouts(data, example.unit, spent, names) if c.element in (counter_guide.SIDE, counter_guide.SPENT_SIDE)]
            assert face.getpixel(side.at) == body, (data.game.id, example.key, spent)
