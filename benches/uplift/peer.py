"""Ours beside fastscapelib 0.3, the field's landscape model, from the same start: relief and the
realism measures of `terrain uplift` and of fastscapelib's SPLEroder (and DiffusionADIEroder)
run on the very noise ours starts from (`terrain noise --exponent 8 --seed S` times 0.001, as
`terrain uplift` makes its start), with the same K = 1, U = 1, dt = 10, steps, m, routing (D8:
SingleFlowRouter; mfd: MultiFlowRouter(1.1)) and diffusion, a fixed border and the
priority-flood sink resolver before the router. Relief is the model's own (ours from the
sidecar's range before normalising). Both maps are measured by `terrain stats`.

Each model runs 400 steps, long enough for D8 and mfd to reach their steady state (the relief
stops changing by step 200). With hillslope diffusion there is no steady relief: lakes form and
drain, and the highest point of either model moves by 20 % from one sampled step to the next,
while two runs that differ in the last bits part ways. So relief and θ are the means over the
maps after steps 200, 250, ... 400 of SEEDS starts (the other measures: after step 400).

Prints two markdown tables: the three models' means, ours against the peer's, and θ for
m = 0.35, 0.45 and 0.6 with mfd (issue 75 asks it within 0.07 of m).

Usage: python peer.py TERRAIN_BIN [SEEDS]   (SEEDS defaults to 8; needs numpy and fastscapelib;
FROM_MODEL=2 starts at the third model, with diffusion, M_TABLE=0 leaves out the θ table; about 25 minutes on one core at 8 seeds)
"""
import json
import os
import subprocess
import sys
import tempfile

import fastscapelib as fs
import numpy as np

terrain = sys.argv[1]
seeds = range(1, 1 + (int(sys.argv[2]) if len(sys.argv) > 2 else 8))
side = 257
SAMPLED = [200, 250, 300, 350, 400]
scratch = tempfile.mkdtemp()
MEASURES = ["concavity", "hurst", "spectral_slope", "hypsometric_integral", "drainage_top1",
            "hack", "bifurcation", "pits_per_1000"]


def run(*args):
    return subprocess.run([terrain, *map(str, args)], check=True, capture_output=True, text=True)


def stats(path):
    return json.loads(run("stats", "--json", path).stdout)


def ours(seed, routing, diffusion, m):
    """Our model's maps after each sampled step, measured: relief from the sidecar."""
    path = os.path.join(scratch, "ours.r32")
    seen = []
    for steps in SAMPLED:
        run("uplift", "--exponent", 8, "--seed", seed, "--steps", steps, "--routing", routing,
            "--diffusion", diffusion, "--m", m, "--out", path, "--maps", "slope")
        with open(path.replace(".r32", ".json")) as sidecar:
            side_car = json.load(sidecar)
        relief = side_car["max_before_normalising"] - side_car["min_before_normalising"]
        seen.append(dict(stats(path), relief=relief))
    return seen


def peer(seed, routing, diffusion, m):
    noise = os.path.join(scratch, "noise.r32")
    run("noise", "--exponent", 8, "--seed", seed, "--out", noise)
    h = np.fromfile(noise, dtype="<f4").reshape(side, side).astype(np.float64) * 0.001
    grid = fs.RasterGrid([side, side], [1.0, 1.0], fs.NodeStatus.FIXED_VALUE)
    router = fs.MultiFlowRouter(1.1) if routing == "mfd" else fs.SingleFlowRouter()
    graph = fs.FlowGraph(grid, [fs.PFloodSinkResolver(), router])
    eroder = fs.SPLEroder(graph, k_coef=1.0, area_exp=m, slope_exp=1, tolerance=1e-5)
    hillslope = fs.DiffusionADIEroder(grid, diffusion) if diffusion > 0 else None
    uplift = np.ones((side, side))
    uplift[[0, -1], :] = 0.0
    uplift[:, [0, -1]] = 0.0
    area = np.empty_like(h)
    seen = []
    for step in range(1, SAMPLED[-1] + 1):
        up = h + 10.0 * uplift
        graph.update_routes(up)
        graph.accumulate(area, 1.0)
        h = up - eroder.erode(up, area, 10.0)
        if hillslope is not None:
            h = h - hillslope.erode(h, 10.0)
        if step in SAMPLED:
            path = os.path.join(scratch, "peer.r32")
            h.astype("<f4").tofile(path)
            seen.append(dict(stats(path), relief=float(h.max() - h.min())))
    return seen


def means(make, *model):
    """Relief and θ over every sampled map of every seed; the rest over the last maps. Also
    each seed's mean relief, for the standard error."""
    runs = [make(seed, *model) for seed in seeds]
    every = [seen for run_ in runs for seen in run_]
    out = {k: float(np.mean([r[k] for r in every])) for k in ["relief", "concavity"]}
    out.update({k: float(np.mean([r[-1][k] for r in runs])) for k in MEASURES[1:]})
    out["per_seed"] = [float(np.mean([seen["relief"] for seen in run_])) for run_ in runs]
    return out


def error(a, b):
    """Two standard errors of the relief's difference, as a share of the peer's mean relief."""
    n = len(a["per_seed"])
    spread = np.var(a["per_seed"], ddof=1) / n + np.var(b["per_seed"], ddof=1) / n
    return 2.0 * float(np.sqrt(spread)) / b["relief"]


print(f"Means over seeds {seeds.start} to {seeds.stop - 1}, 257², steps {SAMPLED}: ours / fastscapelib\n")
print("| model | " + " | ".join(["relief"] + MEASURES) + " | relief: 2 standard errors |")
print("|---" * (len(MEASURES) + 3) + "|")
MODELS = [("d8", "d8", 0.0), ("mfd", "mfd", 0.0), ("mfd, diffusion 0.05", "mfd", 0.05)]
for label, routing, diffusion in MODELS[int(os.environ.get("FROM_MODEL", 0)):]:
    a, b = means(ours, routing, diffusion, 0.45), means(peer, routing, diffusion, 0.45)
    cells = [f"{a[k]:.3f} / {b[k]:.3f} ({a[k] / b[k] - 1:+.1%})" if b[k] else f"{a[k]:.2f} / 0"
             for k in ["relief"] + MEASURES]
    print(f"| {label} | " + " | ".join(cells) + f" | {error(a, b):.1%} |")
if os.environ.get("M_TABLE") == "0":
    sys.exit(0)
print("\n| mfd, m | θ ours | θ fastscapelib |\n|---|---|---|")
SAMPLED = [200]  # the steady state: the measures of one map each
for m in [0.35, 0.45, 0.6]:
    a = [ours(seed, "mfd", 0.0, m)[-1]["concavity"] for seed in seeds]
    b = [peer(seed, "mfd", 0.0, m)[-1]["concavity"] for seed in seeds]
    print(f"| {m} | {np.mean(a):.4f} ({min(a):.4f} to {max(a):.4f}) | {np.mean(b):.4f} |")
