"""VASSAL piece traits as (type, state) string pairs, and whole piece definitions.

Every string here is produced with the engine's SequenceEncoder (``codec.sequence``), field by
field as format reference §4.3–§4.6 lists them. A piece is a tuple of traits, outermost first,
ending in its BasicPiece; its type and state strings nest one SequenceEncoder level per trait
(§4.1), so the k-th TAB separator carries k backslashes.
"""

from __future__ import annotations

from collections.abc import Sequence

from sdbp_module.codec.sequence import decode, encode, encode_token
from sdbp_module.records import record

TAB = "\t"


def enc(tokens: Sequence[str], delimiter: str) -> str:
    """SequenceEncoder join that yields ``""`` (not Java null) for an empty list."""
    joined = encode(list(tokens), delimiter)
    return "" if joined is None else joined


def key(code: int, modifiers: int, name: str = "") -> str:
    """A NamedKeyStroke encoding (§1.4): ``code,modifiers`` or ``code,modifiers,Name``."""
    return f"{code},{modifiers},{name}" if name else f"{code},{modifiers}"


@record
class Trait:
    """One trait: its own type string (with its ``id;`` prefix) and its own state string."""

    type: str
    state: str

    @property
    def prefix(self) -> str:
        """The factory id the engine dispatches on: everything up to and including the first ``;``."""
        cut = self.type.find(";")
        return self.type if cut < 0 else self.type[: cut + 1]


def _nest(tokens: Sequence[str]) -> str:
    """The tokens nested from the innermost out: each level is ``enc([token, inner], TAB)``, its two
    tokens escaped (``encode_token``) and joined by a TAB."""
    nested = tokens[-1]
    for token in reversed(tokens[:-1]):
        nested = encode_token(token, TAB) + TAB + encode_token(nested, TAB)
    return nested


def unnest(value: str) -> list[str]:
    """Split a nested type or state string back into its per-trait tokens (inverse of nesting).

    Decoded a level at a time (``decode``), each level's rest is scanned again: a piece of n traits
    scans its string about n times. The usual string is read in one pass instead: split at every TAB,
    the k-th TAB (from 0) is the k-th level's and has exactly k backslashes before it, and no token
    starts with a quote (which decoding would take off). That is what decoding level by level gives
    then; any other string is decoded level by level."""
    parts = value.split(TAB)
    last = len(parts) - 1
    tokens: list[str] = []
    for depth, part in enumerate(parts):
        token = part if depth == last else part[: len(part) - depth]
        if token.startswith("'") or (depth < last and (token.endswith("\\") or not part.endswith("\\" * depth))):
            return _unnest_levels(value)
        tokens.append(token)
    return tokens


def _unnest_levels(value: str) -> list[str]:
    """:func:`unnest`, decoding one level at a time."""
    out: list[str] = []
    rest = value
    while True:
        parts = decode(rest, TAB)
        if len(parts) == 1:
            out.append(parts[0])
            return out
        if len(parts) != 2:
            raise ValueError(f"not a nested piece string: {len(parts)} tokens at one level")
        out.append(parts[0])
        rest = parts[1]


@record
class Piece:
    """A piece definition: traits, outermost first, the BasicPiece last."""

    traits: tuple[Trait, ...]

    @property
    def type(self) -> str:
        return _nest([t.type for t in self.traits])

    @property
    def state(self) -> str:
        return _nest([t.state for t in self.traits])

    def add_piece(self, piece_id: str | None = None) -> str:
        """The AddPiece command text (§4.2, §5.4); ``null`` id for slot and prototype definitions."""
        return "+/" + enc([piece_id or "null", self.type, self.state], "/")


# ------------------------------------------------------------------------------------------
# Trait constructors (field lists: format reference §4.3, §4.5, §4.6)


def basic_piece(name: str, image: str = "", state: str = "null;0;0;;0") -> Trait:
    """BasicPiece ``piece;``: type [cloneKey, deleteKey, image, name]."""
    return Trait("piece;" + enc(["", "", image, name], ";"), state)


def basic_state(map_name: str | None, x: int, y: int, gpid: str, props: Sequence[tuple[str, str]] = ()) -> str:
    """BasicPiece state: [map|null, x, y, gpid, N, k1, v1, …]."""
    tokens = [map_name or "null", str(x), str(y), gpid, str(len(props))]
    for k, v in props:
        tokens += [k, v]
    return enc(tokens, ";")


def marker(props: Sequence[tuple[str, str]]) -> Trait:
    """Marker ``mark;``: property names SE(','), values SE(',') in the same order."""
    return Trait("mark;" + enc([k for k, _ in props], ","), enc([v for _, v in props], ","))


def prototype(name: str) -> Trait:
    return Trait("prototype;" + enc([name], ";"), "")


@record
class PropCommand:
    """One Dynamic Property menu command: menu text (may be empty), key, changer (§1.4)."""

    menu: str
    key: str
    changer: tuple[str, ...]  # ("P", value) | ("R", prompt) | ("I", step)


def dynamic_property(
    name: str,
    initial: str,
    commands: Sequence[PropCommand],
    *,
    numeric: bool = False,
    minimum: int = 0,
    maximum: int = 100,
    description: str = "",
) -> Trait:
    """Dynamic Property ``PROP;``: [name, constraints, commands, description]; state = value."""
    constraints = enc(["true" if numeric else "false", str(minimum), str(maximum), "false"], ",")
    entries = [enc([c.menu, c.key, enc(list(c.changer), ",")], ":") for c in commands]
    return Trait(enc(["PROP", name, constraints, enc(entries, ","), description], ";"), initial)


def report(keys: Sequence[str], fmt: str, description: str = "", *, no_suppress: bool = True) -> Trait:
    """Report Action ``report;``: [keys, format, cycleDownKeys, cycleFormats, description, noSuppress].

    ``noSuppress`` defaults to true: the engine then writes the line even while a Global Key
    Command has switched individual reports off, so no checkable line is ever lost.
    """
    fields = ["report", enc(list(keys), ","), fmt, "", "", description, "true" if no_suppress else "false"]
    return Trait(enc(fields, ";"), "-1")


def layer(
    name: str,
    images: Sequence[str],
    level_names: Sequence[str],
    *,
    up_command: str = "",
    up_key: str = "",
    down_command: str = "",
    down_key: str = "",
    loop: bool = False,
    follow_property: str = "",
    level: int = 1,
    reset_key: str = "",
    offset: tuple[int, int] = (0, 0),
) -> Trait:
    """Layer ``emb2;`` with its 33 type fields (§4.6), version 1, always active; ``reset_key`` sets
    the first level (resetLevel 1); ``offset`` moves its images from the piece's centre."""
    fields = [
        "",  # 1 activateCommand
        "128",  # 2 activateModifiers (legacy)
        "A",  # 3 activateKey (legacy)
        up_command,  # 4
        "128",  # 5 upModifiers (legacy)
        "",  # 6 upKey (legacy)
        down_command,  # 7
        "128",  # 8 downModifiers (legacy)
        "",  # 9 downKey (legacy)
        "",  # 10 resetCommand
        reset_key,  # 11 resetKey (no reset command: a key only the module sends)
        "1",  # 12 resetLevel
        "false",  # 13 drawUnderneathWhenSelected
        str(offset[0]),  # 14 xOff
        str(offset[1]),  # 15 yOff
        enc(list(images), ","),  # 16
        enc(list(level_names), ","),  # 17
        "true" if loop else "false",  # 18
        name,  # 19 layerName
        "",  # 20 randomKey
        "",  # 21 randomCommand
        "true" if follow_property else "false",  # 22
        follow_property,  # 23
        "1",  # 24 firstLevelValue
        "1",  # 25 version
        "true",  # 26 alwaysActive
        "",  # 27 activateKeyStroke
        up_key,  # 28
        down_key,  # 29
        "",  # 30 description
        "1.0",  # 31 scale
        "",  # 32 onlyPropertyName (3.7)
        "true",  # 33 onlyPropertyState (3.7)
    ]
    return Trait("emb2;" + enc(fields, ";"), str(level))


def send_to(menu: str, key_: str, map_name: str, board: str, x: int, y: int, description: str = "") -> Trait:
    """Send To Location ``sendto;`` to a fixed point (destination ``L``), 18 fields (§4.6)."""
    fields = [menu, key_, map_name, board, str(x), str(y), "", "", "0", "0", "0", "0", description, "L", "", "", "", ""]
    return Trait("sendto;" + enc(fields, ";"), enc(["", "", ""], ";"))


def send_to_zone(menu: str, key_: str, map_name: str, zone: str, description: str = "") -> Trait:
    """Send To Location ``sendto;`` to a zone of ``map_name`` (destination ``Z``): ``zone`` is a
    FormattedString evaluated on the piece (``$sdbp_target$``); the piece goes to the centre of the
    zone's bounding box (``Zone.getCenter``). No such zone: the engine reports a data error and the
    piece stays where it is (``SendToLocation.getSendLocation``)."""
    fields = [menu, key_, map_name, "", "0", "0", "", "", "0", "0", "0", "0", description, "Z", zone, "", "", ""]
    return Trait("sendto;" + enc(fields, ";"), enc(["", "", ""], ";"))


def return_to_deck(menu: str, key_: str, deck: str, description: str = "") -> Trait:
    """Return To Deck ``return;`` (version 2: the deck is given by the deck expression)."""
    fields = [menu, key_, "", "Select destination", description, "2", "false", deck]
    return Trait("return;" + enc(fields, ";"), "")


def mask(key_: str, image: str, masked_name: str, description: str = "") -> Trait:
    """Mask ``obs;``: owners see the face with a back inset (style ``I``); access by side."""
    fields = [key_, image, "Flip", "I", masked_name, "side:", "Peek", description, "false", "", ""]
    return Trait("obs;" + enc(fields, ";"), enc(["null", ""], ";"))


def delete(menu: str, key_: str) -> Trait:
    return Trait("delete;" + enc([menu, key_, ""], ";"), "")


def trigger(
    menu: str,
    key_: str,
    actions: Sequence[str] = (),
    description: str = "",
    *,
    condition: str = "",
    watch: Sequence[str] = (),
) -> Trait:
    """Trigger Action ``macro;``: a menu entry on ``key_`` that sends ``actions`` to the piece, in order
    (no actions: the entry only offers the key to the other traits). ``condition`` is the property
    match (``{…}``) the piece must meet for the trigger to fire (its menu entry is disabled otherwise);
    ``watch`` are further keys that fire it (TriggerAction.myKeyEvent; the 17 fields of §4.6)."""
    fields = [
        description, menu, key_, condition, enc(list(watch), ","), enc(list(actions), ","),
        "false", "", "", "counted", "", "", "", "false", "", "1", "1",
    ]  # fmt: skip
    return Trait("macro;" + enc(fields, ";"), "")


def set_global_property(name: str, commands: Sequence[PropCommand], description: str = "") -> Trait:
    """Set Global Property ``setprop;`` (SetGlobalProperty.java): the Dynamic Property fields (name,
    constraints, commands, description), then the property level (looked up in the piece's zone, its
    map, then the module) and an empty search name; state empty. A ``P`` changer's value is a
    FormattedString evaluated on the piece (``$sdbp_target$`` is the piece's own property)."""
    constraints = enc(["false", "0", "100", "false"], ",")
    entries = [enc([c.menu, c.key, enc(list(c.changer), ",")], ":") for c in commands]
    fields = ["setprop", name, constraints, enc(entries, ","), description, "Current Zone/Current Map/Module", ""]
    return Trait(enc(fields, ";"), "")


def global_key_command(key_: str, send: str, match: str, target: str, description: str = "") -> Trait:
    """Counter Global Key Command ``globalkey;`` with no menu entry: on ``key_`` it sends ``send`` to
    every piece matching ``match`` within the fast-match ``target`` (format reference §3.3 GKC target),
    no range, individual reports kept, no cards from decks. The 14 fields of §4.6; state empty."""
    fields = ["", key_, send, match, "false", "1", "false", "true", "", description, "0", target, "false", ""]
    return Trait("globalkey;" + enc(fields, ";"), "")


def submenu(name: str, commands: Sequence[str], description: str = "") -> Trait:
    """Sub-Menu ``submenu;``: the piece's menu commands named ``commands`` shown under one entry
    ``name`` (SubMenu.mySetType: name, the names as a string array, description); state empty."""
    return Trait("submenu;" + enc([name, enc(list(commands), ","), description], ";"), "")


KNOWN_PREFIXES = frozenset(
    {
        "piece;", "mark;", "prototype;", "PROP;", "report;", "emb2;", "sendto;", "return;", "obs;", "delete;",
        "macro;", "setprop;", "globalkey;", "submenu;",
    }
)  # fmt: skip
"""Every trait id this module writes; each is in the engine's factory (format reference §4.6)."""
