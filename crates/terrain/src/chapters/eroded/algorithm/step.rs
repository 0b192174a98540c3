//! `erode`: hydraulic erosion ([`crate::erosion`]) as a step of a chain, droplet by droplet or,
//! with a batch, in batches on every core.

use crate::chain::Step;
use crate::chapters::eroded::algorithm::{self, ErosionParams};
use crate::knobs as table;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Hydraulic erosion's constants, run as a step.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Erode(pub ErosionParams);

impl Step for Erode {
    fn name(&self) -> &'static str {
        "erode"
    }

    fn validate(&self) -> Result<(), ParamError> {
        self.0.validate()
    }

    fn apply(&self, map: &mut Heightmap, seed: u64) -> Result<(), ParamError> {
        algorithm::erode(map, &self.0, seed).map(|_| ())
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        let p = &self.0;
        let mut settings = vec![
            (table::DROPLETS.name, p.droplets.to_string()),
            (table::LIFETIME.name, p.lifetime.to_string()),
            (table::INERTIA.name, p.inertia.to_string()),
            (table::CAPACITY.name, p.capacity.to_string()),
            (table::MIN_CAPACITY.name, p.min_capacity.to_string()),
            (table::EROSION.name, p.erosion.to_string()),
            (table::DEPOSITION.name, p.deposition.to_string()),
            (table::EVAPORATION.name, p.evaporation.to_string()),
            (table::GRAVITY.name, p.gravity.to_string()),
            (table::RADIUS.name, p.radius.to_string()),
        ];
        if p.batch != 0 {
            settings.push((table::BATCH.name, p.batch.to_string()));
        }
        settings
    }
}
