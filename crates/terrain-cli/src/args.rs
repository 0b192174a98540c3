//! Command-line arguments: one clap subcommand per algorithm, each with exactly its own options,
//! parsed by the core's own parsers (so the messages match the page's) and defaulting to the
//! core's `DEFAULT` constants.

use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use terrain::erosion::MAX_DROPLETS;
use terrain::faults::{self, FaultParams, ShapeSet};
use terrain::limits::CLI_MAX_EXPONENT;
use terrain::line::{self, LineParams};
use terrain::midpoint::MpdParams;
use terrain::{diamond_square, midpoint_recursive, params};

use crate::erosion_args::{ErodeArgs, ErosionConstants};
use crate::flow::FlowArgs;
use crate::map_output::{MapOutput, Output};

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
    pub(crate) fn params(&self) -> MpdParams {
        MpdParams {
            exponent: self.exponent,
            spread: self.spread,
            reduction: self.reduction,
        }
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
