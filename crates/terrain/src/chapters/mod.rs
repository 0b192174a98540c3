//! The chapters: one folder per algorithm the page teaches, each holding what that algorithm is
//! to every layer (its knobs, what it generates, how it steps, its command and file name) behind
//! one trait, [`Chapter`], and registered by one row in `registry.rs`, which makes [`Recipe`].
//! The page's fields, the stepper, the sidecar and the command line ask the recipe, which hands
//! each question to its chapter; nothing outside these folders tells the algorithms apart.
//!
//! How a recipe answers (`recipe.rs`) is written once for all chapters; the knobs several
//! chapters share are read in `settings.rs`.

mod chapter;
pub mod composed;
pub mod diamond_square;
pub mod eroded;
pub mod faults;
pub mod fbm;
pub(crate) mod fine_levels;
pub mod line;
pub(crate) mod midpoint;
pub(crate) mod midpoint_recursive;
pub(crate) mod noise;
pub mod on_base;
mod partner;
mod recipe;
mod registry;
mod schedule;
pub mod step_list;
pub mod step_registry;
pub use crate::knobs::settings;
pub mod steps;
pub(crate) mod uplifted;
pub(crate) mod weathered;

pub use chapter::{Chapter, ReadBase};
pub use composed::Composed;
pub use diamond_square::DiamondSquare;
pub use eroded::held::Held;
#[cfg(feature = "erosion")]
pub use eroded::rain::Job as RainJob;
pub use eroded::rain::{Batches, RainAtScale};
pub use eroded::Eroded;
pub use faults::Faults;
pub use fbm::Fbm;
pub use line::Line;
pub use midpoint::Midpoint;
pub use midpoint_recursive::MidpointRecursive;
pub use noise::Noise;
pub use on_base::{OnBase, ShownStep};
pub use partner::Partner;
pub use registry::{ChapterRow, Recipe};
pub use schedule::Schedule;
pub use uplifted::Uplifted;
pub use weathered::Weathered;

#[cfg(test)]
mod tests;
