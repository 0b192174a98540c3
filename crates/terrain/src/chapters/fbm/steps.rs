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
    // Without the row kernel (the worker's own module) there is no map to step through; checked
    // first, so the plain reading is not linked there either.
    let map = fbm::generate(params, seed)?;
    if !fbm::LINKED {
        return Ok(InSteps {
            map,
            batches: Vec::new(),
            trails: Vec::new(),
            notes: String::new(),
            masks: Vec::new(),
        });
    }
    let mut batches = vec![0.5; columns.len() * rows.len()];
    let points: Vec<(f64, f64)> = rows
        .iter()
        .flat_map(|&y| columns.iter().map(move |&x| (x, y)))
        .map(|(x, y)| ((params.x + x) as f64, (params.y + y) as f64))
        .collect();
    if params.warp != 0.0 {
        // Warping reads the first octaves, as many as there are up to three, so a step with fewer
        // is pushed otherwise: each step reads its own plain map.
        for octaves in 1..params.octaves {
            let fewer = FbmParams { octaves, ..*params };
            batches.extend(
                points
                    .iter()
                    .map(|&(x, y)| fbm::height_at(&fewer, seed, x, y)),
            );
        }
    } else {
        // Without warping the first k octaves' sum is a prefix of the full one: each octave read
        // once per point, in the plain reading's order, so each step equals `height_at` with k
        // octaves bit for bit (a test checks).
        let sums = fbm::octave_prefixes(params, seed, &points);
        let octaves = params.octave_list();
        let mut total = 0.0f32;
        for (k, &(_, amplitude)) in octaves.iter().enumerate().take(octaves.len() - 1) {
            total += amplitude;
            let step = sums.iter().skip(k).step_by(octaves.len());
            batches.extend(step.map(|&sum| fbm::finish(sum, total, params.power)));
        }
    }
    Ok(InSteps {
        map,
        batches,
        trails: Vec::new(),
        notes: String::new(),
        masks: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chapters::fbm::algorithm::OctaveShape;

    #[test]
    fn each_step_is_the_plain_reading_with_that_many_octaves() {
        let (columns, rows) = (vec![0, 3, 9, 32], vec![0, 5, 16]);
        for (shape, warp, power) in [
            (OctaveShape::Plain, 0.0, 1.0),
            (OctaveShape::Ridged, 0.0, 2.0),
            (OctaveShape::Billow, 0.5, 1.0),
        ] {
            let params = FbmParams {
                width: 33,
                height: 17,
                x: 1000,
                y: 7,
                octaves: 6,
                shape,
                warp,
                power,
                ..FbmParams::DEFAULT
            };
            let made = octave_batches(&params, 11, &columns, &rows).expect("valid");
            let n = columns.len() * rows.len();
            assert_eq!(made.batches.len(), 6 * n, "steps 0 to 5");
            assert!(
                made.batches[..n].iter().all(|&h| h == 0.5),
                "step 0 is flat"
            );
            for octaves in 1..6 {
                let fewer = FbmParams { octaves, ..params };
                let step = &made.batches[octaves as usize * n..][..n];
                for (i, &h) in step.iter().enumerate() {
                    let (x, y) = (columns[i % columns.len()], rows[i / columns.len()]);
                    let plain = fbm::height_at(&fewer, 11, (1000 + x) as f64, (7 + y) as f64);
                    assert_eq!(h.to_bits(), plain.to_bits(), "{shape:?} {octaves}: {i}");
                }
            }
        }
    }
}
