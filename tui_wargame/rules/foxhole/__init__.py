"""Foxhole, the tactical system (rulebook: ../shared/seeds/004_91b134bdb9d2e5f5.txt), as a
rule system beside Fire & Movement. One module per rule, named in the rulebook's words:

- `arith` R2.C-F dice and arithmetic; `charts` Chart 2 as data; `counters` R5-R7;
- `weather` R8-R9; `stacking` R10; `movement` R11; `supply` R12;
- `sequence` R13-R15 (Day, Full Turn, Player Turn); `setup` R3.B; `dawn` R23;
- phases `transport` R16, `supply_movement` R17, `barrage` R18, `activities` R19,
  `combat` R20, `motorized` R21, `vehicle_assault` R22;
- `victory` R24; `optional` R25 and R2.K;
- `system` the RuleSystem; docs/rules/foxhole.md maps every section to its code.
"""

from tui_wargame.rules.foxhole.system import SYSTEM

__all__ = ["SYSTEM"]
