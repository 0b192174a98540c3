//! Command-line arguments: one clap subcommand per algorithm, each with exactly its own options.
//! Every knob's flag takes its help and parser from its row of the table of knobs
//! (`terrain::knobs`, so the messages match the page's) and its default from the core's `DEFAULT`
//! constants (made from the same rows).

use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use terrain::faults::{self, FaultParams, ShapeSet};
use terrain::line::LineParams;
use terrain::midpoint::MpdParams;
use terrain::{diamond_square, knobs, midpoint_recursive};

use crate::erosion_args::{ErodeArgs, ErosionConstants};
use crate::flags::{number, side, whole};
use crate::flow::FlowArgs;
use crate::map_output::{MapOutput, Output};
use crate::stats::StatsArgs;

/// Generate a terrain heightmap and write it to a file.
#[derive(Debug, Parser)]
#[command(name = "terrain", version, about, long_about = None)]
pub struct Cli {
    /// The algorithm to run, with its options.
    #[command(subcommand)]
    pub command: Command,
    /// `--threads` ([`knobs::THREADS`]) [default: one per core].
    #[arg(long, global = true, value_name = "N",
          help = format!("{} [default: one per core]", knobs::THREADS.hint()),
          value_parser = whole(&knobs::THREADS))]
    pub threads: Option<u32>,
}

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
    /// Hydraulic erosion, droplet by droplet, of a map read from a file.
    Erode(ErodeArgs),
    /// Where water goes on a map read from a file: flow accumulation, filled map, lakes.
    Flow(FlowArgs),
    /// How real a map read from a file is: the five realism measures, beside real land's.
    Stats(StatsArgs),
}

/// Options of the three subdivision algorithms (defaults differ per algorithm; see `--help`).
#[derive(Debug, Args)]
pub struct SubdivisionArgs {
    /// `--exponent` ([`knobs::EXPONENT`]).
    #[arg(long, value_name = "N", help = knobs::EXPONENT.hint(),
          default_value_t = MpdParams::DEFAULT.exponent, value_parser = whole(&knobs::EXPONENT))]
    pub exponent: u32,
    /// `--spread` ([`knobs::SPREAD`]).
    #[arg(long, value_name = "F", help = knobs::SPREAD.hint(),
          default_value_t = MpdParams::DEFAULT.spread, value_parser = number(&knobs::SPREAD))]
    pub spread: f32,
    /// `--reduction` ([`knobs::REDUCTION`]).
    #[arg(long, value_name = "F", help = knobs::REDUCTION.hint(),
          default_value_t = MpdParams::DEFAULT.reduction, value_parser = number(&knobs::REDUCTION))]
    pub reduction: f32,
    /// `--erode` ([`knobs::ERODE`]); the erosion constants below apply.
    #[arg(long, value_name = "N",
          help = format!("{}; the erosion constants below apply", knobs::ERODE.hint()),
          value_parser = whole(&knobs::ERODE))]
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
    /// `--wrap` ([`knobs::WRAP`]): the last row and column repeat the first.
    #[arg(long, help = knobs::WRAP.help)]
    pub wrap: bool,
}

/// Options of random noise: a size, as an exponent or as width and height.
#[derive(Debug, Args)]
pub struct NoiseArgs {
    /// `--exponent` ([`knobs::EXPONENT`]) [default: 33 x 33].
    #[arg(long, value_name = "N", conflicts_with_all = ["width", "height"],
          help = format!("{} [default: 33 x 33]", knobs::EXPONENT.hint()),
          value_parser = whole(&knobs::EXPONENT))]
    pub exponent: Option<u32>,
    /// `--width` ([`knobs::WIDTH`]); the height defaults to it.
    #[arg(long, value_name = "N",
          help = format!("{}; the height defaults to it", knobs::WIDTH.hint()),
          value_parser = side(&knobs::WIDTH))]
    pub width: Option<usize>,
    /// `--height` ([`knobs::HEIGHT`]); the width defaults to it.
    #[arg(long, value_name = "N",
          help = format!("{}; the width defaults to it", knobs::HEIGHT.hint()),
          value_parser = side(&knobs::HEIGHT))]
    pub height: Option<usize>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub map: MapOutput,
}

/// Options of the fault generator.
#[derive(Debug, Args)]
pub struct FaultArgs {
    /// `--width` ([`knobs::WIDTH`]).
    #[arg(long, value_name = "N", help = knobs::WIDTH.hint(),
          default_value_t = FaultParams::DEFAULT.width, value_parser = side(&knobs::WIDTH))]
    pub width: usize,
    /// `--height` ([`knobs::HEIGHT`]).
    #[arg(long, value_name = "N", help = knobs::HEIGHT.hint(),
          default_value_t = FaultParams::DEFAULT.height, value_parser = side(&knobs::HEIGHT))]
    pub height: usize,
    /// `--iterations` ([`knobs::FAULT_ITERATIONS`]).
    #[arg(long, value_name = "N", help = knobs::FAULT_ITERATIONS.hint(),
          default_value_t = FaultParams::DEFAULT.iterations,
          value_parser = whole(&knobs::FAULT_ITERATIONS))]
    pub iterations: u32,
    /// `--shapes` ([`knobs::SHAPES`]), comma-separated.
    #[arg(long, value_name = "LIST",
          help = format!("{}, comma-separated", knobs::SHAPES.hint()),
          default_value_t = FaultParams::DEFAULT.shapes, value_parser = faults::parse_shapes)]
    pub shapes: ShapeSet,
    /// `--fuzziness` ([`knobs::FUZZINESS`]).
    #[arg(long, value_name = "F", help = knobs::FUZZINESS.hint(),
          default_value_t = FaultParams::DEFAULT.fuzziness, value_parser = number(&knobs::FUZZINESS))]
    pub fuzziness: f32,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub map: MapOutput,
}

/// Options of 1-D midpoint displacement.
#[derive(Debug, Args)]
pub struct LineArgs {
    /// `--iterations` ([`knobs::LINE_ITERATIONS`]).
    #[arg(long, value_name = "N", help = knobs::LINE_ITERATIONS.hint(),
          default_value_t = LineParams::DEFAULT.iterations,
          value_parser = whole(&knobs::LINE_ITERATIONS))]
    pub iterations: u32,
    /// `--roughness` ([`knobs::ROUGHNESS`]).
    #[arg(long, value_name = "F", help = knobs::ROUGHNESS.hint(),
          default_value_t = LineParams::DEFAULT.roughness, value_parser = number(&knobs::ROUGHNESS))]
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
