"""SoDBP's interpretation switches: one per ambiguity of the catalogue (§2), default first."""

from __future__ import annotations

from sdbp_module.rules.switches import SwitchSpec

SODBP_SWITCHES: tuple[SwitchSpec, ...] = (
    SwitchSpec("entrench_card_mode", ("increment", "set_to"), "AMB-01"),
    SwitchSpec("fr_discard_after_fr_pass", ("forbidden", "allowed"), "AMB-02"),
    SwitchSpec("hand_target_includes_bonus", ("true", "false"), "AMB-03"),
    SwitchSpec("counter_attack_is_action_card", ("true", "false"), "AMB-04"),
    SwitchSpec("fire_marker_on_assault", ("none", "origin_area"), "AMB-05"),
    SwitchSpec("retreat_all_full", ("enter_and_continue", "eliminate"), "AMB-07"),
    SwitchSpec("retreat_no_back_scope", ("all_visited", "origin_only"), "AMB-07"),
    SwitchSpec("entrench_units_in_area", ("required", "any_area"), "AMB-08"),
    SwitchSpec("reinforcement_offset", ("end_of_printed_turn", "end_of_previous_turn"), "AMB-09"),
    SwitchSpec("victory_after_placement", ("true", "false"), "AMB-10"),
    SwitchSpec("heavy_flak_from_zero", ("0→1", "no_effect"), "AMB-11"),
    SwitchSpec("no_supply_area", ("contains_french_units", "french_controlled"), "AMB-12"),
    SwitchSpec("night_assault_scope", ("assault_only", "any_vm_attack"), "AMB-13"),
    SwitchSpec("mortar_scope", ("unit_attacks", "any_french_attack"), "AMB-14"),
    SwitchSpec("mines_withdrawn_state", ("either", "spent", "fresh"), "AMB-15"),
    SwitchSpec("emergency_same_area", ("true", "false"), "AMB-16"),
    SwitchSpec("art75_boost", ("10", "9"), "AMB-17"),
    SwitchSpec("counterbattery_covers_mortar", ("false", "true"), "AMB-20"),
    SwitchSpec("strict_mode", ("false", "true"), "all"),
)
