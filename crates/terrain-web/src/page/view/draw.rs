//! Drawing a demo: its camera moved by gestures, its picture in the way its view mode says (the
//! lit terrain through the shared WebGL context, or the map and wireframe in 2-D), and whether
//! the canvas shows it yet (`data-picture`).

use terrain::creases;
use terrain::display::{self, DisplayGrid};
use terrain::water;
use three_d::Event;

use super::{DemoView, Shown};
use crate::gpu::renderer::{Model, Renderer};
use crate::gpu::{canvas2d, overlay};
use crate::model::demos::Look;
use crate::model::fields;
use crate::model::view_mode::ViewMode;

/// How tall the heights stand in the creases view's shaded relief, against the 3-D view's: low,
/// so that ordinary slopes stay mid-grey and the sudden folds of a crease show as light and dark.
const RELIEF_SCALE: f32 = 0.15;

/// How tall the heights stand in the Water view's shaded relief, against the 3-D view's: taller
/// than the creases view's, so the valley walls the rivers run between show.
const WATER_RELIEF_SCALE: f32 = 0.6;

impl DemoView {
    /// The browser cannot draw 3-D (`reason`): the demo shows its map instead, the lit view is
    /// taken off the view choice with the reason, and a note under the canvas says so. Stepping,
    /// the wireframe (drawn in 2-D) and downloads work as before.
    pub fn without_3d(&mut self, reason: &str) {
        let toolbar = &self.elements.toolbar;
        toolbar.disable_view(ViewMode::Terrain, reason);
        toolbar.disable_view(ViewMode::Water3d, reason);
        if self.mode.lit() {
            toolbar.show_view(ViewMode::Map);
            self.set_mode(ViewMode::Map);
        }
        self.elements.no_3d.set_text_content(Some(&format!(
            "{}, so the map view is shown. Stepping, the wireframe and downloads work as usual.",
            fields::capitalise(reason)
        )));
        self.set_attribute("data-webgl", "missing");
    }

    /// A pointer went down on the canvas at `at` (CSS pixels): with a paint step it paints
    /// (unless `orbit`, Shift held); else it drags a map that pans in a top-down view, or orbits
    /// or pinches the camera.
    /// `touch` for a finger (see [`crate::model::gestures::Gestures::press_as`]).
    pub fn press(&mut self, pointer: i32, at: (f32, f32), touch: bool, orbit: bool) {
        if !orbit && self.paint_press(pointer, at) {
            return;
        }
        if !self.start_drag(pointer, at) && !self.pick_at(at) {
            self.gestures.press_as(pointer, at.0, at.1, touch);
        }
    }

    /// A pointer moved to `at`: in the map view the point under it becomes the step's example;
    /// a drag moves a map that pans, or orbits or pinches the camera. True when it moved the
    /// map's corner fields (the app then asks for the map there).
    pub fn pointer_moved(&mut self, pointer: i32, at: (f32, f32)) -> bool {
        if self.paint_move(pointer, at) {
            return false;
        }
        self.hover(at);
        if self.drag_to(pointer, at) {
            return true;
        }
        if let Some(motion) = self.gestures.motion(pointer, at.0, at.1) {
            self.steer(vec![motion]);
        }
        false
    }

    /// A pointer went up or was cancelled: true when it finished a stroke (the terrain is then
    /// made again with it).
    pub fn release(&mut self, pointer: i32) -> bool {
        self.end_drag(pointer);
        self.gestures.release(pointer);
        self.paint_release(pointer)
    }

    /// The pointer left the canvas.
    pub fn leave(&mut self) {
        self.paint_leave();
    }

    /// The pointer moved to canvas position `at` (CSS pixels): in the map view, the point under
    /// it becomes the step's example.
    fn hover(&mut self, at: (f32, f32)) {
        let Some(shown) = self.shown.as_ref().filter(|_| self.mode == ViewMode::Map) else {
            return;
        };
        let point = self.point_under(shown, at);
        if point != self.hover {
            self.hover = point;
            self.needs_draw = true;
        }
    }

    /// Feeds camera events to the orbit control; marks the view for drawing if it moved.
    pub fn steer(&mut self, mut events: Vec<Event>) {
        let moved = self.control.handle_events(&mut self.camera, &mut events);
        if moved {
            self.needs_draw = true;
        }
    }

    /// Says in the section's `data-picture` whether the canvas shows the view as it now is
    /// (`current`) or a picture is still to come (`pending`: on the next frame, or once the GPU
    /// has finished the last 3-D picture).
    pub fn publish_picture(&mut self) {
        if self.picture_pending != self.needs_draw {
            self.picture_pending = self.needs_draw;
            let state = if self.needs_draw {
                "pending"
            } else {
                "current"
            };
            self.set_attribute("data-picture", state);
        }
    }

    /// Draws the view now, the way its mode says. The 3-D view uploads the terrain first if the
    /// GPU does not have it yet (starting WebGL on the page's first 3-D picture); where that
    /// fails, the demo says why.
    pub fn draw(&mut self, renderer: &Renderer) {
        self.needs_draw = false;
        let canvas = &self.elements.canvas;
        let out = &self.elements.canvas_2d;
        let size = (f64::from(canvas.width()), f64::from(canvas.height()));
        let drawn = match (self.mode, &mut self.shown) {
            (ViewMode::Map, Some(shown)) => {
                let highlight =
                    self.stepper
                        .highlight(&shown.setup, &shown.answer.grid, self.hover);
                // The example under the pointer, or the step's middlemost.
                let links = highlight.chosen(|_| 0.0, 0.0);
                let drawn = (links, &highlight.frame[..]);
                canvas2d::draw_map(out, size, &shown.staged, &shown.marks, drawn);
                Ok(())
            }
            (ViewMode::Creases, Some(shown)) => {
                let scale = shown.height_scale() * RELIEF_SCALE;
                let relief = DisplayGrid {
                    heights: creases::relief_shading(&shown.staged, scale),
                    ..shown.staged.clone()
                };
                canvas2d::draw_map(out, size, &relief, &shown.marks, (&[], &[]));
                Ok(())
            }
            (ViewMode::Water, Some(shown)) => {
                let scale = shown.height_scale() * WATER_RELIEF_SCALE;
                let grid = shown.staged.clone();
                let pixels = self.water_picture(&grid, scale);
                canvas2d::draw_pixels(&self.elements.canvas_2d, size, &grid, &pixels);
                Ok(())
            }
            (ViewMode::Erosion, Some(shown)) => {
                // Against step 0, the terrain before any droplet (the answer's first batch).
                let n = shown.staged.heights.len();
                let before = shown.answer.batches.get(..n).unwrap_or(&[]);
                let pixels = display::change_pixels(&shown.staged, before);
                canvas2d::draw_pixels(out, size, &shown.staged, &pixels);
                let extremes = display::change_extremes(&shown.staged.heights, before);
                canvas2d::draw_change_legend(out, size, extremes);
                Ok(())
            }
            (ViewMode::Wireframe, Some(shown)) => {
                canvas2d::draw_wireframe(
                    out,
                    size,
                    &self.camera,
                    &shown.staged,
                    &shown.marks,
                    shown.height_scale(),
                    self.demo.look == Look::Profile,
                );
                Ok(())
            }
            (_, None) => {
                canvas2d::clear(out, size.0, size.1);
                Ok(())
            }
            (mode, Some(shown)) => {
                // The water view and the bare terrain share the model: refilled on a switch.
                if shown.water != (mode == ViewMode::Water3d) {
                    shown.water = mode == ViewMode::Water3d;
                    shown.stale = true;
                }
                upload(shown, self.demo.look, renderer)
            }
            .and_then(|model| {
                renderer.draw(
                    &self.camera,
                    Some(model),
                    out,
                    canvas.width(),
                    canvas.height(),
                )
            }),
        };
        if let Err(message) = drawn {
            self.set_notice(Some(format!("{}.", fields::capitalise(&message))));
            return;
        }
        // Over a 3-D picture, the step's highlight on top, where no hill hides it.
        let over_3d = matches!(self.mode, ViewMode::Terrain | ViewMode::Wireframe);
        if let Some(shown) = self.shown.as_ref().filter(|_| over_3d) {
            let highlight = self
                .stepper
                .highlight(&shown.setup, &shown.answer.grid, None);
            let profile = self.demo.look == Look::Profile;
            let surface = (&shown.staged, shown.height_scale(), profile);
            let out = &self.elements.canvas_2d;
            overlay::draw_highlight(out, size, &self.camera, surface, &highlight);
        }
        self.draw_brush(&self.elements.canvas_2d, size);
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

/// Fits every view's canvas to its on-screen width: all widths are read first, then all buffers
/// resized, so the page is laid out once rather than once per demo.
pub fn fit_all(views: &mut [DemoView]) {
    let widths: Vec<i32> = views.iter().map(DemoView::css_width).collect();
    for (view, width) in views.iter_mut().zip(widths) {
        view.fit_canvas(width);
    }
}
