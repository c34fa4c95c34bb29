"""Foxhole R18.D.1, R20.C.3, R20.C.5, R20.D.2: how a share of firepower is laid on units.

Every attack hands each player a share of the firepower (charts.COMBAT_EFFECTS: the firer's and
the owner's), which that player must apply in full to the target units, putting no more than
`cap` times a unit's Defence on any one unless every unit already has that much. The two
allocations are added per unit and each whole multiple of the unit's Defence is one hit.

Reconstruction (R18.D.1 "allocate in secret"): the game has no simultaneous secret decision, so
the owner of the target units allocates first and the other player second, each as a pending
decision answered with `apply UNIT=AMOUNT ...` (exact fractions such as `3/2`). The owner spreads,
the firer concentrates; going second the firer sees the spread, as he would once both reveal.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction

from tui_wargame.model import Order, Refusal

Plan = dict[str, Fraction]

#: At most this many plans are offered (legal_orders and the AI want a short list).
MAX_PLANS = 8


def split(total: Fraction | int, side_share: Fraction) -> Fraction:
    """A player's share of a firing side's total (3/4, 1/4, 1/2: charts.COMBAT_EFFECTS)."""
    return Fraction(total) * side_share


def room(defences: Mapping[str, Fraction | int], cap: int) -> Fraction:
    """The most that can go on the units without passing anyone's cap."""
    return sum((Fraction(d) * cap for d in defences.values()), Fraction(0))


def valid(plan: Mapping[str, Fraction], amount: Fraction, defences: Mapping[str, Fraction | int],
          cap: int, rule: str = "R20.C.5") -> Refusal | None:
    """Why `plan` does not lay exactly `amount` on the units within the cap, or None if it does."""
    strange = sorted(set(plan) - set(defences))
    if strange:
        return Refusal(f"{', '.join(strange)} is not a target here (targets: {', '.join(defences)})", rule)
    if any(v < 0 for v in plan.values()):
        return Refusal("firepower applied to a unit cannot be negative", rule)
    placed = sum(plan.values(), Fraction(0))
    if placed != amount:
        return Refusal(f"all {_show(amount)} firepower must be applied, not {_show(placed)}", rule)
    forced = amount > room(defences, cap)
    for uid, d in defences.items():
        got = plan.get(uid, Fraction(0))
        limit = Fraction(d) * cap
        if forced and got < limit:
            return Refusal(f"{uid} must take {_show(limit)} ({cap} x Defence) before any unit takes more",
                           rule)
        if not forced and got > limit:
            return Refusal(f"{uid} may take at most {_show(limit)} ({cap} x Defence {_show(d)})", rule)
    return None


def plans(amount: Fraction, defences: Mapping[str, Fraction | int], cap: int) -> list[Plan]:
    """A small canonical set of the plans that matter: the even spread (each unit the same multiple
    of its Defence, fewest hits on any), then, for each way of giving units whole multiples of their
    Defence that leaves no room for another, that plan with the remainder on the first unit with
    room (under one Defence, so it makes no further hit). At most MAX_PLANS."""
    uids = list(defences)
    if not uids:
        return []
    whole = room(defences, cap)
    found: list[Plan] = []

    def offer(plan: Plan) -> None:
        if plan not in found and valid(plan, amount, defences, cap) is None:
            found.append(plan)

    if 0 < whole and amount <= whole:
        offer({u: amount * Fraction(defences[u]) * cap / whole for u in uids})
    ds = {u: Fraction(defences[u]) for u in uids}
    positive = [u for u in uids if ds[u] > 0]
    for ks in _maximal([ds[u] for u in positive], amount, cap):
        if len(found) >= MAX_PLANS:
            break
        left = amount - sum((k * ds[u] for u, k in zip(positive, ks, strict=True)), Fraction(0))
        open_ = [u for u, k in zip(positive, ks, strict=True) if k < cap]
        plan = {u: Fraction(0) for u in uids}
        plan.update({u: ds[u] * k for u, k in zip(positive, ks, strict=True)})
        plan[open_[0] if open_ else (positive or uids)[0]] += left
        offer(plan)
    return found[:MAX_PLANS]


def _maximal(ds: Sequence[Fraction], amount: Fraction, cap: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of whole multiples (0..cap) of the Defences that fits in `amount` and leaves no
    room for one more multiple on any unit below its cap, in lexicographic order. A branch is cut
    as soon as it overflows, or as soon as even filling every later unit to its cap would leave
    room for a unit already left open."""
    room_after = [sum((d * cap for d in ds[i:]), Fraction(0)) for i in range(len(ds) + 1)]

    def walk(i: int, used: Fraction, least_open: Fraction | None) -> Iterator[tuple[int, ...]]:
        left = amount - used
        if least_open is not None and left - room_after[i] >= least_open:
            return
        if i == len(ds):
            yield ()
            return
        for k in range(cap + 1):
            if used + k * ds[i] > amount:
                break
            smallest = least_open if k == cap else min(ds[i], least_open or ds[i])
            for rest in walk(i + 1, used + k * ds[i], smallest):
                yield (k, *rest)
    return walk(0, Fraction(0), None)


def hits(applied_by_both: Iterable[Fraction | int], defence: Fraction | int, max_hits: int) -> int:
    """R18.E, R20.C.3/6, R20.D.3: one hit per whole multiple of the unit's Defence in the firepower
    both players applied to it, at most `max_hits`; a unit of Defence 0 (R10.D.3) takes them all
    from any firepower."""
    applied = sum((Fraction(a) for a in applied_by_both), Fraction(0))
    if applied <= 0:
        return 0
    if defence <= 0:
        return max_hits
    return min(max_hits, int(applied // Fraction(defence)))


def order(plan: Mapping[str, Fraction], verb: str = "apply") -> Order:
    """The answer order for a plan: `apply X1=3 X2=3/2` (units with nothing left out)."""
    return Order(verb, tuple(f"{u}={_show(v)}" for u, v in plan.items() if v))


def parse(order_: Order, rule: str = "R20.C.5") -> Plan | Refusal:
    """The plan an `apply UNIT=AMOUNT ...` order gives, or why it cannot be read."""
    plan: Plan = {}
    for arg in order_.args:
        uid, sep, text = arg.partition("=")
        try:
            amount = Fraction(text)
        except (ValueError, ZeroDivisionError):
            amount = None
        if not sep or not uid or amount is None:
            return Refusal(f"`{arg}` is not UNIT=AMOUNT (an amount like 3 or 3/2)", rule)
        if uid in plan:
            return Refusal(f"{uid} is named twice", rule)
        plan[uid] = amount
    return plan


def _show(value: Fraction | int) -> str:
    return str(Fraction(value))
