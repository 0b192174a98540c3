//! The uplift map (`--uplift-map FILE`): where the land rises. Any heightmap scales the uplift
//! rate U cell by cell: its heights mapped onto 0 to 1 over its own range (the highest point rises
//! at the full U, the lowest not at all), stretched over the map the model runs on.

use super::Uplift;
use crate::chain::Step;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// A map of uplift rates, each 0 to 1, the share of U a cell gets.
#[derive(Debug, Clone, PartialEq)]
pub struct UpliftMap {
    rates: Heightmap,
}

impl UpliftMap {
    /// The rates of `map`: its heights mapped onto 0 to 1 over its range. A flat map (or one of
    /// a single point) rises everywhere at the full U.
    pub fn of(map: &Heightmap) -> UpliftMap {
        let mut rates = map.clone();
        match map.range() {
            Some((lo, hi)) if hi > lo => super::rescale(&mut rates, 0.0, 1.0),
            _ => rates.data_mut().fill(1.0),
        }
        UpliftMap { rates }
    }

    /// The rates on a `width` x `height` map: this map stretched over it, corner to corner,
    /// read between its points bilinearly.
    pub fn on(&self, width: usize, height: usize) -> Vec<f32> {
        self.rates.stretched(width, height)
    }
}

/// The `uplift` step with an uplift map: the land rises at U times the map's rate at each cell.
#[derive(Debug, Clone)]
pub struct UpliftOver {
    /// The model's time steps and constants.
    pub model: Uplift,
    /// Where the land rises.
    pub rates: UpliftMap,
    /// The file the rates came from, as the command line named it (for the sidecar).
    pub file: String,
}

impl Step for UpliftOver {
    fn moves_material(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "uplift"
    }

    fn validate(&self) -> Result<(), ParamError> {
        self.model.validate()
    }

    fn apply(&self, map: &mut Heightmap, _seed: u64) -> Result<(), ParamError> {
        let rates = self.rates.on(map.width(), map.height());
        self.model.apply_with(map, Some(&rates))
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        let mut settings = self.model.settings();
        settings.push((super::knobs::UPLIFT_MAP, self.file.clone()));
        settings
    }
}

/// The `uplift` step rising where the map it starts from stands high (`--uplift-from-map`): that
/// map, over its range, is its uplift map, so what stood high before (a ridge a reader painted)
/// rises fastest and the rivers carve into it. In a composed chain an uplift right after a
/// `paint` step is this one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UpliftWhereHigh(pub Uplift);

impl Step for UpliftWhereHigh {
    fn moves_material(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "uplift"
    }

    fn validate(&self) -> Result<(), ParamError> {
        self.0.validate()
    }

    fn apply(&self, map: &mut Heightmap, _seed: u64) -> Result<(), ParamError> {
        let rates = UpliftMap::of(map).on(map.width(), map.height());
        self.0.apply_with(map, Some(&rates))
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        let mut settings = self.0.settings();
        // A flag without a value.
        settings.push((super::knobs::UPLIFT_FROM_MAP, String::new()));
        settings
    }
}
