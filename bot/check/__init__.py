"""``python3 manage.py check``: what the host must fix before (or while) the bot runs.

It reads the settings like ``run`` does, asks Discord over REST only (no
gateway: a check never disturbs a running bot) and looks at the database
without changing it, then prints one line per finding, each ✓ or ✗ with what
to do. ``python -m bot.check`` exits 0 when all is well, 1 when something must
be fixed, 2 when a setting is missing.
"""
