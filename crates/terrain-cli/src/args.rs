//! Command-line arguments: parsed by clap, validated by the core's own parsers so the messages
//! match the page's.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use terrain::limits::{CLI_MAX_EXPONENT, MAX_CELLS};
use terrain::midpoint::{self, MpdParams};
use terrain::{params, random_noise, Heightmap};

/// The algorithms `terrain` can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// Every point uniform(0, 1): random noise.
    Noise,
    /// Midpoint displacement (square map of 2^exponent + 1 points per side).
    Mpd,
}

/// Generate a terrain heightmap and write it to a file.
#[derive(Debug, Parser)]
#[command(name = "terrain", version, about, long_about = None, allow_negative_numbers = true)]
pub struct Cli {
    /// Which generator to run.
    #[arg(value_enum)]
    pub algorithm: Algorithm,
    /// Output file; its extension picks the format: .png (16-bit greyscale), .r32 (raw
    /// little-endian f32, row-major), .pgm (binary 16-bit PGM).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Map size for square maps: 2^N + 1 points per side (1 to 14) [default: 5].
    #[arg(long, value_name = "N", value_parser = |s: &str| params::parse_exponent(s, CLI_MAX_EXPONENT))]
    pub exponent: Option<u32>,
    /// Seed of the random generator; the same seed always gives the same file [default: random].
    #[arg(long, value_name = "S", value_parser = params::parse_seed)]
    pub seed: Option<u64>,
    /// Starting spread (mpd): how far the first pass may push points up or down [default: 0.3].
    #[arg(long, value_name = "F", value_parser = params::parse_spread)]
    pub spread: Option<f32>,
    /// Spread reduction (mpd): factor applied to the spread after every pass [default: 0.5].
    #[arg(long, value_name = "F", value_parser = params::parse_reduction)]
    pub reduction: Option<f32>,
    /// Width in points (noise); with --height, replaces --exponent.
    #[arg(long, value_name = "N", value_parser = parse_side("width"))]
    pub width: Option<usize>,
    /// Height in points (noise); defaults to --width when only that is given.
    #[arg(long, value_name = "N", value_parser = parse_side("height"))]
    pub height: Option<usize>,
}

fn parse_side(field: &'static str) -> impl Fn(&str) -> Result<usize, params::ParamError> + Clone {
    move |text| {
        let value = params::parse_whole(field, text, 1, MAX_CELLS as u64)?;
        usize::try_from(value)
            .map_err(|_| params::ParamError::new(field, format!("{field} is too large")))
    }
}

/// Parses the process arguments. Help and version print normally; a parse error prints one
/// line on stderr. Either way the caller gets the exit code to return.
pub fn parse() -> Result<Cli, ExitCode> {
    match Cli::try_parse() {
        Ok(cli) => Ok(cli),
        Err(err) if !err.use_stderr() => {
            // --help or --version: print as clap formats it.
            let _ = err.print();
            Err(ExitCode::SUCCESS)
        }
        Err(err) => {
            // clap spreads some errors over several lines before its usage block; join them.
            let rendered = err.to_string();
            let message: Vec<&str> = rendered
                .lines()
                .take_while(|line| !line.starts_with("Usage:"))
                .map(str::trim)
                .filter(|line| {
                    !line.is_empty() && !line.starts_with("tip:") && !line.starts_with("For more")
                })
                .collect();
            eprintln!("{} (see terrain --help)", message.join(" "));
            Err(ExitCode::from(2))
        }
    }
}

impl Cli {
    /// Names of the options that were given but do not apply to the algorithm.
    fn inapplicable(&self) -> Vec<&'static str> {
        let given = [
            ("--exponent", self.exponent.is_some()),
            ("--spread", self.spread.is_some()),
            ("--reduction", self.reduction.is_some()),
            ("--width", self.width.is_some()),
            ("--height", self.height.is_some()),
        ];
        let applies: &[&str] = match self.algorithm {
            Algorithm::Noise => &["--exponent", "--width", "--height"],
            Algorithm::Mpd => &["--exponent", "--spread", "--reduction"],
        };
        given
            .iter()
            .filter(|(name, present)| *present && !applies.contains(name))
            .map(|(name, _)| *name)
            .collect()
    }

    fn algorithm_name(&self) -> String {
        self.algorithm
            .to_possible_value()
            .map(|v| v.get_name().to_owned())
            .unwrap_or_default()
    }

    /// Checks that the options fit the algorithm, generates and writes the file; returns a
    /// one-line summary for stdout or a one-line error.
    pub fn run(&self) -> Result<String, String> {
        if let Some(option) = self.inapplicable().first() {
            return Err(format!(
                "{option} does not apply to {}",
                self.algorithm_name()
            ));
        }
        let format = terrain::export::Format::from_path(&self.out)?;
        let seed = match self.seed {
            Some(seed) => seed,
            None => getrandom::u64().map_err(|e| format!("cannot pick a random seed: {e}"))?,
        };
        let map = self.generate(seed).map_err(|e| e.to_string())?;
        crate::output::write_atomically(&self.out, &map, format)?;
        Ok(format!(
            "wrote {} ({} x {}, {}, seed {seed})",
            self.out.display(),
            map.width(),
            map.height(),
            self.algorithm_name()
        ))
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, params::ParamError> {
        let defaults = MpdParams::default();
        let exponent = self.exponent.unwrap_or(defaults.exponent);
        match self.algorithm {
            Algorithm::Noise => {
                let side = terrain::limits::side_for_exponent(exponent);
                let width = self.width.or(self.height).unwrap_or(side);
                let height = self.height.or(self.width).unwrap_or(side);
                if self.exponent.is_some() && (self.width.is_some() || self.height.is_some()) {
                    return Err(params::ParamError::new(
                        "exponent",
                        "give either --exponent or --width/--height, not both",
                    ));
                }
                random_noise::generate(width, height, seed)
            }
            Algorithm::Mpd => midpoint::generate(
                &MpdParams {
                    exponent,
                    spread: self.spread.unwrap_or(defaults.spread),
                    reduction: self.reduction.unwrap_or(defaults.reduction),
                },
                seed,
            ),
        }
    }
}
