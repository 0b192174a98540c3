//! What a person sets: the table of knobs (every setting, once, with its name, label, help,
//! range and default), the size limits that follow from it (`limits`), and the parsers that read
//! typed text with messages a person can read (`params`).

mod knob;
pub mod limits;
pub mod params;
pub mod settings;
pub(crate) mod table;

pub use knob::{Knob, Values};
pub use table::*;

#[cfg(test)]
mod tests;
