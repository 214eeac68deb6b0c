"""A photo or screenshot decoded to a small greyscale picture within a bound on memory (issue 20).

A 190 KB PNG can declare 49 megapixels with transparency: decoded whole, laid on white and then
shrunk, it cost 807 MB, and twenty at once froze the server. Here no picture is ever held at
full size in more than a few megabytes at a time:

- JPEG is decoded at 1/2, 1/4 or 1/8 scale by the decoder itself (``Image.draft``);
- an 8-bit PNG (what phones and computers save screenshots as) is decoded strip by strip: its
  compressed rows are inflated a few megabytes at a time, each strip made into a small PNG of its
  own (with the row before it, which its filters read) and decoded by Pillow;
- every other picture (WebP, GIF, BMP, a 16-bit or interlaced PNG) is decoded whole only if that
  raster fits :data:`RASTER_BUDGET`, and refused in words otherwise.

Each strip is laid on white, made grey and reduced before the next is read, so transparency is
never laid on white at full size. One picture is read at a time, by one thread (:func:`read`,
around the decode and the search of its result): a second upload waits instead of doubling the
memory, and what a read allocated is handed back to the system when it ends.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import io
import math
import os
import struct
import threading
import zlib
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from flask import copy_current_request_context, has_request_context
from flask_babel import gettext as _

from companion.core.errors import InputError

STRIP_BYTES = 4 * 1024 * 1024  # decoded bytes per strip: a strip's copies stay a few of these
RASTER_BUDGET = 64 * 1024 * 1024  # the largest raster decoded whole (formats read no other way)
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_BANDS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # colour type: bytes per pixel at 8 bits
T = TypeVar("T")
_reader: list = []  # (process id, the executor): a forked server process makes its own
_reader_lock = threading.Lock()
_slots = threading.BoundedSemaphore(2)  # the picture being read and one waiting its turn


def read(field: str, work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` run on this process's one picture-reading thread, in this request's context
    (for its words), and its result. Pictures are read one at a time, and always by the same
    thread: the C heap keeps a pool of memory per thread that allocates, so only that thread's
    pool ever holds a picture, and it is handed back to the system after each read (otherwise each
    server thread would keep the peak of the largest picture it ever read). One more picture may
    wait its turn; another is refused at once (:class:`InputError` naming ``field``), so uploads
    never hold every server thread while the rest of the table waits."""
    if not _slots.acquire(blocking=False):
        raise InputError(field, busy_message())
    try:
        if has_request_context():
            work = copy_current_request_context(work)
        return _executor().submit(_then_give_back, work, *args).result()
    finally:
        _slots.release()


def _executor() -> ThreadPoolExecutor:
    with _reader_lock:
        if not _reader or _reader[0][0] != os.getpid():
            _reader[:] = [(os.getpid(), ThreadPoolExecutor(max_workers=1, thread_name_prefix="photo"))]
        return _reader[0][1]


def _then_give_back(work: Callable[..., T], *args: Any) -> T:
    try:
        return work(*args)
    finally:
        libc = glibc()
        if libc is not None:
            libc.malloc_trim(0)


_LIBC: list = []


def glibc():
    """glibc, if this is where the C heap comes from (``malloc_trim`` is glibc's); else None."""
    if not _LIBC:
        name = ctypes.util.find_library("c")
        try:
            found = ctypes.CDLL(name) if name else None
            _LIBC.append(found if found is not None and hasattr(found, "malloc_trim") else None)
        except OSError:
            _LIBC.append(None)
    return _LIBC[0]


def grey(image, data: bytes, side: int, field: str):
    """``image`` (opened from ``data``, nothing decoded yet) as a greyscale Pillow image at most
    ``side`` pixels wide and high, transparency laid on white (call it through :func:`read`).
    Raises :class:`InputError` naming ``field`` for a damaged file or a raster too large to
    decode here."""
    try:
        return _grey(image, data, side, field)
    except InputError:
        raise
    except Exception:  # noqa: BLE001 - a damaged or cut-off file fails only here, while its pixels are read
        raise InputError(field, damaged_message()) from None


def _grey(image, data: bytes, side: int, field: str):
    from PIL import Image  # imported on use: only a photo needs Pillow (tens of ms at start)

    if image.format == "JPEG":
        image.draft("L", (side, side))  # decoded at 1/2, 1/4, 1/8 scale: never whole
    width, height = image.size
    factor = max(1, math.ceil(max(width, height) / side))
    out = Image.new("L", (math.ceil(width / factor), math.ceil(height / factor)), "white")
    strips = _png_strips(data, factor) if image.format == "PNG" else None
    if strips is None:
        if width * height * len(image.getbands()) > RASTER_BUDGET:
            raise InputError(field, too_many_pixels_message())
        strips = _strips_of(image, factor)
    top = 0
    for strip in strips:
        small = _small(strip, factor)
        out.paste(small, (0, top))
        top += small.height
    if top != out.height:
        raise InputError(field, damaged_message())
    return out


def _small(strip, factor: int):
    """A strip laid on white, grey and reduced by ``factor``."""
    grey_strip = _on_white(strip).convert("L")
    return grey_strip.reduce(factor) if factor > 1 else grey_strip


def _on_white(image):
    """``image`` with any transparency laid on white: transparent pixels are often black underneath,
    which would swallow a code's dark modules."""
    from PIL import Image  # imported on use: only a photo needs Pillow (tens of ms at start)

    if image.mode not in ("RGBA", "LA", "PA") and "transparency" not in image.info:
        return image
    rgba = image.convert("RGBA")
    white = Image.new("RGBA", rgba.size, "white")
    white.alpha_composite(rgba)
    return white


def _strip_rows(width: int, bands: int, factor: int) -> int:
    """Rows per strip: about STRIP_BYTES decoded, a multiple of ``factor`` (strips reduce alone)."""
    return max(factor, STRIP_BYTES // max(1, width * bands) // factor * factor)


def _strips_of(image, factor: int) -> Iterator:
    """A decoded (or drafted) picture cut in strips: its copies laid on white stay strip-sized."""
    image.load()
    rows = _strip_rows(image.width, len(image.getbands()), factor)
    for top in range(0, image.height, rows):
        yield image.crop((0, top, image.width, min(image.height, top + rows)))


def _png_strips(data: bytes, factor: int) -> Iterator | None:
    """The rows of an 8-bit, non-interlaced PNG decoded strip by strip (``None`` for any other PNG:
    16-bit, 1-4 bit or interlaced rows cannot be cut this way)."""
    chunks = list(_chunks(data))
    if not chunks or chunks[0][0] != b"IHDR" or len(chunks[0][1]) != 13:
        return None
    width, height, depth, colour, _compression, _filters, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if depth != 8 or interlace != 0 or colour not in _PNG_BANDS:
        return None
    first = next((i for i, (kind, _body) in enumerate(chunks) if kind == b"IDAT"), None)
    if first is None:
        return None
    before = b"".join(_chunk(kind, body) for kind, body in chunks[1:first])  # palette, transparency…
    idat = (body for kind, body in chunks[first:] if kind == b"IDAT")
    header = (width, colour, before)
    return _png_rows(header, idat, height, _PNG_BANDS[colour], factor)


def _png_rows(header: tuple, idat: Iterator[bytes], height: int, bands: int, factor: int) -> Iterator:
    row = header[0] * bands + 1  # a filter-type byte, then the pixels
    rows = _strip_rows(header[0], bands, factor)
    inflate, pending, prior, done = zlib.decompressobj(), bytearray(), bytes(row - 1), 0

    def ready(last: bool) -> Iterator:
        nonlocal prior, done
        while done < height and (len(pending) >= rows * row or (last and len(pending) >= row)):
            count = min(rows, height - done, len(pending) // row)
            strip, prior = _png_strip(header, prior, bytes(pending[:count * row]), count)
            del pending[:count * row]
            done += count
            yield strip

    for body in idat:
        while body and done < height:
            pending += inflate.decompress(body, STRIP_BYTES)  # a few megabytes at a time
            body = inflate.unconsumed_tail
            yield from ready(last=False)
    pending += inflate.flush()
    yield from ready(last=True)


def _png_strip(header: tuple, prior: bytes, filtered: bytes, count: int):
    """``count`` filtered rows decoded by Pillow as a PNG of their own, whose first row is the row
    before them unfiltered (the filters of the first row read it); the strip and its last row."""
    from PIL import Image  # imported on use: only a photo needs Pillow (tens of ms at start)

    width, colour, before = header
    ihdr = struct.pack(">IIBBBBB", width, count + 1, 8, colour, 0, 0, 0)
    body = zlib.compress(b"\x00" + prior + filtered, 0)  # stored: no time spent compressing
    png = _PNG_SIGNATURE + _chunk(b"IHDR", ihdr) + before + _chunk(b"IDAT", body) + _chunk(b"IEND", b"")
    image = Image.open(io.BytesIO(png), formats=("PNG",))
    image.load()
    strip = image.crop((0, 1, width, count + 1))
    return strip, image.crop((0, count, width, count + 1)).tobytes()


def _chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """The chunks of a PNG file, up to its end or the first cut-off one."""
    if not data.startswith(_PNG_SIGNATURE):
        return
    at = len(_PNG_SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if at + 12 + length > len(data):
            return
        yield kind, data[at + 8:at + 8 + length]
        if kind == b"IEND":
            return
        at += 12 + length


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def damaged_message() -> str:
    """The words for a picture whose pixels could not be read."""
    return _("the picture is damaged or incomplete: take or choose it again")


def busy_message() -> str:
    """The words for a picture sent while others are being read."""
    return _("other pictures are being read right now: wait a moment, then send this one again")


def too_many_pixels_message() -> str:
    """The words for a picture too large to decode in its format (not a JPEG nor a plain PNG)."""
    return _("this picture has too many pixels to read in its format: send it as a JPEG photo or a "
             "PNG screenshot, or a smaller copy")
