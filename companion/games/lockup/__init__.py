"""Lockup: A Roll Player Tale (rules: docs/rules/lockup.md).

The engine's ``GameDefinition`` is ``companion.games.lockup.engine.GAME``; this package itself
imports nothing, so that ``companion audit lockup`` and ``referee`` do not pay for the engine.
"""
