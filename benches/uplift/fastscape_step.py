"""The peer: one time step of fastscapelib's stream-power eroder (n = 1), as TOOLCHAIN's recipe
runs it: a fixed border, the priority-flood sink resolver and then the router (the operators run
in the order given, so the resolver comes first: it fills the map the router then routes), uplift
then routing then the implicit eroder. ROUTING is `d8` (SingleFlowRouter) or `mfd`
(MultiFlowRouter with slope exponent 1.1); DIFFUSION, when given, adds fastscapelib's
DiffusionADIEroder with that coefficient after the river step. Prints the seconds of the median
step over STEPS steps after one warm-up step (see run.sh).

Usage: python fastscape_step.py SIDE STEPS [ROUTING [DIFFUSION]]
"""
import sys
import time

import fastscapelib as fs
import numpy as np

side, steps = int(sys.argv[1]), int(sys.argv[2])
routing = sys.argv[3] if len(sys.argv) > 3 else "d8"
diffusion = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
K, m, U, dt = 1.0, 0.45, 1.0, 10.0
grid = fs.RasterGrid([side, side], [1.0, 1.0], fs.NodeStatus.FIXED_VALUE)
router = fs.MultiFlowRouter(1.1) if routing == "mfd" else fs.SingleFlowRouter()
graph = fs.FlowGraph(grid, [fs.PFloodSinkResolver(), router])
hillslope = fs.DiffusionADIEroder(grid, diffusion) if diffusion > 0 else None
eroder = fs.SPLEroder(graph, k_coef=K, area_exp=m, slope_exp=1, tolerance=1e-5)
rng = np.random.default_rng(1)
h = rng.uniform(0.0, 0.001, (side, side))
uplift = np.full((side, side), U)
uplift[[0, -1], :] = 0.0
uplift[:, [0, -1]] = 0.0
area = np.empty_like(h)
times = []
for step in range(steps + 1):
    start = time.perf_counter()
    up = h + dt * uplift
    graph.update_routes(up)
    graph.accumulate(area, 1.0)
    h = up - eroder.erode(up, area, dt)
    if hillslope is not None:
        h = h - hillslope.erode(h, dt)
    if step > 0:
        times.append(time.perf_counter() - start)
print(f"{float(np.median(times)):.6f}")
