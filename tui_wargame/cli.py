"""The `tui-wargame` command: a thin layer over the engine for players, scripts and play-by-email.

Exit codes: 0 done; 1 an order was refused or `verify` found a difference;
2 a file or an argument could not be used; 3 an internal error (a bug).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import secrets
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui_wargame import __version__, generating, opponent, presence, savefile, scenario_file
from tui_wargame.engine import ASK_UNDO, Game, as_asked
from tui_wargame.errors import WargameError
from tui_wargame.files import SAVE_LIMIT, first_free, read_limited
from tui_wargame.model import Event, IllegalOrder, Scenario, apply
from tui_wargame.narrative import describe, narrate, side_name, since_last_order
from tui_wargame.savefile import Record
from tui_wargame.text import attributive, clean, tidy
from tui_wargame.tui.glyphs import wants_ascii
from tui_wargame.views import record_view, scenario_summary, side_named, state_view

if TYPE_CHECKING:
    from tui_wargame.hosting import Host


def _saves_dir() -> Path:
    return Path(os.environ.get("TUI_WARGAME_SAVES", "saves"))


def _new_game(scenario: Scenario, out: str | None, seed: int | None,
              options: dict[str, Any] | None = None, keep_unplayed: bool = True) -> Game:
    """A new game saved in `out`, or else in the first free saves/SCENARIO-N.toml."""
    if out:
        return Game.new(scenario, Path(out), seed=seed, options=options)
    return first_free(_saves_dir(), scenario.id, lambda path: Game.new(
        scenario, path, seed=seed, options=options, keep_unplayed=keep_unplayed))


def _dirs(args: argparse.Namespace) -> list[Path]:
    """The scenario folders: each --scenarios DIR (which must be a folder), then the usual ones."""
    given = [Path(d) for d in args.scenarios or ()]
    for folder in given:
        if not folder.is_dir():
            what = "not a folder" if folder.exists() else "no such folder"
            raise WargameError(f"--scenarios {folder}: {what}")
    return given + scenario_file.search_path()


def _open(args: argparse.Namespace, write: bool = False) -> Game:
    game = Game.open(args.file, write=write, scenario_dirs=_dirs(args))
    for w in game.warnings:
        print(f"warning: {w}", file=sys.stderr)
    return game


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


# --- commands ---


def cmd_scenarios(args: argparse.Namespace) -> int:
    found = []
    for path in sorted(scenario_file.scenario_files(_dirs(args)).values()):
        try:
            found.append(scenario_summary(scenario_file.load(path)))
        except WargameError as exc:
            print(f"warning: skipped: {exc}", file=sys.stderr)
    if args.json:
        _print_json(found)
    elif not found:
        print("No scenarios found (looked in: " + ", ".join(map(str, _dirs(args))) + ")")
    for s in found if not args.json else ():
        sides = " vs ".join(x["name"] for x in s["sides"])
        print(f"{s['id']:<12} {s['title']}\n{'':<12} {sides}; {s['length']}")
        for o in s["options"]:
            print(f"{'':<12} --option {o['name']}={'|'.join(o['choices'])}: {o['description']}")
            for choice, what in o["choices"].items():
                default = " (the default)" if choice == o["default"] else ""
                print(f"{'':<16} {choice}: {what}{default}")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    scenario = scenario_file.find(args.scenario, _dirs(args))
    options: dict[str, Any] = {"undo_dice": args.undo_dice}
    for given in args.option or ():
        name, equals, choice = given.partition("=")
        if not equals or not name:
            raise WargameError(f"--option {given}: give NAME=CHOICE (see `tui-wargame scenarios`)")
        name = name.strip()
        if name == "undo_dice":
            raise WargameError(f"--option {given}: undo_dice is set by its own flag, --undo-dice")
        if name in options:
            raise WargameError(f"--option {given}: {name} is given twice")
        options[name] = choice.strip()
    with _new_game(scenario, args.out, args.seed, options) as game:
        print(f"New game of {clean(scenario.title)}, seed {game.header.seed}, saved in {game.path}")
        print(game.prompt())
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    with _open(args) as game:
        orders = [o.text for o in game.legal_orders()]
        state = game.state
        if args.json:
            pending = ({"side": state.pending.side, "kind": state.pending.kind,
                        "prompt": clean(state.pending.prompt)} if state.pending else None)
            _print_json({"to_act": "" if state.over else state.to_act, "pending": pending,
                         "orders": orders})
        else:
            print(f"# {clean(game.prompt())}")
            print("\n".join(orders))
    return 0


def _report(game: Game, records: Sequence[Record], prompt: bool = True) -> None:
    for record in records:
        state = game.state_at(record.seq - 1)
        print(f"accepted [{record.seq}] {side_name(game.scenario, record.side)}: {record.order}")
        for e in record.events:
            line = describe(game, state, e)
            state = apply(state, e)
            if line:
                print(f"    {line}")
    if prompt:
        print(clean(game.prompt()))


def _check_side(game: Game, side: str | None) -> str | None:
    """The side's id, given by id or name (None: any side)."""
    return None if side is None else side_named(game.scenario, side)


def _catch_up(game: Game, side: str) -> None:
    """Play by e-mail: refuse a save that does not verify, then tell the player what the opponent
    did since their last order and whose turn it is, as their side may see it."""
    problems = game.verify()
    if problems:
        raise WargameError(f"{game.path}: refused: the save does not verify (changed by hand, or "
                           f"written under rules this version plays otherwise): {problems[0]} "
                           f"(run `tui-wargame verify` for more)")
    start, lines = since_last_order(game, side)
    mine = "your last order" if start else "the set-up"
    print(f"Since {mine} (record {start}):" if lines
          else f"Nothing has happened since {mine} (record {start}).")
    for line in lines:
        print(f"  {line}")
    state = game.state
    asked = game.undo_asked()
    if asked is not None and asked.side != side:
        print(f"{side_name(game.scenario, asked.side)} ask to take back `{asked.events[0].get('order')}`: "
              f"give \"undo allow\" or \"undo refuse\"")
    if state.over:
        print(clean(game.prompt()))
    elif state.to_act == side:
        print(f"It is your turn ({side_name(game.scenario, side)}): {clean(game.prompt())}")
    else:
        owes = " to decide" if state.pending else ""
        whose = attributive(side_name(game.scenario, state.to_act))
        print(f"It is the {whose} turn{owes}: {clean(game.prompt())}")


def cmd_order(args: argparse.Namespace) -> int:
    with _open(args, write=True) as game:
        side = _check_side(game, args.side)
        orders = args.orders
        if side is not None:  # one side of a live or e-mailed game: an undo is asked of the other
            _catch_up(game, side)
            orders = [as_asked(order) for order in orders]
        _report(game, game.submit_all(orders, side))
        _tell_asked(game)
    return 0


def _tell_asked(game: Game) -> None:
    """After an undo asked of the other side: who answers, and how."""
    asked = game.undo_asked()
    if asked is not None:
        other = next(s for s in game.scenario.sides if s.id != asked.side)
        path = shlex.quote(str(game.path))
        live = game.path is not None and presence.held(game.path)  # a terminal plays it: asked there now
        how = ", on their screen where it is asked now, or with" if live else ""
        print(f"Nothing is taken back until {other.name} allows it{how}: "
              f"tui-wargame order {path} --as {other.id} \"undo allow\" (or \"undo refuse\")")


def cmd_undo(args: argparse.Namespace) -> int:
    with _open(args, write=True) as game:
        side = _check_side(game, args.side)
        _report(game, [game.submit(ASK_UNDO if side is not None else "undo", side)])
        _tell_asked(game)
    return 0


def cmd_ai(args: argparse.Namespace) -> int:
    """The computer plays the side to act (its decisions included) until another side must act
    or the game ends; each order goes through `Game.submit` marked as the computer's."""
    from tui_wargame import players  # loaded only for the computer's command

    level = opponent.check_level(args.level, "--level")
    with _open(args, write=True) as game:
        if game.state.over:
            print(f"tui-wargame: {args.file}: {clean(game.prompt())} The computer has nothing to play.",
                  file=sys.stderr)
            return 1
        side, player, by = game.state.to_act, players.computer(level), opponent.computer_by(level)
        print(f"The computer ({level}) plays {side_name(game.scenario, side)}.")
        while not game.state.over and game.state.to_act == side:
            choice = player.choose(game, side)
            try:
                record = game.submit(choice.order, side, by=by)
            except IllegalOrder as exc:  # the computer's bug, not the player's
                print(f"tui-wargame: internal error: the computer ({level}) gave `{clean(choice.order)}`, "
                      f"which was refused: {exc.refusal}; please report it", file=sys.stderr)
                return 3
            _report(game, [record], prompt=False)
        print(clean(game.prompt()))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    with _open(args) as game:
        if args.at is not None and not 0 <= args.at <= game.seq:
            raise WargameError(f"--at {args.at}: the save has records 0 to {game.seq}")
        view = state_view(game, args.at)
        if args.json:
            _print_json(view)
            return 0
        sc = game.scenario
        print(f"{view['title']} ({view['scenario']})  {view['save']}, record {view['seq']}")
        print(f"Turn {view['turn'] + 1} of {len(sc.turns)}: {view['turn_name']}   "
              f"Phase: {view['phase']}   Active: {side_name(sc, view['active'])}")
        if view["pending"]:
            p = view["pending"]
            print(f"Pending: {side_name(sc, p['side'])} owes a decision ({p['kind']}): {tidy(p['prompt'])}")
        if view["victory_points"]:  # a system that keeps no points has no line for them
            vp = ", ".join(f"{side_name(sc, s)} {n}" for s, n in view["victory_points"].items())
            print(f"Victory points: {vp}")
        if view["result"]:  # told as everywhere else: in the rule system's words if it has them
            r = view["result"]
            ended = Event.of("game_ended", winner=r["winner"], level=r["level"], reason=r["reason"])
            print(f"Game over. {describe(game, game.state_at(view['seq']), ended)}")
        print()
        rows = [(u["id"], u["name"], side_name(sc, u["side"]), u["where"],
                 f"{u['steps']}/{u['max_steps']}" + (f"  [{', '.join(u['flags'])}]" if u["flags"] else ""))
                for u in view["units"]]
        for row in _columns([("id", "name", "side", "where", "steps"), *rows]):
            print(f"  {row}")
        if view["markers"]:
            print("\nMarkers:")
        for place, here in view["markers"].items():
            print(f"  {place:<10} " + ", ".join(_marker_text(sc, m) for m in here))
    return 0


def _columns(rows: Sequence[Sequence[str]]) -> list[str]:
    """`rows` as lines of columns as wide as their widest cell (never cut), the last left ragged."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    return ["  ".join([*(cell.ljust(w) for cell, w in zip(row, widths)), row[-1]]).rstrip() for row in rows]


def _marker_text(sc: Scenario, m: dict[str, Any]) -> str:
    """"trenches (2) of Red": one marker of `show`'s view, as a line of `show` prints it."""
    words = [m["kind"], m["id"], f"({m['value']})" if m["value"] is not None else "",
             f"of {side_name(sc, m['side'])}" if m["side"] else "", "(face down)" if m["hidden"] else ""]
    return " ".join(w for w in words if w)


def cmd_log(args: argparse.Namespace) -> int:
    with _open(args) as game:
        views = [record_view(r) for r in game.records]
        if args.json:
            _print_json(views)
            return 0
        for v in views:
            extra = f" (reverts {v['reverts']})" if "reverts" in v else ""
            extra += f" by {v['by']}" if "by" in v else ""
            print(f"[{v['seq']}] {v['side'] or '-'} {v['kind']}: {v['order']}{extra}")
            for e in v["events"]:
                facts = " ".join(f"{k}={json.dumps(val, ensure_ascii=False)}"
                                 for k, val in e.items() if k != "kind")
                print(f"    {e['kind']} {facts}")
    return 0


def _on_a_terminal() -> bool:
    """Whether the game screen can run: Textual reads keys from standard input and draws on
    standard error, and without a terminal there it would wait for ever."""
    return all(f is not None and f.isatty() for f in (sys.__stdin__, sys.__stderr__))


def _need_terminal(args: argparse.Namespace) -> None:
    if not _on_a_terminal():
        raise WargameError(f"{args.command or 'the game screen'} needs a terminal (standard input and error "
                           f"are not one); without one, use new, order, show, legal and replay --text")


def _run_app(args: argparse.Namespace, start: str, game: Game | None = None, greeting: str = "",
             side: str | None = None, host: Host | None = None,
             rival: opponent.Opponent | None = None) -> int:
    try:
        _need_terminal(args)
        from tui_wargame.tui.app import WargameApp  # Textual loads only for the interactive commands
        from tui_wargame.tui.cropped import note

        if args.debug and note():
            print(f"debug: {note()}", file=sys.stderr)
        app = WargameApp(start=start, game=game, ascii_only=args.ascii or wants_ascii(os.environ),
                         scenario_dirs=_dirs(args), saves_dir=_saves_dir(), greeting=greeting,
                         collect_after_first_frame=True, side=side, host=host, opponent=rival)
        app.run()
    finally:
        if game is not None:
            game.close()
    if app.return_code:  # an internal error ended the app (Textual has shown it)
        print("tui-wargame: internal error (its details are above); please report it", file=sys.stderr)
        return 3
    return 0


def cmd_title(args: argparse.Namespace) -> int:
    return _run_app(args, "title")


def cmd_play(args: argparse.Namespace) -> int:
    """Continue a save, or start a new game of a scenario, and go straight to the map; against the
    computer with --vs and --as (a save remembers it; given for a save, they hold for this session),
    live as one side with --as alone."""
    target = Path(args.target)
    game: Game | None = None
    greeting = ""
    if target.is_file():
        try:
            game = Game.open(target, write=True, scenario_dirs=_dirs(args))
        except savefile.SaveError:
            if _is_save(target):
                raise  # a save that cannot be continued (busy, damaged, an old format): say why
    try:
        if game is None:  # not a save: a scenario id or file
            if scenario_file.is_id(args.target):
                _need_terminal(args)  # at once; a file given is first checked, to name what is wrong with it
            scenario = scenario_file.find(args.target, _dirs(args))
            rival = opponent.from_arguments(scenario, args.vs, args.side)
            _need_terminal(args)  # before the new game's save is written
            # Left at once, it leaves no save; but a live game's save is the other side's way in.
            game = _new_game(scenario, None, args.seed, rival.options() if rival else None,
                             keep_unplayed=args.side is not None and rival is None)
            greeting = f"New game, seed {game.header.seed}; every order is saved in {game.path}"
        else:
            rival = opponent.from_arguments(game.scenario, args.vs, args.side)
            if rival is None and args.side is None:  # --as alone: live, whatever the save says
                rival = opponent.from_options(game.scenario, game.header.options, str(game.path))
    except BaseException:
        if game is not None:
            game.close()
        raise
    for w in game.warnings:
        print(f"warning: {w}", file=sys.stderr)
    side = None
    if args.side is not None and rival is None:  # live: this terminal plays one side
        try:
            side = side_named(game.scenario, args.side)
        except WargameError:
            game.close()
            raise
        others = " or ".join(s.id for s in game.scenario.sides if s.id != side)
        you = f"You play {side_name(game.scenario, side)}; the other side joins with --as {others}"
        greeting = f"{greeting}. {you}" if greeting else you
    return _run_app(args, "play", game, greeting, side=side, rival=rival)


def _is_save(path: Path) -> bool:
    """Whether the file at `path` is a save (has a [header] table; a scenario has none), read
    without the save's lock; a file that cannot be read at all is its own problem (FileUnreadable)."""
    data = read_limited(path, SAVE_LIMIT, "file")
    return re.search(rb"^[ \t]*\[[ \t]*header[ \t]*\]", data, re.MULTILINE) is not None


def cmd_replay(args: argparse.Namespace) -> int:
    if not args.text:
        return _run_app(args, "replay", _open(args))
    with _open(args) as game:
        for line in narrate(game):
            print(line)
    return 0


def cmd_lobby(args: argparse.Namespace) -> int:
    """A shared host's lobby, for the player the host names (docs/hosting.md)."""
    from tui_wargame.hosting import Host, SealedSeeds, default_seeds_dir

    sealed = SealedSeeds(Path(args.seeds) if args.seeds else default_seeds_dir())
    host = Host(Path(args.saves) if args.saves else _saves_dir(), sealed, args.player, _dirs(args))
    sealed.check()  # a host set up wrong is told so at once, not at the first new game
    return _run_app(args, "lobby", host=host)


def cmd_watch(args: argparse.Namespace) -> int:
    """Follow a live game read-only, as a spectator."""
    return _run_app(args, "watch", _open(args))


def cmd_verify(args: argparse.Namespace) -> int:
    with _open(args) as game:
        problems = game.verify()
        if problems:
            for p in problems:
                print(f"{args.file}: {p}")
            return 1
        if not game.dice_checkable:
            print(f"{args.file}: ok so far: {len(game.records)} records and the hash chain holds; the dice "
                  f"cannot be checked yet: this hosted game's seed stays with its host until the game "
                  f"ends, and its header's seal lets anyone check it then")
            return 0
        seed = f"the revealed seed {game.secret.seed}" if game.secret else f"seed {game.header.seed}"
        print(f"{args.file}: ok: {len(game.records)} records, the hash chain holds, and a re-run "
              f"from {seed} reproduces every event")
    return 0


def cmd_upgrade(args: argparse.Namespace) -> int:
    save = savefile.read(args.file)
    if save.upgraded_from is None:
        print(f"{args.file}: already in the current save format ({savefile.FORMAT})")
        return 0
    out = Path(args.out) if args.out else Path(args.file).with_suffix(f".v{savefile.FORMAT}.toml")
    savefile.create(out, savefile.as_new_game(save.header), save.records)  # re-chained
    print(f"{args.file}: format {save.upgraded_from} copied to {out} in format {savefile.FORMAT}")
    return 0


def cmd_generate(args: argparse.Namespace) -> int:
    """A scenario made by a rule system from a seed (Foxhole R24.D), written as a scenario file."""
    choices: dict[str, str] = {}
    for given in args.option or ():
        name, equals, choice = given.partition("=")
        if not equals or not name.strip():
            raise WargameError(f"--option {given}: give NAME=CHOICE")
        choices[name.strip()] = choice.strip()
    seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
    path = generating.write(args.system, seed, choices, Path(args.out) if args.out else None)
    scenario = scenario_file.load(path)
    print(f"{clean(scenario.title)}: written to {path}")
    print(clean(scenario.description))
    if args.out:  # a folder of the player's: its saves reopen with --scenarios
        print(f"Play it: tui-wargame play {path}   (its saves reopen with --scenarios {path.parent})")
    else:
        print(f"Play it: tui-wargame play {scenario.id}   (or: tui-wargame new {scenario.id})")
    return 0


# --- the parser ---


def _global_options(p: argparse.ArgumentParser, after: bool) -> None:
    """The options every command takes, before the command or (`after`) after it: given there, each
    is kept under its own name until `main` adds it to the one given before (never overriding it)."""
    late = "late_" if after else ""
    absent = argparse.SUPPRESS if after else None  # after: no default, to override none given before
    p.add_argument("--version", action="version", version=f"tui-wargame {__version__}")
    p.add_argument("--scenarios", action="append", metavar="DIR", dest=f"{late}scenarios", default=absent,
                   help="also look for scenarios in DIR (may be repeated)")
    p.add_argument("--ascii", action="store_true", dest=f"{late}ascii", default=absent or False,
                   help="draw the game with 7-bit ASCII characters only (the default where TERM is "
                        "linux or a VT terminal)")
    p.add_argument("--debug", action="store_true", dest=f"{late}debug", default=absent or False,
                   help="print notes on how the screen is drawn to stderr at start, and the details of an "
                        "internal error")


def _merge_late(args: argparse.Namespace) -> None:
    """Fold the global options given after the command into those given before it."""
    args.scenarios = (args.scenarios or []) + vars(args).pop("late_scenarios", [])
    args.ascii = args.ascii or vars(args).pop("late_ascii", False)
    args.debug = args.debug or vars(args).pop("late_debug", False)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="tui-wargame",
        description="Hex-and-counter wargames in the terminal. Every command below works on a save "
                    "file, which is the whole game: its orders, their dice and their results.",
    )
    _global_options(p, after=False)
    common = argparse.ArgumentParser(add_help=False)
    _global_options(common, after=True)
    p.set_defaults(run=cmd_title)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    s = sub.add_parser("play", parents=[common],
                       help="play a game: continue a save, or start a scenario (opens the map)")
    s.add_argument("target", metavar="SCENARIO|FILE", help="a save file, a scenario id or a scenario file")
    s.add_argument("--seed", type=int, help="the dice seed of a new game (default: random)")
    s.add_argument("--vs", metavar="computer[:LEVEL]",
                   help="play against the computer, as the side --as names (LEVEL: easy, normal (the "
                        "default) or hard)")
    s.add_argument("--as", dest="side", metavar="SIDE",
                   help="play live as SIDE only (its id or name), the other side in another terminal; "
                        "with --vs, the side you play against the computer")
    s.set_defaults(run=cmd_play)

    s = sub.add_parser("watch", parents=[common],
                       help="follow a game being played, read-only, as a spectator")
    s.add_argument("file")
    s.set_defaults(run=cmd_watch)

    s = sub.add_parser("lobby", parents=[common],
                       help="a shared host's lobby: list, make, join and watch hosted games "
                            "(the host names the player; docs/hosting.md)")
    s.add_argument("--player", required=True, metavar="NAME",
                   help="the player, as the host names them (set by the SSH configuration, never typed)")
    s.add_argument("--saves", metavar="DIR", help="the shared saves folder (default: as for other commands)")
    s.add_argument("--seeds", metavar="DIR",
                   help="the host-only folder of hosted games' sealed seeds (default: "
                        "~/.local/state/tui-wargame/sealed)")
    s.set_defaults(run=cmd_lobby)

    s = sub.add_parser("scenarios", parents=[common], help="list the scenarios")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=cmd_scenarios)

    s = sub.add_parser("new", parents=[common], help="start a game and write its save")
    s.add_argument("scenario", help="a scenario id (see `scenarios`) or a scenario file")
    s.add_argument("--seed", type=int, help="the dice seed (default: random)")
    s.add_argument("--out", metavar="FILE", help="the save file (default: saves/SCENARIO-N.toml)")
    s.add_argument("--option", action="append", metavar="NAME=CHOICE",
                   help="a choice the scenario's rule system offers (see `scenarios`; may be repeated)")
    s.add_argument("--undo-dice", action="store_true",
                   help="allow undoing orders that rolled dice or revealed hidden information")
    s.set_defaults(run=cmd_new)

    s = sub.add_parser("generate", parents=[common],
                       help="make a new scenario from a seed (foxhole: a competitive scenario, R24.D)")
    s.add_argument("system", metavar="SYSTEM", help="the rule system whose generator to use (foxhole)")
    s.add_argument("--seed", type=int, help="the seed (default: random); the same seed, the same file")
    s.add_argument("--out", metavar="FILE",
                   help="the scenario file, named for its id (default: in the saves folder's scenarios/)")
    s.add_argument("--option", action="append", metavar="NAME=CHOICE",
                   help="a choice the generator offers (foxhole: bidding=on|off, the weather bids of "
                        "R24.D.3); may be repeated")
    s.set_defaults(run=cmd_generate)

    s = sub.add_parser("legal", parents=[common], help="list every order legal now")
    s.add_argument("file")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=cmd_legal)

    s = sub.add_parser("order", parents=[common], help="give one or more orders (all or none are accepted)")
    s.add_argument("file")
    s.add_argument("orders", nargs="+", metavar="ORDER", help='an order, e.g. "move 31-1 2527" (see `legal`)')
    s.add_argument("--as", dest="side", metavar="SIDE",
                   help="refuse unless SIDE is to act; first verify the save and tell what the other "
                        "side did since SIDE's last order (play by e-mail)")
    s.set_defaults(run=cmd_order)

    s = sub.add_parser("undo", parents=[common], help="take back the last order of this phase")
    s.add_argument("file")
    s.add_argument("--as", dest="side", metavar="SIDE",
                   help="as SIDE, whose order it must be: ask the other side to allow it "
                        "(`order FILE --as OTHER \"undo allow\"`)")
    s.set_defaults(run=cmd_undo)

    s = sub.add_parser("ai", parents=[common],
                       help="the computer plays the side to act until another side must act")
    s.add_argument("file")
    s.add_argument("--level", default="normal", metavar="LEVEL",
                   help="easy, normal (the default) or hard")
    s.set_defaults(run=cmd_ai)

    s = sub.add_parser("show", parents=[common], help="print the state of the game")
    s.add_argument("file")
    s.add_argument("--at", type=int, metavar="SEQ", help="as it stood after record SEQ")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=cmd_show)

    s = sub.add_parser("log", parents=[common], help="print the records and their events")
    s.add_argument("file")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=cmd_log)

    s = sub.add_parser("replay", parents=[common],
                       help="step through a game in the replay viewer (or tell it with --text)")
    s.add_argument("file")
    s.add_argument("--text", action="store_true", help="print the game as a narrative instead")
    s.set_defaults(run=cmd_replay)

    s = sub.add_parser("verify", parents=[common],
                       help="check the hash chain and re-run every order from the seed")
    s.add_argument("file")
    s.set_defaults(run=cmd_verify)

    s = sub.add_parser("upgrade", parents=[common],
                       help="copy a save of an older format into the current one")
    s.add_argument("file")
    s.add_argument("--out", metavar="FILE")
    s.set_defaults(run=cmd_upgrade)
    return p


def _interactive(args: argparse.Namespace) -> bool:
    return (args.run in (cmd_title, cmd_play, cmd_watch, cmd_lobby)
            or (args.run is cmd_replay and not args.text))


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    _merge_late(args)
    collecting = gc.isenabled()
    if _interactive(args):
        # No garbage collection until the app's first frame (the app turns it back on): start-up
        # makes a few hundred thousand objects that all stay alive, and the collector went over
        # them some 150 times, about 50 ms of a start on this project's machine.
        gc.disable()
    try:
        return args.run(args)
    except IllegalOrder as exc:
        print(f"refused: {exc.refusal}", file=sys.stderr)
        return 1
    except WargameError as exc:
        print(f"tui-wargame: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so briefly, never a traceback at a player
        if args.debug or os.environ.get("TUI_WARGAME_DEBUG"):
            raise
        print(f"tui-wargame: internal error ({type(exc).__name__}: {exc}); "
              f"please report it. Give --debug to see the details.", file=sys.stderr)
        return 3
    finally:
        if collecting:
            gc.enable()
