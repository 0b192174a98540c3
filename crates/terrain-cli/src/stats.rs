//! `terrain stats`: the eight realism measures of a map read from a file (`terrain::realism`),
//! the same numbers the page's "How real is it?" panel shows for the map on screen.

use std::path::PathBuf;

use clap::Args;
use terrain::knobs;
use terrain::realism::{Measures, GUIDES};

use crate::flags::side;
use crate::read::{in_help, read_map};

/// `terrain stats`'s arguments.
#[derive(Debug, Args)]
pub struct StatsArgs {
    // The map (the help lists every format with a reader).
    #[arg(value_name = "FILE", help = in_help())]
    pub input: PathBuf,
    /// Width in points of a raw file that is not square (a square one needs none).
    #[arg(long, value_name = "N", value_parser = side(&knobs::WIDTH))]
    pub width: Option<usize>,
    /// Print one JSON object (keys hurst, spectral_slope, hypsometric_integral, pits_per_1000,
    /// drainage_top1; null where the map is too small or flat for one) instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Measures the map; returns the table or the JSON line.
pub fn run(args: &StatsArgs) -> Result<String, String> {
    let map = read_map(&args.input, args.width)?;
    let measures =
        Measures::of(&map).map_err(|e| format!("{}: {}", args.input.display(), e.message))?;
    if args.json {
        return Ok(measures.json().to_string());
    }
    let mut lines = vec![format!(
        "{}: {} x {} cells",
        args.input.display(),
        map.width(),
        map.height()
    )];
    for ((_, value), guide) in measures.named().into_iter().zip(GUIDES) {
        let value = value.map_or("none (too small or flat)".to_string(), |v| {
            format!("{v:.2}")
        });
        lines.push(format!(
            "{:<22} {value:>6}   real land: {}",
            guide.label, guide.published
        ));
    }
    Ok(lines.join("\n"))
}
