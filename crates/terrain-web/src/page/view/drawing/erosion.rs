//! The erosion view: the top-down map of what erosion (or any step after a base) changed,
//! against the base before any step, with a legend of the largest changes.

use terrain::display;

use super::Drawing;
use crate::gpu::canvas2d;
use crate::gpu::renderer::Renderer;
use crate::page::view::DemoView;

/// What erosion and the other steps lowered and raised.
pub struct Erosion;

impl Drawing for Erosion {
    fn draw(&self, view: &mut DemoView, _: &Renderer, size: (f64, f64)) -> Result<(), String> {
        let Some(shown) = view.shown.as_ref() else {
            return Ok(());
        };
        // Against step 0, the base before any step (the answer's first batch).
        let n = shown.staged.heights.len();
        let before = shown.answer.batches.get(..n).unwrap_or(&[]);
        let pixels = display::change_pixels(&shown.staged, before);
        let out = &view.elements.canvas_2d;
        canvas2d::draw_pixels(out, size, &shown.staged, &pixels);
        let extremes = display::change_extremes(&shown.staged.heights, before);
        canvas2d::draw_change_legend(out, size, extremes);
        Ok(())
    }
}
