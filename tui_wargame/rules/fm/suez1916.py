"""Suez 1916 exclusive rules (Suez 10.0-19.0) as hooks into the Fire & Movement system.

The tables (TEC, CRT, stacking, night and surprise shifts, victory levels) are data in
scenarios/suez1916.toml; this module holds the rules that need code, each method naming
its section. Registered as the hooks "suez1916" (`[rules] hooks`) in `tui_wargame.rules.fm`.
"""

from __future__ import annotations

from tui_wargame.rules.fm.hooks import Hooks


class Suez1916(Hooks):
    """The exclusive rules of Suez 1916."""

