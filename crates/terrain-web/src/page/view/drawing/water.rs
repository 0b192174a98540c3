//! The Water view: a top-down shaded relief with the lakes and rivers the worker routed, the
//! picked point's path and the flood stepper's water (`picking::water_picture`).

use super::Drawing;
use crate::gpu::canvas2d;
use crate::gpu::renderer::Renderer;
use crate::page::view::DemoView;

/// How tall the heights stand in the shaded relief, against the 3-D view's: taller than the
/// creases view's, so the valley walls the rivers run between show.
const WATER_RELIEF_SCALE: f32 = 0.6;

/// Where water goes.
pub struct Water;

impl Drawing for Water {
    fn draw(&self, view: &mut DemoView, _: &Renderer, size: (f64, f64)) -> Result<(), String> {
        let Some(shown) = view.shown.as_ref() else {
            return Ok(());
        };
        let scale = shown.height_scale() * WATER_RELIEF_SCALE;
        let grid = shown.staged.clone();
        let pixels = view.water_picture(&grid, scale);
        canvas2d::draw_pixels(&view.elements.canvas_2d, size, &grid, &pixels);
        Ok(())
    }
}
