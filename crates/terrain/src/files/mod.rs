//! Maps in and out of files: the formats terrain tools read (`export`), reading maps back
//! (`import`), maps derived from the heights (`derived`: normals, slope, flow), game-engine
//! presets (`engines`) and tiles (`tiles`).

pub mod derived;
pub mod engines;
pub mod export;
pub mod import;
pub mod tiles;
