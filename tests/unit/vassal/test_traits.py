"""Piece strings follow the SequenceEncoder rules (format reference §1, §4) and round-trip."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sdbp_module.model.game_data import GameData
from sdbp_module.vassal import pieces
from sdbp_module.vassal.traits import (
    Piece,
    PropCommand,
    basic_piece,
    dynamic_property,
    layer,
    marker,
    report,
    unnest,
)
from sdbp_module.vassal.verify import piece_traits, properties_of


def test_layer_matches_the_reference_example_field_for_field() -> None:
    """Format reference §4.6 gives this exact emb2 string for a two-level Layer on Ctrl+F."""
    trait = layer("Status", ["fresh.png", "spent.png"], ["+ (Fresh)", "+ (Spent)"], up_command="Flip", up_key="70,130", loop=True)
    assert trait.type == (
        "emb2;;128;A;Flip;128;;;128;;;;1;false;0;0;fresh.png,spent.png;+ (Fresh),+ (Spent);true;Status;;;false;;1;1;"
        "true;;70,130;;;1.0;;true"
    )
    assert trait.state == "1"


def test_dynamic_property_matches_the_reference_example() -> None:
    trait = dynamic_property("Strength", "4", [PropCommand("Reduce Strength", "82,130", ("I", "-1"))], numeric=True, maximum=10)
    assert trait.type == "PROP;Strength;true,0,10,false;Reduce Strength:82\\,130:I\\,-1;"


def test_nesting_puts_k_backslashes_before_the_kth_tab() -> None:
    """§4.1: the k-th TAB separator (from 0) is preceded by k backslashes."""
    piece = Piece((report(["70,130"], "x", no_suppress=False), marker([("Side", "Red")]), basic_piece("1st Corps")))
    assert piece.type == "report;70\\,130;x;;;;false\tmark;Side\\\tpiece;;;;1st Corps"
    assert piece.state == "-1\tRed\\\tnull;0;0;;0"
    assert piece.add_piece() == "+/null/" + piece.type + "/" + piece.state


@pytest.mark.parametrize("formation", ["I/2 REI", "a;b", "c,d", "Éliane 2", "x\\y", "'quoted'", "slash/semi;comma,"])
def test_unit_identity_survives_escaping(game: GameData, formation: str) -> None:
    unit = dataclasses.replace(game.units[0], formation=formation)
    text = pieces.unit_piece(game.presentation, unit, 7).add_piece()
    types, states = piece_traits(text)
    assert len(types) == len(states) == 4
    props = properties_of(types, states)
    assert props["formation"] == formation
    assert props["sdbp_id"] == unit.id
    assert types[-1] == "piece;;;;" + unit.name.replace(";", "\\;")


@given(st.lists(st.text(alphabet=st.characters(blacklist_characters="\t\\", blacklist_categories=("Cs",)), max_size=12), min_size=1, max_size=5))
def test_any_marker_values_round_trip(values: list[str]) -> None:
    props = [(f"p{i}", v) for i, v in enumerate(values)]
    piece = Piece((marker(props), basic_piece("x")))
    types, states = piece_traits(piece.add_piece())
    assert properties_of(types, states) == dict(props)


def test_unnest_inverts_nesting() -> None:
    piece = Piece((report(["1,2"], "a;b"), marker([("k", "v/w")]), basic_piece("n")))
    assert unnest(piece.type) == [t.type for t in piece.traits]
    assert unnest(piece.state) == [t.state for t in piece.traits]
