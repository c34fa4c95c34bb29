"""`python -m tui_wargame` runs the same command line as `tui-wargame`."""

from tui_wargame.cli import main

raise SystemExit(main())
