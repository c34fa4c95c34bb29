"""Where a save's game stands, read cheaply for a list of saves: no replay, no check of the chain.

A save's position (turn, phase, active side, a decision owed, the verdict) is set by five event
kinds only, each line of its own in the form tui-wargame writes (docs/save-format.md), so the last
line of each kind tells it: the position is what the latest of them left. Reading a save of 1,000
records this way takes a search of its bytes instead of a fold of every event; opening the save
(`Game.open`) still checks everything. A save in an older format is read in full and upgraded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui_wargame import savefile
from tui_wargame.errors import WargameError
from tui_wargame.files import SAVE_LIMIT, FileUnreadable, read_limited
from tui_wargame.frozen import frozen

_KINDS = ("phase_began", "state_restored", "decision_required", "decision_made", "game_ended")


@frozen
class Glance:
    """A save at a glance: `turn` is an index into the scenario's turns; `owes` is the side owing a
    decision ("" for none); `winner` and `level` are set once the game is over."""

    scenario: str
    seq: int
    turn: int
    phase: str
    active: str
    owes: str = ""
    over: bool = False
    winner: str = ""
    level: str = ""
    seed: int = 0
    sealed: bool = False  # a hosted game's dice: the header keeps only the seed's seal
    created: str = ""  # when the game began, as the header gives it (ISO 8601, UTC)
    opponent: str = ""  # against the computer: "computer:LEVEL" (header option; tui_wargame.opponent)
    player: str = ""  # against the computer: the side at the keyboard


def glance(path: Path) -> Glance:
    """The position of the save at `path`; WargameError (one line naming the file) if it is no save."""
    try:
        data = read_limited(path, SAVE_LIMIT, "save")
    except FileUnreadable as exc:
        raise savefile.SaveError(str(exc)) from None
    end = savefile._end_of_last_record(data)  # a torn tail is not part of the game
    first = data.find(b"\n[[record]]\n")
    if end is None or first < 0:
        raise savefile.SaveError(f"{path}: no complete record: not a save, or one cut short")
    import tomllib

    try:
        doc = tomllib.loads(data[:first].decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise savefile.SaveError(f"{path}: [header]: not readable") from None
    header, version = savefile._header(doc, path)
    if version < savefile.FORMAT:
        save = savefile.read(path)
        return _position(path, save.header, save.records[-1].seq,
                         [(e.kind, dict(e.facts)) for r in save.records for e in r.events])
    latest: list[tuple[int, str, dict[str, Any]]] = []
    for kind in _KINDS:
        at = data.rfind(b'\n    {"kind" = "' + kind.encode() + b'"', 0, end)
        if at >= 0:
            line = data[at + 1: data.index(b"\n", at + 1)].strip().rstrip(b",")
            try:
                latest.append((at, kind, tomllib.loads("e = " + line.decode("utf-8"))["e"]))
            except (ValueError, UnicodeDecodeError, RecursionError):
                raise savefile.SaveError(f"{path}: a {kind} event is not readable") from None
    seq_at = data.rfind(b"\n[[record]]\nseq = ", 0, end) + len(b"\n[[record]]\nseq = ")
    seq = data[seq_at: data.index(b"\n", seq_at)]
    if not seq.isdigit():
        raise savefile.SaveError(f"{path}: the last record's seq is not a number")
    return _position(path, header, int(seq), [(kind, facts) for _, kind, facts in sorted(latest)])


def _position(path: Path, header: savefile.Header, seq: int,
              events: list[tuple[str, dict[str, Any]]]) -> Glance:
    """What `events` (in order; only the five kinds matter) leave of the position."""
    turn, phase, active, owes, result = -1, "", "", "", None
    for kind, facts in events:
        if kind in ("phase_began", "state_restored"):  # an undo restores the whole position
            turn, phase, active = facts.get("turn", -1), facts.get("phase", ""), facts.get("side", "")
        pending = {"state_restored": facts.get("pending"), "decision_required": facts}.get(kind)
        if kind in ("decision_required", "decision_made", "game_ended", "state_restored"):
            owes = pending.get("side", "") if isinstance(pending, dict) else ""
        if kind in ("game_ended", "state_restored"):
            result = facts if kind == "game_ended" else facts.get("result")
    if type(turn) is not int or turn < 0 or not phase or not isinstance(result, dict | None):
        raise WargameError(f"{path}: no phase begun, or a malformed one: not a save tui-wargame wrote")
    verdict = result or {}
    vs, player = header.options.get("opponent", ""), header.options.get("player", "")
    return Glance(header.scenario, seq, turn, str(phase), str(active), str(owes), result is not None,
                  str(verdict.get("winner", "")), str(verdict.get("level", "")), header.seed,
                  bool(header.seal), header.created, str(vs), str(player))
