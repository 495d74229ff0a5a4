"""Game pieces: type and state strings split into traits (format reference §4.1, §4.3, §4.6).

A piece type is ``SE(TAB)[T0, SE(TAB)[T1, …]]``, outermost trait first and the BasicPiece (or
``stack``/``deck;``) last; the state has the same nesting, one token per trait. So the separator
after trait k is preceded by exactly k backslashes, and a TAB inside trait k's own string gets k
more. :func:`split_chain` uses that to split a chain in one pass (``str.split`` on TAB and a count of
trailing backslashes); anything unusual (a ``'`` that could be a quote wrapping, a backslash count
that does not fit) falls back to the engine's level-by-level decoding, and a chain the engine's
encoder could not have written is reported as ``None`` so callers keep the raw string.

Unknown traits are not an error: each trait keeps its own type and state strings verbatim, and
only a few common traits are read into named fields (:func:`basic_state`, :func:`marker`).

>>> split_chain("mark;Side\\tpiece;;;;1st Corps")
['mark;Side', 'piece;;;;1st Corps']
>>> join_chain(['report;70\\\\,130', 'mark;Side', 'piece;;;a.png;A'])
'report;70\\\\,130\\tmark;Side\\\\\\tpiece;;;a.png;A'
"""

from __future__ import annotations

from dataclasses import dataclass

from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.sequence import encode as se_encode
from sdbp_module.codec.sequence import encode_token

TAB = "\t"


def _trailing_backslashes(part: str) -> int:
    return len(part) - len(part.rstrip("\\"))


def _split_chain_slow(raw: str) -> list[str]:
    """The engine's reading: first token, then the remainder decoded again (``createPiece``)."""
    traits: list[str] = []
    rest = raw
    while TAB in rest:
        tokens = se_decode(rest, TAB)
        if len(tokens) == 1:
            break
        traits.append(tokens[0])
        rest = TAB.join(tokens[1:])
    traits.append(rest)
    return traits


def _join_chain_slow(traits: list[str]) -> str:
    value = traits[-1]
    for trait in reversed(traits[:-1]):
        value = encode_token(trait, TAB) + TAB + encode_token(value, TAB)
    return value


def join_chain(traits: list[str]) -> str:
    """Nest trait strings (outermost first) into one type or state string, as the engine does."""
    for trait in traits:
        if trait[:1] in ("'", "\\"):
            return _join_chain_slow(traits)
    out: list[str] = []
    last = len(traits) - 1
    for k, trait in enumerate(traits):
        if k == last:
            out.append(trait.replace(TAB, "\\" * k + TAB) if TAB in trait else trait)
            break
        out.append(trait.replace(TAB, "\\" * (k + 1) + TAB) if TAB in trait else trait)
        out.append("\\" * k + TAB)
    return "".join(out)


def split_chain(raw: str) -> list[str] | None:
    """Split a type or state string into its traits' own strings; ``None`` if not engine-encoded."""
    if TAB not in raw:
        return [raw]
    parts = raw.split(TAB)
    traits: list[str] = []
    current: list[str] = []
    level = 0
    fast = True
    for part in parts[:-1]:
        count = _trailing_backslashes(part)
        if count < level:
            fast = False
            break
        if count == level:
            current.append(part[: len(part) - level] if level else part)
            traits.append(TAB.join(current))
            current = []
            level += 1
        else:
            current.append(part[: len(part) - level - 1])
    if fast:
        current.append(parts[-1])
        traits.append(TAB.join(current))
        if any(t[:1] in ("'", "\\") for t in traits):
            fast = False
    if not fast:
        traits = _split_chain_slow(raw)
    if join_chain(traits) != raw:
        return None
    return traits


def trait_id(trait_type: str) -> str:
    """The trait's class prefix without the ``;`` (``mark``, ``emb2``, ``piece``; ``stack``)."""
    head, _, _ = trait_type.partition(";")
    return head


@dataclass(frozen=True, slots=True)
class BasicState:
    """BasicPiece state (§4.3): map (``None`` for ``null``), x, y, gpid and persistent properties.

    ``extra`` holds tokens after the declared properties (kept for the round trip); ``has_count``
    is false for old files whose state ends after the gpid.
    """

    map: str | None
    x: str
    y: str
    gpid: str
    properties: tuple[tuple[str, str], ...]
    has_count: bool = True
    extra: tuple[str, ...] = ()


def basic_state(state: str) -> BasicState | None:
    """Read a BasicPiece state; ``None`` if it is not in a form we can write back exactly."""
    tokens = se_decode(state, ";")
    if len(tokens) < 3:
        return None
    gpid = tokens[3] if len(tokens) > 3 else ""
    properties: list[tuple[str, str]] = []
    has_count = len(tokens) > 4
    extra: tuple[str, ...] = ()
    if has_count:
        try:
            count = int(tokens[4])
        except ValueError:
            return None
        if count < 0 or 5 + 2 * count > len(tokens) or tokens[4] != str(count):
            return None
        properties = [(tokens[5 + 2 * i], tokens[6 + 2 * i]) for i in range(count)]
        extra = tuple(tokens[5 + 2 * count :])
    elif len(tokens) < 4:
        return None
    result = BasicState(
        None if tokens[0] == "null" else tokens[0], tokens[1], tokens[2], gpid, tuple(properties), has_count, extra
    )
    if basic_state_text(result) != state:
        return None
    return result


def basic_state_text(state: BasicState) -> str:
    """Write a BasicPiece state (inverse of :func:`basic_state`)."""
    tokens = ["null" if state.map is None else state.map, state.x, state.y, state.gpid]
    if state.has_count:
        tokens.append(str(len(state.properties)))
        for key, value in state.properties:
            tokens += [key, value]
        tokens += list(state.extra)
    return se_encode(tokens, ";") or ""


def basic_type(trait_type: str) -> tuple[str, str, str, str] | None:
    """BasicPiece type (§4.3): cloneKey, deleteKey, imageName, name; ``None`` if not exact."""
    if not trait_type.startswith("piece;"):
        return None
    tokens = se_decode(trait_type[6:], ";")
    if len(tokens) != 4 or "piece;" + (se_encode(tokens, ";") or "") != trait_type:
        return None
    return tokens[0], tokens[1], tokens[2], tokens[3]


def marker(trait_type: str, state: str) -> list[tuple[str, str]] | None:
    """Marker (``mark;``, §4.6) property names and values in order; ``None`` if not exact."""
    if not trait_type.startswith("mark;"):
        return None
    names = se_decode(trait_type[5:], ",")
    values = se_decode(state, ",")
    if len(names) != len(values):
        return None
    if se_encode(names, ",") != trait_type[5:] or se_encode(values, ",") != state:
        return None
    return list(zip(names, values, strict=True))


def marker_strings(pairs: list[tuple[str, str]]) -> tuple[str, str]:
    """Type and state strings of a Marker trait (inverse of :func:`marker`)."""
    return "mark;" + (se_encode([n for n, _ in pairs], ",") or "null"), se_encode([v for _, v in pairs], ",") or ""


def add_piece_fields(text: str) -> tuple[str, str, str] | None:
    """``+/id/type/state`` → (id, type, state), or ``None`` if not an exact AddPiece (§5.4)."""
    if not text.startswith("+/"):
        return None
    tokens = se_decode(text[2:], "/")
    if len(tokens) != 3 or "+/" + (se_encode(tokens, "/") or "") != text:
        return None
    return tokens[0], tokens[1], tokens[2]


def add_piece_text(piece_id: str, piece_type: str, state: str) -> str:
    """Write an AddPiece command."""
    return "+/" + (se_encode([piece_id, piece_type, state], "/") or "")
