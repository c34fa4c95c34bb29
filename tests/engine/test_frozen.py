"""`tui_wargame.frozen`: attrs' frozen classes with one shared repr, which type checkers read as
attrs classes (before, mypy knew none of their fields: some 1,100 false errors)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from tui_wargame.frozen import frozen
from tui_wargame.model import Order

ROOT = Path(__file__).resolve().parents[2]


def test_a_frozen_class_is_attrs_frozen_with_the_shared_repr() -> None:
    @frozen
    class Pair:
        left: int
        right: str = "r"

    pair = Pair(1)
    assert repr(pair).endswith(".Pair(left=1, right='r')") and attrs.has(Pair)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        pair.left = 2  # type: ignore[misc]
    assert repr(Order("move", ("a",))) == "Order(verb='move', args=('a',))"


@pytest.mark.slow
def test_mypy_reads_the_frozen_classes_as_attrs_classes(tmp_path: Path) -> None:
    """Their fields are `__init__`'s arguments, and attrs.evolve and attrs.fields accept them."""
    api = pytest.importorskip("mypy.api", reason="mypy is not installed")
    use = tmp_path / "use.py"
    use.write_text(
        "import attrs\n"
        "from tui_wargame.model import Order, State\n"
        "from tui_wargame.savefile import Record\n"
        "renamed: Order = attrs.evolve(Order('move', ('a', '0102')), verb='attack')\n"
        "names = [a.name for a in attrs.fields(State)]\n"
        "by: str = attrs.evolve(Record(1, 'red', 'order', 'move', ()), by='alice').by\n"
        "wrong = Order('move', 3)\n")
    out, err, status = api.run([str(use), "--config-file", str(ROOT / "pyproject.toml"),
                                "--follow-imports=silent", "--cache-dir", str(tmp_path / "cache")])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "use.py:7: error: Argument 2 to \"Order\"" in errors[0], out + err
