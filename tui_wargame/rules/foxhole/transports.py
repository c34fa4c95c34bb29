"""Foxhole R5.C-D: Transport and Sortie counters, as data. Transports (Trains, Trucks, Ships)
carry men, supplies and bridging implements in the Transport Phase (R16); Sorties (Air, Gun)
are off-map support fired like Artillery Barrages (R18), chosen at the Dawn Briefing (R23).
The phases that move and fire them read these tables.

Errata (R2.A, the earlier rule prevails): R5.C gives Trains a Movement Rate of 40 and Ships 20
where R16.C.1 and R16.E.1 let them move any distance; a Truck's Movement Rate is its printed
number (R5.C.2), R16.D.1's 60 hexes being the rate of a Truck that prints none; and a Truck
carries one car of supplies or Motorizes one Company or Battery (R5.C.2), not R16.D.2's three
cars and no units.
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.frozen import frozen

TRAIN, TRUCKS, SHIP = "train", "trucks", "ship"
AIR, GUN = "air", "gun"


@frozen
class Transport:
    """A Transport type: what its printed number counts (`number`: cars it pulls, its Movement
    Rate, or the cargo in cars it carries), its fixed Movement Rate (None: the printed number),
    what it moves along, and the cargo it may take (in train cars)."""

    id: str
    name: str
    rule: str
    number: str
    movement: int | None
    moves_on: str
    cargo_cars: int | None  # None: the printed number
    carries_units: bool


TRANSPORTS: Mapping[str, Transport] = {t.id: t for t in (
    Transport(TRAIN, "Train", "R5.C.1, R16.C", "cars", 40, "railline hexsides without a Rail Break",
              None, True),
    Transport(TRUCKS, "Trucks", "R5.C.2, R16.D", "movement", None, "Roads and Highways", 1, False),
    Transport(SHIP, "Ship", "R5.C.3, R16.E", "cargo", 20, "full water hexes and Port hexes", None, True),
)}

TRUCK_MOVEMENT = 60  # R16.D.1: a Truck that prints no rate
#: R5.C.2: a Truck may instead carry one Company or Battery as if it were Mounted.
TRUCK_MOTORIZES = frozenset({"company", "battery"})

#: R16.C.2: how many train cars each item of cargo fills (Ship cargo and Truck loads count the
#: same way, R16.D.2, R16.E.2). Units by their kind; markers by their kind.
CARS: Mapping[str, int] = {
    "company": 3, "battery": 3, "vehicle": 3, "railroad-artillery": 15,
    "boats": 1, "rafts": 3, "bridge-bailey": 1, "bridge-foot": 2, "bridge-vehicle": 3,
    "supply-points": 1,  # per marker of 5 Supply Points
}
SUPPLY_POINTS_PER_CAR = 5


@frozen
class Sortie:
    """A Sortie type: where its range is counted from (None: no range limit), whether the side
    it strikes applies all its firepower, how many of its Barrages into one hex knock a level
    off a Defensive Work, and whether the Atmospheric Conditions touch it."""

    id: str
    name: str
    rule: str
    range_from: str | None
    owner_applies_all: bool
    barrages_per_work_level: int
    weather: bool


SORTIES: Mapping[str, Sortie] = {s.id: s for s in (
    Sortie(AIR, "Air Sortie", "R5.D.1", None, False, 0, True),
    Sortie(GUN, "Gun Sortie", "R5.D.2", "a hex next to a friendly off-map supply source", True, 2, False),
)}
SORTIE_USES_PER_DAY = 1  # R5.D: each at the time of Day chosen at the Dawn Briefing
SORTIE_TIMES = ("morning", "afternoon", "night")  # R5.D, R23


def cars(item: str, count: int = 1) -> int:
    """R16.C.2: the train cars `count` of `item` fill (Supply Points by the 5-point marker,
    rounded up)."""
    if item == "supply-points":
        return -(-count // SUPPLY_POINTS_PER_CAR)
    return CARS[item] * count
