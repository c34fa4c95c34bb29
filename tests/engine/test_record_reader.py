"""The fast record reader agrees with tomllib on every record, or steps aside."""

from __future__ import annotations

import tomllib

from hypothesis import given
from hypothesis import strategies as st

from tui_wargame.model import Event
from tui_wargame.record_reader import read_records
from tui_wargame.savefile import Record, record_bytes

keys = st.text(st.characters(codec="utf-8"), min_size=1, max_size=8).filter(lambda k: k != "kind")
scalars = st.one_of(st.booleans(), st.integers(-(2**63), 2**63 - 1), st.text(st.characters(codec="utf-8")))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)),
    max_leaves=12,
)
events = st.builds(lambda kind, facts: Event(kind, facts), st.text(min_size=1, max_size=12),
                   st.dictionaries(keys, values, max_size=5))


def chunk(seq: int, evs: list[Event], order: str = "move a 0101") -> str:
    data, _ = record_bytes(Record(seq, "red", "order", order, tuple(evs), prev="ab" * 16, final=seq % 2 == 0,
                                  reverts=seq if seq % 3 == 0 else None))
    return data.decode()


@given(st.lists(st.lists(events, max_size=4), min_size=1, max_size=4), st.text(st.characters(codec="utf-8")))
def test_fast_reading_equals_toml_reading(records: list[list[Event]], order: str) -> None:
    chunks = [chunk(i, evs, order) for i, evs in enumerate(records)]
    expected = tomllib.loads("".join(chunks))["record"]
    fast = read_records(chunks)
    assert fast is None or fast == expected


def test_our_ordinary_records_take_the_fast_path() -> None:
    evs = [Event.of("unit_moved", unit="31/1", path=["2632", "2631"], cost="7/3"),
           Event.of("combat", attackers=["a"], shifts=[{"by": 1, "reason": "Kress (Suez 13.1)"}], die=4),
           Event.of("note", text='Quotes " and \\ and \u00e9 and \x1b escape: {x} = [y], a = b')]
    chunks = [chunk(0, evs), chunk(1, [])]
    assert read_records(chunks) == tomllib.loads("".join(chunks))["record"]


def test_a_string_holding_a_key_separator_falls_back_and_still_reads() -> None:
    chunks = [chunk(0, [Event.of("note", text='say "x" = 1')])]
    assert read_records(chunks) is None
    assert tomllib.loads("".join(chunks))["record"][0]["event"][0]["text"] == 'say "x" = 1'


def test_hand_edited_forms_fall_back() -> None:
    base = chunk(0, [Event.of("note", text="x")])
    for edited in (
        base.replace('side = "red"', "side = 'red'"),  # a literal string
        base.replace("seq = 0", "seq = 0x0"),  # hexadecimal
        base.replace("seq = 0", "seq = 0\nseq = 0"),  # a repeated key
        base.replace('{"kind" = "note"', '{kind = "note"'),  # a bare key
        base.replace('"text" = "x"', '"text" = "\\/"'),  # a JSON-only escape
        base.replace("[[record]]", "[[record]]\n# a comment"),
        # found in review: the line where the hash comment belongs was not looked at
        base.replace("# sha256 ", "\x7f"),
        base.replace("# sha256 ", 'extra = "x" # '),
        base.replace("# sha256 ", '    {"kind" = "x\\/y"}, # '),
    ):
        assert edited != base
        assert read_records([edited]) is None


def test_a_string_that_begins_with_a_key_separator_falls_back() -> None:
    """Found by the property test: a value " = " looked like a key's closing quote."""
    for evs, order in (([Event(" = ", {})], "o"), ([Event.of("note", text=" = x")], "o"), ([], " = ")):
        chunks = [chunk(0, evs, order)]
        assert read_records(chunks) is None
        assert tomllib.loads("".join(chunks))["record"][0]["order"] == order


def test_records_as_written_read_the_same_without_the_look_for_repeated_keys() -> None:
    evs = [Event.of("unit_moved", unit="31/1", path=["2632", "2631"], cost="7/3"),
           Event.of("decision_required", side="br", decision="retreat", prompt="p", data={"a": {"b": 1}})]
    chunks = [chunk(0, evs), chunk(1, [])]
    assert read_records(chunks, repeats_possible=False) == tomllib.loads("".join(chunks))["record"]


def test_a_repeated_key_is_refused_unless_the_caller_vouches_for_the_records() -> None:
    """The caller vouches only for records whose hashes match: tui-wargame never repeats a key."""
    repeated = chunk(0, [Event.of("note", text="x")]).replace('"text" = "x"', '"text" = "x", "text" = "y"')
    assert read_records([repeated]) is None
    assert read_records([repeated], repeats_possible=False)[0]["event"][0]["text"] == "y"


def test_json_null_is_left_to_toml_which_refuses_it() -> None:
    """docs/save-format.md: both readers agree; TOML has no null (issue 18)."""
    for spelling in ('"die" = null', '"die" = [null]', '"die" = [1, null]', '"die" = {"a" = null}'):
        text = chunk(1, [Event("roll", {"die": 1})]).replace('"die" = 1', spelling)
        assert read_records([text]) is None and read_records([text], repeats_possible=False) is None


def test_numbers_too_long_and_nesting_too_deep_are_left_to_toml() -> None:
    for value in ("9" * 5000, "[" * 100_000 + "]" * 100_000):
        text = chunk(1, [Event("roll", {"die": 1})]).replace('"die" = 1', f'"die" = {value}')
        assert read_records([text], repeats_possible=False) is None
