//! Where the water of the shown points goes ([`route`]), and that routing as bytes
//! ([`routing_bytes`], [`Routed::from_bytes`]): the page has its worker route the points on
//! screen, in the encoders' module, and draws the Water views from what comes back.

use super::Water;
use crate::map::heightmap::Heightmap;
use crate::shown::display::DisplayGrid;

/// The shown heights routed: the map they make (holes lower than anything, so water reaching
/// one leaves the map there), its water, and the lowest and highest shown height. `None` for a
/// grid too small to route or with no ground. The page has this done in its worker, by the
/// encoders' module ([`routing_bytes`], [`Routed::from_bytes`]): routing is no part of its
/// first load.
pub fn route(grid: &DisplayGrid) -> Option<Routed> {
    let (nx, _) = grid.size();
    let (map, range) = sunk(nx, &grid.heights)?;
    let water = Water::of(&map).ok()?;
    Some(Routed { map, water, range })
}

/// `heights` (`columns` across, row by row) as a map to route, every hole (not a number) a sink
/// below the lowest ground, and the lowest and highest ground; `None` for fewer than 3 x 3
/// points or no ground.
pub fn sunk(columns: usize, heights: &[f32]) -> Option<(Heightmap, (f32, f32))> {
    let rows = heights.len().checked_div(columns)?;
    let finite = heights.iter().copied().filter(|h| h.is_finite());
    let (lo, hi) = finite.fold((f32::INFINITY, f32::NEG_INFINITY), |(a, b), h| {
        (a.min(h), b.max(h))
    });
    if columns < 3 || rows < 3 || lo > hi || rows * columns != heights.len() {
        return None;
    }
    let sink = lo - (hi - lo).max(1.0);
    let heights: Vec<f32> = heights
        .iter()
        .map(|&h| if h.is_finite() { h } else { sink })
        .collect();
    let map = Heightmap::from_data(columns, rows, heights).ok()?;
    Some((map, (lo, hi)))
}

/// A map's water as bytes, for the page: the filled heights (f32), then where each cell drains
/// and its flow (u32), little-endian, one of each per cell.
pub fn routing_bytes(water: &Water) -> Vec<u8> {
    let filled = water.filled.data().iter().map(|h| h.to_le_bytes());
    let down = water.downstream.iter().map(|d| d.to_le_bytes());
    let flow = water.accumulation.iter().map(|a| a.to_le_bytes());
    filled.chain(down).chain(flow).flatten().collect()
}

/// The shown heights as routed by [`route`].
#[derive(Debug, Clone, PartialEq)]
pub struct Routed {
    /// The shown heights, holes made sinks.
    pub map: Heightmap,
    /// Where their water goes.
    pub water: Water,
    /// The lowest and highest shown height.
    pub range: (f32, f32),
}

impl Routed {
    /// `grid` routed, from the [`routing_bytes`] of its water (made elsewhere); `None` when the
    /// bytes are not a routing of a grid of its size.
    pub fn from_bytes(grid: &DisplayGrid, bytes: &[u8]) -> Option<Routed> {
        let (nx, nz) = grid.size();
        let (map, range) = sunk(nx, &grid.heights)?;
        let n = nx * nz;
        if bytes.len() != 12 * n {
            return None;
        }
        let words = |part: usize| {
            bytes[part * 4 * n..(part + 1) * 4 * n]
                .chunks_exact(4)
                .map(|b| [b[0], b[1], b[2], b[3]])
        };
        let filled = Heightmap::from_data(nx, nz, words(0).map(f32::from_le_bytes).collect());
        let downstream: Vec<u32> = words(1).map(u32::from_le_bytes).collect();
        let valid = |&d: &u32| d == super::flow::OFF_MAP || (d as usize) < n;
        if !downstream.iter().all(valid) {
            return None;
        }
        let water = Water {
            filled: filled.ok()?,
            downstream,
            accumulation: words(2).map(u32::from_le_bytes).collect(),
        };
        Some(Routed { map, water, range })
    }
}
