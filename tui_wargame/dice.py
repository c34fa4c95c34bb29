"""Dice as a pure function of (game seed, record seq, draw index).

There is no global random state: re-resolving record 17 of a game rolls the
same numbers whatever was rolled before it, which is what lets `verify`
re-run a game from its seed and catch an edited die.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def _draw(seed: int, seq: int, draw: int, attempt: int) -> int:
    digest = hashlib.sha256(f"{seed}:{seq}:{draw}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Dice:
    """The random stream of one record. `used` tells whether the order rolled."""

    __slots__ = ("seed", "seq", "draws")

    def __init__(self, seed: int, seq: int) -> None:
        self.seed = seed
        self.seq = seq
        self.draws = 0

    @property
    def used(self) -> bool:
        return self.draws > 0

    def roll(self, sides: int = 6) -> int:
        """One die of `sides` faces, 1..sides, exactly uniform (rejection sampling)."""
        if sides < 1:
            raise ValueError("a die has at least one face")
        limit = (1 << 64) - (1 << 64) % sides
        draw, self.draws = self.draws, self.draws + 1
        attempt = 0
        while (value := _draw(self.seed, self.seq, draw, attempt)) >= limit:
            attempt += 1
        return value % sides + 1

    def choice(self, items: Sequence[T]) -> T:
        """One of `items`, each equally likely (drawing a marker from a cup)."""
        if not items:
            raise ValueError("cannot choose from nothing")
        return items[self.roll(len(items)) - 1]


class SealedSeed:
    """A hosted game's seed and the salt that hides it: the save's header holds only `seal`, a hash
    of both, so no player can compute a die before the host reveals them (docs/hosting.md)."""

    __slots__ = ("seed", "salt")

    def __init__(self, seed: int, salt: str) -> None:
        self.seed = seed
        self.salt = salt

    @classmethod
    def make(cls) -> SealedSeed:
        import secrets  # here: only a hosted game's creation draws one

        return cls(secrets.randbelow(2**63), secrets.token_hex(16))

    @property
    def seal(self) -> str:
        """The commitment the header holds: SHA-256 (64 hex digits) of "seed:salt"."""
        return hashlib.sha256(f"{self.seed}:{self.salt}".encode()).hexdigest()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SealedSeed) and (self.seed, self.salt) == (other.seed, other.salt)

    def __hash__(self) -> int:
        return hash((self.seed, self.salt))

    def __repr__(self) -> str:  # never the seed itself: a repr can reach a log or a screen
        return f"SealedSeed(seal={self.seal[:12]}...)"
