"""Draw icons/icon-192.png and icon-512.png from the shape of icons/icon.svg (stdlib only).

Run it after changing the icon: `python3 tools/make_icons.py`. The PNGs are committed.
"""

import struct
import zlib
from pathlib import Path

STAR = [(256, 72), (305, 190), (432, 200), (335, 282), (366, 406), (256, 338), (146, 406), (177, 282), (80, 200), (207, 190)]
BACKGROUND, STAR_COLOUR = (0x1F, 0x3A, 0x5F), (0xF2, 0xC1, 0x4E)


def inside(x: float, y: float) -> bool:
    crossings = 0
    for (x1, y1), (x2, y2) in zip(STAR, STAR[1:] + STAR[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def png(size: int) -> bytes:
    scale, samples = 512 / size, 3
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            hits = sum(
                inside((px + (i + 0.5) / samples) * scale, (py + (j + 0.5) / samples) * scale)
                for i in range(samples)
                for j in range(samples)
            )
            a = hits / samples**2
            row += bytes(round(b * (1 - a) + s * a) for b, s in zip(BACKGROUND, STAR_COLOUR, strict=True)) + b"\xff"
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    out = Path(__file__).resolve().parent.parent / "icons"
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))
