//! # terrain: heightmaps from the classic terrain-generation posts
//!
//! The core of the project. It holds the heightmap type, the seeded random generators, every
//! algorithm split into the steps the posts name, parameter parsing and validation with messages
//! a person can read, what the screen shows of a map, mesh data and file export. It has no web
//! dependencies, so all of it is tested natively; the wasm front end and the `terrain` command
//! only call into it.
//!
//! ```
//! use terrain::midpoint::{self, MpdParams};
//! let map = midpoint::generate(&MpdParams::default(), 42).expect("defaults are valid");
//! assert_eq!(map.width(), 33); // exponent 5 gives 2^5 + 1 points per side
//! ```

mod cells;
mod cores;
pub mod creases;
pub mod diamond_square;
pub mod display;
pub mod engines;
pub mod erosion;
pub mod export;
pub mod faults;
mod fine_levels;
pub mod heightmap;
pub mod import;
pub mod limits;
pub mod line;
pub mod mesh;
pub mod midpoint;
pub mod midpoint_recursive;
pub mod params;
pub mod random_noise;
pub mod realism;
pub mod recipe;
pub mod rng;
mod rows;
pub mod steps;
#[cfg(test)]
mod testing;
pub mod tiles;
pub mod variogram;
pub mod water;

pub use heightmap::Heightmap;
pub use params::ParamError;
pub use recipe::Recipe;
pub use rng::TerrainRng;
