//! The map view: the top-down map, one block per shown point, with the step's example point
//! (the one under the pointer, else the middlemost) and the neighbours it averaged.

use super::Drawing;
use crate::gpu::canvas2d;
use crate::gpu::renderer::Renderer;
use crate::page::view::DemoView;

/// The top-down map.
pub struct Map;

impl Drawing for Map {
    fn draw(&self, view: &mut DemoView, _: &Renderer, size: (f64, f64)) -> Result<(), String> {
        let Some(shown) = view.shown.as_ref() else {
            return Ok(());
        };
        let highlight = view
            .stepper
            .highlight(&shown.setup, &shown.answer.grid, view.hover);
        // The example under the pointer, or the step's middlemost.
        let links = highlight.chosen(|_| 0.0, 0.0);
        let drawn = (links, &highlight.frame[..]);
        let out = &view.elements.canvas_2d;
        canvas2d::draw_map(out, size, &shown.staged, &shown.marks, drawn);
        Ok(())
    }
}
