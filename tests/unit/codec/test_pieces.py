"""Piece layer (format reference §4): trait chains, BasicPiece and Marker fields, AddPiece."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sdbp_module.codec import pieces
from sdbp_module.codec.tree import split_exact

# Reference §3.4: the "1st Corps" PieceSlot text (with its prototype not yet expanded).
CORPS = (
    "+/null/report;70\\,130;$oldPieceName$ flipped to $newPieceName$ in $location$ *;;;;false\t"
    "emb2;;128;A;Flip;128;;;128;;;;1;false;0;0;corps1_fresh.png,corps1_spent.png;+ (Fresh),+ (Spent);true;Status;;;false;;1;1;true;;70,130;;;1.0;;true\\\t"
    "PROP;Strength;true,0,10,false;Reduce Strength:82\\,130:I\\,-1;\\\\\t"
    "prototype;Unit\\\\\\\tmark;Side\\\\\\\\\tpiece;;;;1st Corps/-1\t1\\\t4\\\\\t\\\\\\\tRed\\\\\\\\\tnull;0;0;2;0"
)


def test_reference_slot_splits_into_its_traits() -> None:
    fields = pieces.add_piece_fields(CORPS)
    assert fields is not None
    piece_id, piece_type, state = fields
    assert piece_id == "null"
    types = pieces.split_chain(piece_type)
    assert types is not None
    assert [pieces.trait_id(t) for t in types] == ["report", "emb2", "PROP", "prototype", "mark", "piece"]
    assert types[2] == "PROP;Strength;true,0,10,false;Reduce Strength:82\\,130:I\\,-1;"
    assert pieces.split_chain(state) == ["-1", "1", "4", "", "Red", "null;0;0;2;0"]
    assert pieces.add_piece_text(piece_id, pieces.join_chain(types), state) == CORPS


def test_tab_inside_a_trait_and_quotes() -> None:
    traits = ["a\tb", "'q'", "\\x", "piece;;;;Françoise"]
    assert pieces.split_chain(pieces.join_chain(traits)) == traits


def test_inconsistent_nesting_is_refused() -> None:
    assert pieces.split_chain("a\tb\tc") is None  # level 1 needs one backslash before its TAB


def test_basic_state_with_and_without_property_count() -> None:
    state = pieces.basic_state("Main Map;150;120;2;1;UniqueID;1700000000101")
    assert state == pieces.BasicState("Main Map", "150", "120", "2", (("UniqueID", "1700000000101"),))
    old = pieces.basic_state("null;0;0;7")
    assert old == pieces.BasicState(None, "0", "0", "7", (), has_count=False)
    assert old is not None and pieces.basic_state_text(old) == "null;0;0;7"
    assert pieces.basic_state("Main Map;1;2;3;x") is None


def test_marker_fields() -> None:
    assert pieces.marker("mark;Ops,SR", "4,4") == [("Ops", "4"), ("SR", "4")]
    assert pieces.marker_strings([("firepower", "2"), ("formation", "I/2 REI")]) == ("mark;firepower,formation", "2,I/2 REI")
    assert pieces.marker("mark;a,b", "1") is None


def test_basic_type() -> None:
    assert pieces.basic_type("piece;;;img.png;Éliane") == ("", "", "img.png", "Éliane")
    assert pieces.basic_type("mark;x") is None


def test_prototypes_expand_recursively_without_their_basic_piece_and_refuse_a_loop() -> None:
    protos = {
        "Unit": ["report;x", "prototype;Side", "piece;;;;"],
        "Side": ["mark;side", "piece;;;;"],
        "Loop": ["prototype;Loop", "piece;;;;"],
    }
    assert pieces.expand_prototypes(["emb2;a", "prototype;Unit", "piece;;;a.png;A"], protos, str) == [
        "emb2;a",
        "report;x",
        "mark;side",
        "piece;;;a.png;A",
    ]
    # items may carry their state; type_of reads the type
    pairs = {"Side": [("mark;side", "French"), ("piece;;;;", "")]}
    assert pieces.expand_prototypes([("prototype;Side", ""), ("piece;;;;", "s")], pairs, lambda t: t[0]) == [("mark;side", "French"), ("piece;;;;", "s")]
    with pytest.raises(ValueError, match="^prototype 'Loop': used by itself$"):
        pieces.expand_prototypes(["prototype;Loop"], protos, str)
    with pytest.raises(ValueError, match="^prototype 'Nope': not defined$"):
        pieces.expand_prototypes(["prototype;Nope"], protos, str)


@given(st.text(alphabet="ab,\\'\t;é", max_size=10))
def test_marker_values_are_those_that_write_back(state: str) -> None:
    values = split_exact(state, ",")
    expected = values if values is not None and pieces.marker_state(values) == state else None
    assert pieces.marker_values(state) == expected
