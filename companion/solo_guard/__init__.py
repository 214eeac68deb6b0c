"""The solo guards' automaton for Lockup (rules L-SO1..L-SO14; issue 4).

``SOLO`` (the ``GameDefinition`` with key ``lockup-solo``) and ``pending`` are in
``companion.solo_guard.automaton``; this package itself imports nothing, so that ``companion
referee lockup guards`` does not import the whole engine.
"""
