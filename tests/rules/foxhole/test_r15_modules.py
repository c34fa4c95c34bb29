"""Foxhole R15: the phase and rule modules the system gathers: one module words each report kind,
one explains each order verb, one answers each decision kind (system.py keeps only one of each,
so a second would silently replace the first)."""

from __future__ import annotations

from collections import Counter

from tui_wargame.rules.foxhole import system


def _twice(name: str) -> list[str]:
    counts = Counter(key for m in system._modules() for key in getattr(m, name, {}))
    return sorted(k for k, n in counts.items() if n > 1)


def test_r15_each_report_kind_is_worded_by_one_module():
    assert _twice("WORDS") == []


def test_r15_each_decision_kind_is_answered_by_one_module():
    assert _twice("ANSWERS") == []


def test_r15_each_order_verb_is_explained_by_one_module():
    assert _twice("EXPLAIN") == []
