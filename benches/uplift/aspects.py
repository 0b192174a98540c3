"""Issue 75's figure: uplift with D8 routing, ours with multiple flow directions and hillslope
diffusion, fastscapelib's model with the same router, eroder and diffuser, and real land, each
hill-shaded from the north-west over the histogram of its slope aspects (the compass direction
each cell faces, 5-degree bins). D8 lays gullies along the eight directions, which shows as
peaks at multiples of 45 degrees; the script prints, for each map, the share of cells facing
within 5 degrees of a multiple of 45 over the share a flat histogram would give there (1 for
none; 2 would be twice as many cells facing a D8 direction as chance gives).

Usage: python aspects.py TERRAIN_BIN REAL_LAND_PNG OUT_PNG [STEPS [DIFFUSION]]

Ours come from `TERRAIN uplift --exponent 8 --seed 1 --steps STEPS [--routing mfd --diffusion
D]`; fastscapelib's from uniform(0, 0.001) noise with K = 1, m = 0.45, U = 1, dt = 10 (our
defaults), a fixed border, PFloodSinkResolver then MultiFlowRouter(1.1), SPLEroder, then
DiffusionADIEroder(D). Needs numpy, pillow and fastscapelib (pip).
"""
import os
import subprocess
import sys
import tempfile

import fastscapelib as fs
import numpy as np
from PIL import Image, ImageDraw

terrain, real_png, out = sys.argv[1], sys.argv[2], sys.argv[3]
steps = int(sys.argv[4]) if len(sys.argv) > 4 else 100
diffusion = float(sys.argv[5]) if len(sys.argv) > 5 else 0.05
side = 257


def ours(*flags):
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "u.r32")
        args = [terrain, "uplift", "--exponent", "8", "--seed", "1", "--steps", str(steps)]
        subprocess.run(args + list(flags) + ["--out", path], check=True, capture_output=True)
        return np.fromfile(path, dtype="<f4").reshape(side, side).astype(np.float64)


def peer():
    grid = fs.RasterGrid([side, side], [1.0, 1.0], fs.NodeStatus.FIXED_VALUE)
    graph = fs.FlowGraph(grid, [fs.PFloodSinkResolver(), fs.MultiFlowRouter(1.1)])
    eroder = fs.SPLEroder(graph, k_coef=1.0, area_exp=0.45, slope_exp=1, tolerance=1e-5)
    hillslope = fs.DiffusionADIEroder(grid, diffusion)
    h = np.random.default_rng(1).uniform(0.0, 0.001, (side, side))
    uplift = np.ones((side, side))
    uplift[[0, -1], :] = 0.0
    uplift[:, [0, -1]] = 0.0
    area = np.empty_like(h)
    for _ in range(steps):
        up = h + 10.0 * uplift
        graph.update_routes(up)
        graph.accumulate(area, 1.0)
        h = up - eroder.erode(up, area, 10.0)
        h = h - hillslope.erode(h, 10.0)
    return h


def real():
    return np.asarray(Image.open(real_png), dtype=np.float64)


def gradients(z):
    gy, gx = np.gradient(z)
    return gx[1:-1, 1:-1], gy[1:-1, 1:-1]


def shade(z):
    rows, cols = z.shape
    z = (z - z.min()) * 0.12 * cols / max(z.max() - z.min(), 1e-12)
    gx, gy = np.gradient(z)[1], np.gradient(z)[0]
    slope = np.arctan(np.hypot(gx, gy))
    aspect = np.arctan2(-gx, gy)
    az, alt = np.radians(315), np.radians(45)
    lit = np.sin(alt) * np.cos(slope) + np.cos(alt) * np.sin(slope) * np.cos(az - aspect)
    return Image.fromarray((np.clip(lit, 0, 1) * 255).astype(np.uint8))


def aspects(z):
    gx, gy = gradients(z)
    steep = np.hypot(gx, gy) > 0
    # The compass direction the ground faces (downhill), 0 north, clockwise, y down.
    facing = (np.degrees(np.arctan2(-gx[steep], gy[steep])) + 360.0) % 360.0
    # Bins 5 degrees wide centred on 0, 5, 10 ...: every ninth on a multiple of 45 (drawn black).
    counts, _ = np.histogram((facing + 2.5) % 360.0, bins=72, range=(0.0, 360.0))
    return counts / counts.sum(), facing


def diagonal_peak(facing):
    off = np.abs(((facing + 22.5) % 45.0) - 22.5)
    return float(np.mean(off <= 5.0) / (10.0 / 45.0))


maps = [
    ("ours, d8", ours()),
    (f"ours, mfd + diffusion {diffusion}", ours("--routing", "mfd", "--diffusion", str(diffusion))),
    (f"fastscapelib, mfd + diffusion {diffusion}", peer()),
    ("real land (Jacksboro)", real()),
]
panel, gap, bars = 300, 12, 120
figure = Image.new("L", (len(maps) * (panel + gap) - gap, panel + gap + bars), 255)
draw = ImageDraw.Draw(figure)
for at, (name, z) in enumerate(maps):
    x0 = at * (panel + gap)
    figure.paste(shade(z).resize((panel, panel), Image.LANCZOS), (x0, 0))
    histogram, facing = aspects(z)
    top = histogram.max()
    width = panel / len(histogram)
    for b, share in enumerate(histogram):
        height = share / top * (bars - 4)
        shade_of = 0 if b % 9 == 0 else 110
        draw.rectangle(
            [x0 + b * width, panel + gap + bars - height, x0 + (b + 1) * width - 1, panel + gap + bars],
            fill=shade_of,
        )
    print(f"{name}: cells facing within 5 degrees of a multiple of 45: {diagonal_peak(facing):.2f} x chance")
figure.save(out, optimize=True)
