"""The pure core shared by every game: events, errors, input validation, seeded randomness.

Nothing under ``companion.core`` or ``companion.games`` or ``companion.solo_guard`` may import
Flask, sqlite-utils or sqlite3 (``tests/test_purity.py`` enforces it).
"""
