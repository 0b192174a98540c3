//! `erode`: hydraulic erosion ([`crate::erosion`]) as a step of a chain, droplet by droplet or,
//! with a batch, in batches on every core.

use crate::chain::Step;
use crate::chapters::eroded::algorithm::{self, ErosionParams};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Hydraulic erosion's constants, run as a step.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Erode(pub ErosionParams);

impl Step for Erode {
    fn moves_material(&self) -> bool {
        true
    }

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
            (
                crate::chapters::eroded::knobs::DROPLETS.name,
                p.droplets.to_string(),
            ),
            (
                crate::chapters::eroded::knobs::LIFETIME.name,
                p.lifetime.to_string(),
            ),
            (
                crate::chapters::eroded::knobs::INERTIA.name,
                p.inertia.to_string(),
            ),
            (
                crate::chapters::eroded::knobs::CAPACITY.name,
                p.capacity.to_string(),
            ),
            (
                crate::chapters::eroded::knobs::MIN_CAPACITY.name,
                p.min_capacity.to_string(),
            ),
            (
                crate::chapters::eroded::knobs::EROSION.name,
                p.erosion.to_string(),
            ),
            (
                crate::chapters::eroded::knobs::DEPOSITION.name,
                p.deposition.to_string(),
            ),
            (
                crate::chapters::eroded::knobs::EVAPORATION.name,
                p.evaporation.to_string(),
            ),
            (
                crate::chapters::eroded::knobs::GRAVITY.name,
                p.gravity.to_string(),
            ),
            (
                crate::chapters::eroded::knobs::RADIUS.name,
                p.radius.to_string(),
            ),
        ];
        if p.batch != 0 {
            settings.push((
                crate::chapters::eroded::knobs::BATCH.name,
                p.batch.to_string(),
            ));
        }
        settings
    }
}
