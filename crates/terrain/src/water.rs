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
//!
//! [`Water`] runs the three on a map, for the page's Water view, `terrain flow` and the realism
//! measures.

pub mod fill;
pub mod flow;

use crate::params::ParamError;
use crate::Heightmap;

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
        let filled = fill::priority_flood(map)?;
        let downstream = flow::directions(&filled);
        let accumulation = flow::accumulation(&downstream);
        Ok(Self {
            filled,
            downstream,
            accumulation,
        })
    }

    /// The lakes: how deep each cell lies under the filled surface (0 where nothing pools).
    pub fn lake_depth(&self, map: &Heightmap) -> Vec<f32> {
        self.filled
            .data()
            .iter()
            .zip(map.data())
            .map(|(&f, &h)| f - h)
            .collect()
    }
}

#[cfg(test)]
mod tests;
