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

from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from operator import getitem
from typing import TypeVar, cast

from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.sequence import encode as se_encode
from sdbp_module.codec.sequence import encode_token
from sdbp_module.codec.tree import BACKSLASH, QUOTE_STARTS, split_exact
from sdbp_module.records import record

TAB = "\t"
_cut = cast(Callable[[str, slice], str], getitem)
"""``text[part]``: ``operator.getitem`` (a fast C call from ``map``, unlike ``str.__getitem__``), typed for strings."""


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


class _Separators:
    """Per nesting level k: ``k`` backslashes (what ends a part before the TAB after trait k), ``k + 1``
    (a part that ends so has one too many), and the slice that cuts the ``k`` off; grown on demand."""

    def __init__(self) -> None:
        self.ends: list[str] = []
        self.too_many: list[str] = []
        self.cuts: list[slice] = []

    def upto(self, count: int) -> tuple[list[str], list[str], list[slice]]:
        """The three lists, at least ``count`` long."""
        for k in range(len(self.ends), count):
            self.ends.append("\\" * k)
            self.too_many.append("\\" * (k + 1))
            self.cuts.append(slice(None, -k) if k else slice(None))
        return self.ends, self.too_many, self.cuts


_SEPARATORS = _Separators()


def split_chain(raw: str) -> list[str] | None:
    """Split a type or state string into its traits' own strings; ``None`` if not engine-encoded.

    The common chain, no TAB inside any trait and no trait needing quotes, is split and checked by
    C-level calls, never a Python step per part: the parts cut by the slices that drop each one's ``k``
    backslashes (the part before the k-th TAB), then checked that the cuts removed ``k`` backslashes
    from each part, that no trait before a TAB ends with a backslash (its part had more than ``k``) and
    that none starts with a quote or a backslash (the engine may have wrapped it). How depends on the
    chain's shape, for speed only (both ways are exact): a chain of long traits (a piece's type: 1.3 M of
    the 1.4 M characters of a small log's set-up, some 190 a trait) is checked part by part (``removesuffix``,
    ``removeprefix`` mapped over the parts: a scan of its whole text costs more), a chain of short ones
    (a state: mostly the backslash runs of its nesting, all but 0.1 M of the 3.2 M characters of the
    Paths of Glory save's states) over the whole string (lengths, a count of backslashes, and ``in`` over
    the traits joined, which are short: a call per part costs more). Any other chain is read by
    :func:`_split_chain_parts`.
    """
    if TAB not in raw:
        return [raw]
    parts = raw.split(TAB)
    count = len(parts) - 1  # TABs: the part before the k-th (from 0) should end with k backslashes
    ends, _, cuts = _SEPARATORS.upto(count)
    if parts[-2].endswith(ends[count - 1]):
        # (the last part before a TAB ends right: no TAB inside a trait moved the levels; else the long way)
        last = parts.pop()  # (put back below: ``_split_chain_parts`` reads every part)
        removed = count * (count - 1) // 2
        if len(raw) - removed >= _LONG_TRAITS * count:
            traits = _plain_long_traits(parts, ends, last, len(raw) - count - len(last) - removed)
        else:
            traits = _plain_short_traits(raw, parts, cuts, last, removed)
        parts.append(last)
        if traits is not None:
            return traits  # joining gives raw back
    return _split_chain_parts(raw, parts)


_LONG_TRAITS = 64
"""Characters a trait, on average, from which :func:`split_chain` checks a chain part by part (below, over
the whole string): a small log's types (190) are split 2.3 times faster so (3.3 against 7.3 ms), while
the Paths of Glory save's states, checked part by part, were 1.7 times slower (16.6 against 9.7 ms)."""


def _plain_long_traits(parts: list[str], ends: Sequence[str], last: str, length: int) -> list[str] | None:
    """The traits of a common chain of long traits checked part by part (``split_chain``): the parts before
    the last TAB (``parts``, ``length`` characters once each has lost its ``k`` backslashes) each end with its
    ``k`` backslashes and no more, and no trait starts with a quote or a backslash; ``None`` otherwise.

    Each check is a sum of lengths: ``removesuffix``/``removeprefix`` mapped over the parts take characters
    off exactly where they are there (a part's ``k`` backslashes, each one-character suffix or prefix that
    must not be), so the traits are ``length`` long only if every part ended right, and keep their length
    only if no trait ends with a backslash or starts with a quote or a backslash. Those methods take one
    argument, a cheaper call from ``map`` than ``endswith``/``startswith`` (which parse theirs as a tuple):
    a small log's 260 types, 7,000 traits, were checked in 23.7 M instructions with those, 19.3 M so."""
    traits = list(map(str.removesuffix, parts, ends))
    if sum(map(len, traits)) != length:  # (a part loses its k backslashes or nothing)
        return None
    if sum(map(len, map(str.removesuffix, traits, repeat(BACKSLASH)))) != length:
        return None
    traits.append(last)
    length += len(last)
    for quote in QUOTE_STARTS:
        if sum(map(len, map(str.removeprefix, traits, repeat(quote)))) != length:
            return None
    return traits


def _plain_short_traits(raw: str, parts: list[str], cuts: Sequence[slice], last: str, removed: int) -> list[str] | None:
    """The traits of a common chain of short traits checked over the whole string (``split_chain``): the cuts
    removed ``removed`` characters, all backslashes, no trait ends with a backslash before a TAB and none
    starts with a quote or a backslash; ``None`` otherwise."""
    traits = list(map(_cut, parts, cuts))
    traits.append(last)
    joined = TAB.join(traits)
    if (
        len(raw) - len(joined) == removed
        and raw.count("\\") - joined.count("\\") == removed
        and "\\\t" not in joined
        and "\t\\" not in joined
        and "\t'" not in joined
        and joined[:1] not in QUOTE_STARTS
    ):
        return traits
    return None


def _split_chain_parts(raw: str, parts: list[str]) -> list[str] | None:
    """:func:`split_chain` of a chain whose traits may hold TABs (``parts``: ``raw`` split on TAB)."""
    traits: list[str] = []
    current: list[str] = []
    level = 0
    fast = True
    last_has_tab = False
    ends, too_many, _ = _SEPARATORS.upto(len(parts))
    for part in parts[:-1]:
        # the backslashes ending the part against the level, by endswith (no per-character rstrip)
        if part.endswith(too_many[level]):  # more than the level: a TAB inside the trait
            current.append(part[: len(part) - level - 1])
            last_has_tab = True
        elif part.endswith(ends[level]):  # exactly the level: the trait ends here
            stripped = part[: len(part) - level]
            current.append(stripped)
            traits.append(TAB.join(current) if len(current) > 1 else stripped)
            current = []
            level += 1
            last_has_tab = False
        else:
            fast = False
            break
    if fast:
        current.append(parts[-1])
        traits.append(TAB.join(current) if len(current) > 1 else parts[-1])
        for t in traits:
            if t[:1] in ("'", "\\"):
                fast = False
                break
    if not fast:
        traits = _split_chain_slow(raw)
    elif not last_has_tab:
        # every TAB keeps its backslash count and no token needs quotes: joining gives raw back
        return traits
    if join_chain(traits) != raw:
        return None
    return traits


def trait_id(trait_type: str) -> str:
    """The trait's class prefix without the ``;`` (``mark``, ``emb2``, ``piece``; ``stack``)."""
    semicolon = trait_type.find(";")  # not partition: that copies the rest of a long type too
    return trait_type if semicolon < 0 else trait_type[:semicolon]


T = TypeVar("T")


def expand_prototypes(traits: Sequence[T], prototypes: Mapping[str, Sequence[T]], type_of: Callable[[T], str]) -> list[T]:
    """``traits`` with every ``prototype;<name>`` trait replaced by the named prototype's traits, its
    BasicPiece (the last) dropped, recursively, as the engine's ``UsePrototype`` expands a piece (§4.5).
    ``type_of`` gives a trait's type string (the items may carry their state too). ``ValueError``
    names a prototype that is not defined or that uses itself."""

    def expand(items: Sequence[T], seen: tuple[str, ...]) -> list[T]:
        out: list[T] = []
        for item in items:
            trait = type_of(item)
            if trait_id(trait) != "prototype":
                out.append(item)
                continue
            name = se_decode(trait[len("prototype;") :], ";")[0]
            if name in seen or name not in prototypes:
                raise ValueError(f"prototype {name!r}: {'used by itself' if name in seen else 'not defined'}")
            out.extend(expand(prototypes[name][:-1], (*seen, name)))
        return out

    return expand(traits, ())


@record
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
    tokens = split_exact(state, ";")
    if tokens is None or len(tokens) < 3:
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
    return BasicState(
        None if tokens[0] == "null" else tokens[0], tokens[1], tokens[2], gpid, tuple(properties), has_count, extra
    )


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
    tokens = split_exact(trait_type[6:], ";")
    if tokens is None or len(tokens) != 4:
        return None
    return tokens[0], tokens[1], tokens[2], tokens[3]


def marker(trait_type: str, state: str) -> list[tuple[str, str]] | None:
    """Marker (``mark;``, §4.6) property names and values in order; ``None`` if not exact."""
    if not trait_type.startswith("mark;"):
        return None
    names = split_exact(trait_type[5:], ",")
    values = split_exact(state, ",")
    if names is None or values is None or len(names) != len(values):
        return None
    return list(zip(names, values, strict=True))


def marker_strings(pairs: list[tuple[str, str]]) -> tuple[str, str]:
    """Type and state strings of a Marker trait (inverse of :func:`marker`)."""
    return marker_type([n for n, _ in pairs]), marker_state([v for _, v in pairs])


def marker_type(names: list[str]) -> str:
    """The type string of a Marker trait with these property names (:func:`marker_strings`)."""
    return "mark;" + (se_encode(names, ",") or "null")


def marker_state(values: list[str]) -> str:
    """The state string of a Marker trait with these property values (:func:`marker_strings`)."""
    return se_encode(values, ",") or ""


def marker_values(state: str) -> list[str] | None:
    """The property values of a Marker state, ``None`` if :func:`marker_state` of them is not ``state``.

    A state without a backslash or a quote is the plain split, and writes back as its join (no token
    of it is escaped or wrapped), unchecked.
    """
    if "\\" not in state and "'" not in state:
        return state.split(",")
    values = split_exact(state, ",")
    return values if values is not None and marker_state(values) == state else None


def add_piece_fields(text: str) -> tuple[str, str, str] | None:
    """``+/id/type/state`` → (id, type, state), or ``None`` if not an exact AddPiece (§5.4)."""
    if not text.startswith("+/"):
        return None
    tokens = split_exact(text[2:], "/")
    if tokens is None or len(tokens) != 3:
        return None
    return tokens[0], tokens[1], tokens[2]


def add_piece_text(piece_id: str, piece_type: str, state: str) -> str:
    """Write an AddPiece command."""
    return "+/" + (se_encode([piece_id, piece_type, state], "/") or "")
