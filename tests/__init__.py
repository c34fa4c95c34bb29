"""The test suite. Imported before any conftest or test module, so this is where it says, first,
that the run keeps its compiled modules.

Where PYTHONDONTWRITEBYTECODE is set (as in this machine's environment), Python writes no bytecode
and pytest keeps no test module whose asserts it rewrote: every xdist worker compiled the package
and rewrote every test module anew on every run, about a tenth of the quick run's time. The run
writes them where Python does by default, `__pycache__/` beside each source (ignored by git); a
stale one is told by its source's time and size and made again. Processes the tests start read them.
"""

import sys

sys.dont_write_bytecode = False
