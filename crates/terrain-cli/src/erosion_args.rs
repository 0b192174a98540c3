//! The erosion options: `terrain erode` and `--erode N` on the subdivision algorithms. The named
//! constants are parsed as numbers here and checked against their ranges by the core
//! ([`ErosionParams::validate`]), which names the limit, before anything is generated.

use std::path::PathBuf;

use clap::Args;
use terrain::erosion::{self, ErosionParams};
use terrain::params::{self, ParamError};

use crate::map_output::MapOutput;

const D: ErosionParams = ErosionParams::DEFAULT;

fn number(field: &'static str) -> impl Fn(&str) -> Result<f32, ParamError> + Clone {
    move |text| {
        params::parse_number(field, text, f64::from(f32::MIN), f64::from(f32::MAX))
            .map(|v| v as f32)
    }
}

fn whole(field: &'static str) -> impl Fn(&str) -> Result<u32, ParamError> + Clone {
    move |text| params::parse_whole(field, text, 0, u64::from(u32::MAX)).map(|v| v as u32)
}

/// Hydraulic erosion's named constants (what each does: `terrain erode --help`).
#[derive(Debug, Args)]
pub struct ErosionConstants {
    /// Most steps a droplet takes, 1 to 500: longer lives carry material further.
    #[arg(long, value_name = "N", default_value_t = D.lifetime, value_parser = whole("lifetime"))]
    pub lifetime: u32,
    /// Share of its direction a droplet keeps each step, 0 to 1: 0 cuts narrow gullies straight
    /// down the slope, near 1 smears the path.
    #[arg(long, value_name = "F", default_value_t = D.inertia, value_parser = number("inertia"))]
    pub inertia: f32,
    /// Sediment capacity factor, 0 to 64: how much a fast droplet on a steep slope carries.
    #[arg(long, value_name = "F", default_value_t = D.capacity, value_parser = number("capacity"))]
    pub capacity: f32,
    /// Least sediment capacity, 0 to 1: lets droplets on gentle ground still carry a little.
    #[arg(long = "min-capacity", value_name = "F", default_value_t = D.min_capacity, value_parser = number("min-capacity"))]
    pub min_capacity: f32,
    /// Share of the spare capacity eroded each step, 0 to 1: how fast droplets dig.
    #[arg(long = "erosion", value_name = "F", default_value_t = D.erosion, value_parser = number("erosion"))]
    pub erosion: f32,
    /// Share of the excess sediment deposited each step, 0 to 1: how fast pits fill.
    #[arg(long, value_name = "F", default_value_t = D.deposition, value_parser = number("deposition"))]
    pub deposition: f32,
    /// Share of its water a droplet loses each step, 0 to 1.
    #[arg(long, value_name = "F", default_value_t = D.evaporation, value_parser = number("evaporation"))]
    pub evaporation: f32,
    /// How strongly going downhill speeds a droplet up, 0 to 64.
    #[arg(long, value_name = "F", default_value_t = D.gravity, value_parser = number("gravity"))]
    pub gravity: f32,
    /// Radius of the erosion brush in cells, 1 to 8: wider makes broader valleys.
    #[arg(long, value_name = "N", default_value_t = D.radius, value_parser = whole("radius"))]
    pub radius: u32,
}

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
        }
    }
}

/// `terrain erode`: a map read from a file, eroded, written.
#[derive(Debug, Args)]
pub struct ErodeArgs {
    /// The map to erode: .r32 (raw f32), .r16 (raw u16) or a 16-bit greyscale .png.
    #[arg(long = "in", value_name = "FILE")]
    pub input: PathBuf,
    /// Width in points of a raw file that is not square (a square one needs none).
    #[arg(long, value_name = "N", value_parser = |s: &str| params::parse_side("width", s))]
    pub width: Option<usize>,
    /// How many droplets fall, 1 to 2000000: more carve deeper valleys.
    #[arg(long, value_name = "N", default_value_t = D.droplets, value_parser = erosion::parse_droplets)]
    pub droplets: u32,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub constants: ErosionConstants,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub map: MapOutput,
}
