//! Uplift and rivers: land grown from a near-flat start by tectonic uplift against river
//! incision (`terrain::chain::uplift`, the stream-power model), what `terrain uplift` writes.
//! It steps through time (1, 2, 4 ... time steps), each caption giving the time, the highest
//! peak and how far the peak still moved in the last step: the steady state approached.

mod steps;

use crate::chain::uplift::knobs as uplift_knobs;
use crate::chain::uplift::{Uplift, UpliftMap};
use crate::chapters::noise::algorithm::NoiseParams;
use crate::chapters::settings::Slot;
use crate::chapters::steps::Steps;
use crate::chapters::{Chapter, Noise, Recipe};
use crate::knobs::params::ParamError;
use crate::knobs::{limits, Knob, EXPONENT};
use crate::map::heightmap::Heightmap;

/// How tall the start's random bumps are: a thousandth of a cell, so the rivers find their
/// first ways down by chance.
pub const START_RELIEF: f32 = 0.001;

/// Land raised from near-flat noise by the stream-power model.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Uplifted {
    /// The map's size, 2^exponent + 1 points a side.
    pub exponent: u32,
    /// The model's time steps and constants.
    pub uplift: Uplift,
}

#[cfg(feature = "cli")]
/// The size, then the model's knobs.
const KNOBS: [&Knob; 10] = crate::knobs::settings::joined(&[&[&EXPONENT], uplift_knobs::KNOBS]);

/// The page's fields: the size, how long the model runs, the rivers' concavity, how water is
/// routed, the hillslopes' diffusion and the rivers' deposition (the rest stay at their
/// defaults).
const PAGE_FIELDS: [&Knob; 6] = [
    &crate::knobs::PAGE_EXPONENT,
    &uplift_knobs::STEPS,
    &uplift_knobs::M,
    &uplift_knobs::ROUTING,
    &uplift_knobs::DIFFUSION,
    &uplift_knobs::DEPOSITION,
];

impl Uplifted {
    /// 257 x 257, the model's defaults.
    pub const DEFAULT: Uplifted = Uplifted {
        exponent: 8,
        uplift: Uplift::DEFAULT,
    };

    /// The near-flat start for `seed`: uniform noise a thousandth of a cell tall.
    pub fn start(&self, seed: u64) -> Result<Heightmap, ParamError> {
        let side = limits::side_for_exponent(self.exponent);
        let noise = Recipe::Noise(Noise {
            params: NoiseParams {
                width: side,
                height: side,
            },
        });
        let mut map = noise.generate(seed)?;
        for h in map.data_mut() {
            *h *= START_RELIEF;
        }
        Ok(map)
    }
}

impl Uplifted {
    /// The land grown from the start for `seed`, rising where `rates` say (everywhere at U
    /// without): heights 0 to 1, as every generator's (the model's own are in cells).
    pub fn grow(&self, seed: u64, rates: Option<&UpliftMap>) -> Result<Heightmap, ParamError> {
        EXPONENT.check_whole(u64::from(self.exponent))?;
        let mut map = self.start(seed)?;
        let rates = rates.map(|r| r.on(map.width(), map.height()));
        self.uplift
            .run_over(&mut map, rates.as_deref(), |_, _| {})?;
        let range = map.range();
        crate::chain::uplift::rescale(&mut map, 0.0, 1.0);
        // The model's heights are in cells: their range is its relief, kept for the sidecar.
        map.set_range_before_normalising(range);
        Ok(map)
    }
}

impl Chapter for Uplifted {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Land grown by tectonic uplift against river incision (the stream-power model)"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        &KNOBS
    }

    fn fields(&self) -> &'static [&'static Knob] {
        &PAGE_FIELDS
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        if knob.name == EXPONENT.name {
            return Some(Slot::Whole(&mut self.exponent));
        }
        crate::chain::uplift::knobs::slot(&mut self.uplift, knob)
    }

    fn size(&self) -> (usize, usize) {
        limits::square(self.exponent)
    }

    fn size_tag(&self) -> String {
        format!("e{}", self.exponent)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        // In the later chapters' module, with the routing: the worker's own module hands it on.
        if !crate::erosion::LINKED {
            return Err(crate::chapters::eroded::algorithm::not_linked());
        }
        self.grow(seed, None)
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        Some((*self).into())
    }

    fn linked(&self) -> bool {
        crate::erosion::LINKED
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }

    #[cfg(feature = "erosion")]
    fn in_steps(
        &self,
        _held: Option<&Heightmap>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<crate::chapters::steps::InSteps, ParamError>> {
        Some(steps::through_time::in_time(self, seed, columns, rows))
    }
}

#[cfg(test)]
mod tests;
