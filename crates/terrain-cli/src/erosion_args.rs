//! The erosion options: `terrain erode` and `--erode N` on the subdivision algorithms. Each flag's
//! help, parser and range come from its row of the table of knobs (`terrain::knobs`), its default
//! from `ErosionParams::DEFAULT` (made from the same rows).

use std::path::PathBuf;

use clap::Args;
use terrain::erosion::ErosionParams;
use terrain::knobs;

use crate::flags::{number, side, whole};
use crate::map_output::MapOutput;
use crate::read::in_help;

const D: ErosionParams = ErosionParams::DEFAULT;

/// Hydraulic erosion's named constants (what each does: `terrain erode --help`).
#[derive(Debug, Clone, Args)]
pub struct ErosionConstants {
    /// `--lifetime` ([`terrain::chapters::eroded::knobs::LIFETIME`]).
    #[arg(long, value_name = "N", help = terrain::chapters::eroded::knobs::LIFETIME.hint(),
          default_value_t = D.lifetime, value_parser = whole(&terrain::chapters::eroded::knobs::LIFETIME))]
    pub lifetime: u32,
    /// `--inertia` ([`terrain::chapters::eroded::knobs::INERTIA`]).
    #[arg(long, value_name = "F", help = terrain::chapters::eroded::knobs::INERTIA.hint(),
          default_value_t = D.inertia, value_parser = number(&terrain::chapters::eroded::knobs::INERTIA))]
    pub inertia: f32,
    /// `--capacity` ([`terrain::chapters::eroded::knobs::CAPACITY`]).
    #[arg(long, value_name = "F", help = terrain::chapters::eroded::knobs::CAPACITY.hint(),
          default_value_t = D.capacity, value_parser = number(&terrain::chapters::eroded::knobs::CAPACITY))]
    pub capacity: f32,
    /// `--min-capacity` ([`terrain::chapters::eroded::knobs::MIN_CAPACITY`]).
    #[arg(long = "min-capacity", value_name = "F", help = terrain::chapters::eroded::knobs::MIN_CAPACITY.hint(),
          default_value_t = D.min_capacity, value_parser = number(&terrain::chapters::eroded::knobs::MIN_CAPACITY))]
    pub min_capacity: f32,
    /// `--erosion` ([`terrain::chapters::eroded::knobs::EROSION`]).
    #[arg(long = "erosion", value_name = "F", help = terrain::chapters::eroded::knobs::EROSION.hint(),
          default_value_t = D.erosion, value_parser = number(&terrain::chapters::eroded::knobs::EROSION))]
    pub erosion: f32,
    /// `--deposition` ([`terrain::chapters::eroded::knobs::DEPOSITION`]).
    #[arg(long, value_name = "F", help = terrain::chapters::eroded::knobs::DEPOSITION.hint(),
          default_value_t = D.deposition, value_parser = number(&terrain::chapters::eroded::knobs::DEPOSITION))]
    pub deposition: f32,
    /// `--evaporation` ([`terrain::chapters::eroded::knobs::EVAPORATION`]).
    #[arg(long, value_name = "F", help = terrain::chapters::eroded::knobs::EVAPORATION.hint(),
          default_value_t = D.evaporation, value_parser = number(&terrain::chapters::eroded::knobs::EVAPORATION))]
    pub evaporation: f32,
    /// `--gravity` ([`terrain::chapters::eroded::knobs::GRAVITY`]).
    #[arg(long, value_name = "F", help = terrain::chapters::eroded::knobs::GRAVITY.hint(),
          default_value_t = D.gravity, value_parser = number(&terrain::chapters::eroded::knobs::GRAVITY))]
    pub gravity: f32,
    /// `--radius` ([`terrain::chapters::eroded::knobs::RADIUS`]).
    #[arg(long, value_name = "N", help = terrain::chapters::eroded::knobs::RADIUS.hint(),
          default_value_t = D.radius, value_parser = whole(&terrain::chapters::eroded::knobs::RADIUS))]
    pub radius: u32,
    /// `--batch [N]` ([`terrain::chapters::eroded::knobs::BATCH`]): droplets in batches of N, summed in whole numbers;
    /// with no number, the default batch. Without it, one droplet after another.
    #[arg(long, value_name = "N", help = terrain::chapters::eroded::knobs::BATCH.hint(), num_args = 0..=1,
          default_missing_value = DEFAULT_BATCH, value_parser = whole(&terrain::chapters::eroded::knobs::BATCH))]
    pub batch: Option<u32>,
}

/// `--batch` with no number ([`terrain::chapters::eroded::knobs::BATCH`]'s default).
const DEFAULT_BATCH: &str = {
    assert!(terrain::chapters::eroded::knobs::BATCH.whole_default() == 1024);
    "1024"
};

impl ErosionConstants {
    /// The constants with `droplets` droplets.
    pub fn params(&self, droplets: u32) -> ErosionParams {
        ErosionParams {
            droplets,
            lifetime: self.lifetime,
            inertia: self.inertia,
            capacity: self.capacity,
            min_capacity: self.min_capacity,
            erosion: self.erosion,
            deposition: self.deposition,
            evaporation: self.evaporation,
            gravity: self.gravity,
            radius: self.radius,
            batch: self.batch.unwrap_or(0),
        }
    }
}

/// `terrain erode`: a map read from a file, eroded, written.
#[derive(Debug, Args)]
pub struct ErodeArgs {
    // The map (the help lists every format with a reader).
    #[arg(long = "in", value_name = "FILE", help = in_help())]
    pub input: PathBuf,
    /// Width in points of a raw file that is not square (a square one needs none).
    #[arg(long, value_name = "N", value_parser = side(&knobs::WIDTH))]
    pub width: Option<usize>,
    /// `--droplets` ([`terrain::chapters::eroded::knobs::CLI_DROPLETS`]: more with `--batch`).
    #[arg(long, value_name = "N", help = terrain::chapters::eroded::knobs::CLI_DROPLETS.hint(),
          default_value_t = D.droplets, value_parser = whole(&terrain::chapters::eroded::knobs::CLI_DROPLETS))]
    pub droplets: u32,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub constants: ErosionConstants,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub map: MapOutput,
}
