//! Command-line arguments: one clap subcommand per algorithm, each with exactly its own options,
//! parsed by the core's own parsers (so the messages match the page's) and defaulting to the
//! core's `DEFAULT` constants.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use terrain::engines::{self, Engine};
use terrain::erosion::{ErosionParams, MAX_DROPLETS};
use terrain::faults::{self, FaultParams, ShapeSet};
use terrain::limits::{self, CLI_MAX_EXPONENT};
use terrain::line::{self, LineParams};
use terrain::midpoint::MpdParams;
use terrain::random_noise::NoiseParams;
use terrain::{diamond_square, midpoint_recursive, params, tiles, Recipe};

use crate::erosion_args::{ErodeArgs, ErosionConstants};
use crate::flow::FlowArgs;

/// Generate a terrain heightmap and write it to a file.
#[derive(Debug, Parser)]
#[command(name = "terrain", version, about, long_about = None)]
pub struct Cli {
    /// The algorithm to run, with its options.
    #[command(subcommand)]
    pub command: Command,
    /// Threads that midpoint displacement, Diamond-Square and faults share their rows among, 1 to
    /// 1024; the map is the same bit for bit whatever the number [default: one per core].
    #[arg(long, global = true, value_name = "N",
          value_parser = |s: &str| params::parse_count("threads", s, MAX_THREADS))]
    pub threads: Option<u32>,
}

/// The most threads `--threads` takes.
pub const MAX_THREADS: u32 = 1024;

/// The algorithms `terrain` can run.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Random noise: every point its own uniform(0, 1) height.
    Noise(NoiseArgs),
    /// Midpoint displacement (the first post): a square map of 2^N + 1 points per side.
    Mpd(SubdivisionArgs),
    /// Midpoint displacement written recursively (the second post).
    MpdRecursive(SubdivisionArgs),
    /// Diamond-Square (the third post).
    Ds(DsArgs),
    /// Fault lines: random dividers raise one side and lower the other (the fifth source).
    Fault(FaultArgs),
    /// 1-D midpoint displacement (the fourth source): 2^N + 1 heights, one per line of a .txt/.csv.
    Line(LineArgs),
    /// Hydraulic erosion, droplet by droplet, of a map read from a file (.r32, .r16, .png).
    Erode(ErodeArgs),
    /// Where water goes on a map read from a file: flow accumulation, filled map, lakes.
    Flow(FlowArgs),
}

/// Where to write and which seed to use: every algorithm takes these.
#[derive(Debug, Args)]
pub struct Output {
    /// Output file; its extension picks the format: .png (16-bit greyscale), .r16 (raw
    /// little-endian u16, row-major), .r32 (raw little-endian f32, row-major), .pgm (binary
    /// 16-bit PGM), .glb (glTF 2.0 mesh); line: .txt or .csv.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Seed of the random generator; the same seed always gives the same file [default: random,
    /// and reported].
    #[arg(long, value_name = "S", value_parser = params::parse_seed)]
    pub seed: Option<u64>,
}

/// The engine preset of a 2-D map.
#[derive(Debug, Args)]
pub struct Preset {
    /// Prepare the file for an engine: unity (.r16), unreal (.png or .r16, cropped to its
    /// sizes), godot (.r16), blender (.png); also writes NAME.json with the seed, parameters,
    /// size, range before normalising and the engine's import settings.
    #[arg(long = "for", value_name = "ENGINE", value_parser = engines::parse_engine)]
    pub engine: Option<Engine>,
    /// With --for: how many metres the map's lowest to highest point should span in the engine;
    /// the sidecar then gives the engine's vertical scale for it (Unreal's Z scale = METRES x
    /// 100 / 512, Unity's terrain height, Godot's height range, Blender's Displace strength).
    #[arg(long = "height-m", value_name = "METRES", requires = "engine", value_parser = parse_height_m)]
    pub height_m: Option<f32>,
    /// Cut the map into NxM square tiles (N across, M down, 1 to 32 each) whose neighbours share
    /// their edge row and column, written as NAME_X_Y.EXT (unreal: NAME_xX_yY.EXT) with one
    /// NAME.json listing them; with --for, the tiles are a size the engine imports.
    #[arg(long, value_name = "NxM", value_parser = tiles::parse_tiles)]
    pub tiles: Option<(usize, usize)>,
}

/// Parses `--height-m`: a height in metres from 0.001 to 100 000.
fn parse_height_m(text: &str) -> Result<f32, terrain::params::ParamError> {
    params::parse_number("height-m", text, 0.001, 100_000.0).map(|v| v as f32)
}

/// Where a 2-D map goes: the file and seed, and the engine it is prepared for.
#[derive(Debug, Args)]
pub struct MapOutput {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub output: Output,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub preset: Preset,
}

/// Options of the three subdivision algorithms (defaults differ per algorithm; see `--help`).
#[derive(Debug, Args)]
pub struct SubdivisionArgs {
    /// Map size: 2^N + 1 points per side, 1 to 14.
    #[arg(long, value_name = "N", default_value_t = MpdParams::DEFAULT.exponent,
          value_parser = |s: &str| params::parse_exponent(s, CLI_MAX_EXPONENT))]
    pub exponent: u32,
    /// Starting spread: how far the first pass may push points up or down, 0 to 100.
    #[arg(long, value_name = "F", default_value_t = MpdParams::DEFAULT.spread,
          value_parser = params::parse_spread)]
    pub spread: f32,
    /// Spread reduction: the spread's factor after every pass, 0 to 2; low is smooth, near 1 rough.
    #[arg(long, value_name = "F", default_value_t = MpdParams::DEFAULT.reduction,
          value_parser = params::parse_reduction)]
    pub reduction: f32,
    /// Erode the map with N droplets (1 to 2000000) after generating it, as `terrain erode`
    /// would with the same seed; the erosion constants below apply.
    #[arg(long, value_name = "N",
          value_parser = |s: &str| params::parse_count("erode", s, MAX_DROPLETS))]
    pub erode: Option<u32>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub constants: ErosionConstants,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub map: MapOutput,
}

/// Options of Diamond-Square: those of the subdivision algorithms, and tiling.
#[derive(Debug, Args)]
pub struct DsArgs {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub subdivision: SubdivisionArgs,
    /// Tileable: the map wraps around, its last row and column repeat the first, and copies
    /// placed side by side join without a seam.
    #[arg(long)]
    pub wrap: bool,
}

/// Options of random noise: a size, as an exponent or as width and height.
#[derive(Debug, Args)]
pub struct NoiseArgs {
    /// Map size as 2^N + 1 points per side (1 to 14) [default: 33 x 33].
    #[arg(long, value_name = "N", conflicts_with_all = ["width", "height"],
          value_parser = |s: &str| params::parse_exponent(s, CLI_MAX_EXPONENT))]
    pub exponent: Option<u32>,
    /// Width in points (up to 2^28 cells in all); the height defaults to it.
    #[arg(long, value_name = "N", value_parser = |s: &str| params::parse_side("width", s))]
    pub width: Option<usize>,
    /// Height in points; the width defaults to it.
    #[arg(long, value_name = "N", value_parser = |s: &str| params::parse_side("height", s))]
    pub height: Option<usize>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub map: MapOutput,
}

/// Options of the fault generator.
#[derive(Debug, Args)]
pub struct FaultArgs {
    /// Width in points (up to 2^28 cells in all).
    #[arg(long, value_name = "N", default_value_t = FaultParams::DEFAULT.width,
          value_parser = |s: &str| params::parse_side("width", s))]
    pub width: usize,
    /// Height in points.
    #[arg(long, value_name = "N", default_value_t = FaultParams::DEFAULT.height,
          value_parser = |s: &str| params::parse_side("height", s))]
    pub height: usize,
    /// Number of faults, 1 to 100000: more gives finer detail.
    #[arg(long, value_name = "N", default_value_t = FaultParams::DEFAULT.iterations,
          value_parser = faults::parse_iterations)]
    pub iterations: u32,
    /// Dividers, comma-separated, from line, circle, rect, triangle.
    #[arg(long, value_name = "LIST", default_value_t = FaultParams::DEFAULT.shapes,
          value_parser = faults::parse_shapes)]
    pub shapes: ShapeSet,
    /// Width in cells of the ragged, Perlin-noise band along each fault, 0 to 64.
    #[arg(long, value_name = "F", default_value_t = FaultParams::DEFAULT.fuzziness,
          value_parser = faults::parse_fuzziness)]
    pub fuzziness: f32,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub map: MapOutput,
}

/// Options of 1-D midpoint displacement.
#[derive(Debug, Args)]
pub struct LineArgs {
    /// Subdivisions: 2^N + 1 heights, 1 to 20.
    #[arg(long, value_name = "N", default_value_t = LineParams::DEFAULT.iterations,
          value_parser = line::parse_iterations)]
    pub iterations: u32,
    /// Roughness: the displacement shrinks by 2^-F per iteration, 0 to 8; low is jagged.
    #[arg(long, value_name = "F", default_value_t = LineParams::DEFAULT.roughness,
          value_parser = line::parse_roughness)]
    pub roughness: f32,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub output: Output,
}

/// The command with each subdivision algorithm's `--help` defaults set from its own `DEFAULT`
/// (the recursive post's reduction differs from the others'), and every subcommand reading
/// `-1` as a (refused) value rather than an unknown option.
fn command() -> clap::Command {
    let base = Cli::command();
    let names: Vec<String> = base
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect();
    let base = names.iter().fold(base, |command, name| {
        command.mut_subcommand(name, |sub| sub.allow_negative_numbers(true))
    });
    let defaults = [
        ("mpd", MpdParams::DEFAULT),
        ("mpd-recursive", midpoint_recursive::DEFAULT),
        ("ds", diamond_square::DEFAULT),
    ];
    defaults.into_iter().fold(base, |command, (name, params)| {
        command.mut_subcommand(name, |sub| {
            sub.mut_arg("exponent", |a| a.default_value(params.exponent.to_string()))
                .mut_arg("spread", |a| a.default_value(params.spread.to_string()))
                .mut_arg("reduction", |a| {
                    a.default_value(params.reduction.to_string())
                })
        })
    })
}

/// Parses the process arguments. Help and version print normally; a parse error prints one
/// line on stderr. Either way the caller gets the exit code to return.
pub fn parse() -> Result<Cli, ExitCode> {
    match command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
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

impl SubdivisionArgs {
    fn params(&self) -> MpdParams {
        MpdParams {
            exponent: self.exponent,
            spread: self.spread,
            reduction: self.reduction,
        }
    }
}

/// Where the map comes from.
pub(crate) enum Source {
    /// Generated from a recipe.
    Generate(Recipe),
    /// Read from a file (`terrain erode`), of `width` points a row if given.
    File {
        /// The file.
        path: PathBuf,
        /// Its width, for a raw file that is not square.
        width: Option<usize>,
    },
}

/// Everything one run does: where the map comes from, the erosion it gets, where it goes, and
/// the engine it is for (the 1-D line has none).
pub(crate) struct Job<'a> {
    pub source: Source,
    pub erosion: Option<ErosionParams>,
    pub output: &'a Output,
    pub preset: Option<&'a Preset>,
}

impl Command {
    /// The run these arguments ask for; `None` for `flow`, which makes no terrain.
    pub(crate) fn job(&self) -> Option<Job<'_>> {
        let subdivision = |args: &SubdivisionArgs| args.erode.map(|n| args.constants.params(n));
        let (recipe, erosion, map) = match self {
            Command::Noise(args) => {
                let side = args.exponent.map(limits::side_for_exponent);
                let default = NoiseParams::DEFAULT;
                let params = NoiseParams {
                    width: args.width.or(args.height).or(side).unwrap_or(default.width),
                    height: args
                        .height
                        .or(args.width)
                        .or(side)
                        .unwrap_or(default.height),
                };
                (Recipe::Noise { params }, None, &args.map)
            }
            Command::Mpd(args) => (
                Recipe::midpoint(args.params()),
                subdivision(args),
                &args.map,
            ),
            Command::MpdRecursive(args) => (
                Recipe::MidpointRecursive {
                    params: args.params(),
                },
                subdivision(args),
                &args.map,
            ),
            Command::Ds(args) => {
                let recipe = Recipe::DiamondSquare {
                    params: args.subdivision.params(),
                    stage: terrain::diamond_square::Stage::Full,
                    wrap: args.wrap,
                };
                (
                    recipe,
                    subdivision(&args.subdivision),
                    &args.subdivision.map,
                )
            }
            Command::Fault(args) => {
                let params = FaultParams {
                    width: args.width,
                    height: args.height,
                    iterations: args.iterations,
                    shapes: args.shapes,
                    fuzziness: args.fuzziness,
                };
                (Recipe::Faults { params }, None, &args.map)
            }
            Command::Line(args) => {
                let params = LineParams {
                    iterations: args.iterations,
                    roughness: args.roughness,
                };
                return Some(Job {
                    source: Source::Generate(Recipe::Line { params }),
                    erosion: None,
                    output: &args.output,
                    preset: None,
                });
            }
            Command::Flow(_) => return None,
            Command::Erode(args) => {
                return Some(Job {
                    source: Source::File {
                        path: args.input.clone(),
                        width: args.width,
                    },
                    erosion: Some(args.constants.params(args.droplets)),
                    output: &args.map.output,
                    preset: Some(&args.map.preset),
                });
            }
        };
        Some(Job {
            source: Source::Generate(recipe),
            erosion,
            output: &map.output,
            preset: Some(&map.preset),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_well_formed() {
        command().debug_assert();
    }
}
