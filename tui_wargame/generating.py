"""Scenarios a rule system makes from a seed (`tui-wargame generate`, the title screen), written
as ordinary scenario files.

A generated scenario goes, unless the player names a file, to the `scenarios` folder beside the
saves (`scenario_file.generated_dir`), which is on the scenario search path: a save names its
scenario by id, so a game of a generated scenario reopens like any other.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from tui_wargame import rules, scenario_file
from tui_wargame.engine import check_options
from tui_wargame.errors import WargameError


def write(system_id: str, seed: int, choices: Mapping[str, str], out: Path | None = None) -> Path:
    """Generate `system_id`'s scenario of `seed` and write it at `out` (its id the file's name), or
    in the generated-scenarios folder. The same file again is left as it is; a different file of
    the same name is refused, never overwritten."""
    maker = rules.generator(system_id)
    check_options(maker.options, choices)
    if not 0 <= seed < 2**63:
        raise WargameError(f"the seed must be a whole number from 0 to {2**63 - 1}")
    ident = out.stem if out is not None else maker.ident(seed, choices)
    if not scenario_file.is_id(ident) or (out is not None and out.suffix != ".toml"):
        raise WargameError(f"{out}: a scenario file's name is its id and ends in .toml "
                           f"({scenario_file.NOT_AN_ID})")
    path = out if out is not None else scenario_file.generated_dir() / f"{ident}.toml"
    text = maker.text(seed, choices, ident)
    try:
        if path.exists():
            if path.read_text(encoding="utf-8") == text:
                return path
            raise WargameError(f"{path}: a different file is there already; name another with --out")
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f".{path.name}.part")
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)
    except (OSError, UnicodeDecodeError) as exc:
        raise WargameError(f"{path}: cannot be written ({getattr(exc, 'strerror', None) or exc})") from None
    return path
