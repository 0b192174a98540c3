//! Where water goes on a map: depressions filled so that every cell drains to the border, each
//! cell's steepest way down, and how many cells drain through each one.
//!
//! - [`fill::priority_flood`]: Barnes, Lehman and Mulla's Priority-Flood with epsilon (2014):
//!   flooding inwards from the border, lowest first, every cell is raised to at least the next
//!   representable height above the cell it was reached from, so pits become lakes whose surface
//!   still slopes, ever so slightly, towards their outlet. The filled depth is the lakes.
//! - [`flow::directions`]: D8 steepest descent on the filled map (a diagonal drop divided by
//!   √2); border cells drain off the map.
//! - [`flow::accumulation`]: the number of cells draining through each cell, itself included.
//! - [`multi`]: multiple flow directions, each cell's water shared over every lower neighbour.
//!
//! - [`flood`]: Priority-Flood at work, step by step, for the Water view's flood stepper.
//! - [`picked`]: one point's path to the edge and its catchment, in the Water view.
//! - [`rivers`]: the cells enough water drains through, as lines (GeoJSON).
//! - [`routing`]: the shown points routed, with the Water view's layer and the flood's captions,
//!   as bytes for the page (its worker makes them); [`routed`]: that routing as the page holds
//!   it, which [`shown`] and [`flood`] draw.
//! - [`plain`]: the first two read plainly, which the fast ones equal bit for bit.
//!
//! [`Water`] runs the three on a map, for the page's Water view, `terrain flow` and the realism
//! measures.

pub mod fill;
pub mod flood;
pub mod flow;
pub mod multi;
pub mod picked;
pub mod plain;
pub mod rivers;
pub mod routed;
pub mod routing;
pub mod shown;

use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// A map's water: the filled heights, each cell's way down, and its flow.
#[derive(Debug, Clone, PartialEq)]
pub struct Water {
    /// The map with its depressions filled (never lower than the map).
    pub filled: Heightmap,
    /// Where each cell drains: the index of its steepest-descent neighbour, or [`flow::OFF_MAP`]
    /// for the border cells, which drain off the map.
    pub downstream: Vec<u32>,
    /// Cells draining through each cell, itself included (1 on a ridge, the whole basin at an
    /// outlet).
    pub accumulation: Vec<u32>,
}

impl Water {
    /// Fills `map`, routes it and accumulates its flow. Fails on a height that is not a number
    /// (nothing can flow through a hole).
    pub fn of(map: &Heightmap) -> Result<Self, ParamError> {
        Ok(Self::from_filled(fill::priority_flood(map)?))
    }

    /// Routes and accumulates a map whose depressions `filled` has filled.
    pub fn from_filled(filled: Heightmap) -> Self {
        let downstream = flow::directions(&filled);
        let accumulation = flow::accumulation(&downstream);
        Self {
            filled,
            downstream,
            accumulation,
        }
    }

    /// The flow as a map: with `counts` (for a float format such as `.r32`) the number of cells
    /// draining through each cell, as is; without (for the 16-bit formats) that number on a log
    /// scale, ln(cells) / ln(most cells), so 0 is a ridge (only itself) and 1 the busiest
    /// outlet. What `terrain flow` writes and the page's flow download hands over, byte for byte.
    pub fn flow_map(&self, counts: bool) -> Heightmap {
        let areas = self.accumulation.iter().map(|&a| f64::from(a));
        area_map(&self.filled, areas, counts)
    }

    /// The cells the water falling on `cell` passes, from it to the map's edge (the last is a
    /// border cell, whose water leaves the map).
    pub fn path(&self, cell: usize) -> Vec<usize> {
        let mut path = vec![cell];
        let mut at = cell;
        while let Some(&next) = self.downstream.get(at).filter(|&&d| d != flow::OFF_MAP) {
            at = next as usize;
            path.push(at);
        }
        path
    }

    /// Every cell whose water passes through `cell`, itself included, in rising order: as many
    /// as its accumulation says.
    pub fn catchment(&self, cell: usize) -> Vec<usize> {
        if cell >= self.downstream.len() {
            return Vec::new();
        }
        let mut above: Vec<Vec<u32>> = Vec::new();
        above.resize_with(self.downstream.len(), Vec::new);
        for (i, &d) in self.downstream.iter().enumerate() {
            if d != flow::OFF_MAP {
                above[d as usize].push(i as u32);
            }
        }
        let mut inside = vec![false; self.downstream.len()];
        let mut waiting = vec![cell];
        while let Some(at) = waiting.pop() {
            inside[at] = true;
            waiting.extend(above[at].iter().map(|&i| i as usize));
        }
        (0..inside.len()).filter(|&i| inside[i]).collect()
    }

    /// Which cells of `map` lie under a lake: deeper under the filled surface than
    /// [`shown::LAKE_LEAST`] of the map's height range, as the Water view draws them (the
    /// filling's epsilon slopes leave far thinner films in every hollow it passes).
    pub fn lake_cells(&self, map: &Heightmap) -> Vec<bool> {
        let (lo, hi) = map.range().unwrap_or((0.0, 0.0));
        let least = shown::LAKE_LEAST * (hi - lo).max(f32::MIN_POSITIVE);
        self.lake_depth(map).iter().map(|&d| d > least).collect()
    }

    /// The most cells draining through any one cell (the busiest outlet).
    pub fn most_flow(&self) -> u32 {
        self.accumulation.iter().copied().max().unwrap_or(1)
    }

    /// The lakes: how deep each cell lies under the filled surface (0 where nothing pools).
    pub fn lake_depth(&self, map: &Heightmap) -> Vec<f32> {
        lake_depth(&self.filled, map)
    }
}

/// How deep each cell of `map` lies under `filled`, the map with its depressions filled (0 where
/// nothing pools): the lakes, whichever routing filled the map.
pub fn lake_depth(filled: &Heightmap, map: &Heightmap) -> Vec<f32> {
    filled
        .data()
        .iter()
        .zip(map.data())
        .map(|(&f, &h)| f - h)
        .collect()
}

#[cfg(test)]
mod tests;

/// Drainage areas (`areas`, row by row, one a cell of `like`) as a map: with `counts` (a float
/// format) as they are; without (the 16-bit formats) on a log scale, ln(area) / ln(largest),
/// 0 on a ridge and 1 at the busiest outlet. D8's whole counts and multiple flow directions'
/// shared areas ([`multi`]) alike.
pub fn area_map(
    like: &Heightmap,
    areas: impl Iterator<Item = f64> + Clone,
    counts: bool,
) -> Heightmap {
    let values: Vec<f32> = if counts {
        areas.map(|a| a as f32).collect()
    } else {
        let top = areas.clone().fold(1.0f64, f64::max).ln();
        areas
            .map(|a| {
                if top > 0.0 {
                    (a.ln() / top) as f32
                } else {
                    0.0
                }
            })
            .collect()
    };
    let mut map = like.clone();
    map.data_mut().copy_from_slice(&values);
    map
}
