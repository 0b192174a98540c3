//! Each view's picture, one file a view behind one trait ([`Drawing`]): the map, the creases'
//! shaded relief, the water, what erosion changed, how steep the ground is, the wireframe, and the lit terrain (bare or
//! with its water). Which demos offer a view is the demo table's (`Demo::offers`); its name,
//! label and text alternative are its row (`ViewMode::row`); how it is drawn is here.

mod creases;
mod erosion;
mod lit;
mod map;
mod slope;
mod water;
mod wireframe;

use super::DemoView;
use crate::gpu::renderer::Renderer;
use crate::model::view_mode::ViewMode;

/// How a view draws a demo's terrain.
pub(super) trait Drawing {
    /// Draws `view`'s terrain on screen (the caller has checked there is one) on its canvas,
    /// `size` canvas pixels; an error says why it could not be drawn.
    fn draw(
        &self,
        view: &mut DemoView,
        renderer: &Renderer,
        size: (f64, f64),
    ) -> Result<(), String>;
}

/// Draws `view`'s terrain as `mode` says: each view's [`Drawing`], called directly (no table of
/// trait objects, which costs the first load more).
pub(super) fn draw(
    mode: ViewMode,
    view: &mut DemoView,
    renderer: &Renderer,
    size: (f64, f64),
) -> Result<(), String> {
    match mode {
        ViewMode::Terrain => lit::Lit { water: false }.draw(view, renderer, size),
        ViewMode::Water3d => lit::Lit { water: true }.draw(view, renderer, size),
        ViewMode::Wireframe => wireframe::Wireframe.draw(view, renderer, size),
        ViewMode::Map => map::Map.draw(view, renderer, size),
        ViewMode::Creases => creases::Creases.draw(view, renderer, size),
        ViewMode::Water => water::Water.draw(view, renderer, size),
        ViewMode::Erosion => erosion::Erosion.draw(view, renderer, size),
        ViewMode::Slope => slope::Slope.draw(view, renderer, size),
    }
}
