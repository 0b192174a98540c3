//! The mask view: where a step of a chain acts, in grey at the shown points (the worker's
//! weights, `Answer::masks`): white where the step's work is kept whole, black where the map
//! stays as it was given. The step is the one the stepper shows (at step 0, the first), and a
//! legend (also the section's `data-legend`) says how much of the map it acts on.

use super::Drawing;
use crate::gpu::canvas2d;
use crate::gpu::renderer::Renderer;
use crate::page::view::DemoView;

/// Where a step acts.
pub struct Mask;

impl Drawing for Mask {
    fn draw(&self, view: &mut DemoView, _: &Renderer, size: (f64, f64)) -> Result<(), String> {
        let Some(shown) = view.shown.as_ref() else {
            return Ok(());
        };
        let steps = shown.setup.recipe.step_list();
        let count = steps.map_or(0, |steps| steps.len()) as u32;
        let step = view.stepper.step().clamp(1, count.max(1));
        let name = steps
            .and_then(|steps| steps.iter().nth(step as usize - 1))
            .map_or("", |link| link.name());
        let n = shown.staged.heights.len();
        // No step has a mask: each acts everywhere.
        let weights = shown.answer.mask(step).filter(|m| m.len() == n);
        let grey = |w: u8| [w, w, w, 255];
        let pixels: Vec<u8> = match weights {
            Some(weights) => weights.iter().flat_map(|&w| grey(w)).collect(),
            None => (0..n).flat_map(|_| grey(255)).collect(),
        };
        let share = match weights {
            Some(weights) if n > 0 => {
                let sum: f64 = weights.iter().map(|&w| f64::from(w)).sum();
                sum / (255.0 * n as f64) * 100.0
            }
            _ => 100.0,
        };
        let legend = match count {
            0 => "no step yet: add one to see where it acts".to_string(),
            _ => format!("step {step} ({name}) acts on {share:.1}% of the map (white)"),
        };
        let out = &view.elements.canvas_2d;
        canvas2d::draw_pixels(out, size, &shown.staged, &pixels);
        let color_at = |t: f32| {
            let w = (t.clamp(0.0, 1.0) * 255.0) as u8;
            [w, w, w]
        };
        canvas2d::draw_legend(out, size, &color_at, &legend);
        view.set_attribute("data-legend", &legend);
        Ok(())
    }
}
