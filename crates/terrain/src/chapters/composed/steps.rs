//! A composed terrain, stepped: the base's map (step 0), then the map after each step in turn,
//! the last the finished map; each caption says which step ran with its settings.

use super::Composed;
use crate::chapters::steps::{batch_staged, Shown, Steps};
use crate::shown::display::{DisplayGrid, Mark};

impl Steps for Composed {
    fn count(&self) -> u32 {
        self.steps.len() as u32
    }

    fn points_set_at(&self, _step: u32) -> u64 {
        1
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        let base = self.base_name();
        let Some(link) = step
            .checked_sub(1)
            .and_then(|at| self.steps.iter().nth(at as usize))
        else {
            return format!("Start (step 0 of {last}): the {base} base, before any step");
        };
        // A drawn step's fields are the brush of the next stroke; each stroke has its own.
        let knobs = match link.row().drawn() {
            true => &[],
            false => link.knobs(),
        };
        let mut settings: Vec<String> = knobs
            .iter()
            .map(|knob| format!("{} {}", knob.name, link.show(knob)))
            .collect();
        if settings.is_empty() {
            settings.push("the strokes drawn on it".into());
        }
        // Where it acts, when not everywhere: "only on heights 0.5 to 1 of the range".
        settings.extend(crate::chain::mask::fields::said(link.mask()));
        format!(
            "Step {step} of {last}: after {} ({})",
            link.name(),
            settings.join(", ")
        )
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        batch_staged(step, shown)
    }
}

/// Where the generator is (not in the worker's own module, which hands composing on).
#[cfg(feature = "erosion")]
pub(super) mod run {
    use super::Composed;
    use crate::chapters::steps::{shown_heights, InSteps};
    use crate::knobs::params::ParamError;
    use crate::map::heightmap::Heightmap;

    /// The composed map (its base `held` for the real land), and the shown heights of the base
    /// and after each step but the last.
    pub(in crate::chapters) fn in_steps(
        composed: &Composed,
        held: Option<&Heightmap>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Result<InSteps, ParamError> {
        let mut map = composed.base_map(held, seed)?;
        let mut batches = shown_heights(&map, columns, rows);
        let count = composed.steps.len();
        // Where each step acts, at the shown points, when any step has a mask.
        let masked = composed.steps.iter().any(|link| link.is_masked());
        let mut masks = Vec::new();
        for (at, (link, after_paint)) in composed.steps.in_chain().enumerate() {
            if masked {
                masks.extend(shown_weights(link, &map, columns, rows)?);
            }
            link.step_after(after_paint)?.apply(&mut map, seed)?;
            if at + 1 < count {
                batches.extend(shown_heights(&map, columns, rows));
            }
        }
        Ok(InSteps {
            map,
            batches,
            trails: Vec::new(),
            notes: String::new(),
            masks,
        })
    }

    /// Where `link` acts on `map` (the map given to it) at the shown `columns` and `rows`, one
    /// byte a point: 0 where the map stays as it was, 255 where the step's work is whole.
    fn shown_weights(
        link: &crate::chapters::step_list::Link,
        map: &Heightmap,
        columns: &[usize],
        rows: &[usize],
    ) -> Result<Vec<u8>, ParamError> {
        let weights = link.mask_weights(map)?;
        let w = map.width();
        let byte = |m: f32| (m.clamp(0.0, 1.0) * 255.0).round() as u8;
        Ok(rows
            .iter()
            .flat_map(|&y| columns.iter().map(move |&x| y * w + x))
            .map(|i| weights.as_ref().map_or(255, |m| byte(m[i])))
            .collect())
    }
}
