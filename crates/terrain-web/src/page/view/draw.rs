//! Drawing a demo: its camera moved by gestures, its picture in the way its view mode says (each
//! view's in `drawing`), the step's highlight and the brush on top, and whether the canvas shows
//! it yet (`data-picture`).

use three_d::{Event, Viewport};

use super::{drawing, DemoView};
use crate::gpu::renderer::Renderer;
use crate::gpu::{canvas2d, overlay};
use crate::model::demos::Look;
use crate::model::fields;
use crate::model::view_mode::ViewMode;

impl DemoView {
    /// The browser cannot draw 3-D (`reason`): the demo shows its map instead, the lit view is
    /// taken off the view choice with the reason, and a note under the canvas says so. Stepping,
    /// the wireframe (drawn in 2-D) and downloads work as before.
    pub fn without_3d(&mut self, reason: &str) {
        let toolbar = &self.elements.toolbar;
        toolbar.disable_lit_views(reason);
        if self.mode.lit() {
            toolbar.show_view(ViewMode::MAP);
            self.set_mode(ViewMode::MAP);
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
        let Some(shown) = self.shown.as_ref().filter(|_| self.mode.row().points) else {
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
            self.home = false;
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

    /// Draws the view now, the way its mode says (`drawing`, one file a view). The
    /// 3-D view uploads the terrain first if the GPU does not have it yet (starting WebGL on the
    /// page's first 3-D picture); where that fails, the demo says why.
    pub fn draw(&mut self, renderer: &Renderer) {
        self.needs_draw = false;
        let canvas = &self.elements.canvas;
        let size = (f64::from(canvas.width()), f64::from(canvas.height()));
        let drawn = match self.shown {
            Some(_) => drawing::draw(self.mode, self, renderer, size),
            None => {
                canvas2d::clear(&self.elements.canvas_2d, size.0, size.1);
                Ok(())
            }
        };
        if let Err(message) = drawn {
            self.set_notice(Some(format!("{}.", fields::capitalise(&message))));
            return;
        }
        // Over a 3-D picture, the step's highlight on top, where no hill hides it.
        if let Some(shown) = self.shown.as_ref().filter(|_| self.mode.row().highlights) {
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

/// How long a frame may spend on 3-D pictures before the next demo's waits for the next frame,
/// in milliseconds: half the 50 ms a task may take before the browser calls it long.
const FRAME_BUDGET_MS: f64 = 25.0;

/// Draws the views whose pictures are due. 3-D pictures while the frame has time: building a
/// mesh and drawing it can take tens of milliseconds with software WebGL, and several demos'
/// terrains (or their land colours) can come in the same frame. The first is always drawn;
/// after `FRAME_BUDGET_MS` (25 ms) the others wait for the next frame.
pub fn draw_due(views: &mut [DemoView], renderer: &Renderer) {
    let began = js_sys::Date::now();
    let mut lit = false;
    for view in views.iter_mut().filter(|v| v.needs_draw()) {
        let late = js_sys::Date::now() - began > FRAME_BUDGET_MS;
        if view.draws_lit() && std::mem::replace(&mut lit, true) && late {
            continue;
        }
        view.draw(renderer);
    }
}

/// Fits every view's canvas to its on-screen size: all sizes are read first, then all buffers
/// resized, so the page is laid out once rather than once per demo.
pub fn fit_all(views: &mut [DemoView]) {
    let sizes: Vec<(i32, i32)> = views.iter().map(DemoView::css_size).collect();
    for (view, size) in views.iter_mut().zip(sizes) {
        view.fit_canvas(size);
    }
}

/// Width over height of a demo canvas before the style sheet has laid it out (16:10; on a phone
/// the style sheet makes it 4:3, and [`DemoView::fit_canvas`] reads the height it gave).
const ASPECT: f64 = 16.0 / 10.0;

impl DemoView {
    /// The canvas's on-screen width in CSS pixels (reading it lays the page out, so read every
    /// view's before resizing any: see [`fit_all`]).
    pub fn css_width(&self) -> i32 {
        self.elements.canvas.client_width()
    }

    /// The canvas's on-screen width and height in CSS pixels (reading them lays the page out, as
    /// [`DemoView::css_width`] does).
    pub fn css_size(&self) -> (i32, i32) {
        let canvas = &self.elements.canvas;
        (canvas.client_width(), canvas.client_height())
    }

    /// Sizes the canvas's pixel buffer to `css_size`, its on-screen width and height (sharp on
    /// high-DPI screens, and in the style sheet's proportions: 16:10, 4:3 on a phone, so the
    /// picture is not stretched); before it is laid out, 640 wide and 16:10.
    pub fn fit_canvas(&mut self, (css_width, css_height): (i32, i32)) {
        let canvas = &self.elements.canvas;
        let ratio = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .clamp(1.0, 2.0);
        let css_width = match css_width {
            0 => 640.0,
            w => f64::from(w),
        };
        let css_height = match css_height {
            0 => css_width / ASPECT,
            h => f64::from(h),
        };
        let width = (css_width * ratio).round().max(1.0) as u32;
        let height = (css_height * ratio).round().max(1.0) as u32;
        if canvas.width() != width || canvas.height() != height {
            canvas.set_width(width);
            canvas.set_height(height);
            self.needs_draw = true;
        }
        self.camera
            .set_viewport(Viewport::new_at_origo(width, height));
        self.frame_home();
    }
}
