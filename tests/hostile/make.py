#!/usr/bin/env python3
"""Writes the hostile-file corpus beside this script: files no reader may take, each made by
hand from the formats' specifications (no code of ours), so the readers are tried on what a
broken exporter or a hostile sender would give them.

    python3 tests/hostile/make.py     # rewrites the files; they are kept in the repository

Every file must be refused in one line by `terrain erode`, `flow` and `stats` (under a 4 GB
memory limit) and by the page's "Your map", with nothing written and no abort
(crates/terrain-cli/tests/command/hostile.rs, tests/e2e/held.test.mjs). HUGE is a size no map
may have: 60 000 x 60 000 points (3.6 billion, past the 2^28 a map may hold), declared over a
body of a few bytes.
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
HUGE = 60_000


def save(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


# PNG (ISO/IEC 15948): signature, then chunks of length, type, data and CRC-32 of type + data.
def chunk(kind, data, crc=None):
    crc = zlib.crc32(kind + data) if crc is None else crc
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc & 0xFFFFFFFF)


def png(width, height, depth=16, colour=0, rows=None, ihdr_crc=None):
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    if rows is None:
        channels = {0: 1, 2: 3}[colour]
        row = b"\x00" + bytes(range(width * channels * depth // 8))
        rows = row * height
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr, ihdr_crc)
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


good_png = png(8, 8)
save("truncated.png", good_png[: len(good_png) // 2])
save("bad-crc.png", png(8, 8, ihdr_crc=0x12345678))
save("zero-width.png", png(0, 8, rows=b"\x00" * 8))
save("huge.png", png(HUGE, HUGE, rows=b"\x00" * 64))
save("colour.png", png(4, 4, depth=8, colour=2))
save("text.png", b"this is not a heightmap, only a few words\n")


# OpenEXR (the file layout document): magic, version 2, attributes until an empty name, the
# offset table, then scan lines (y, byte count, the channel's samples), uncompressed.
def attribute(name, kind, value):
    return name.encode() + b"\0" + kind.encode() + b"\0" + struct.pack("<i", len(value)) + value


def exr(width, height, values, declared=None, cut=None):
    dw, dh = declared or (width, height)
    box = struct.pack("<iiii", 0, 0, dw - 1, dh - 1)
    channels = b"Y\0" + struct.pack("<iBBBBii", 2, 0, 0, 0, 0, 1, 1) + b"\0"
    header = (b"\x76\x2f\x31\x01" + struct.pack("<I", 2)
              + attribute("channels", "chlist", channels)
              + attribute("compression", "compression", b"\0")
              + attribute("dataWindow", "box2i", box)
              + attribute("displayWindow", "box2i", box)
              + attribute("lineOrder", "lineOrder", b"\0")
              + attribute("pixelAspectRatio", "float", struct.pack("<f", 1.0))
              + attribute("screenWindowCenter", "v2f", struct.pack("<ff", 0.0, 0.0))
              + attribute("screenWindowWidth", "float", struct.pack("<f", 1.0))
              + b"\0")
    lines = [struct.pack("<ii", y, 4 * width) + struct.pack(f"<{width}f", *values[y * width:(y + 1) * width])
             for y in range(height)]
    start = len(header) + 8 * height
    offsets, at = [], start
    for line in lines:
        offsets.append(at)
        at += len(line)
    data = header + b"".join(struct.pack("<Q", o) for o in offsets) + b"".join(lines)
    return data[:cut] if cut else data


ramp = [i / 63 for i in range(64)]
with_nan = ramp[:9] + [float("nan")] + ramp[10:]
save("nan.exr", exr(8, 8, with_nan))
save("huge.exr", exr(8, 8, ramp, declared=(HUGE, HUGE)))
save("zero-width.exr", exr(8, 8, ramp, declared=(0, 8)))
save("truncated.exr", exr(8, 8, ramp, cut=200))


# TIFF 6.0, little-endian: header, one image file directory of 12-byte entries, one strip.
def tiff(width, height, body, bits=(32,), sample_format=3, photometric=1, declared=None):
    dw, dh = declared or (width, height)
    entries = []
    spp = len(bits)
    bits_value = struct.pack("<H", bits[0]) + b"\0\0" if spp == 1 else None
    extra = b""
    ifd_at = 8
    count = 10
    extra_at = ifd_at + 2 + 12 * count + 4
    if spp > 1:
        bits_value = struct.pack("<I", extra_at)
        extra = struct.pack(f"<{spp}H", *bits)
    body_at = extra_at + len(extra)

    def entry(tag, kind, n, value):
        entries.append(struct.pack("<HHI", tag, kind, n) + value)

    short = lambda v: struct.pack("<HH", v, 0)
    long = lambda v: struct.pack("<I", v)
    entry(256, 4, 1, long(dw))
    entry(257, 4, 1, long(dh))
    entry(258, 3, spp, bits_value)
    entry(259, 3, 1, short(1))
    entry(262, 3, 1, short(photometric))
    entry(273, 4, 1, long(body_at))
    entry(277, 3, 1, short(spp))
    entry(278, 4, 1, long(dh))
    entry(279, 4, 1, long(len(body)))
    entry(339, 3, 1, short(sample_format))
    ifd = struct.pack("<H", count) + b"".join(entries) + struct.pack("<I", 0)
    return b"II*\0" + struct.pack("<I", ifd_at) + ifd + extra + body


floats = lambda values: struct.pack(f"<{len(values)}f", *values)
save("nan.tif", tiff(8, 8, floats(with_nan)))
save("infinite.tif", tiff(8, 8, floats(ramp[:3] + [float("inf")] + ramp[4:])))
save("huge.tif", tiff(8, 8, floats(ramp), declared=(HUGE, HUGE)))
save("zero-width.tif", tiff(8, 8, floats(ramp), declared=(0, 8)))
save("truncated.tif", tiff(8, 8, floats(ramp))[:100])
save("rgb.tif", tiff(4, 4, bytes(48), bits=(8, 8, 8), sample_format=1, photometric=2))
save("grey8.tif", tiff(4, 4, bytes(16), bits=(8,), sample_format=1))
save("text.tif", b"II* but then only words, no directory at all\n")

# Raw heights carry no header: a length that is no whole number of points, or heights that are
# not numbers.
save("nan.r32", floats(ramp[:4] + [float("nan")] + ramp[5:9]))
save("infinite.r32", floats([float("-inf")] + ramp[1:9]))
save("odd.r32", bytes(7))
save("odd.r16", bytes(5))
save("empty.r32", b"")
save("text.r16", b"this is not a heightmap\n!")
