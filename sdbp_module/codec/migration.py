"""Carry a save or log over to a rebuilt module (``sdbp migrate``).

Every piece takes its definition (type string) from the new module's PieceSlot with the same
``sdbp_id`` Marker property (contracts: pieces are matched by ``sdbp_id``, never by image name), and
keeps its state trait by trait:

- BasicPiece: map, position and persistent properties are kept; the gpid becomes the new slot's;
- Marker: values come from the new definition (they are the printed values), and every difference
  is reported, e.g. ``I/2 REI 1: firepower 3 → 2``;
- any other trait: the state of the old trait with the same signature (trait id plus the layer
  name for a Layer, the property name for a Dynamic/Calculated/Set Global Property, then the
  occurrence number) is kept; a new trait starts from the new definition's state.

Old traits with a non-empty state that have no counterpart in the new definition are *lost* and
reported, as are pieces that cannot be matched (no ``sdbp_id``, or an id the new module lacks;
those are kept unchanged). ChangePiece commands in logs are re-mapped with the same rule.
"""

from __future__ import annotations

from dataclasses import field

from sdbp_module.codec import pieces
from sdbp_module.codec.module_info import Definition, ModuleInfo, marker_value
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.sequence import encode as se_encode
from sdbp_module.codec.tree import Command
from sdbp_module.records import record

Signature = tuple[str, str, int]


@record(frozen=False)
class MigrationReport:
    """What changed, what could not be matched, and what was lost (mutable while collecting)."""

    changes: list[str] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    migrated: int = 0

    def note(self, bucket: list[str], line: str) -> None:
        if line not in bucket:
            bucket.append(line)


def _key(trait_type: str) -> str:
    tid = pieces.trait_id(trait_type)
    if tid in ("emb2", "PROP", "calcProp", "setprop", "label"):
        fields = se_decode(trait_type[len(tid) + 1 :], ";")
        index = {"emb2": 18, "PROP": 0, "calcProp": 0, "setprop": 0, "label": 15}[tid]
        return fields[index] if len(fields) > index else ""
    return ""


def signatures(type_traits: tuple[str, ...] | list[str]) -> list[Signature]:
    """One signature per trait: (trait id, key, occurrence among equal (id, key) pairs)."""
    seen: dict[tuple[str, str], int] = {}
    out: list[Signature] = []
    for trait_type in type_traits:
        pair = (pieces.trait_id(trait_type), _key(trait_type))
        n = seen.get(pair, 0)
        seen[pair] = n + 1
        out.append((pair[0], pair[1], n))
    return out


def _label(sig: Signature) -> str:
    return f"{sig[0]} {sig[1]}".strip() if sig[1] else sig[0]


def map_state(
    old_types: list[str], old_states: list[str], new: Definition, name: str, report: MigrationReport
) -> list[str]:
    """The state chain for the new definition, carried over from the old one (rules above)."""
    old_by_sig = dict(zip(signatures(old_types), old_states, strict=True))
    new_sigs = signatures(new.type_traits)
    out: list[str] = []
    last = len(new.type_traits) - 1
    for i, (trait_type, sig, default) in enumerate(zip(new.type_traits, new_sigs, new.state_traits, strict=True)):
        if i == last and sig[0] == "piece":
            old_basic = pieces.basic_state(old_states[-1]) if old_types and pieces.trait_id(old_types[-1]) == "piece" else None
            if old_basic is None:
                report.note(report.lost, f"{name}: position could not be read; it starts from the definition")
                out.append(default)
            else:
                moved = pieces.BasicState(
                    old_basic.map, old_basic.x, old_basic.y, new.gpid or old_basic.gpid, old_basic.properties,
                    old_basic.has_count, old_basic.extra,
                )
                out.append(pieces.basic_state_text(moved))
            continue
        if sig[0] == "mark":
            out.append(default)
            continue
        out.append(old_by_sig.get(sig, default))
    new_set = set(new_sigs)
    for sig, state in old_by_sig.items():
        if sig not in new_set and sig[0] not in ("mark", "piece") and state != "":
            report.note(report.lost, f"{name}: state {state!r} of trait {_label(sig)} dropped (not in the new definition)")
    return out


def _marker_pairs(types: list[str] | tuple[str, ...], states: list[str] | tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for trait_type, state in zip(types, states, strict=False):
        if trait_type.startswith("mark;"):
            for key, value in pieces.marker(trait_type, state) or ():
                out.setdefault(key, value)
    return out


def _describe_changes(old_types: list[str], old_states: list[str], new: Definition, name: str, report: MigrationReport) -> None:
    before = _marker_pairs(old_types, old_states)
    after = _marker_pairs(new.type_traits, new.state_traits)
    for key, value in before.items():
        if key not in after:
            report.note(report.changes, f"{name}: {key} removed (was {value})")
        elif after[key] != value:
            report.note(report.changes, f"{name}: {key} {value} → {after[key]}")
    for key, value in after.items():
        if key not in before:
            report.note(report.changes, f"{name}: {key} added ({value})")
    old_other = {sig: t for sig, t in zip(signatures(old_types), old_types, strict=True) if sig[0] not in ("mark", "piece")}
    new_other = {sig: t for sig, t in zip(signatures(new.type_traits), new.type_traits, strict=True) if sig[0] not in ("mark", "piece")}
    for sig, trait_type in new_other.items():
        if sig not in old_other:
            report.note(report.changes, f"{name}: trait {_label(sig)} added")
        elif old_other[sig] != trait_type:
            report.note(report.changes, f"{name}: trait {_label(sig)} definition changed")
    for sig in old_other:
        if sig not in new_other:
            report.note(report.changes, f"{name}: trait {_label(sig)} removed")
    old_basic = pieces.basic_type(old_types[-1]) if old_types else None
    new_basic = pieces.basic_type(new.type_traits[-1])
    if old_basic and new_basic and old_basic != new_basic:
        if old_basic[3] != new_basic[3]:
            report.note(report.changes, f"{name}: name → {new_basic[3]}")
        if old_basic[2] != new_basic[2]:
            report.note(report.changes, f"{name}: image {old_basic[2]} → {new_basic[2]}")


@record(frozen=False)
class _Migrator:
    module: ModuleInfo
    report: MigrationReport
    by_id: dict[str, tuple[list[str], Definition, str]] = field(default_factory=dict)

    def add_piece(self, text: str) -> str:
        fields = pieces.add_piece_fields(text)
        if fields is None:
            return text
        piece_id, piece_type, state = fields
        if piece_type == "stack" or piece_type.startswith("deck;"):
            return text
        types = pieces.split_chain(piece_type)
        states = pieces.split_chain(state)
        if types is None or states is None or len(types) != len(states):
            self.report.note(self.report.unmatched, f"piece {piece_id}: definition could not be read; kept unchanged")
            return text
        basic = pieces.basic_type(types[-1])
        name = basic[3] if basic else piece_id
        sdbp_id = marker_value(types, states, "sdbp_id")
        if sdbp_id is None:
            self.report.note(self.report.unmatched, f"{name} ({piece_id}): no sdbp_id property; kept unchanged")
            return text
        if sdbp_id in self.module.duplicate_ids:
            self.report.note(
                self.report.unmatched, f"{name} [{sdbp_id}]: several different definitions in the new module; kept unchanged"
            )
            return text
        new = self.module.definitions.get(sdbp_id)
        if new is None:
            self.report.note(self.report.unmatched, f"{name} [{sdbp_id}]: not in the new module; kept unchanged")
            return text
        _describe_changes(types, states, new, name, self.report)
        new_states = map_state(types, states, new, name, self.report)
        self.by_id[piece_id] = (types, new, name)
        self.report.migrated += 1
        return pieces.add_piece_text(piece_id, pieces.join_chain(list(new.type_traits)), pieces.join_chain(new_states))

    def change_piece(self, text: str) -> str:
        tokens = se_decode(text[2:], "/")
        known = self.by_id.get(tokens[0]) if len(tokens) in (2, 3) else None
        if known is None:
            return text
        old_types, new, name = known
        out = [tokens[0]]
        for state in tokens[1:]:
            states = pieces.split_chain(state)
            if states is None or len(states) != len(old_types):
                self.report.note(self.report.lost, f"{name}: a logged state change could not be carried over")
                return text
            out.append(pieces.join_chain(map_state(old_types, states, new, name, self.report)))
        return "D/" + (se_encode(out, "/") or "")

    def text(self, text: str) -> str:
        """One command text migrated; ``LOG`` prefixes (any number) are kept."""
        start = 0
        while text.startswith("LOG\t", start):
            start += 4
        command = text[start:] if start else text
        if command.startswith("+/"):
            return text[:start] + self.add_piece(command)
        if command.startswith("D/"):
            return text[:start] + self.change_piece(command)
        return text

    def node(self, node: Command) -> Command:
        """The tree migrated: texts in pre-order (the engine's order), opaque nodes unchanged."""
        if node.opaque:
            return node
        # a frame: a node's migrated text, its children, and its children migrated so far
        frames: list[tuple[str, tuple[Command, ...], list[Command]]] = [(self.text(node.text), node.children, [])]
        while True:
            text, children, done = frames[-1]
            if len(done) < len(children):
                child = children[len(done)]
                if child.opaque:
                    done.append(child)
                else:
                    frames.append((self.text(child.text), child.children, []))
                continue
            frames.pop()
            migrated = Command(text, tuple(done))
            if not frames:
                return migrated
            frames[-1][2].append(migrated)


def migrate_tree(tree: Command, module: ModuleInfo) -> tuple[Command, MigrationReport]:
    """Migrate every piece of a save/log command tree to ``module`` (rules in the module docstring)."""
    report = MigrationReport()
    migrator = _Migrator(module, report)
    return migrator.node(tree), report
