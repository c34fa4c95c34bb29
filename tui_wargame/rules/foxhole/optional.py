"""Foxhole R25 (and R2.K): the optional rules, each switched on per game when both players agree.

Each is a game option (`new --option NAME=on`) that `setup` records in the State as
`option.NAME`, so the save's header and its first record both say which are in play;
`Position.option(NAME)` asks. The rule code for each lives with the phase it changes.
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.rules.capabilities import GameOption

#: name -> (the rule, one line for players).
OPTIONAL_RULES: Mapping[str, tuple[str, str]] = {
    "night-turns": ("R9", "play Night player turns (Fatigue, doubled hex costs, halved firepower)"),
    "overstacking": ("R10.D", "up to 4 more units may stack in a hex, at a cost"),
    "bridge-barrages": ("R18.F", "barrages can wreck Bailey, Foot and Vehicle Bridges"),
    "forced-march": ("R19.D", "non-motorized Companies may move double, then tire"),
    "retreat-fatigue": ("R20.C.9, R22.B.7", "a retreating unit becomes Fatigued (Exhausted if it was)"),
    "on-map-air-sorties": ("R25.A.1", "Air Sorties fly from airfields on the map"),
    "barrages": ("R25.A.2", "artillery may fire blind at a hex it cannot see, hitting on a low roll"),
    "long-range-fights": ("R25.A.3", "some units may Fight from two hexes away"),
    "formation-cohesion": ("R25.A.4", "units fight better beside their own battalion"),
    "inter-service": ("R25.A.5", "different services or languages may not stack or fight together"),
    "less-random-combat": ("R25.A.6", "no firepower variability in Assaults and Fights"),
    "shellholes": ("R25.A.7", "heavy barrages leave Shellholes a Company can shelter in"),
    "command-activation": ("R25.B", "a unit acts only when a headquarters activates it"),
    "environment": ("R25.C.1, R7.A.5.a", "fog, wind, drifting smoke, and fires that burn out hexes"),
    "refugees": ("R25.C.2, R7.A.15-18", "refugees clog roads and eat supplies; police, security curb them"),
    "arctic": ("R25.C.3", "perpetual summer twilight or winter dark in the far north"),
    "requisitions": ("R25.C.4", "search buildings and ports for bicycles, vehicles, skis, boats"),
    "advanced-supply": ("R25.D", "supply traced to Supply Points brought in by transports"),
    "partisans": ("R7.A.14-18", "partisans slip away as refugees; police and security hunt them"),
}


def game_options() -> list[GameOption]:
    """Every optional rule as a game option, off unless chosen (R2.K: both players agree)."""
    return [GameOption(name, f"{rule}: {text}", {"off": "not in play", "on": "in play"})
            for name, (rule, text) in OPTIONAL_RULES.items()]
