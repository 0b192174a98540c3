//! Moving a demo's map over the endless plane ([`crate::model::panning`]): a drag in a top-down
//! view, or an arrow key, sets the map's corner fields; the app then asks for the map there, as
//! for any field change.

use super::{DemoView, Shown};
use crate::gpu::canvas2d::MapLayout;
use crate::model::fields::{Field, Setup};
use crate::model::gestures;
use crate::model::panning::{self, Drag};

impl DemoView {
    /// Whether a pointer or an arrow key moves the map now: the demo pans and a top-down view
    /// shows its map.
    fn pans_now(&self) -> bool {
        self.demo.pans() && self.mode.top_down() && self.shown.is_some()
    }

    /// The corner the `x` and `y` fields hold, when both are allowed values.
    fn origin(&self) -> Option<(u64, u64)> {
        let text = |field: Field| {
            let control = self.elements.controls.iter().find(|(f, _)| *f == field);
            control.map(|(_, c)| c.value()).unwrap_or_default()
        };
        panning::read_origin(
            &text(Field(&terrain::chapters::fbm::knobs::ORIGIN_X)),
            &text(Field(&terrain::chapters::fbm::knobs::ORIGIN_Y)),
        )
    }

    /// Puts `origin` in the `x` and `y` fields; true when it moved.
    fn set_origin(&mut self, origin: (u64, u64)) -> bool {
        if self.origin() == Some(origin) {
            return false;
        }
        for (field, value) in [
            (Field(&terrain::chapters::fbm::knobs::ORIGIN_X), origin.0),
            (Field(&terrain::chapters::fbm::knobs::ORIGIN_Y), origin.1),
        ] {
            if let Some((_, control)) = self.elements.controls.iter().find(|(f, _)| *f == field) {
                control.set_value(&value.to_string());
            }
        }
        self.notice = None;
        true
    }

    /// Where `shown`'s top-down map lies on the canvas now, and canvas pixels per CSS pixel.
    pub(super) fn map_layout(&self, shown: &Shown) -> (MapLayout, f64) {
        let canvas = &self.elements.canvas;
        let ratio = f64::from(canvas.width()) / f64::from(canvas.client_width().max(1));
        let (width, height) = (f64::from(canvas.width()), f64::from(canvas.height()));
        (MapLayout::new(&shown.staged, width, height), ratio)
    }

    /// The shown point of `shown`'s top-down map under canvas position `at` (CSS pixels).
    pub(super) fn point_under(&self, shown: &Shown, at: (f32, f32)) -> Option<usize> {
        let (layout, ratio) = self.map_layout(shown);
        let (x, y) = (f64::from(at.0) * ratio, f64::from(at.1) * ratio);
        layout.point_at(&shown.staged, x, y)
    }

    /// Says in `data-origin="X,Y"` where the map of `setup` lies on the plane, for a demo that
    /// pans: its corner, as the `x` and `y` fields hold it.
    pub(super) fn show_origin(&self, setup: &Setup) {
        if self.demo.pans() {
            let x = Field(&terrain::chapters::fbm::knobs::ORIGIN_X).show(setup);
            let y = Field(&terrain::chapters::fbm::knobs::ORIGIN_Y).show(setup);
            self.set_attribute("data-origin", &format!("{x},{y}"));
        }
    }

    /// Map cells per CSS pixel of the map drawn on the canvas now, and cells across the map.
    fn cells_per_pixel(&self) -> Option<(f64, f64)> {
        let shown = self.shown.as_ref()?;
        let (layout, ratio) = self.map_layout(shown);
        let width = shown.setup.recipe.size().0 as f64;
        let columns = shown.staged.size().0.max(2) as f64;
        let spacing = (width - 1.0).max(1.0) / (columns - 1.0);
        Some((
            ratio * spacing / layout.cell().max(f64::MIN_POSITIVE),
            width,
        ))
    }

    /// A pointer went down at `at`: starts a drag of the map where it pans; true if it did.
    pub(super) fn start_drag(&mut self, pointer: i32, at: (f32, f32)) -> bool {
        let origin = self.origin().filter(|_| self.pans_now());
        if let Some(origin) = origin {
            self.drag = Some(Drag {
                pointer,
                at,
                origin,
            });
        }
        origin.is_some()
    }

    /// The dragging pointer moved to `at`: the corner follows; true when the fields changed
    /// (the app then asks for the map there).
    pub(super) fn drag_to(&mut self, pointer: i32, at: (f32, f32)) -> bool {
        let Some(drag) = self.drag.filter(|d| d.pointer == pointer) else {
            return false;
        };
        let Some((cells, _)) = self.cells_per_pixel() else {
            return false;
        };
        self.set_origin(drag.origin_at(at, cells))
    }

    /// A pointer went up: ends its drag.
    pub(super) fn end_drag(&mut self, pointer: i32) {
        self.drag = self.drag.filter(|d| d.pointer != pointer);
    }

    /// A key was pressed on the canvas: an arrow moves a map that pans by an eighth of its
    /// side, any other camera key steers the 3-D view. True when the fields changed.
    pub fn key(&mut self, key: &str) -> bool {
        if self.move_pick(key) {
            return false;
        }
        if let Some((across, down)) = panning::arrow(key).filter(|_| self.pans_now()) {
            let place = self.origin().zip(self.cells_per_pixel());
            return place.is_some_and(|(origin, (_, width))| {
                let by = ((across * width).round(), (down * width).round());
                self.set_origin(panning::moved(origin, by))
            });
        }
        if let Some(event) = gestures::key(key) {
            self.steer(vec![event]);
        }
        false
    }
}
