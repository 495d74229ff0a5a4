"""The set-up save round-trips through the SequenceEncoder rules, tricky names included."""

from __future__ import annotations

import dataclasses

from sdbp_module.codec.sequence import decode, encode
from sdbp_module.model.game_data import GameData
from sdbp_module.vassal import layout, setup
from sdbp_module.vassal.traits import _nest, unnest
from sdbp_module.vassal.verify import properties_of

ESC = "\x1b"
TRICKY = ["I/2 REI", "Éliane 2; east", "a,b\\c", "'Isabelle'", "x/y;z,w"]


def tricky_game(game: GameData) -> GameData:
    units = list(game.units)
    for i, name in enumerate(TRICKY):
        units[i] = dataclasses.replace(units[i], formation=name, company=name[::-1])
    cards = list(game.cards)
    cards[0] = dataclasses.replace(cards[0], name="Débouchez/Mines; 1,2")
    return dataclasses.replace(game, units=tuple(units), cards=tuple(cards))


def commands(text: str) -> list[str]:
    top = decode(text, ESC)
    return decode(top[2], ESC)[1:]


def test_every_saved_piece_re_encodes_identically(game: GameData) -> None:
    tricky = tricky_game(game)
    save = setup.build_setup(tricky, layout.make_layout(tricky))
    assert encode(decode(save.text, ESC), ESC) == save.text
    for command in commands(save.text):
        pid, type_, state = decode(command[2:], "/")
        assert "+/" + (encode([pid, type_, state], "/") or "") == command
        if type_ != "stack" and not type_.startswith("deck;"):
            assert _nest(unnest(type_)) == type_ and _nest(unnest(state)) == state


def test_tricky_names_survive_the_save(game: GameData) -> None:
    tricky = tricky_game(game)
    save = setup.build_setup(tricky, layout.make_layout(tricky))
    found: dict[str, dict[str, str]] = {}
    for command in commands(save.text):
        _, type_, state = decode(command[2:], "/")
        if type_ == "stack" or type_.startswith("deck;"):
            continue
        props = properties_of(unnest(type_), unnest(state))
        found[props["sdbp_id"]] = props
    for unit, name in zip(tricky.units, TRICKY):
        assert found[unit.id]["formation"] == name
        assert found[unit.id]["company"] == name[::-1]
    assert found[tricky.cards[0].id]["card_name"] == "Débouchez/Mines; 1,2"


def test_placements_cover_every_unit_once(game: GameData) -> None:
    save = setup.build_setup(game, layout.make_layout(game))
    ids = [p.sdbp_id for p in save.placed]
    assert sorted(i for i in ids if i not in {m.id for m in game.markers}) == sorted(u.id for u in game.units)
    assert len(set(p.piece_id for p in save.placed)) == len(save.placed)


def test_every_piece_is_in_the_save_once(game: GameData) -> None:
    """Units, the scenario's markers and every card: one AddPiece each (254 for the campaign)."""
    save = setup.build_setup(game, layout.make_layout(game))
    added = [c for c in commands(save.text) if not decode(c[2:], "/")[1].startswith(("stack", "deck;"))]
    assert len(added) == len(game.units) + len(game.scenario.markers) + len(game.cards) == 254
    assert len({decode(c[2:], "/")[0] for c in added}) == len(added)
    assert sorted(i for ids in save.decks.values() for i in ids) == sorted(c.id for c in game.cards)
