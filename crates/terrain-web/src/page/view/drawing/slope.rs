//! The slope view: the top-down map coloured by how steep the ground is, as `--maps slope`
//! measures it, with a legend in degrees (also the section's `data-legend`).

use terrain::derived;

use super::Drawing;
use crate::gpu::canvas2d;
use crate::gpu::renderer::Renderer;
use crate::page::view::DemoView;

/// How steep the ground is.
pub struct Slope;

impl Drawing for Slope {
    fn draw(&self, view: &mut DemoView, _: &Renderer, size: (f64, f64)) -> Result<(), String> {
        let Some(shown) = view.shown.as_ref() else {
            return Ok(());
        };
        // The browser's arc tangent: no libm in the first load.
        let trig = derived::Trig {
            atan: js_sys::Math::atan,
            hypot: js_sys::Math::hypot,
        };
        let slopes = derived::slope_view(&shown.staged, trig);
        let out = &view.elements.canvas_2d;
        canvas2d::draw_pixels(out, size, &shown.staged, &slopes.pixels);
        let (steepest, mean) = (slopes.steepest, slopes.mean);
        // As f64: the erosion legend's formatting, not a second one for f32.
        let (steepest, mean) = (f64::from(steepest), f64::from(mean));
        let legend = format!("slope 0° (pale) to 90°; steepest {steepest:.1}°, mean {mean:.1}°");
        let color_at = |t: f32| {
            let [r, g, b, _] = derived::slope_color(t * 90.0);
            [r, g, b]
        };
        canvas2d::draw_legend(out, size, &color_at, &legend);
        view.set_attribute("data-legend", &legend);
        Ok(())
    }
}
