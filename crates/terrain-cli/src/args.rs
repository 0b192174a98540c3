//! Command-line arguments: one clap subcommand per chapter, each with exactly its own options
//! (built from the core's list of chapters in `chapter_args.rs`), and the commands that read a
//! map from a file. Every knob's flag takes its help and parser from its row of the table of
//! knobs (`terrain::knobs`, so the messages match the page's) and its default from the core's
//! `DEFAULT` constants (made from the same rows).

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use terrain::knobs;

use crate::chapter_args::{with_chapters, ChapterRun};
use crate::flags::whole;
use crate::flow::FlowArgs;
use crate::stats::StatsArgs;
use crate::steps::{self, OnFile, StepRun};

/// Generate a terrain heightmap and write it to a file.
#[derive(Debug, Parser)]
#[command(name = "terrain", version, about, long_about = None)]
pub struct Cli {
    /// A command on a map read from a file (a chapter's subcommand is not one of these).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// `--threads` ([`knobs::THREADS`]) [default: one per core].
    #[arg(long, global = true, value_name = "N",
          help = format!("{} [default: one per core]", knobs::THREADS.hint()),
          value_parser = whole(&knobs::THREADS))]
    pub threads: Option<u32>,
}

/// The commands that read a map rather than make one; the chapters' own subcommands are built
/// from the core's list of chapters (`chapter_args.rs`).
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Where water goes on a map read from a file: flow accumulation, filled map, lakes.
    #[command(display_order = 101)]
    Flow(FlowArgs),
    /// How real a map read from a file is: the eight realism measures, beside real land's.
    #[command(display_order = 102)]
    Stats(StatsArgs),
    /// A map read from a file, as it is: a base for `--then` steps, or a change of format.
    #[command(display_order = 103)]
    Read(OnFile),
}

/// What a command line asks for: a chapter's map, or a command on a map read from a file.
#[derive(Debug)]
pub enum Run {
    /// Make a chapter's map.
    Chapter(Box<ChapterRun>),
    /// Erode, route or measure a map read from a file.
    Read(Command),
    /// A step of the registry on a map read from a file (`terrain thermal --in FILE`).
    Step(OnFile, StepRun),
}

/// The parsed command line: the run, the steps after it and the global `--threads`.
#[derive(Debug)]
pub struct Parsed {
    /// What to do.
    pub run: Run,
    /// The `--then` steps, in order.
    pub then: Vec<StepRun>,
    /// `--threads`, if given.
    pub threads: Option<u32>,
}

/// The command: the derived commands and global flags, a subcommand per chapter, and every
/// subcommand reading `-1` as a (refused) value rather than an unknown option.
fn command() -> clap::Command {
    let base = steps::with_steps_on_files(with_chapters(Cli::command()))
        .subcommand_required(true)
        .arg_required_else_help(true);
    let names: Vec<String> = base
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect();
    names.iter().fold(base, |command, name| {
        command.mut_subcommand(name, |sub| sub.allow_negative_numbers(true))
    })
}

/// The run `matches` asks for.
fn run_of(matches: &clap::ArgMatches) -> Result<Run, String> {
    if let Some((name, sub)) = matches.subcommand() {
        if let Some(run) = ChapterRun::from_matches(name, sub) {
            return run.map(|run| Run::Chapter(Box::new(run)));
        }
        if Cli::command().find_subcommand(name).is_none() {
            if let Some(run) = steps::on_file_of(name, sub) {
                return run.map(|(file, step)| Run::Step(file, step));
            }
        }
    }
    let cli = Cli::from_arg_matches(matches).map_err(|e| e.to_string())?;
    cli.command
        .map(Run::Read)
        .ok_or_else(|| "no command given".to_string())
}

/// Parses the process arguments: the base command, then each `--then` step. Help and version
/// print normally; a parse error prints one line on stderr. Either way the caller gets the exit
/// code to return.
pub fn parse() -> Result<Parsed, ExitCode> {
    let (base, then_words) = steps::split(std::env::args_os().collect());
    // The steps first: `terrain ds --then thermal --help` shows the step's help.
    let mut then = Vec::new();
    for words in &then_words {
        match steps::parse(words) {
            Ok(step) => then.push(step),
            Err(Ok(help)) => {
                print!("{help}");
                return Err(ExitCode::SUCCESS);
            }
            Err(Err(line)) => {
                eprintln!("{line} (see terrain {} STEP --help)", steps::THEN);
                return Err(ExitCode::from(2));
            }
        }
    }
    let (run, threads) = match command().try_get_matches_from(base) {
        Ok(matches) => {
            let threads = matches.get_one::<u32>("threads").copied();
            match run_of(&matches) {
                Ok(run) => (run, threads),
                Err(message) => {
                    eprintln!("error: {message} (see terrain --help)");
                    return Err(ExitCode::from(2));
                }
            }
        }
        Err(err) if !err.use_stderr() => {
            // --help or --version: print as clap formats it.
            let _ = err.print();
            return Err(ExitCode::SUCCESS);
        }
        Err(err) => {
            eprintln!("{} (see terrain --help)", crate::one_line::one_line(&err));
            return Err(ExitCode::from(2));
        }
    };
    Ok(Parsed { run, then, threads })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_well_formed() {
        command().debug_assert();
    }
}
