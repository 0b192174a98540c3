//! What `terrain` does with its arguments, in three phases: plan (check the arguments against
//! the format, the engine and the size before anything is generated), make (generate or read,
//! then erode), write (the file or its tiles, with the sidecar).

mod derived;
mod make;
mod plan;
mod write;

use crate::args::{Command, Parsed, Run};
use plan::Plan;

impl Parsed {
    /// Generates and writes the file or its tiles (and, for an engine or tiles, the sidecar
    /// `NAME.json`); returns a one-line summary for stdout or a one-line error.
    pub fn run(&self) -> Result<String, String> {
        let Some(job) = self.run.job() else {
            return match &self.run {
                Run::Read(Command::Flow(args)) => crate::flow::run(args),
                Run::Read(Command::Stats(args)) => crate::stats::run(args),
                _ => Err("nothing to do".into()),
            };
        };
        let Plan {
            start,
            erosion,
            seed,
            target,
        } = Plan::of(job)?;
        let made = make::make(start, seed, erosion)?;
        write::write(&target, &made)
    }
}
