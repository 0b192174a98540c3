//! The map and its plumbing: [`heightmap::Heightmap`] (a flat grid of heights), where its cells
//! live (`cells`), the rows a sweep writes (`rows`), work shared among cores (`cores`), and the
//! seeded, value-stable random generators (`rng`), and how far long work has got (`progress`).

pub(crate) mod cells;
pub(crate) mod cores;
pub mod heightmap;
pub mod progress;
pub mod rng;
pub(crate) mod rows;
