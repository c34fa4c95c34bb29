"""The scenario cache: a file read twice is checked once, and anything that could make the
cached result differ from a fresh check (another file, other code, a torn or foreign entry)
makes it check again."""

from __future__ import annotations

import shutil
import stat
import sys
import types
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame import rules, scenario_cache, scenario_file
from tui_wargame.rules.fm.data import rules_of, structure
from tui_wargame.scenario_file import ScenarioError

SUEZ = Path(__file__).parents[2] / "scenarios" / "suez1916.toml"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("TUI_WARGAME_CACHE", str(folder))
    return folder


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths checked afresh (parsed), in order."""
    seen: list[str] = []
    parse = scenario_file.parse

    def counting(text: str, path: Path | str = "<scenario>") -> object:
        seen.append(str(path))
        return parse(text, path)

    monkeypatch.setattr(scenario_file, "parse", counting)
    return seen


@pytest.fixture
def suez(tmp_path: Path) -> Path:
    path = tmp_path / "suez1916.toml"
    shutil.copy(SUEZ, path)
    return path


def test_a_second_load_is_the_cached_check_of_the_first(cache: Path, checks: list[str], suez: Path) -> None:
    first = scenario_file.load(suez)
    [entry] = cache.iterdir()
    assert stat.S_IMODE(entry.stat().st_mode) == 0o600 and stat.S_IMODE(cache.stat().st_mode) == 0o700
    second = scenario_file.load(suez)
    assert checks == [str(suez)]  # checked once
    assert second == first == scenario_file.parse(SUEZ.read_text(), SUEZ)
    assert rules_of(second) == structure(second.rules)[0]  # the rule system's tables came with it


def test_a_changed_file_is_checked_again_and_its_problems_named(cache: Path, checks: list[str],
                                                                 suez: Path) -> None:
    scenario_file.load(suez)
    text = suez.read_text()
    suez.write_text(text.replace('default_terrain = "', 'default_terrain = "no-such-', 1))
    with pytest.raises(ScenarioError) as info:
        scenario_file.load(suez)
    assert str(suez) in str(info.value) and "map.default_terrain" in str(info.value)
    suez.write_text(text.replace("Ottoman Strike", "Ottoman Strike (edited)"))
    assert "edited" in scenario_file.load(suez).title
    assert checks == [str(suez)] * 3
    assert len(list(cache.iterdir())) == 1  # the entry of the old text is gone


def test_other_code_is_another_key(cache: Path, checks: list[str], suez: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    scenario_file.load(suez)
    monkeypatch.setattr(scenario_cache, "code_fingerprint", lambda: b"an edited module")
    scenario_file.load(suez)
    assert checks == [str(suez)] * 2


@pytest.mark.parametrize("damage", ["torn", "garbage", "others may write it"])
def test_a_damaged_or_untrusted_entry_is_a_miss(cache: Path, checks: list[str], suez: Path,
                                                damage: str) -> None:
    good = scenario_file.load(suez)
    [entry] = cache.iterdir()
    if damage == "torn":
        entry.write_bytes(entry.read_bytes()[:100])
    elif damage == "garbage":
        entry.write_bytes(b"not a pickle")
    else:
        entry.chmod(0o666)
    assert scenario_file.load(suez) == good
    assert checks == [str(suez)] * 2


def test_no_cache_when_switched_off(tmp_path: Path, checks: list[str], suez: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUI_WARGAME_CACHE", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    scenario_file.load(suez)
    scenario_file.load(suez)
    assert checks == [str(suez)] * 2 and not (tmp_path / "xdg").exists()


def test_a_registered_system_is_cached_under_the_sources_of_its_package(
        cache: Path, checks: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The testbed system is registered by the tests, not part of the package: the key covers
    the sources of its own package (tests/testbed), so an edit there is a miss."""
    testbed = TESTBED_DIR / "testbed.toml"
    scenario_file.load(testbed)
    scenario_file.load(testbed)
    assert checks == [str(testbed)]
    sources = scenario_cache._sources
    monkeypatch.setattr(scenario_cache, "_sources", lambda root: sources(root) + (
        b"system.py edited" if root == TESTBED_DIR.resolve() else b""))
    scenario_file.load(testbed)
    assert checks == [str(testbed)] * 2


def test_no_cache_for_a_system_defined_where_no_file_is(cache: Path, suez: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def interactive_system() -> object:
        raise AssertionError("not needed")

    interactive_system.__module__ = "__interactive__"
    monkeypatch.setitem(sys.modules, "__interactive__", types.ModuleType("__interactive__"))
    monkeypatch.setattr(rules, "_registry", {**rules._registry, "typed-in": interactive_system})
    assert scenario_cache.systems_fingerprint() is None
    scenario_file.load(suez)
    assert not cache.exists()


def test_files_of_one_name_in_two_folders_have_an_entry_each(cache: Path, checks: list[str],
                                                             tmp_path: Path) -> None:
    copies = [tmp_path / "a" / "suez1916.toml", tmp_path / "b" / "suez1916.toml"]
    for path in copies:
        path.parent.mkdir()
        shutil.copy(SUEZ, path)
    for path in copies * 2:
        scenario_file.load(path)
    assert checks == [str(p) for p in copies] and len(list(cache.iterdir())) == 2


def test_hooks_no_longer_registered_send_the_scenario_back_to_its_check(
        cache: Path, checks: list[str], suez: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui_wargame.rules.fm import hooks

    scenario_file.load(suez)
    monkeypatch.delitem(hooks._HOOKS, "suez1916")
    with pytest.raises(ScenarioError) as info:
        scenario_file.load(suez)
    assert "rules.hooks: no hooks named 'suez1916'" in str(info.value)
    assert checks == [str(suez)] * 2


def test_no_cache_without_sources_to_key_it_by(cache: Path, checks: list[str], suez: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_cache, "code_fingerprint", lambda: b"")
    scenario_file.load(suez)
    scenario_file.load(suez)
    assert checks == [str(suez)] * 2 and not cache.exists()


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path: Path, checks: list[str], suez: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv("TUI_WARGAME_CACHE", str(blocked / "cache"))
    assert scenario_file.load(suez) == scenario_file.load(suez)
    assert checks == [str(suez)] * 2
