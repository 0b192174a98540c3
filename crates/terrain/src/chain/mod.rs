//! Chains: a terrain is a base (a chapter's map, or a map read from a file) and an ordered list
//! of steps, each a process run on the map the steps before it left. This is what makes the
//! generators tools: Diamond-Square, then droplet erosion, then thermal weathering, then a
//! redistribution, taken home as one file.
//!
//! A step is one [`Step`]: its name (what `--then` takes), its knobs (declared in its own
//! folder), what it does to a map with the recipe's seed, and its settings for the sidecar and
//! the command line. The steps here: [`thermal`] (material sliding down slopes steeper than the
//! talus angle), [`redistribute`] (the normalised heights raised to a power), [`uplift`] (the
//! stream-power model) and [`paint`] (strokes drawn by hand); hydraulic
//! erosion is a step in its chapter's folder (`terrain::erosion::step`), as the chapters stand on
//! the steps, not the other way round.

pub mod amplify;
pub mod mask;
pub mod moved;
pub mod paint;
pub mod redistribute;
pub mod row;
pub mod terrace;
pub mod thermal;
pub mod uplift;

use std::fmt::Debug;

use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// One process in a chain.
pub trait Step: Debug + Send + Sync {
    /// The name `--then` and the step's own command take (`thermal`).
    fn name(&self) -> &'static str;

    /// Checks every setting against its knob's range; the message names the setting.
    fn validate(&self) -> Result<(), ParamError>;

    /// Runs the step on `map`, in place, after checking its settings ([`Step::validate`]).
    /// `seed` is the recipe's: a step that draws random numbers (erosion's droplets) keys them
    /// by it, so the same chain gives the same map.
    fn apply(&self, map: &mut Heightmap, seed: u64) -> Result<(), ParamError>;

    /// The step's settings, as `(flag, value)` in the order its command lists them, the value
    /// written as the command line reads it (for the sidecar and the command that remakes it).
    fn settings(&self) -> Vec<(&'static str, String)>;

    /// Whether it carries ground about (erosion, weathering, uplift against incision): its
    /// lowering counts as wear and its raising as deposit ([`moved`]); a reshaping step
    /// (redistribute, terraces, paint) moves none.
    fn moves_material(&self) -> bool {
        false
    }

    /// What the sidecar keeps of it beside its settings, `(key, value)`, none of them a flag:
    /// the fingerprint of a mask file it read.
    fn recorded(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

/// Runs `steps` in order on `map` with `seed`; the first refusal stops the chain, naming the
/// step it came from.
pub fn run(steps: &[Box<dyn Step>], map: &mut Heightmap, seed: u64) -> Result<(), ParamError> {
    for step in steps {
        step.apply(map, seed)?;
    }
    Ok(())
}

/// The command-line words that add `steps` to a command: `--then NAME --flag value ...` for
/// each, flags at their default included, so the words remake the chain whatever the defaults
/// become.
pub fn command_words(steps: &[Box<dyn Step>]) -> Vec<String> {
    let mut words = Vec::new();
    for step in steps {
        words.push("--then".to_string());
        words.push(step.name().to_string());
        for (flag, value) in step.settings() {
            words.push(format!("--{flag}"));
            if !value.is_empty() {
                words.push(value);
            }
        }
    }
    words
}

/// What the sidecar records of `step`: `{"step": NAME, FLAG: value, ...}`, each value a JSON
/// number where the command line wrote one.
pub fn record(step: &dyn Step) -> serde_json::Value {
    let mut fields = serde_json::Map::new();
    fields.insert("step".into(), step.name().into());
    for (flag, value) in step.settings() {
        let typed = serde_json::from_str(&value).unwrap_or(serde_json::Value::String(value));
        fields.insert(flag.into(), typed);
    }
    for (key, value) in step.recorded() {
        fields.insert(key.into(), value.into());
    }
    serde_json::Value::Object(fields)
}

#[cfg(test)]
mod tests;
