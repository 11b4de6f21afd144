"""One finding of the check: a line that is fine (✓) or says what to fix (✗)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """What the check saw, and for a problem, what the host should do about it."""

    ok: bool
    text: str
    fix: str | None = None

    def lines(self) -> list[str]:
        mark = "✓" if self.ok else "✗"
        return [f"{mark} {self.text}"] + ([f"    fix: {self.fix}"] if self.fix else [])


def fine(text: str) -> Finding:
    return Finding(True, text)


def to_fix(text: str, fix: str | None = None) -> Finding:
    return Finding(False, text, fix)


def report(findings: Sequence[Finding]) -> str:
    """The findings as printed, with a last line that sums them up."""
    lines = [line for finding in findings for line in finding.lines()]
    problems = sum(not finding.ok for finding in findings)
    if problems == 0:
        lines.append("All well: nothing to fix.")
    else:
        lines.append(f"{problems} {'thing' if problems == 1 else 'things'} to fix (the ✗ lines above).")
    return "\n".join(lines)


def exit_code(findings: Sequence[Finding]) -> int:
    """0 when all is well, 1 when something must be fixed."""
    return 0 if all(finding.ok for finding in findings) else 1
