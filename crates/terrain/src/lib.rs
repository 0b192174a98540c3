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

mod analysis;
pub mod chain;
pub mod chapters;
mod files;
pub mod knobs;
mod map;
mod shown;
#[cfg(test)]
mod testing;

pub use analysis::{derived, materials, realism, variogram, water};
pub use chapters::diamond_square::algorithm as diamond_square;
pub use chapters::eroded::algorithm as erosion;
pub use chapters::faults::algorithm as faults;
pub use chapters::fbm::algorithm as fbm;
pub use chapters::line::algorithm as line;
pub use chapters::midpoint::algorithm as midpoint;
pub use chapters::midpoint_recursive::algorithm as midpoint_recursive;
pub use chapters::noise::algorithm as random_noise;
pub use chapters::steps;
pub use files::{derived_png, downloads, engines, export, formats, import, tiles};
#[cfg(feature = "serde")]
pub use files::{derived_sidecar, sidecar};
pub use knobs::{limits, params};
pub use map::{heightmap, progress, rng};
pub use shown::{creases, display, mesh};

pub use chapters::{Chapter, Recipe, Schedule};
pub use heightmap::Heightmap;
pub use params::ParamError;
pub use rng::TerrainRng;
