//! Each view's picture, one file a view behind one trait ([`Drawing`]): the map, the creases'
//! shaded relief, the water, what erosion changed, how steep the ground is, where a step acts,
//! the wireframe, the
//! lit terrain (bare or with its water) and the land (its materials, its water, the sun's
//! shadows). Its name, label, text alternative, which maps it
//! can show and what else it does are its row (`ViewMode`); how it is drawn is here, one line
//! of [`DRAWINGS`] a view.

mod creases;
mod erosion;
mod land;
mod lit;
mod map;
mod mask;
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

/// Draws `view`'s terrain as `mode` says: its row's [`Drawing`], one line a view (called
/// directly: a table of trait objects costs the first load more).
pub(super) fn draw(
    mode: ViewMode,
    view: &mut DemoView,
    renderer: &Renderer,
    size: (f64, f64),
) -> Result<(), String> {
    if mode == ViewMode::TERRAIN {
        lit::Lit { water: false }.draw(view, renderer, size)
    } else if mode == ViewMode::LAND {
        land::Land.draw(view, renderer, size)
    } else if mode == ViewMode::WATER_3D {
        lit::Lit { water: true }.draw(view, renderer, size)
    } else if mode == ViewMode::WIREFRAME {
        wireframe::Wireframe.draw(view, renderer, size)
    } else if mode == ViewMode::MAP {
        map::Map.draw(view, renderer, size)
    } else if mode == ViewMode::CREASES {
        creases::Creases.draw(view, renderer, size)
    } else if mode == ViewMode::WATER {
        water::Water.draw(view, renderer, size)
    } else if mode == ViewMode::EROSION {
        erosion::Erosion.draw(view, renderer, size)
    } else if mode == ViewMode::SLOPE {
        slope::Slope.draw(view, renderer, size)
    } else if mode == ViewMode::MASK {
        mask::Mask.draw(view, renderer, size)
    } else {
        Err("this view has no drawing".to_string())
    }
}
