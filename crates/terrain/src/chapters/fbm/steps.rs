//! fBm, stepped octave by octave: step k shows the first k octaves summed (step 0 none: flat),
//! the last all of them. Each step's heights are mapped to 0..1 by the amplitudes summed so far,
//! as the finished map is, so every step fills the same height range and the new octave shows
//! as finer detail, not as a taller map.

use super::Fbm;
use crate::chapters::fbm::algorithm::{self as fbm, FbmParams};
use crate::chapters::steps::{batch_grid, InSteps, Shown, Steps};
use crate::knobs::params::ParamError;
use crate::shown::display::{DisplayGrid, Mark};

impl Steps for Fbm {
    fn count(&self) -> u32 {
        self.params.octaves
    }

    fn points_set_at(&self, step: u32) -> u64 {
        match step {
            0 => 0,
            _ => (self.params.width * self.params.height) as u64,
        }
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        let octaves = self.params.octave_list();
        let Some(&(frequency, amplitude)) = octaves.get(step.saturating_sub(1) as usize) else {
            return String::new();
        };
        if step == 0 {
            return format!("Start (step 0 of {last}): no octave yet, a flat map");
        }
        format!(
            "Step {step} of {last}: octave {step} adds noise of {} cycles per 256 cells (its \
             lattice {} cells apart) at amplitude {}",
            short(frequency * 256.0),
            short(1.0 / frequency),
            short(f64::from(amplitude)),
        )
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        match batch_grid(step, shown) {
            Some(staged) => (staged, Vec::new()),
            None => (shown.grid.clone(), Vec::new()),
        }
    }
}

/// `v` to three decimals, without trailing zeros: 2, 0.25, 42.667.
pub(super) fn short(v: f64) -> String {
    let text = format!("{v:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The map, and the shown points' heights with the first 0, 1, ... octaves (all but the last
/// step, which is the map), read with the plain reading at the shown points only.
pub(super) fn octave_batches(
    params: &FbmParams,
    seed: u64,
    columns: &[usize],
    rows: &[usize],
) -> Result<InSteps, ParamError> {
    // Without the row kernel (the page's first module) there is no map to step through; checked
    // first, so the plain reading is not linked there either.
    let map = fbm::generate(params, seed)?;
    if !fbm::LINKED {
        return Ok(InSteps {
            map,
            batches: Vec::new(),
            trails: Vec::new(),
        });
    }
    let mut batches = vec![0.5; columns.len() * rows.len()];
    for octaves in 1..params.octaves {
        let fewer = FbmParams { octaves, ..*params };
        let points = rows
            .iter()
            .flat_map(|&y| columns.iter().map(move |&x| (x, y)));
        batches.extend(points.map(|(x, y)| {
            let (x, y) = ((params.x + x) as f64, (params.y + y) as f64);
            fbm::height_at(&fewer, seed, x, y)
        }));
    }
    Ok(InSteps {
        map,
        batches,
        trails: Vec::new(),
    })
}
