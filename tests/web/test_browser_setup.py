"""Without Debian's chromium the browser tests skip, except under CI, where they fail."""
from __future__ import annotations

from pathlib import Path

import pytest

from . import browser


def test_without_chromium_the_browser_tests_skip(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="chromium"):
        browser.require_chromium()


def test_under_ci_a_missing_chromium_fails_them(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=r"\.ci/run installs"):
        browser.require_chromium()


def test_with_chromium_they_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    found = tmp_path / "chromium"
    found.write_text("")
    monkeypatch.setattr(browser, "CHROMIUM", found)
    monkeypatch.setenv("CI", "true")
    browser.require_chromium()
