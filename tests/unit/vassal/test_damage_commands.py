"""The defender's commands (Take hit: flip / eliminate, Retreat to…) and the Assault 2d6 button
(docs/report-formats.md §2.1, §2.10, §2.11; docs/module-pieces.md)."""

from __future__ import annotations

import pytest

from sdbp_module.codec.sequence import decode
from sdbp_module.vassal import buildfile, pieces
from sdbp_module.vassal.verify import piece_traits

from .conftest import Built

M = "VASSAL.build.module."
UNIT_PROTOTYPES = ("French unit", "Viet Minh unit")
SIDE_UNIT = "side=$PlayerSide$|unit=$sdbp_id$"


def prototype_traits(built: Built, name: str) -> list[list[str]]:
    el = next(e for e in built.root.iter(M + "PrototypeDefinition") if e.get("name") == name)
    return [decode(t, ";") for t in piece_traits(el.text or "")[0]]


def triggers(traits: list[list[str]]) -> dict[str, tuple[str, list[str]]]:
    """Trigger Action menu text -> (its key, the keys it sends in order)."""
    return {f[2]: (f[3], decode(f[6], ",")) for f in traits if f[0] == "macro"}


def reports(traits: list[list[str]]) -> dict[str, tuple[str, str]]:
    """Report Action key -> (format, noSuppress)."""
    out = {}
    for f in traits:
        if f[0] == "report":
            for k in decode(f[1], ","):
                assert k not in out, k
                out[k] = (f[2], f[6])
    return out


@pytest.mark.parametrize("proto", UNIT_PROTOTYPES)
def test_take_hit_flip_reports_then_sends_the_layers_flip_key(built: Built, proto: str) -> None:
    traits = prototype_traits(built, proto)
    assert triggers(traits)["Take hit: flip"] == ("72,130", ["57413,0,sdbpHitFlipReport", "70,130"])
    assert reports(traits)["57413,0,sdbpHitFlipReport"] == ("$PlayerSide$ takes a hit on $BasicName$ ($sdbp_id$) in $LocationName$: flipped", "true")
    # the key it sends is the units' Layer increase key (Flip to spent), which the FLIP report also hears
    assert pieces.K_SPENT == "70,130" and reports(traits)["70,130"][0].endswith(" to spent")


@pytest.mark.parametrize("proto", UNIT_PROTOTYPES)
def test_take_hit_eliminate_reports_before_it_sends_eliminate(built: Built, proto: str) -> None:
    traits = prototype_traits(built, proto)
    key, actions = triggers(traits)["Take hit: eliminate"]
    assert (key, actions) == ("72,195", ["57414,0,sdbpHitEliminateReport", "69,130"])
    assert reports(traits)["57414,0,sdbpHitEliminateReport"] == (
        "$PlayerSide$ takes a hit on $BasicName$ ($sdbp_id$) in $LocationName$: eliminated",
        "true",
    )
    # the report key goes first: $CurrentZone$ is read before the unit leaves (report-formats §2.10)
    assert actions.index("57414,0,sdbpHitEliminateReport") < actions.index(pieces.K_ELIMINATE)
    sendto = [f for f in traits if f[0] == "sendto" and f[2] == pieces.K_ELIMINATE]
    assert [f[1] for f in sendto] == ["Eliminate"]


@pytest.mark.parametrize("proto", UNIT_PROTOTYPES)
def test_retreat_prompts_reports_moves_into_the_typed_area_and_resets(built: Built, proto: str) -> None:
    traits = prototype_traits(built, proto)
    assert triggers(traits)["Retreat to…"] == (
        "82,195",
        ["57415,0,sdbpRetreatPrompt", "57416,0,sdbpRetreatReport", pieces.G_RETREAT, "57402,0,sdbpResetTarget"],
    )
    assert reports(traits)["57416,0,sdbpRetreatReport"] == ("$PlayerSide$ retreats $BasicName$ ($sdbp_id$) from $LocationName$ to area $sdbp_target$", "true")
    prop = next(f for f in traits if f[0] == "PROP" and f[1] == "sdbp_target")
    commands = {decode(c, ":")[1]: decode(decode(c, ":")[2], ",") for c in decode(prop[3], ",")}
    assert commands["57415,0,sdbpRetreatPrompt"] == ["R", "Retreat to area number"]
    assert commands["57402,0,sdbpResetTarget"] == ["P", ""]
    # the move: a menu-less trigger that fires only for an area number of the map, sending the key of a
    # Send To Location whose destination is the zone the typed text names (report-formats §2.11)
    go = next(f for f in traits if f[0] == "macro" and f[3] == pieces.G_RETREAT)
    assert go[2] == "" and decode(go[6], ",") == [pieces.M_RETREAT]
    areas = [str(a.id) for a in built.game.areas]
    assert go[4] == "{" + " || ".join(f'sdbp_target=="{a}"' for a in areas) + "}"
    sendto = [f for f in traits if f[0] == "sendto" and f[2] == pieces.M_RETREAT]
    assert len(sendto) == 1 and sendto[0][1] == "" and sendto[0][3] == "Main Map"
    assert (sendto[0][14], sendto[0][15]) == ("Z", "$sdbp_target$")
    # the menu key itself moves nothing: only the guarded trigger does
    assert not [f for f in traits if f[0] in ("sendto", "return") and f[2] in {"82,195", "57415,0,sdbpRetreatPrompt", "57416,0,sdbpRetreatReport"}]


def test_retreat_centres_lie_inside_their_areas_else_the_build_is_refused(built: Built) -> None:
    """Retreat to… puts the unit on its zone's bounding-box centre (Zone.getCenter): every area's lies in
    it; an area whose outline leaves its centre outside (an L shape) is refused at build time."""
    from dataclasses import replace

    from sdbp_module.errors import BuildError
    from sdbp_module.vassal.buildfile import check_retreat_centres

    check_retreat_centres(built.game)
    first = built.game.areas[0]
    x0, y0 = first.polygon[0]
    ell = ((x0, y0), (x0 + 100, y0), (x0 + 100, y0 + 10), (x0 + 10, y0 + 10), (x0 + 10, y0 + 100), (x0, y0 + 100))
    bent = replace(built.game, areas=(replace(first, polygon=ell), *built.game.areas[1:]))
    with pytest.raises(BuildError, match=f"area {first.id} .*outside the area"):
        check_retreat_centres(bent)


@pytest.mark.parametrize("proto", UNIT_PROTOTYPES)
def test_menu_keys_of_a_unit_are_distinct_and_every_report_is_unsuppressable(built: Built, proto: str) -> None:
    traits = prototype_traits(built, proto)
    # triggers with a menu entry (the menu-less ones: a declaration's follower and mark clearing, §2.5)
    menu_keys = [f[3] for f in traits if f[0] == "macro" and f[2]] + [f[2] for f in traits if f[0] == "sendto"]
    menu_keys += [pieces.K_SPENT, pieces.K_FRESH]  # the Layer of every unit piece
    assert len(menu_keys) == len(set(menu_keys))
    assert {"72,130", "72,195", "82,195"} <= set(menu_keys)
    assert all(no_suppress == "true" for _fmt, no_suppress in reports(traits).values())


def test_new_named_keys_follow_the_numbering() -> None:
    assert pieces.R_HIT_FLIP == "57413,0,sdbpHitFlipReport"
    assert pieces.R_HIT_ELIMINATE == "57414,0,sdbpHitEliminateReport"
    assert pieces.P_RETREAT == "57415,0,sdbpRetreatPrompt"
    assert pieces.R_RETREAT == "57416,0,sdbpRetreatReport"
    assert (pieces.K_HIT_FLIP, pieces.K_HIT_ELIMINATE, pieces.K_RETREAT) == ("72,130", "72,195", "82,195")


def test_assault_dice_button_beside_fire(built: Built) -> None:
    buttons = list(built.root.iter(M + "DiceButton"))
    names = [b.get("name") for b in buttons]
    assert names[:2] == ["Fire 2d6", "Assault 2d6"]
    assault = buttons[1]
    assert (assault.get("text"), assault.get("nDice"), assault.get("nSides")) == ("Assault 2d6", "2", "6")
    assert assault.get("reportFormat") == "$PlayerSide$ rolls 2d6 for assault: $result1$ + $result2$ = $numericalTotal$"
    assert assault.get("reportFormat") == buildfile.dice_report("assault", 2)
    fire = buttons[0]
    own = ("name", "text", "tooltip", "reportFormat", "hotkey")  # each button its own hotkey (F2, F3)
    assert {k: v for k, v in assault.attrib.items() if k not in own} == {k: v for k, v in fire.attrib.items() if k not in own}
    assert assault.get("hotkey") != fire.get("hotkey")
