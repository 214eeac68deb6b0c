"""One compiled copy of each template for the whole test run.

Every test builds its own app (a fresh instance folder), and each app compiled again every
template it rendered (about half of a typical web test's time). A compiled template is a pure
function of its source, so the run keeps it, through Jinja's bytecode cache (its documented way to
skip compiling), in memory. A template whose source changed (a test's own ``DictLoader``) has
another checksum and is compiled afresh; the key holds the environment's code-generation
settings, so an app set up differently never gets another app's code. What the app renders is the
same: only the compiling is shared.
"""

from __future__ import annotations

from hashlib import sha1

from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class SharedCompiledTemplates(BytecodeCache):
    """A bytecode cache in memory, keyed by template, file and environment settings."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def get_bucket(self, environment, name, filename, source) -> Bucket:  # noqa: ANN001 (Jinja's signature)
        """Jinja's bucket, its key also naming the settings that change the compiled code."""
        key = sha1(f"{self.get_cache_key(name, filename)}|{_settings(environment)}".encode()).hexdigest()
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill ``bucket`` with the stored code, if any (a stale checksum is refused by Jinja)."""
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep the code Jinja has just compiled."""
        self.code[bucket.key] = bucket.bytecode_to_string()


def _settings(environment) -> tuple:  # noqa: ANN001
    autoescape = environment.autoescape
    return (
        environment.block_start_string, environment.block_end_string, environment.variable_start_string,
        environment.variable_end_string, environment.comment_start_string, environment.comment_end_string,
        environment.line_statement_prefix, environment.line_comment_prefix, environment.trim_blocks,
        environment.lstrip_blocks, environment.newline_sequence, environment.keep_trailing_newline,
        environment.optimized, environment.finalize is not None, environment.is_async,
        getattr(autoescape, "__qualname__", autoescape), tuple(sorted(environment.extensions)),
        getattr(environment, "newstyle_gettext", None), environment.code_generator_class,
    )


def share_compiled_code() -> None:
    """Give every Flask app made from now on (in this process) the shared compiled templates."""
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": SharedCompiledTemplates()}
