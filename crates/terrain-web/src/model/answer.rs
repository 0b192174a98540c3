//! What the generator worker makes for a demo: the full terrain generated, the points shown on
//! screen kept, fault maps batch by batch (every step from one generation), and the variogram.

use terrain::display::{self, DisplayGrid};
use terrain::faults::{self, FaultParams};
use terrain::steps::FAULT_BATCHES;
use terrain::variogram::{self, Variogram};
use terrain::{Heightmap, ParamError, Recipe};

use super::demos::Demo;
use super::fields::Setup;

/// What the generator worker hands back for one request: small enough to send, everything the
/// page needs to show the terrain at every step.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The shown points of the finished map.
    pub grid: DisplayGrid,
    /// For faults: the shown heights after each batch but the last (step 0 = no fault yet, then
    /// batches 1 to 19), one grid after another, on the finished map's scale. Empty otherwise.
    pub batches: Vec<f32>,
    /// The finished map's variogram.
    pub variogram: Variogram,
}

impl Demo {
    /// The shown points of `map`.
    fn shown(&self, map: &Heightmap) -> DisplayGrid {
        let (columns, rows) = self.look.most_shown();
        display::display_grid(map, columns, rows)
    }

    /// Generates the full terrain for `setup` and keeps the points shown on screen.
    pub fn display_grid(&self, setup: &Setup) -> Result<DisplayGrid, ParamError> {
        Ok(self.shown(&setup.recipe.generate(setup.seed)?))
    }

    /// The work done off the page's main thread: generates the full terrain for `setup` (faults
    /// batch by batch), keeps the points shown on screen and measures the variogram.
    pub fn answer(&self, setup: &Setup) -> Result<Answer, ParamError> {
        let (map, batches) = match setup.recipe {
            Recipe::Faults { params } => self.fault_batches(&params, setup.seed)?,
            recipe => (recipe.generate(setup.seed)?, Vec::new()),
        };
        Ok(Answer {
            grid: self.shown(&map),
            batches,
            variogram: variogram::variogram(&map),
        })
    }

    /// The fault map and, for steps 0 to 19, its shown heights after that many batches.
    fn fault_batches(
        &self,
        params: &FaultParams,
        seed: u64,
    ) -> Result<(Heightmap, Vec<f32>), ParamError> {
        let (width, height) = (params.width, params.height);
        // The same points `shown` keeps of the finished map.
        let (most_columns, most_rows) = self.look.most_shown();
        let columns = display::display_positions(width, most_columns.max(2));
        let rows = display::display_positions(height, most_rows.max(2));
        let count = columns.len() * rows.len();
        // Step 0: no fault yet, every level 0.
        let mut levels: Vec<i32> = vec![0; count];
        let mut range = (0, 0);
        let map = faults::generate_in_batches(params, seed, FAULT_BATCHES, |batch, all| {
            if batch == FAULT_BATCHES {
                range = all
                    .iter()
                    .fold((i32::MAX, i32::MIN), |(lo, hi), &l| (lo.min(l), hi.max(l)));
            } else {
                let at = |&(y, x): &(usize, usize)| all[y * width + x];
                let points = rows
                    .iter()
                    .flat_map(|&y| columns.iter().map(move |&x| (y, x)));
                levels.extend(points.map(|p| at(&p)));
            }
        })?;
        let (lo, hi) = range;
        let span = (f64::from(hi) - f64::from(lo)).max(1.0);
        let heights = levels
            .into_iter()
            .map(|level| ((f64::from(level) - f64::from(lo)) / span) as f32)
            .collect();
        Ok((map, heights))
    }
}
