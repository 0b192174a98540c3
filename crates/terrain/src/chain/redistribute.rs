//! `redistribute`: the heights, mapped to 0..1 over the map's range, raised to a power and
//! mapped back. Above 1 flattens the lowlands into broad valleys and sharpens the peaks; below
//! 1 lifts the lowlands into plateaus. fBm applies the same power to its own heights; as a
//! step it works on any map.

use super::row::StepRow;
use super::Step;
use crate::knobs::params::ParamError;
use crate::knobs::table::number;
use crate::knobs::Knob;
use crate::map::heightmap::Heightmap;

/// The power's knob: fBm's, with the same range and default.
pub const KNOBS: [&Knob; 1] = [&POWER];

/// The redistribution's one setting.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Redistribute {
    /// The power the normalised heights are raised to (0.25 to 4): 1 leaves the map as it is.
    pub power: f32,
}

impl Default for Redistribute {
    fn default() -> Self {
        Redistribute {
            power: POWER.number_default() as f32,
        }
    }
}

impl Step for Redistribute {
    fn name(&self) -> &'static str {
        "redistribute"
    }

    fn validate(&self) -> Result<(), ParamError> {
        POWER.check_number(f64::from(self.power))
    }

    fn apply(&self, map: &mut Heightmap, _seed: u64) -> Result<(), ParamError> {
        self.validate()?;
        let Some((lo, hi)) = map.range() else {
            return Err(ParamError::new(
                "map",
                "the map holds a height that is not a number",
            ));
        };
        let span = hi - lo;
        if span <= 0.0 || self.power == 1.0 {
            return Ok(());
        }
        for h in map.data_mut() {
            // libm: the same bits natively and in the page's wasm.
            let t = ((*h - lo) / span).clamp(0.0, 1.0);
            *h = lo + span * libm::powf(t, self.power);
        }
        Ok(())
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        vec![(POWER.name, self.power.to_string())]
    }
}

/// `redistribute`'s row in the step registry.
#[derive(Debug)]
pub struct RedistributeRow;

/// The row the registry lists.
pub static ROW: RedistributeRow = RedistributeRow;

impl StepRow for RedistributeRow {
    fn name(&self) -> &'static str {
        "redistribute"
    }

    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "The heights, 0 to 1 over the map's range, raised to a power"
    }

    fn fields(&self) -> &'static [&'static Knob] {
        &KNOBS
    }

    #[cfg(feature = "erosion")]
    fn step(
        &self,
        settings: &super::row::Settings,
        _given: &crate::chain::row::Given,
    ) -> crate::chain::row::Made {
        let power = settings.number(&POWER);
        Ok(Box::new(Redistribute { power }))
    }
}

/// Redistribution: the heights raised to a power.
pub const POWER: Knob = number(
    "power",
    "Power",
    "The heights (0 to 1) raised to this power: above 1 flattens the lowlands into valleys \
     and sharpens the peaks",
    [0.25, 4.0, 1.0],
);
