//! Command-line arguments: parsed by clap, validated by the core's own parsers so the messages
//! match the page's.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use terrain::faults::{self, FaultParams, ShapeKind};
use terrain::limits::{CLI_MAX_EXPONENT, MAX_CELLS};
use terrain::line::{self, LineParams};
use terrain::midpoint::{self, MpdParams};
use terrain::{diamond_square, midpoint_recursive, params, random_noise, Heightmap};

/// The algorithms `terrain` can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// Every point uniform(0, 1): random noise.
    Noise,
    /// Midpoint displacement (square map of 2^exponent + 1 points per side).
    Mpd,
    /// Midpoint displacement written recursively (reduction defaults to 0.55).
    MpdRecursive,
    /// Diamond-Square.
    Ds,
    /// Fault lines: random dividers raise one side and lower the other.
    Fault,
    /// 1-D midpoint displacement: a profile of 2^iterations + 1 heights, one per line (.txt/.csv).
    Line,
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
    /// Height in points (noise, fault); defaults to --width when only that is given.
    #[arg(long, value_name = "N", value_parser = parse_side("height"))]
    pub height: Option<usize>,
    /// Iterations: subdivisions (line, 1 to 20) [default 8] or faults (fault, 1 to 100000) [default 500].
    #[arg(long, value_name = "N", value_parser = |s: &str| faults::parse_iterations(s, faults::MAX_ITERATIONS))]
    pub iterations: Option<u32>,
    /// Fault dividers, comma-separated: line, circle, rect, triangle [default: line].
    #[arg(long, value_name = "LIST", value_parser = |s: &str| faults::parse_shapes(s).map(ShapeList))]
    pub shapes: Option<ShapeList>,
    /// Width in cells of the ragged, Perlin-noise band along each fault (0 to 64) [default 0].
    #[arg(long, value_name = "F", value_parser = faults::parse_fuzziness)]
    pub fuzziness: Option<f32>,
    /// Roughness (line): the displacement shrinks by 2^-F per iteration (0 to 8) [default 1].
    #[arg(long, value_name = "F", value_parser = |s: &str| params::parse_number("roughness", s, 0.0, line::MAX_ROUGHNESS))]
    pub roughness: Option<f64>,
}

/// The divider kinds given with `--shapes` (a newtype so clap takes the list as one value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeList(pub Vec<ShapeKind>);

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
            ("--iterations", self.iterations.is_some()),
            ("--shapes", self.shapes.is_some()),
            ("--fuzziness", self.fuzziness.is_some()),
            ("--roughness", self.roughness.is_some()),
        ];
        let applies: &[&str] = match self.algorithm {
            Algorithm::Noise => &["--exponent", "--width", "--height"],
            Algorithm::Mpd | Algorithm::MpdRecursive | Algorithm::Ds => {
                &["--exponent", "--spread", "--reduction"]
            }
            Algorithm::Fault => &[
                "--width",
                "--height",
                "--iterations",
                "--shapes",
                "--fuzziness",
            ],
            Algorithm::Line => &["--iterations", "--roughness"],
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
        let format = if self.algorithm == Algorithm::Line {
            terrain::export::Format::from_path_1d(&self.out)?
        } else {
            terrain::export::Format::from_path(&self.out)?
        };
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
        let defaults = match self.algorithm {
            Algorithm::MpdRecursive => midpoint_recursive::default_params(),
            _ => MpdParams::default(),
        };
        let mpd = MpdParams {
            exponent: self.exponent.unwrap_or(defaults.exponent),
            spread: self.spread.unwrap_or(defaults.spread),
            reduction: self.reduction.unwrap_or(defaults.reduction),
        };
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
            Algorithm::Mpd => midpoint::generate(&mpd, seed),
            Algorithm::MpdRecursive => midpoint_recursive::generate(&mpd, seed),
            Algorithm::Ds => diamond_square::generate(&mpd, seed),
            Algorithm::Fault => {
                let base = FaultParams::default();
                let params = FaultParams {
                    width: self.width.or(self.height).unwrap_or(base.width),
                    height: self.height.or(self.width).unwrap_or(base.height),
                    iterations: self.iterations.unwrap_or(base.iterations),
                    shapes: self.shapes.clone().map_or(base.shapes, |list| list.0),
                    fuzziness: self.fuzziness.unwrap_or(base.fuzziness),
                };
                faults::generate(&params, seed)
            }
            Algorithm::Line => {
                let base = LineParams::default();
                let params = LineParams {
                    iterations: self.iterations.unwrap_or(base.iterations),
                    roughness: self.roughness.map_or(base.roughness, |r| r as f32),
                };
                line::generate(&params, seed)
            }
        }
    }
}
