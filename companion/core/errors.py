"""Typed errors of the pure core.

``RuleViolation`` is what ``decide`` raises for an illegal command: its message is meant for a
player and cites the rule id. ``InputError`` names the offending field of a JSON document, form
or command-line input.

Messages are :class:`companion.core.i18n.T` (English as ``str``, so ``str(exc)`` is the CLI's
English line); the web layer shows them translated with ``companion.web.i18n.error_text``.
"""

from __future__ import annotations


class CompanionError(Exception):
    """Base of every error the core raises on purpose."""


class RuleViolation(CompanionError):
    """An illegal command: nothing is appended. ``rule`` is the rule id (``L-RC5``)."""

    def __init__(self, message: str, rule: str | None = None):
        self.rule = rule
        self.reason = message
        super().__init__(f"{message} ({rule})" if rule else message)


class InputError(CompanionError):
    """Malformed input. ``field`` is a path such as ``players[1].resources.gold``."""

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")
