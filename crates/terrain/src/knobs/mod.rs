//! What a person sets: the size limits (`limits`) and the parsers that read typed text into
//! parameters with messages a person can read (`params`).

pub mod limits;
pub mod params;
