//! The creases view: a top-down shaded relief lit from a low sun, where the straight folds a
//! subdivision leaves show as light and dark edges.

use terrain::creases;
use terrain::display::DisplayGrid;

use super::Drawing;
use crate::gpu::canvas2d;
use crate::gpu::renderer::Renderer;
use crate::page::view::DemoView;

/// How tall the heights stand in the shaded relief, against the 3-D view's: low, so that
/// ordinary slopes stay mid-grey and the sudden folds of a crease show as light and dark.
const RELIEF_SCALE: f32 = 0.15;

/// The shaded relief.
pub struct Creases;

impl Drawing for Creases {
    fn draw(&self, view: &mut DemoView, _: &Renderer, size: (f64, f64)) -> Result<(), String> {
        let Some(shown) = view.shown.as_ref() else {
            return Ok(());
        };
        let scale = shown.height_scale() * RELIEF_SCALE;
        let relief = DisplayGrid {
            heights: creases::relief_shading(&shown.staged, scale),
            ..shown.staged.clone()
        };
        let out = &view.elements.canvas_2d;
        canvas2d::draw_map(out, size, &relief, &shown.marks, (&[], &[]));
        Ok(())
    }
}
