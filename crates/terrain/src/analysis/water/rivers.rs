//! Rivers as lines: every cell that at least `min_flow` cells drain through, joined into
//! polylines that follow the water downstream, for a GIS or an engine that paints rivers from
//! splines. Written as GeoJSON (`terrain flow --rivers`, the page's `rivers.geojson` download).
//!
//! A line starts where a river begins (no river cell drains into it) or where one leaves a lake,
//! follows each cell's way down ([`super::flow::directions`]), and ends at the map's edge, at the
//! first lake cell it reaches (lakes are drawn as lakes, not as rivers), or where it joins a
//! larger river (that cell, on the larger river's line, is its last vertex). At a confluence the
//! branch with the most flow carries on, so the main stem is one line. Along a line the filled
//! height falls and the flow grows at every vertex.

use serde_json::{json, Value};

use super::flow::OFF_MAP;
use super::Water;
use crate::map::heightmap::Heightmap;

/// How a river line ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// At the map's edge: its water leaves the map.
    Edge,
    /// In a lake: its last vertex is the lake's first cell.
    Lake,
    /// Where it joins a larger river: its last vertex lies on that river's line.
    River,
}

impl End {
    /// The name the GeoJSON gives it.
    pub fn name(self) -> &'static str {
        match self {
            End::Edge => "edge",
            End::Lake => "lake",
            End::River => "river",
        }
    }
}

/// One river line: its cells from source to end, and how it ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct River {
    /// The cells it passes, as indices of the map, downstream.
    pub cells: Vec<usize>,
    /// How it ends.
    pub end: End,
}

/// The fewest cells that must drain through a cell for it to be a river on a map of `cells`
/// cells, when no threshold is given: twice the square root of the cells (514 on 257 x 257),
/// and at least 8.
pub fn default_min_flow(cells: usize) -> u32 {
    ((cells as f64).sqrt() * 2.0).max(8.0) as u32
}

/// The river lines of `water` on `map` (the map before filling, which says where the lakes
/// are, as the Water view draws them: [`Water::lake_cells`]): cells `min_flow` or more cells drain through, lines in the order of their first cell.
pub fn rivers(water: &Water, map: &Heightmap, min_flow: u32) -> Vec<River> {
    let cells = water.downstream.len();
    let river = |i: usize| water.accumulation[i] >= min_flow.max(1);
    let lakes = water.lake_cells(map);
    let lake = |i: usize| lakes[i];
    // Each river cell's main branch: the river cell draining into it with the most flow (the
    // first in reading order among equals).
    let mut main = vec![OFF_MAP; cells];
    for i in (0..cells).filter(|&i| river(i)) {
        let d = water.downstream[i];
        if d == OFF_MAP {
            continue;
        }
        let best = main[d as usize];
        if best == OFF_MAP || water.accumulation[i] > water.accumulation[best as usize] {
            main[d as usize] = i as u32;
        }
    }
    let starts = (0..cells)
        .filter(|&i| river(i) && !lake(i) && (main[i] == OFF_MAP || lake(main[i] as usize)));
    starts
        .map(|start| {
            let mut line = vec![start];
            let mut at = start;
            let end = loop {
                let d = water.downstream[at];
                if d == OFF_MAP {
                    break End::Edge;
                }
                let d = d as usize;
                line.push(d);
                if lake(d) {
                    break End::Lake;
                }
                if main[d] != at as u32 {
                    break End::River;
                }
                at = d;
            };
            River { cells: line, end }
        })
        .collect()
}

/// The rivers as a GeoJSON `FeatureCollection` of `LineString`s in map cells (x to the right,
/// y down, a cell's center at whole numbers), each with its vertices' flow (cells draining
/// through) and filled height, and how it ends; `min_flow` and the map's size said beside them.
pub fn geojson(water: &Water, map: &Heightmap, min_flow: u32) -> String {
    let w = map.width();
    let features: Vec<Value> = rivers(water, map, min_flow)
        .iter()
        .map(|river| {
            let coordinates: Vec<[usize; 2]> =
                river.cells.iter().map(|&i| [i % w, i / w]).collect();
            let flow: Vec<u32> = river.cells.iter().map(|&i| water.accumulation[i]).collect();
            let height: Vec<f32> = river
                .cells
                .iter()
                .map(|&i| water.filled.data()[i])
                .collect();
            json!({
                "type": "Feature",
                "geometry": { "type": "LineString", "coordinates": coordinates },
                "properties": { "flow": flow, "height": height, "ends": river.end.name() },
            })
        })
        .collect();
    let collection = json!({
        "type": "FeatureCollection",
        "terrain": {
            "width": w,
            "height": map.height(),
            "min_flow": min_flow,
            "coordinates": "map cells: x to the right, y down, cell centers at whole numbers (not longitude and latitude)",
            "flow": "cells draining through the vertex, itself included",
            "vertex_height": "the depression-filled map's height there, in the map's units",
            "ends": "edge: the water leaves the map; lake: the line's last vertex is a lake's first cell; river: its last vertex lies on a larger river",
            "method": "Priority-Flood with epsilon (Barnes, Lehman and Mulla 2014), D8 steepest descent; at a confluence the branch with the most flow carries on",
        },
        "features": features,
    });
    serde_json::to_string(&collection).unwrap_or_default() + "\n"
}
