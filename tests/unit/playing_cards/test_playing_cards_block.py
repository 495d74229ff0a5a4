"""The ``playing_cards:`` block of ``game.yaml`` (``schemas/playing_cards.schema.json``,
``model.playing_cards.read_playing_cards``): a declared deck reads to its spec, defaults filled in;
a wrong block is a positioned problem, one ``InputError`` line from ``load_playing_cards``."""

from __future__ import annotations

import json

import pytest

from sdbp_module.data.sources import parse_yaml
from sdbp_module.data.validate import load_schema
from sdbp_module.errors import InputError
from sdbp_module.model.playing_cards import (
    Activation,
    Colour,
    FaceActivation,
    FaceInCombat,
    IgnoredJoker,
    JokerGrace,
    PlayingCardsSpec,
    activation_table,
    load_playing_cards,
    read_playing_cards,
)
from sdbp_module.paths import PROJECT_ROOT

GAME = """\
id: somegame
sides: [blue, green]
playing_cards:
  jokers: 1
  values: {A: 1, J: null, Q: null, K: null}
  colours: {black: blue, red: green}
  activation: {divide_by: 2, round: up, face: group}
  combat: {hit: at_most, face: redraw_or_miss}
  joker: {ends_turn: true, grace: every_side, ignored: set_aside}
  reshuffle: turn_start
  piles: {draw: Card deck, discard: Card discard}
  source: "rules: the deck"
"""


def read(text: str, sides: tuple[str, ...] = ("blue", "green")) -> tuple[PlayingCardsSpec | None, list[str]]:
    spec, problems = read_playing_cards(parse_yaml(text, "game.yaml"), sides)
    return spec, [p.render() for p in problems]


def test_a_declared_deck_reads_to_its_spec() -> None:
    spec, problems = read(GAME)
    assert problems == [] and spec is not None
    assert spec.colours == ((Colour.BLACK, "blue"), (Colour.RED, "green"))
    assert (spec.jokers, spec.ace, spec.faces) == (1, 1, (("J", None), ("Q", None), ("K", None)))
    assert (spec.face_activation, spec.face_in_combat, spec.joker_grace, spec.ignored_joker) == (
        FaceActivation.GROUP, FaceInCombat.REDRAW_OR_MISS, JokerGrace.EVERY_SIDE, IgnoredJoker.SET_ASIDE,
    )  # fmt: skip
    assert (spec.draw_pile, spec.discard_pile, spec.source) == ("Card deck", "Card discard", "rules: the deck")
    assert activation_table(spec)["9"] == Activation(5)


def test_only_the_colours_are_required_and_the_rest_defaults() -> None:
    spec, problems = read("playing_cards:\n  colours: {black: blue, red: green}\n")
    assert problems == []
    assert spec == PlayingCardsSpec(colours=((Colour.BLACK, "blue"), (Colour.RED, "green")))


def test_no_block_no_deck() -> None:
    assert read("id: x\n") == (None, [])
    assert load_playing_cards(parse_yaml("id: x\n", "game.yaml")) is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("jokers: 1", "jokers: -1"), "game.yaml:4:11: playing_cards.jokers: -1 is out of range (expected an integer 0..4)"),
        (("round: up", "round: half"), "game.yaml:7:37: playing_cards.activation.round: 'half' is not allowed (expected one of 'up', 'down')"),
        (("face: group", "face: pair"), "game.yaml:7:47: playing_cards.activation.face: 'pair' is not allowed here (expected one of 'unit', 'group' or an integer 1..20)"),
        (("hit: at_most", "hit: below"), "game.yaml:8:17: playing_cards.combat.hit: 'below' is not allowed (expected one of 'at_most', 'at_least')"),
        (("  reshuffle: turn_start\n", "  reshuffle: never\n"), "game.yaml:10:14: playing_cards.reshuffle: 'never' is not allowed (expected one of 'turn_start')"),
        (("  source:", "  jokes: 2\n  source:"), "game.yaml:12:3: playing_cards.jokes: unknown key 'jokes' (expected one of activation, colours, combat, joker, jokers, piles, reshuffle, source, values)"),
        (("red: green", "red: purple"), "game.yaml:6:31: playing_cards.colours.red: 'purple' is not a side of the game (expected one of blue, green)"),
        (("discard: Card discard", "discard: Card deck"), "game.yaml:11:37: playing_cards.piles.discard: the discard pile has the draw pile's name 'Card deck' (expected two names)"),
        (("face: redraw_or_miss", "face: value"), "game.yaml:8:32: playing_cards.combat.face: face cards count their value but values J, Q, K are not all given (expected values for J, Q and K)"),
    ],
)
def test_a_wrong_block_is_a_positioned_problem(change: tuple[str, str], message: str) -> None:
    text = GAME.replace(*change)
    assert text != GAME
    spec, problems = read(text)
    assert spec is None
    assert problems[0] == message, problems
    with pytest.raises(InputError) as err:
        load_playing_cards(parse_yaml(text, "game.yaml"), ("blue", "green"))
    assert err.value.format_message() == problems[0]
    assert "\n" not in err.value.format_message()


def test_a_missing_colour_map_is_a_problem() -> None:
    _, problems = read("playing_cards:\n  jokers: 1\n")
    assert problems == ["game.yaml:2:3: playing_cards: missing key 'colours' (expected keys colours)"]


def test_the_schema_fragment_closes_every_mapping_and_ships_with_the_package() -> None:
    text = (PROJECT_ROOT / "sdbp_module" / "schemas" / "playing_cards.schema.json").read_text(encoding="utf-8")
    assert json.loads(text) == load_schema("playing_cards")

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            if node.get("type") == "object":
                assert node.get("additionalProperties") is False, where
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}/{i}")

    walk(load_schema("playing_cards"), "playing_cards")
