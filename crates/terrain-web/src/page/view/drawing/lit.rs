//! The lit 3-D views: the terrain through the shared WebGL context, bare (`terrain`) or with
//! its lakes and rivers on it (`water-3d`). Both keep the mesh and its GPU copy in the shown
//! terrain, refilled when the step or the view changes.

use terrain::water;

use super::Drawing;
use crate::gpu::renderer::{Model, Renderer};
use crate::model::demos::Look;
use crate::page::view::{DemoView, Shown};

/// The lit terrain, with its water on it when `water`.
pub struct Lit {
    /// Whether the lakes and rivers stand on the land (the `water-3d` view).
    pub water: bool,
}

impl Drawing for Lit {
    fn draw(&self, view: &mut DemoView, renderer: &Renderer, _: (f64, f64)) -> Result<(), String> {
        let Some(shown) = view.shown.as_mut() else {
            return Ok(());
        };
        // The water view and the bare terrain share the model: refilled on a switch.
        if shown.water != self.water {
            shown.water = self.water;
            shown.stale = true;
        }
        let canvas = &view.elements.canvas;
        let model = upload(shown, view.demo.look, renderer)?;
        renderer.draw(
            &view.camera,
            Some(model),
            &view.elements.canvas_2d,
            canvas.width(),
            canvas.height(),
        )
    }
}

/// The GPU copy of `shown`'s terrain at its current step, uploaded or refilled if it is missing
/// or stale.
fn upload<'a>(shown: &'a mut Shown, look: Look, renderer: &Renderer) -> Result<&'a Model, String> {
    if shown.stale {
        let scale = shown.height_scale();
        shown.mesh = if shown.water {
            let routed = shown.routed.as_ref().and_then(Option::as_ref);
            let (grid, marks) = water::shown::water_3d(&shown.staged, routed);
            look.mesh(&grid, &marks, scale)
        } else {
            look.mesh(&shown.staged, &shown.marks, scale)
        };
    }
    let model = match shown.model.take() {
        // The same grid at another step: the GPU buffers are refilled, not replaced.
        Some(mut model) if shown.stale => {
            renderer.refill(&mut model, &shown.mesh)?;
            model
        }
        Some(model) => model,
        None => renderer.model(&shown.mesh)?,
    };
    shown.stale = false;
    Ok(shown.model.insert(model))
}
