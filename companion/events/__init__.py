"""The append-only event store (sqlite-utils, WAL) and its JSON Lines export/import."""

from companion.events.store import (
    AppendResult,
    ConflictError,
    EventStore,
    IdempotencyError,
    StoredEvent,
    UnknownGame,
)

__all__ = ["AppendResult", "ConflictError", "EventStore", "IdempotencyError", "StoredEvent", "UnknownGame"]
