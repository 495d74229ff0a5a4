"""Tonkin's interpretation switches: each ambiguity of the digest (``shared/rules/tonkin.md``: the
``[amb]`` marks and the inconsistencies of T18) that changes a verdict.

The first value of each is the default: the digest's recommended reading where it gives one, else the
French 2nd-edition text as written (the digest follows it throughout, §0), so no default is a 1st-edition
rule; ``sdbp check --switch NAME=VALUE`` picks the other. Two other readings (``ship-uses=one``,
``air-support-limit=six-per-turn``) are the limits the 1st edition wrote where the 2nd is silent: offered
only as the reading of a player who takes that silence for an omission, never the default. A finding that rests on one reading (the
other would allow the act) is ``suspicious``, never ``illegal``. The ``amb`` of each is its French rule
number. ``docs/tonkin-rules.md`` ("Readings") gives each one in full, and the [amb] marks and T18 items
that are not switches, with the reason.
"""

from __future__ import annotations

from sdbp_module.rules.switches import SwitchSpec

ZOC_BLOCKS_LINES = "zoc-blocks-lines"
"""1.4 "Une ZdC ennemie ne doit pas couper cette ligne": ``no`` an enemy ZOC does not block a traced line
(supply, ranges of replacements, trucks, mobilisation: 1.3's list of what a ZOC affects leaves tracing
out, and the sentence most likely translates "does not block"; digest T3 and T18.7 recommend it);
``yes`` the literal French, a line may not enter an enemy ZOC (a verdict only this gives: suspicious)."""

VP_STEPS = "vp-steps"
"""1.9 B "+5 VP per 10 VM steps eliminated" against 6.13, which counts regiment steps on the regiment hit
track: ``regiment`` only VM regiment steps count (Tieu Doan and Pathet Lao do not; digest T18.4: use
6.13); ``all`` every VM step counts."""

SHIP_USES = "ship-uses"
"""3.7 gives no limit on sea transports (3.3 limits only VM trucks and CEF air transport): ``unlimited``
the French text as written (the digest follows it and recommends nothing else); ``one`` at most one
ship transport per movement phase or operation, the reading of a player who takes the silence for an
omission (a second one: suspicious)."""

VM_SUPPORT_UNITS = "vm-support-units"
"""3.8 does not say where the VM HQ, artillery, AA and engineer units may move and attack (only "the
regiments and the VM SDs" go anywhere): ``regiment`` they go where a regiment goes (historically they
are regiments: the 351st division's artillery, the AA and engineer regiments; no restriction is
written for them, so no finding); ``vietnam-laos`` they end moves and attack only in Vietnam and Laos
(one ending in China: suspicious). The digest gives no recommendation; the default accuses no one."""

AIR_SUPPORT_LIMIT = "air-support-limit"
"""6.6 limits air support to one use per operation and no more: ``per-op`` the French text as written;
``six-per-turn`` at most six air strikes a turn as well (a seventh: suspicious). The digest recommends
nothing else than the text."""

TRENCH_AIRFIELD_ZOC = "trench-airfield-zoc"
"""6.3 b, CEF (i) "ne tenez compte des ZdC VM", trenches on airfields: ``ignored`` VM ZOC does not stop it
(the missing "pas", digest T18.10); ``counts`` an airfield in a VM ZOC gets no trench (suspicious)."""

TD_MOBILISATION_COUNT = "td-mobilisation-count"
"""2.4 counts the VM-controlled VP hexes *in Vietnam* to mobilise Tieu Doan; the detailed sequence, step
4, drops "in Vietnam": ``vietnam`` the rule's count (digest T18.11); ``all`` every VM-controlled VP hex
(a mobilisation only this count allows: suspicious)."""

SWITCHES: tuple[SwitchSpec, ...] = (
    SwitchSpec(ZOC_BLOCKS_LINES, ("no", "yes"), "1.4"),
    SwitchSpec(TD_MOBILISATION_COUNT, ("vietnam", "all"), "2.4"),
    SwitchSpec(SHIP_USES, ("unlimited", "one"), "3.7"),
    SwitchSpec(VM_SUPPORT_UNITS, ("regiment", "vietnam-laos"), "3.8"),
    SwitchSpec(TRENCH_AIRFIELD_ZOC, ("ignored", "counts"), "6.3 b"),
    SwitchSpec(AIR_SUPPORT_LIMIT, ("per-op", "six-per-turn"), "6.6"),
    SwitchSpec(VP_STEPS, ("regiment", "all"), "1.9 B, 6.13"),
)
