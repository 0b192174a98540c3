//! Maps in and out of files: the formats, one file each (`formats`), writing maps (`export`),
//! reading maps back (`import`), the derived maps as files (`derived_png`), what the page
//! downloads (`downloads`), game-engine presets (`engines`), tiles (`tiles`) and, with the
//! `serde` feature, the sidecar that says what made a map and its tiles as files (`sidecar`).

pub mod derived_png;
#[cfg(feature = "serde")]
pub mod derived_sidecar;
pub mod downloads;
pub mod engines;
pub mod export;
pub mod formats;
pub mod import;
#[cfg(feature = "serde")]
pub mod sidecar;
pub mod tiles;
