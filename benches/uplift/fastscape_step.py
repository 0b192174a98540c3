"""The peer: one time step of fastscapelib's stream-power eroder (n = 1), as TOOLCHAIN's recipe
runs it: a fixed border, single-flow routing with the priority-flood sink resolver, uplift then
routing then the implicit eroder. Prints the seconds of the median step over STEPS steps after
one warm-up step, and the concavity inputs are not measured here (see run.sh).

Usage: python fastscape_step.py SIDE STEPS
"""
import sys
import time

import fastscapelib as fs
import numpy as np

side, steps = int(sys.argv[1]), int(sys.argv[2])
K, m, U, dt = 1.0, 0.45, 1.0, 10.0
grid = fs.RasterGrid([side, side], [1.0, 1.0], fs.NodeStatus.FIXED_VALUE)
graph = fs.FlowGraph(grid, [fs.SingleFlowRouter(), fs.PFloodSinkResolver()])
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
    if step > 0:
        times.append(time.perf_counter() - start)
print(f"{float(np.median(times)):.6f}")
