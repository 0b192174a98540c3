//! Maps in and out of files: the formats terrain tools read (`export`), reading maps back
//! (`import`), game-engine presets (`engines`) and tiles (`tiles`).

pub mod engines;
pub mod export;
pub mod import;
pub mod tiles;
