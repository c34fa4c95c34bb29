"""The Fire & Movement folio system (F&M standard rules as completed by RULES-NOTES).

See docs/rules/fire-and-movement.md for the rules as implemented.
"""

from tui_wargame.rules.fm.hooks import Hooks, register_hooks
from tui_wargame.rules.fm.system import SYSTEM, FireAndMovement

# Scenario hooks shipped with the system, imported when a scenario names them.
register_hooks("suez1916", "tui_wargame.rules.fm.suez1916:Suez1916")

__all__ = ["SYSTEM", "FireAndMovement", "Hooks", "register_hooks"]

register_hooks("gaza1917", "tui_wargame.rules.fm.gaza1917:Gaza1917")
