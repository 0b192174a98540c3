//! What `terrain` does with its arguments, in three phases: plan (check the arguments against
//! the format, the engine and the size before anything is generated), make (generate or read,
//! then the steps), write (the file or its tiles, with the sidecar).

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
            if !self.then.is_empty() {
                let name = match &self.run {
                    Run::Read(Command::Flow(_)) => "flow",
                    _ => "stats",
                };
                return Err(format!(
                    "{name} makes no map: --then follows a command that makes one"
                ));
            }
            return match &self.run {
                Run::Read(Command::Flow(args)) => crate::flow::run(args),
                Run::Read(Command::Stats(args)) => crate::stats::run(args),
                _ => Err("nothing to do".into()),
            };
        };
        let mut job = job?;
        for step in &self.then {
            job.steps.push(step.step()?);
        }
        let Plan {
            start,
            steps,
            seed,
            target,
        } = Plan::of(job)?;
        let measured = target.maps.iter().any(|m| m.reads_chain());
        let (made, moved) = make::make(start, seed, &steps, measured)?;
        write::write(&target, &made, moved.as_ref())
    }
}
