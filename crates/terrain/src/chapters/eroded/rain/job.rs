//! A run of rain at scale as a job another engine can take: the terrain before the rain, the
//! run's constants and ground in whole numbers, where each droplet starts, and after which
//! droplets the steps end. The CPU runs it here ([`Job::run`]); the page's worker hands the same
//! job to WebGPU (`rain.wgsl`, which repeats [`crate::erosion::batched::fixed`] and
//! [`Rain::fall`] line for line) and gives the grounds back to [`Job::finish`].

use super::steps::rain_ends;
use super::RainAtScale;
use crate::chain::Step;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::steps::InSteps;
use crate::erosion::batched::{self, Rain};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;
use crate::map::rng::PointRng;

/// One run of rain at scale, ready for any engine.
#[derive(Debug, Clone)]
pub struct Job {
    /// The recipe it runs.
    pub recipe: RainAtScale,
    /// Its seed (the terrain's and the droplets').
    pub seed: u64,
    /// The Diamond-Square terrain before any droplet.
    pub before: Heightmap,
    /// The run's constants.
    pub rain: Rain,
    /// The terrain before any droplet in the run's whole-number units.
    pub ground: Vec<i32>,
    /// The droplet counts after which a step ends, the last being every droplet.
    pub ends: Vec<u32>,
}

impl RainAtScale {
    /// The job of this recipe with `seed`, its parameters checked.
    pub fn job(&self, seed: u64) -> Result<Job, ParamError> {
        self.step.validate()?;
        let before = diamond_square::generate(&self.params, seed)?;
        let rain = Rain::new(&before, &self.step.0)?;
        let ground = rain.ground(&before);
        Ok(Job {
            recipe: *self,
            seed,
            ends: rain_ends(self.step.0.droplets, self.step.0.batch),
            before,
            rain,
            ground,
        })
    }
}

impl Job {
    /// Where each droplet starts, two whole numbers each (cells with 16 fraction bits): what
    /// [`Rain::start`] gives, computed here so the GPU needs no 64-bit generator.
    pub fn starts(&self) -> Vec<i32> {
        let points = PointRng::new(self.seed);
        (0..self.recipe.step.0.droplets)
            .flat_map(|i| {
                let (x, y) = self.rain.start(points, i);
                [x, y]
            })
            .collect()
    }

    /// The shown heights of `ground` (a ground of this run) at map `columns` and `rows`.
    pub fn shown(&self, ground: &[i32], columns: &[usize], rows: &[usize]) -> Vec<f32> {
        let unit = f64::from(1u32 << self.rain.fraction);
        let width = self.rain.width;
        rows.iter()
            .flat_map(|&y| {
                columns
                    .iter()
                    .map(move |&x| (f64::from(ground[y * width + x]) / unit) as f32)
            })
            .collect()
    }

    /// Runs the job on this machine's cores: the finished map, and the shown heights before
    /// any droplet and after each step but the last.
    pub fn run(self, columns: &[usize], rows: &[usize]) -> Result<InSteps, ParamError> {
        let mut heights = self.shown(&self.ground, columns, rows);
        let last = *self.ends.last().unwrap_or(&0);
        let erosion = &self.recipe.step.0;
        let (_, ground, _) = batched::run(
            &self.before,
            erosion,
            self.seed,
            erosion.batch,
            |done, now| {
                if done != last && self.ends.contains(&done) {
                    heights.extend(self.shown(now, columns, rows));
                }
            },
        )?;
        Ok(self.finish(&ground, heights))
    }

    /// The finished map from the last `ground`, with `heights`: the shown heights before any
    /// droplet and after each step but the last, one grid after another.
    pub fn finish(self, ground: &[i32], heights: Vec<f32>) -> InSteps {
        let mut map = self.before;
        self.rain.heights(ground, &mut map);
        InSteps {
            map,
            batches: heights,
            trails: Vec::new(),
            notes: String::new(),
            masks: Vec::new(),
        }
    }
}
