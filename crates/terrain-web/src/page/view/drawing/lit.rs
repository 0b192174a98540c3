//! The lit 3-D views: the terrain through the shared WebGL context, bare (`terrain`) or with
//! its lakes and rivers on it (`water-3d`). Both keep the mesh and its GPU copy in the shown
//! terrain, made again when the step or the view changes; the Land view (`land.rs`) does too.

use terrain::mesh::MeshData;
use terrain::water;

use super::Drawing;
use crate::gpu::renderer::{Model, Renderer};
use crate::gpu::shading::TOWARD_SUN;
use crate::model::view_mode::ViewMode;
use crate::page::view::{DemoView, Shown};

/// The lit terrain, with its water on it when `water`.
pub struct Lit {
    /// Whether the lakes and rivers stand on the land (the `water-3d` view).
    pub water: bool,
}

impl Drawing for Lit {
    fn draw(&self, view: &mut DemoView, renderer: &Renderer, _: (f64, f64)) -> Result<(), String> {
        let look = view.demo.look;
        let mode = match self.water {
            true => ViewMode::WATER_3D,
            false => ViewMode::TERRAIN,
        };
        draw_lit(view, renderer, ((mode, 0), TOWARD_SUN), |shown, scale| {
            if mode == ViewMode::WATER_3D {
                let routed = shown.routed.as_ref().and_then(Option::as_ref);
                let (grid, marks) = water::shown::water_3d(&shown.staged, routed);
                look.mesh(&grid, &marks, scale)
            } else {
                look.mesh(&shown.staged, &shown.marks, scale)
            }
        })
    }
}

/// Draws `view`'s shown terrain lit by a sun `toward`, its mesh built by `build` (from the
/// shown terrain and the height scale) when it is stale or was built for another view than
/// `built_for`.
pub(super) fn draw_lit(
    view: &mut DemoView,
    renderer: &Renderer,
    (built_for, toward): ((ViewMode, u8), [f32; 3]),
    build: impl FnOnce(&Shown, f32) -> MeshData,
) -> Result<(), String> {
    let Some(shown) = view.shown.as_mut() else {
        return Ok(());
    };
    // The views share the model: made again on a switch.
    if shown.built_for != built_for {
        shown.built_for = built_for;
        shown.stale = true;
    }
    if shown.stale {
        let scale = shown.height_scale();
        shown.mesh = build(shown, scale);
    }
    let canvas = &view.elements.canvas;
    let model = upload(shown, renderer)?;
    renderer.draw(
        (&view.camera, toward),
        Some(model),
        &view.elements.canvas_2d,
        canvas.width(),
        canvas.height(),
    )
}

/// The GPU copy of `shown`'s mesh, uploaded if it is missing or stale. A stale one is made anew,
/// not refilled in place: another step can leave other holes, so other triangles.
fn upload<'a>(shown: &'a mut Shown, renderer: &Renderer) -> Result<&'a Model, String> {
    // A stale model's buffers go before the new ones are made.
    let model = match shown.model.take().filter(|_| !shown.stale) {
        Some(model) => model,
        None => renderer.model(&shown.mesh)?,
    };
    shown.stale = false;
    Ok(shown.model.insert(model))
}
