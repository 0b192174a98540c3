//! The wireframe view: the surface as lines through the demo's camera, drawn in 2-D (so it
//! needs no WebGL).

use super::Drawing;
use crate::gpu::canvas2d;
use crate::gpu::renderer::Renderer;
use crate::model::demos::Look;
use crate::page::view::DemoView;

/// The surface as lines.
pub struct Wireframe;

impl Drawing for Wireframe {
    fn draw(&self, view: &mut DemoView, _: &Renderer, size: (f64, f64)) -> Result<(), String> {
        let Some(shown) = view.shown.as_ref() else {
            return Ok(());
        };
        canvas2d::draw_wireframe(
            &view.elements.canvas_2d,
            size,
            &view.camera,
            &shown.staged,
            &shown.marks,
            shown.height_scale(),
            view.demo.look == Look::Profile,
        );
        Ok(())
    }
}
