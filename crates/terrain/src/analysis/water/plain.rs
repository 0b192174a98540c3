//! The plain readings the fast routing equals bit for bit: Priority-Flood with epsilon as
//! Barnes, Lehman and Mulla write it (Algorithm 3: a binary heap of cells ordered by height, a
//! plain queue for the cells a pit swallows), D8 directions neighbour by neighbour, and the flow
//! gathered from a stack of cells whose count is ready (the routing as it was before issue 46).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::fill::{check_finite, neighbours, on_border};
use super::flow::OFF_MAP;
use super::Water;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// A cell waiting in the priority queue: lowest height first, then lowest index (so equal
/// heights are taken in the same order on every platform).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Low(f32, u32);

impl Eq for Low {}

impl PartialOrd for Low {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Low {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0).then(self.1.cmp(&other.1))
    }
}

/// `map` with every depression filled: each cell raised to at least the next representable
/// height above the cell the flood reached it from, so every cell has a path down to the
/// border, strictly falling. Cells not in a depression keep their height. Fails when a height
/// is not a number.
pub fn priority_flood(map: &Heightmap) -> Result<Heightmap, ParamError> {
    check_finite(map)?;
    let (w, h) = (map.width(), map.height());
    let mut filled = map.clone();
    let z = filled.data_mut();
    let mut closed = vec![false; w * h];
    let mut open = BinaryHeap::new();
    let mut pits = VecDeque::new();
    for (i, done) in closed.iter_mut().enumerate() {
        if on_border(i, w, h) {
            *done = true;
            open.push(Reverse(Low(z[i], i as u32)));
        }
    }
    loop {
        let c = if let Some(c) = pits.pop_front() {
            c
        } else if let Some(Reverse(Low(_, c))) = open.pop() {
            c as usize
        } else {
            break;
        };
        let floor = z[c].next_up();
        for n in neighbours(c, w, h) {
            if closed[n] {
                continue;
            }
            closed[n] = true;
            if z[n] <= floor {
                z[n] = floor;
                pits.push_back(n);
            } else {
                open.push(Reverse(Low(z[n], n as u32)));
            }
        }
    }
    Ok(filled)
}

/// Each cell's steepest-descent neighbour of eight (a diagonal drop divided by √2; the first in
/// reading order among equals), or [`OFF_MAP`] on the border. On a map filled by
/// [`super::fill::priority_flood`] every inner cell has a lower neighbour; one that has none
/// (a map not filled) drains nowhere and is marked as draining off the map too.
pub fn directions(filled: &Heightmap) -> Vec<u32> {
    let (w, h) = (filled.width(), filled.height());
    let z = filled.data();
    (0..w * h)
        .map(|i| {
            if on_border(i, w, h) {
                return OFF_MAP;
            }
            let mut best = (0.0f32, OFF_MAP);
            for n in neighbours(i, w, h) {
                let diagonal = n % w != i % w && n / w != i / w;
                let drop = z[i] - z[n];
                let slope = if diagonal {
                    drop * std::f32::consts::FRAC_1_SQRT_2
                } else {
                    drop
                };
                if slope > best.0 {
                    best = (slope, n as u32);
                }
            }
            best.1
        })
        .collect()
}

/// Cells draining through each cell, itself included, following `downstream` (from
/// [`directions`]): the cells nothing drains into wait on a stack; a cell taken from it adds its
/// count to the cell below, which joins the stack once every cell above it has done so.
pub fn accumulation(downstream: &[u32]) -> Vec<u32> {
    let mut above = vec![0u32; downstream.len()];
    for &d in downstream {
        if d != OFF_MAP {
            above[d as usize] += 1;
        }
    }
    let mut flow = vec![1u32; downstream.len()];
    let mut ready: Vec<usize> = (0..downstream.len()).filter(|&i| above[i] == 0).collect();
    while let Some(i) = ready.pop() {
        let d = downstream[i];
        if d == OFF_MAP {
            continue;
        }
        let d = d as usize;
        flow[d] += flow[i];
        above[d] -= 1;
        if above[d] == 0 {
            ready.push(d);
        }
    }
    flow
}

/// [`Water::of`] with the plain readings: what the fast routing equals, bit for bit.
pub fn water(map: &Heightmap) -> Result<Water, ParamError> {
    let filled = priority_flood(map)?;
    let downstream = directions(&filled);
    let accumulation = accumulation(&downstream);
    Ok(Water {
        filled,
        downstream,
        accumulation,
    })
}
