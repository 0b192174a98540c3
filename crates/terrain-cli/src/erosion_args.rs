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
    /// `--lifetime` ([`knobs::LIFETIME`]).
    #[arg(long, value_name = "N", help = knobs::LIFETIME.hint(),
          default_value_t = D.lifetime, value_parser = whole(&knobs::LIFETIME))]
    pub lifetime: u32,
    /// `--inertia` ([`knobs::INERTIA`]).
    #[arg(long, value_name = "F", help = knobs::INERTIA.hint(),
          default_value_t = D.inertia, value_parser = number(&knobs::INERTIA))]
    pub inertia: f32,
    /// `--capacity` ([`knobs::CAPACITY`]).
    #[arg(long, value_name = "F", help = knobs::CAPACITY.hint(),
          default_value_t = D.capacity, value_parser = number(&knobs::CAPACITY))]
    pub capacity: f32,
    /// `--min-capacity` ([`knobs::MIN_CAPACITY`]).
    #[arg(long = "min-capacity", value_name = "F", help = knobs::MIN_CAPACITY.hint(),
          default_value_t = D.min_capacity, value_parser = number(&knobs::MIN_CAPACITY))]
    pub min_capacity: f32,
    /// `--erosion` ([`knobs::EROSION`]).
    #[arg(long = "erosion", value_name = "F", help = knobs::EROSION.hint(),
          default_value_t = D.erosion, value_parser = number(&knobs::EROSION))]
    pub erosion: f32,
    /// `--deposition` ([`knobs::DEPOSITION`]).
    #[arg(long, value_name = "F", help = knobs::DEPOSITION.hint(),
          default_value_t = D.deposition, value_parser = number(&knobs::DEPOSITION))]
    pub deposition: f32,
    /// `--evaporation` ([`knobs::EVAPORATION`]).
    #[arg(long, value_name = "F", help = knobs::EVAPORATION.hint(),
          default_value_t = D.evaporation, value_parser = number(&knobs::EVAPORATION))]
    pub evaporation: f32,
    /// `--gravity` ([`knobs::GRAVITY`]).
    #[arg(long, value_name = "F", help = knobs::GRAVITY.hint(),
          default_value_t = D.gravity, value_parser = number(&knobs::GRAVITY))]
    pub gravity: f32,
    /// `--radius` ([`knobs::RADIUS`]).
    #[arg(long, value_name = "N", help = knobs::RADIUS.hint(),
          default_value_t = D.radius, value_parser = whole(&knobs::RADIUS))]
    pub radius: u32,
    /// `--batch [N]` ([`knobs::BATCH`]): droplets in batches of N, summed in whole numbers;
    /// with no number, the default batch. Without it, one droplet after another.
    #[arg(long, value_name = "N", help = knobs::BATCH.hint(), num_args = 0..=1,
          default_missing_value = DEFAULT_BATCH, value_parser = whole(&knobs::BATCH))]
    pub batch: Option<u32>,
}

/// `--batch` with no number ([`knobs::BATCH`]'s default).
const DEFAULT_BATCH: &str = {
    assert!(knobs::BATCH.whole_default() == 1024);
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
    /// `--droplets` ([`knobs::CLI_DROPLETS`]: more with `--batch`).
    #[arg(long, value_name = "N", help = knobs::CLI_DROPLETS.hint(),
          default_value_t = D.droplets, value_parser = whole(&knobs::CLI_DROPLETS))]
    pub droplets: u32,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub constants: ErosionConstants,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub map: MapOutput,
}
