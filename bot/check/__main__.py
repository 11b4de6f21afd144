"""``python -m bot.check`` (``python3 manage.py check``): print what the host must fix."""
from __future__ import annotations

import asyncio
import sys

from bot.check.findings import exit_code, report
from bot.check.run import check
from bot.config import ConfigError, load_settings


def main() -> int:
    """0 when all is well, 1 when something must be fixed, 2 when a setting is missing (as ``run``)."""
    # ✓ and ✗ on any terminal: a console that cannot show them gets "?", not a traceback.
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    findings = asyncio.run(check(settings))
    print(report(findings))
    return exit_code(findings)


if __name__ == "__main__":
    sys.exit(main())
