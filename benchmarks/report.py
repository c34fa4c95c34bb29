"""What every benchmark prints: the machine, a table of figures, and the same as one JSON line."""

from __future__ import annotations

import json
import os
import platform


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def print_figures(figures: dict[str, object]) -> None:
    width = max(map(len, figures))
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")
    print(json.dumps(figures))
