"""Drawing, the hand and the piles (``rules/hand.py``; rules 5.1–5.4; catalogue §3.3).

Worked examples: §4.10 CA-1 … CA-5 and the CARD-DISCARD-NOT-REMOVED part of §4.11 SQ-6. The
bundled game (``_hand_fixtures``): bonus sets white 6 9 14, grey 16 20 21; allowances (French/VM)
turn 1 4/5, turn 2 4/4, turn 3 4/5, turn 5 4/4.
"""

from __future__ import annotations

from types import MappingProxyType

from sdbp_module.ids import AreaId, CardId, Phase
from sdbp_module.replay.events import (
    CardDiscard,
    CardDraw,
    CardPlay,
    CardRemove,
    DiscardReason,
    EndStep,
    Event,
    GameStart,
    PhaseStart,
    Pile,
    PileContents,
    Reshuffle,
)
from sdbp_module.replay.state import GameState
from tests.rules._hand_fixtures import (
    FR,
    VM,
    cards,
    control,
    ids,
    position,
    run,
    verdicts,
)

ILLEGAL, SUSPICIOUS, CANNOT = "illegal", "suspicious", "cannot-check"
KATYUSHA = CardId("VM-09")  # removed from the game after play
BIGEARD = CardId("FR-01")  # removed from the game after play
ART_105 = CardId("VM-16")
ARTILLERY = CardId("FR-22")

EXCESS = DiscardReason.EXCESS
END_PHASE = DiscardReason.END_PHASE


def draw_phase(turn: int, *events: Event) -> list[Event]:
    return [PhaseStart(turn=turn, phase=Phase.DRAW), *events, PhaseStart(turn=turn, phase=Phase.ACTION)]


def _turn2(vm_hand: str = cards("VM", 1, 2), fr_hand: str = "", *, extra: str = "") -> str:
    """Turn 2 before the draw: VM target 4 (no bonus), French target 6 (both sets French)."""
    return f"""
turn 1 end
{control(white=FR, grey=FR)}
hand viet_minh: {vm_hand}
deck viet_minh: {cards("VM", 10, 11, 12, 13, 14, 15, 16, 17)}
hand french: {fr_hand}
deck french: {cards("FR", 10, 11, 12, 13, 14, 15, 16, 17)}
{extra}
"""


# -- HAND-SIZE ---------------------------------------------------------------------------------------


def test_hand_size_drawn_to_target_passes() -> None:
    report = run(
        position(_turn2()),
        *draw_phase(2, CardDraw(side=VM, cards=ids("VM", 10, 11)), CardDraw(side=FR, cards=ids("FR", 10, 11, 12, 13, 14, 15))),
    )
    assert verdicts(report) == []


def test_hand_size_short_of_the_track_is_illegal() -> None:
    report = run(
        position(_turn2()),
        *draw_phase(2, CardDraw(side=VM, cards=ids("VM", 10)), CardDraw(side=FR, cards=ids("FR", 10, 11, 12, 13, 14, 15))),
    )
    assert verdicts(report) == [("HAND-SIZE", ILLEGAL, 2)]


def test_hand_size_exhausted_deck_and_discards_pass_with_everything_drawn() -> None:
    text = _turn2(vm_hand=cards("VM", 1)).replace(f"deck viet_minh: {cards('VM', 10, 11, 12, 13, 14, 15, 16, 17)}", "deck viet_minh: VM-10")
    report = run(
        position(text),
        *draw_phase(2, CardDraw(side=VM, cards=ids("VM", 10)), CardDraw(side=FR, cards=ids("FR", 10, 11, 12, 13, 14, 15))),
    )
    assert verdicts(report) == []


def test_hand_size_excess_discarded_exactly_passes() -> None:
    report = run(
        position(_turn2(vm_hand=cards("VM", 1, 2, 3, 4, 5, 6), fr_hand=cards("FR", 1, 2, 3, 4, 5, 6))),
        *draw_phase(2, CardDiscard(side=VM, cards=ids("VM", 5, 6), reason=EXCESS)),
    )
    assert verdicts(report) == []


def test_hand_size_too_few_excess_discards_is_illegal() -> None:
    report = run(
        position(_turn2(vm_hand=cards("VM", 1, 2, 3, 4, 5, 6), fr_hand=cards("FR", 1, 2, 3, 4, 5, 6))),
        *draw_phase(2, CardDiscard(side=VM, cards=ids("VM", 6), reason=EXCESS)),
    )
    assert verdicts(report) == [("HAND-SIZE", ILLEGAL, 2)]


def _amb03() -> str:
    """Turn 5: French track 4 + grey bonus 1 = 5; the French hold 6."""
    return f"""
turn 4 end
{control(white=VM, grey=FR)}
hand viet_minh: {cards("VM", 1, 2, 3, 4)}
hand french: {cards("FR", 1, 2, 3, 4, 5, 6)}
deck french: {cards("FR", 10, 11)}
"""


def _amb03_other_reading() -> list[Event]:
    """Discard down to the track (4), then draw the bonus card: the non-REC reading of AMB-03."""
    return draw_phase(5, CardDiscard(side=FR, cards=ids("FR", 5, 6), reason=EXCESS), CardDraw(side=FR, cards=ids("FR", 10)))


def test_hand_size_amb03_rec_discard_to_track_plus_bonus_passes() -> None:
    report = run(position(_amb03()), *draw_phase(5, CardDiscard(side=FR, cards=ids("FR", 6), reason=EXCESS)))
    assert verdicts(report) == []


def test_hand_size_amb03_discard_to_track_is_suspicious_by_default() -> None:
    assert verdicts(run(position(_amb03()), *_amb03_other_reading())) == [("HAND-SIZE", SUSPICIOUS, 3)]
    strict = run(position(_amb03()), *_amb03_other_reading(), options=("strict_mode=true",))
    assert verdicts(strict) == [("HAND-SIZE", ILLEGAL, 3)]


def test_hand_size_amb03_switch_false_measures_against_the_track() -> None:
    assert verdicts(run(position(_amb03()), *_amb03_other_reading(), options=("hand_target_includes_bonus=false",))) == []


def test_hand_size_piles_not_listed_is_one_cannot_check_per_log() -> None:
    start = position(f"turn 2 end\n{control(white=FR, grey=FR)}")
    report = run(start, *draw_phase(3, CardDraw(side=VM, cards=ids("VM", 10))), *draw_phase(4, CardDraw(side=VM, cards=ids("VM", 11))))
    assert verdicts(report) == [
        ("CARD-BONUS-SETS", CANNOT, 0),
        ("CARD-OWN-DECK", CANNOT, 0),
        ("CARD-RESHUFFLE", CANNOT, 0),
        ("HAND-SIZE", CANNOT, 0),
    ]


# -- CARD-TURN1-FRENCH-6, CARD-BONUS-SETS -----------------------------------------------------------


def _turn1(fr_cards: int) -> list[Event]:
    return draw_phase(1, CardDraw(side=VM, cards=ids("VM", 1, 2, 3, 4, 5)), CardDraw(side=FR, cards=ids("FR", *range(1, fr_cards + 1))))


def _before_turn1() -> GameState:
    decks = f"deck viet_minh: {cards('VM', *range(1, 28))}\ndeck french: {cards('FR', *range(1, 28))}"
    return position(f"turn 0\n{control(white=FR, grey=FR)}\n{decks}")


def test_CA_1_french_hand_of_six_after_the_turn_1_draw_passes() -> None:
    assert verdicts(run(_before_turn1(), *_turn1(6))) == []


def test_CA_1_french_hand_of_five_or_seven_is_illegal() -> None:
    start = _before_turn1()
    assert verdicts(run(start, *_turn1(5))) == [("CARD-TURN1-FRENCH-6", ILLEGAL, 3)]
    assert verdicts(run(start, *_turn1(7))) == [("CARD-TURN1-FRENCH-6", ILLEGAL, 3)]


def _ca2() -> str:
    """Turn 3: the VM holds 16 20 21 but not 6 (VM 5 + 1 = 6); the French hold 9 14 only (4 + 0)."""
    return f"""
turn 2 end
{control(grey=VM)}
6: | ctrl viet_minh
9: | ctrl french
14: | ctrl french
hand viet_minh: {cards("VM", 1, 2)}
deck viet_minh: {cards("VM", 10, 11, 12, 13, 14, 15)}
hand french: {cards("FR", 1, 2)}
deck french: {cards("FR", 10, 11, 12, 13, 14, 15)}
"""


def test_CA_2_vm_grey_set_bonus_and_no_french_bonus_pass() -> None:
    report = run(
        position(_ca2()),
        *draw_phase(3, CardDraw(side=VM, cards=ids("VM", 10, 11, 12, 13)), CardDraw(side=FR, cards=ids("FR", 10, 11))),
    )
    assert verdicts(report) == []


def test_CA_2_french_drawing_past_their_size_with_no_bonus_claimed_is_hand_size() -> None:
    """CA-2 with the French drawing one card too many (5 for track 4 + bonus 0) where nothing claims a bonus
    (the log shows no control markers): HAND-SIZE, not CARD-BONUS-SETS; the VM drawing its track (5) but
    not the grey-set bonus it earned: CARD-BONUS-SETS. One finding each, each under its own id."""
    report = run(
        position(_ca2()),
        *draw_phase(3, CardDraw(side=VM, cards=ids("VM", 10, 11, 12)), CardDraw(side=FR, cards=ids("FR", 10, 11, 12))),
    )
    assert verdicts(report) == [("CARD-BONUS-SETS", ILLEGAL, 2), ("HAND-SIZE", ILLEGAL, 3)]
    french = [f for f in report.findings if f.side is FR][0]
    assert (french.expected, french.actual) == (4, 5)
    vm = [f for f in report.findings if f.side is VM][0]
    assert "grey set 16 20 21 all Viet Minh" in vm.message and (vm.expected, vm.actual) == (1, 0)


def _stale_grey_markers(state: GameState) -> GameState:
    """The board still shows French control markers on the grey set the VM has taken (6 VM, 9 14 French)."""
    markers = {6: VM, 9: FR, 14: FR, 16: FR, 20: FR, 21: FR}
    return state.evolve(control_markers=MappingProxyType({AreaId(a): s for a, s in markers.items()}))


def test_CA_2_french_drawing_the_bonus_stale_markers_claim_is_card_bonus_sets() -> None:
    """CA-2 where the control markers on the board still show the grey set French (what the module's Draw
    button counts): the French draw track 4 + 1 → CARD-BONUS-SETS alone (the bonus is claimed, control at
    the draw does not give it); drawing 4 passes."""
    start = _stale_grey_markers(position(_ca2()))
    vm_draw = CardDraw(side=VM, cards=ids("VM", 10, 11, 12, 13))
    report = run(start, *draw_phase(3, vm_draw, CardDraw(side=FR, cards=ids("FR", 10, 11, 12))))
    assert verdicts(report) == [("CARD-BONUS-SETS", ILLEGAL, 3)]
    f = report.findings[0]
    assert "the control markers on the board show 1" in f.message and (f.expected, f.actual) == (0, 1)
    assert verdicts(run(start, *draw_phase(3, vm_draw, CardDraw(side=FR, cards=ids("FR", 10, 11))))) == []


def test_two_past_the_size_where_the_markers_claim_one_is_hand_size() -> None:
    """The markers claim one bonus card, the French hold two beyond the track: not the claimed bonus →
    HAND-SIZE."""
    start = _stale_grey_markers(position(_ca2()))
    events = draw_phase(
        3, CardDraw(side=VM, cards=ids("VM", 10, 11, 12, 13)), CardDraw(side=FR, cards=ids("FR", 10, 11, 12, 13))
    )
    assert verdicts(run(start, *events)) == [("HAND-SIZE", ILLEGAL, 3)]


def test_turn_1_draws_are_judged_without_listed_piles_but_an_unlogged_draw_is_not() -> None:
    start = position(f"turn 0\n{control(white=FR, grey=FR)}")  # hands empty before the first draw
    notes = [("CARD-BONUS-SETS", CANNOT, 0), ("CARD-OWN-DECK", CANNOT, 0), ("CARD-RESHUFFLE", CANNOT, 0), ("HAND-SIZE", CANNOT, 0)]
    assert verdicts(run(start, *_turn1(7))) == [("CARD-TURN1-FRENCH-6", ILLEGAL, 3), *notes]
    no_french_draw = draw_phase(1, CardDraw(side=VM, cards=ids("VM", 1, 2, 3, 4, 5)))
    assert verdicts(run(start, *no_french_draw)) == [("CARD-TURN1-FRENCH-6", CANNOT, 1), *notes]


# -- CARD-RESHUFFLE ----------------------------------------------------------------------------------


def _ca3(deck: str = cards("FR", 4, 5)) -> str:
    """Turn 2, French target 6: hand 3, deck 2 (by default), 5 discards."""
    return f"""
turn 1 end
{control(white=FR, grey=FR)}
hand viet_minh: {cards("VM", 1, 2, 3, 4)}
hand french: {cards("FR", 1, 2, 3)}
deck french: {deck}
discard french: {cards("FR", 6, 7, 8, 9, 10)}
"""


def test_CA_3_deck_merged_with_discards_then_drawn_passes() -> None:
    report = run(position(_ca3()), *draw_phase(2, Reshuffle(side=FR), CardDraw(side=FR, cards=ids("FR", 4, 6, 7))))
    assert verdicts(report) == []


def test_CA_3_deck_drawn_before_reshuffling_only_the_discards_is_suspicious() -> None:
    report = run(
        position(_ca3()),
        *draw_phase(2, CardDraw(side=FR, cards=ids("FR", 4, 5)), Reshuffle(side=FR), CardDraw(side=FR, cards=ids("FR", 6))),
    )
    assert verdicts(report) == [("CARD-RESHUFFLE", SUSPICIOUS, 3)]


def test_reshuffle_while_the_deck_could_fill_the_hand_is_suspicious() -> None:
    report = run(
        position(_ca3(deck=cards("FR", 4, 5, 11))),
        *draw_phase(2, Reshuffle(side=FR), CardDraw(side=FR, cards=ids("FR", 4, 5, 11))),
    )
    assert verdicts(report) == [("CARD-RESHUFFLE", SUSPICIOUS, 2)]


def test_reshuffle_drawing_a_removed_card_is_illegal() -> None:
    text = _ca3() + "removed-cards french: FR-11\n"
    report = run(position(text), *draw_phase(2, Reshuffle(side=FR), CardDraw(side=FR, cards=ids("FR", 4, 5, 11))))
    assert verdicts(report) == [("CARD-RESHUFFLE", ILLEGAL, 3)]


def test_reshuffle_drawing_from_the_opponents_discard_pile_is_illegal() -> None:
    text = _ca3() + "discard viet_minh: VM-12\n"
    report = run(position(text), *draw_phase(2, Reshuffle(side=FR), CardDraw(side=FR, cards=(*ids("FR", 4, 5), CardId("VM-12")))))
    assert verdicts(report) == [("CARD-RESHUFFLE", ILLEGAL, 3)]


def test_CA_5_katyusha_discarded_in_the_end_phase_drawn_after_a_reshuffle_passes() -> None:
    start = position(
        f"""
turn 4 end
hand viet_minh: VM-09
deck viet_minh: {cards("VM", 10, 11)}
discard viet_minh: {cards("VM", 12, 13)}
hand french: {cards("FR", 1, 2, 3, 4)}
"""
    )
    report = run(
        start,
        CardDiscard(side=VM, cards=(KATYUSHA,), reason=END_PHASE),
        *draw_phase(5, Reshuffle(side=VM), CardDraw(side=VM, cards=(KATYUSHA, *ids("VM", 10, 11, 12)))),
    )
    assert verdicts(report) == []


# -- CARD-DRAW-ONLY-IN-DRAW -------------------------------------------------------------------------


def test_draw_in_the_action_phase_is_illegal() -> None:
    start = position(f"turn 3 action viet_minh\nhand viet_minh: VM-01\ndeck viet_minh: {cards('VM', 2, 3)}")
    assert verdicts(run(start, CardDraw(side=VM, cards=ids("VM", 2)))) == [("CARD-DRAW-ONLY-IN-DRAW", ILLEGAL, 1)]


# -- CARD-REMOVED-AFTER-PLAY, CARD-PLAYED-TO-DISCARD -------------------------------------------------


def _vm_hand(extra: str = "") -> str:
    return f"""
turn 2 action viet_minh
hand viet_minh: VM-09 VM-16 {cards("VM", 1, 2, 3)}
deck viet_minh: {cards("VM", 10, 11)}
hand french: {cards("FR", 1, 2, 3, 4)}
{extra}
"""


def test_CA_4_katyusha_played_then_seen_in_the_hand_on_turn_5_is_illegal() -> None:
    report = run(
        position(_vm_hand().replace("VM-16 ", "")),
        CardPlay(side=VM, card=KATYUSHA, as_action=True, to=Pile.REMOVED),
        PhaseStart(turn=2, phase=Phase.END),
        *draw_phase(5, CardDraw(side=VM, cards=(KATYUSHA,))),
    )
    assert verdicts(report) == [("CARD-REMOVED-AFTER-PLAY", ILLEGAL, 4)]


def test_removed_after_play_card_played_to_the_discard_pile_is_illegal() -> None:
    report = run(position(_vm_hand()), CardPlay(side=VM, card=KATYUSHA, as_action=True, to=Pile.DISCARD))
    assert verdicts(report) == [("CARD-REMOVED-AFTER-PLAY", ILLEGAL, 1)]


def test_plays_to_the_right_piles_pass() -> None:
    report = run(
        position(_vm_hand()),
        CardPlay(side=VM, card=KATYUSHA, as_action=True, to=Pile.REMOVED),
        CardPlay(side=VM, card=ART_105, as_action=True, mode="fire", to=Pile.DISCARD),
    )
    assert verdicts(report) == []


def test_played_card_removed_instead_of_discarded_is_illegal() -> None:
    report = run(position(_vm_hand()), CardPlay(side=VM, card=ART_105, as_action=True, mode="fire", to=Pile.REMOVED))
    assert verdicts(report) == [("CARD-PLAYED-TO-DISCARD", ILLEGAL, 1)]


# -- CARD-DISCARD-NOT-REMOVED (SQ-6) -----------------------------------------------------------------


def _bigeard() -> str:
    return f"turn 3 action french\nhand french: FR-01 {cards('FR', 2, 3)}\nhand viet_minh: VM-01"


def test_SQ_6_bigeard_discarded_to_continue_goes_to_the_discard_pile() -> None:
    report = run(position(_bigeard()), CardDiscard(side=FR, cards=(BIGEARD,), reason=DiscardReason.CONTINUE))
    assert verdicts(report) == []


def test_SQ_6_bigeard_discarded_to_continue_but_removed_is_illegal() -> None:
    report = run(
        position(_bigeard()), CardDiscard(side=FR, cards=(BIGEARD,), reason=DiscardReason.CONTINUE, to=Pile.REMOVED)
    )
    assert verdicts(report) == [("CARD-DISCARD-NOT-REMOVED", ILLEGAL, 1)]


def test_discarded_card_then_removed_from_the_discard_pile_is_illegal() -> None:
    report = run(
        position(_bigeard()),
        CardDiscard(side=FR, cards=(BIGEARD,), reason=DiscardReason.CONTINUE),
        CardRemove(side=FR, cards=(BIGEARD,)),
    )
    assert verdicts(report) == [("CARD-DISCARD-NOT-REMOVED", ILLEGAL, 2)]


# -- CARD-OWN-DECK, CARD-COPY-COUNT ------------------------------------------------------------------


def test_playing_a_card_of_the_other_side_is_illegal() -> None:
    start = position(_vm_hand(extra="hand french: FR-22"))
    report = run(start, CardPlay(side=VM, card=ARTILLERY, as_action=True, mode="fire"))
    assert verdicts(report) == [("CARD-OWN-DECK", ILLEGAL, 1)]


def test_playing_a_card_not_in_hand_is_illegal() -> None:
    start = position(_vm_hand())
    report = run(start, CardPlay(side=VM, card=CardId("VM-11")))
    assert verdicts(report) == [("CARD-OWN-DECK", ILLEGAL, 1)]
    assert "deck pile" in report.findings[0].message


def test_playing_from_hand_passes_own_deck_and_copy_count() -> None:
    assert verdicts(run(position(_vm_hand()), CardPlay(side=VM, card=CardId("VM-01")))) == []


def test_unknown_card_id_and_the_special_card_are_illegal() -> None:
    report = run(
        position(_vm_hand()), CardPlay(side=VM, card=CardId("VM-30")), CardDiscard(side=VM, cards=(CardId("SPECIAL"),), reason=DiscardReason.CONTINUE)
    )
    assert verdicts(report) == [("CARD-COPY-COUNT", ILLEGAL, 1), ("CARD-COPY-COUNT", ILLEGAL, 2)]


def test_game_start_listing_a_card_twice_is_illegal() -> None:
    start = GameStart(
        units=(),
        piles=(
            PileContents(side=VM, pile=Pile.DECK, cards=ids("VM", 1, 2, 3)),
            PileContents(side=VM, pile=Pile.HAND, cards=ids("VM", 3)),
            PileContents(side=FR, pile=Pile.DECK, cards=ids("FR", 1, 2)),
        ),
    )
    report = run(GameState.empty(), start)
    assert verdicts(report) == [("CARD-COPY-COUNT", ILLEGAL, 1)]
    assert verdicts(run(GameState.empty(), GameStart(units=(), piles=(PileContents(side=VM, pile=Pile.DECK, cards=ids("VM", 1)),)))) == []


# -- CARD-END-DISCARD --------------------------------------------------------------------------------


def _end() -> str:
    return f"turn 3 end\nhand viet_minh: {cards('VM', 1, 2)}\nhand french: {cards('FR', 1, 2)}"


def test_end_phase_discards_vm_first_pass() -> None:
    report = run(
        position(_end()),
        CardDiscard(side=VM, cards=ids("VM", 1), reason=END_PHASE),
        CardDiscard(side=FR, cards=ids("FR", 1), reason=END_PHASE),
        EndStep(step="supply"),
    )
    assert verdicts(report) == []


def test_french_end_phase_discards_before_the_vm_are_illegal() -> None:
    report = run(
        position(_end().replace("turn 3 end", "turn 3 action viet_minh")),
        PhaseStart(turn=3, phase=Phase.END),
        CardDiscard(side=FR, cards=ids("FR", 1), reason=END_PHASE),
        CardDiscard(side=VM, cards=ids("VM", 1), reason=END_PHASE),
    )
    assert verdicts(report) == [("CARD-END-DISCARD", ILLEGAL, 3)]


def test_end_phase_discard_after_the_supply_step_is_illegal() -> None:
    report = run(position(_end()), EndStep(step="supply"), CardDiscard(side=VM, cards=ids("VM", 1), reason=END_PHASE))
    assert verdicts(report) == [("CARD-END-DISCARD", ILLEGAL, 2)]


def test_end_phase_discard_in_the_action_phase_is_illegal() -> None:
    start = position(f"turn 3 action viet_minh\nhand viet_minh: {cards('VM', 1, 2)}")
    assert verdicts(run(start, CardDiscard(side=VM, cards=ids("VM", 1), reason=END_PHASE))) == [("CARD-END-DISCARD", ILLEGAL, 1)]
