"""An exact replica of ``java.util.Random``, and the seeds that make the VASSAL engine roll planned dice.

The engine rolls its dice and draws its cards with ``java.util.Random``: a dice button rolls each die
as ``ran.nextInt(nSides) + 1`` (``DiceButton.DR``, 3.7.26), a deck that shuffles ``Always`` draws
``rng.nextInt(cards left)`` per card (``Deck.drawCards``; a Global Key Command visiting a deck asks
for every card, so it takes the whole deck in that random order). The engine harness
(``VassalPlay``'s ``seed N``) replaces each dice button's generator with ``java.util.Random(N)`` and
the module's (the decks') with ``java.util.Random(N + 1)``. The engine still rolls; a seed chosen
before each roll only makes the roll reproducible and the one a test game plans. This module finds
those seeds.

:class:`JavaRandom` is the 48-bit linear congruential generator of the JDK (``setSeed`` scrambles the
seed with the multiplier; ``next(bits)``; ``nextInt(bound)`` with its power-of-two shortcut and its
rejection loop), checked against real ``java.util.Random`` sequences in the tests.

>>> [JavaRandom(7).next_int(6) + 1 for _ in range(1)], JavaRandom(0).next_int(27)
([5], 24)
>>> seed_for_dice([6, 6]) >= 0
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

MULTIPLIER = 0x5DEECE66D
ADDEND = 0xB
MASK = (1 << 48) - 1
INT_RANGE = 1 << 32
SEARCH_LIMIT = 50_000_000
"""The most seeds a search tries before it gives up (a wish no seed below it grants is a planning error)."""


class JavaRandom:
    """``java.util.Random`` (JDK 17), bit for bit."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int) -> None:
        self._seed = (seed ^ MULTIPLIER) & MASK

    def next(self, bits: int) -> int:
        """``next(bits)``: the top ``bits`` bits of the new state, as Java's signed ``int``."""
        self._seed = (self._seed * MULTIPLIER + ADDEND) & MASK
        value = self._seed >> (48 - bits)
        return value - INT_RANGE if value >= INT_RANGE // 2 else value

    def next_int(self, bound: int | None = None) -> int:
        """``nextInt()`` (any ``int``) or ``nextInt(bound)`` (0 … bound - 1)."""
        if bound is None:
            return self.next(32)
        if bound <= 0:
            raise ValueError("bound must be positive")
        r = self.next(31)
        m = bound - 1
        if bound & m == 0:  # a power of two: the high bits
            return (bound * r) >> 31
        u = r
        while True:
            r = u % bound
            if u - r + m < INT_RANGE // 2:  # Java: u - r + m does not overflow to a negative int
                return r
            u = self.next(31)


def dice(seed: int, count: int, sides: int = 6) -> list[int]:
    """The dice a button seeded with ``seed`` rolls (``nextInt(sides) + 1`` each)."""
    r = JavaRandom(seed)
    return [r.next_int(sides) + 1 for _ in range(count)]


def seed_for_dice(values: Sequence[int], sides: int = 6, start: int = 0) -> int:
    """The first seed from ``start`` on whose dice are ``values``, in that order."""
    if not values or any(not 1 <= v <= sides for v in values):
        raise ValueError(f"cannot roll {list(values)} with {sides}-sided dice")
    wanted = [v - 1 for v in values]
    for seed in range(start, start + SEARCH_LIMIT):
        r = JavaRandom(seed)
        if all(r.next_int(sides) == w for w in wanted):
            return seed
    raise ValueError(f"no seed from {start} rolls {list(values)}")


def picks(seed: int, size: int, count: int) -> list[int]:
    """The positions ``Deck.drawCards`` takes from a pile of ``size`` cards (``getPieceAt`` indexes,
    bottom first) with the module's generator seeded with ``seed``: each pick ``nextInt`` of the
    positions left, taken out of the list."""
    left = list(range(size))
    r = JavaRandom(seed)
    return [left.pop(r.next_int(len(left))) for _ in range(min(count, size))]


def seed_for_picks(size: int, wanted: Iterable[int], start: int = 0) -> int:
    """The first seed from ``start`` on whose first picks from a pile of ``size`` cards are exactly the
    positions ``wanted`` (in any order): one card drawn by hand, or the cards a Draw button takes."""
    target = set(wanted)
    if not target or any(not 0 <= w < size for w in target):
        raise ValueError(f"cannot pick positions {sorted(target)} from {size} cards")
    for seed in range(start, start + SEARCH_LIMIT):
        left = list(range(size))
        r = JavaRandom(seed)
        for _ in range(len(target)):
            if left.pop(r.next_int(len(left))) not in target:
                break
        else:
            return seed
    raise ValueError(f"no seed from {start} picks {sorted(target)} of {size}")
