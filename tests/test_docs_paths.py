"""The docs and the code point only at files the project has: a clone has everything they cite.

The rules as this project plays them, and the engine contract, live in
``docs/``; nothing may send a reader to a folder outside the project.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: A path inside the project as docs and comments write it: ``docs/rules/alcazar.md``, ``bot/games/``.
CITED = re.compile(r"(?<![\w./-])((?:docs|bot|renderer|tests|bench|data)/[\w./*-]*[\w*/])")
#: Places outside the project that a reader of a clone cannot open.
OUTSIDE = re.compile(r"(?<![\w-])(?:\.\./)*shared/(?:rules|seeds|design|engine-contract)|\.\./seeds/")


def project_texts() -> list[Path]:
    """Every doc, source and configuration file of the project (not the virtual environment)."""
    return sorted(p for p in ROOT.rglob("*")
                  if p.suffix in (".md", ".py", ".toml", ".po") and p.is_file()
                  and not {".venv", ".git", "node_modules"} & set(p.relative_to(ROOT).parts))


def exists(cited: str) -> bool:
    target = cited.rstrip("/.")
    if "*" in target:
        return any(ROOT.glob(target))
    # A module may be cited by its dotted path's folder form ("bot/config" for bot/config.py).
    return (ROOT / target).exists() or (ROOT / f"{target}.py").exists()


def test_the_scan_sees_the_docs_and_the_code() -> None:
    texts = {p.relative_to(ROOT).as_posix() for p in project_texts()}
    assert {"README.md", "docs/rules/alcazar.md", "docs/rules/alcazar-1978.md", "docs/engine-contract.md",
            "bot/games/common.py", "data/locales/en.po"} <= texts


def test_nothing_points_outside_the_project() -> None:
    outside = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
               for path in project_texts() if path != Path(__file__)
               for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if OUTSIDE.search(line)]
    assert outside == []


def test_every_path_a_doc_or_comment_cites_exists() -> None:
    missing = [f"{path.relative_to(ROOT)}:{number}: {cited}"
               for path in project_texts() if path != Path(__file__)   # its own examples of missing files
               for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               for cited in CITED.findall(line) if not exists(cited)]
    assert missing == []


def test_the_scan_catches_a_missing_file_and_a_path_outside() -> None:
    assert not exists("docs/rules/alcazar-2009.md") and exists("docs/rules/alcazar.md")
    assert exists("bot/config") and exists("docs/rules/*.md")
    assert CITED.findall("see `docs/rules/alcazar.md`, \"Move notation\".") == ["docs/rules/alcazar.md"]
    assert OUTSIDE.search("follows ``shared/rules/*.md``") and OUTSIDE.search("`../seeds/x.txt`")
    assert not OUTSIDE.search("a thread's parent is shared/known")
