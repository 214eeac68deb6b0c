"""Draw the app's home-screen icon (a die showing five, on the header's dark colour) as SVG and PNGs.

Run once from the repository root when the drawing changes; the files it writes are committed
(companion/static/icons/). Pure standard library: no image package is needed at set-up.

    python scripts/make_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "companion" / "static" / "icons"
BACKGROUND, DIE, PIP = (0x1D, 0x1B, 0x16), (0xF6, 0xF4, 0xEF), (0x0B, 0x5C, 0xAD)  # app.css --fg, --bg, --accent
# The drawing on a 100-unit square. The die stays inside the central 60 %, within the safe zone
# of a maskable icon (a circle of 80 % of the size), so one drawing serves both purposes.
DIE_BOX, DIE_RADIUS = (20.0, 80.0), 9.0
PIPS, PIP_RADIUS = ((34, 34), (66, 34), (50, 50), (34, 66), (66, 66)), 6.5
SAMPLES = ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75))  # 4 samples a pixel: smooth edges


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The colour of the drawing at (x, y) in units."""
    if any((x - px) ** 2 + (y - py) ** 2 <= PIP_RADIUS ** 2 for px, py in PIPS):
        return PIP
    low, high = DIE_BOX
    # Rounded square: distance from the inner square (shrunk by the radius) within the radius.
    dx = max(low + DIE_RADIUS - x, 0.0, x - (high - DIE_RADIUS))
    dy = max(low + DIE_RADIUS - y, 0.0, y - (high - DIE_RADIUS))
    return DIE if dx * dx + dy * dy <= DIE_RADIUS ** 2 else BACKGROUND


def pixels(size: int) -> bytes:
    """RGB rows of the drawing at ``size`` pixels, each row prefixed with PNG filter type 0."""
    scale = 100.0 / size
    rows = bytearray()
    for j in range(size):
        rows.append(0)
        for i in range(size):
            samples = [colour_at((i + sx) * scale, (j + sy) * scale) for sx, sy in SAMPLES]
            rows.extend(sum(c[k] for c in samples) // len(samples) for k in range(3))
    return bytes(rows)


def png(size: int) -> bytes:
    """A PNG file (8-bit RGB) of the drawing."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels(size), 9))
            + chunk(b"IEND", b""))


def svg() -> str:
    """The same drawing as SVG."""
    def hexa(rgb: tuple[int, int, int]) -> str:
        return "#" + "".join(f"{c:02x}" for c in rgb)

    low, high = DIE_BOX
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="{PIP_RADIUS}"/>' for x, y in PIPS)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<rect width="100" height="100" fill="{hexa(BACKGROUND)}"/>'
            f'<rect x="{low}" y="{low}" width="{high - low}" height="{high - low}" rx="{DIE_RADIUS}" '
            f'fill="{hexa(DIE)}"/><g fill="{hexa(PIP)}">{pips}</g></svg>\n')


def main() -> None:
    """Write icon.svg, icon-192.png and icon-512.png."""
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg(), encoding="utf-8")
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
