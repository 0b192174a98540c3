//! Painting a composed terrain that has a `paint` step, or a step whose mask is painted: in the
//! map and 3-D views a drag draws a stroke with the step's brush (paint's fields: brush, radius,
//! strength; a painted mask's: mask brush, radius, strength) through the map cells under the
//! pointer, shown at once on the picture (a paint stroke moves the ground; a mask's stroke is
//! drawn over it) and then sent with every request of the view, so the worker runs the steps
//! again (`terrain::chain::paint`, `terrain::chain::mask`). Undo and redo
//! move whole strokes between the strokes drawn and those undone; as the map is made from the
//! strokes, undo gives back the map as it was, byte for byte. A ring shows the brush under the
//! pointer (`brush`). One finger paints on a touch screen; a second one lets the stroke go and
//! orbits.

use terrain::chain::paint::knobs::BRUSH_NAMES;
use terrain::chain::paint::{Brushing, STROKE_SEPARATOR};

use super::{DemoView, Shown};
use crate::gpu::overlay::Projection;
use crate::model::fields::Setup;
use crate::model::stepping;

/// How near the pointer a shown point must land on screen to be under it in the 3-D view, in
/// canvas pixels.
const NEAR: f64 = 24.0;

/// A stroke being drawn: its pointer, its brush and the map cells it has passed.
type Drawing = (i32, Brushing, Vec<(usize, usize)>);

/// A demo's strokes and the one being drawn.
#[derive(Debug, Default)]
pub(super) struct Painting {
    /// The strokes drawn, oldest first, each as its link text.
    pub(super) strokes: Vec<String>,
    /// The strokes undone, the last undone last: redo brings them back in turn.
    pub(super) undone: Vec<String>,
    /// The stroke being drawn: its pointer, its brush and the cells it has passed.
    pub(super) drawing: Option<Drawing>,
    /// Where the pointer is over the canvas (CSS pixels), for the ring.
    pub(super) ring: Option<(f32, f32)>,
    /// The strokes came from a share link and no terrain has shown them yet.
    pub(super) linked: bool,
}

impl Painting {
    /// The strokes from a share link's text (`~` between strokes), checked by the worker.
    pub(super) fn from_link(text: &str) -> Self {
        let strokes = text.split(STROKE_SEPARATOR).filter(|s| !s.is_empty());
        Self {
            strokes: strokes.map(str::to_string).collect(),
            linked: true,
            ..Self::default()
        }
    }
}

impl DemoView {
    /// The brush for the next stroke, when the terrain on screen has a `paint` step and the view
    /// is one that paints (the map or the 3-D terrain): the paint step's fields as they now read
    /// (a new brush makes nothing again, `Link`'s equality, so the terrain on screen may carry
    /// the one before), or where they do not read, the terrain's.
    pub(super) fn brushing(&self) -> Option<Brushing> {
        let on_screen = self.brushing_on_screen()?;
        let chosen = self.read_fields().ok().and_then(|setup| brush_of(&setup));
        Some(chosen.unwrap_or(on_screen))
    }

    /// The brush of the terrain on screen's `paint` step, in a view that paints: whether a drag
    /// paints now, without reading the fields (a pointer's every move asks).
    fn brushing_on_screen(&self) -> Option<Brushing> {
        if !self.mode.row().paints {
            return None;
        }
        brush_of(&self.shown.as_ref()?.setup)
    }

    /// Says in `data-painting` whether a drag paints now (the canvas then keeps a one-finger
    /// swipe for the brush); `data-strokes` counts the strokes drawn.
    pub(super) fn show_painting(&self) {
        let on = self.brushing_on_screen().is_some();
        let _ = if on {
            self.elements.section.set_attribute("data-painting", "")
        } else {
            self.elements.section.remove_attribute("data-painting")
        };
        let count = self.painting.strokes.len().to_string();
        self.set_attribute("data-strokes", &count);
    }

    /// Holds the strokes a share link brought (sent with the first terrain request).
    pub fn hold_strokes(&mut self, text: &str) {
        self.painting = Painting::from_link(text);
    }

    /// A terrain request failed with `message`: when the strokes a link brought were refused
    /// before any terrain showed them, they are let go with a notice saying why, and true is
    /// returned (the terrain is then asked for again without them).
    pub fn drop_linked_strokes(&mut self, message: &str) -> bool {
        if !self.painting.linked || self.shown.is_some() || !message.starts_with("stroke") {
            return false;
        }
        self.painting = Painting::default();
        self.show_painting();
        self.set_notice(Some(format!(
            "This link's strokes were not allowed: {message}. The demo starts without them."
        )));
        true
    }

    /// `setup` with the strokes drawn, as their link text, held by its chain's `paint` step (a
    /// chain without one holds none): the terrain the reader painted, as the worker makes it.
    pub(super) fn with_strokes(&self, mut setup: Setup) -> Setup {
        if let Some(steps) = setup.recipe.step_list_mut() {
            let mut separator = [0; 4];
            let separator = STROKE_SEPARATOR.encode_utf8(&mut separator);
            steps.set_drawn(&self.painting.strokes.join(&*separator));
        }
        setup
    }

    /// The map cell under canvas position `at` (CSS pixels): in the map view the shown point
    /// there; in the 3-D view the shown point that lands nearest it on screen, the nearest to
    /// the camera of those within [`NEAR`].
    fn cell_under(&self, shown: &Shown, at: (f32, f32)) -> Option<(usize, usize)> {
        let point = match self.mode.row().points {
            true => self.point_under(shown, at)?,
            false => self.point_seen(shown, at)?,
        };
        let (columns, rows) = stepping::positions(&shown.setup, &shown.staged);
        let nx = columns.len().max(1);
        Some((*columns.get(point % nx)?, *rows.get(point / nx)?))
    }

    /// The shown point of the 3-D picture under `at` (CSS pixels).
    pub(super) fn point_seen(&self, shown: &Shown, at: (f32, f32)) -> Option<usize> {
        let canvas = &self.elements.canvas;
        let size = (f64::from(canvas.width()), f64::from(canvas.height()));
        let ratio = size.0 / f64::from(self.css_width().max(1));
        let (px, py) = (f64::from(at.0) * ratio, f64::from(at.1) * ratio);
        let projection = Projection::new(&self.camera, size);
        let grid = &shown.staged;
        let (nx, scale) = (grid.xs.len().max(1), shown.height_scale());
        let mut best: Option<(f64, usize)> = None;
        for (i, &h) in grid.heights.iter().enumerate() {
            let (x, z) = (grid.xs[i % nx], grid.zs.get(i / nx).copied().unwrap_or(0.0));
            let Some((sx, sy, depth)) = projection.at_depth(x, h * scale, z) else {
                continue;
            };
            let near = (sx - px).powi(2) + (sy - py).powi(2) <= NEAR * NEAR * ratio * ratio;
            if near && best.is_none_or(|(d, _)| depth < d) {
                best = Some((depth, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// A pointer went down at `at`: starts a stroke where the view paints; true if it did. A
    /// second pointer while one paints lets the stroke go (two fingers orbit).
    pub(super) fn paint_press(&mut self, pointer: i32, at: (f32, f32)) -> bool {
        if self.painting.drawing.take().is_some() {
            self.needs_draw = true;
            return false;
        }
        let Some(brushing) = self.brushing() else {
            return false;
        };
        let Some(cell) = self.shown.as_ref().and_then(|s| self.cell_under(s, at)) else {
            return false;
        };
        self.painting.drawing = Some((pointer, brushing, vec![cell]));
        self.painting.ring = Some(at);
        self.dab_shown(cell);
        true
    }

    /// The pointer moved to `at`: the ring follows it, and a stroke being drawn passes the cell
    /// under it. True while a stroke is being drawn.
    pub(super) fn paint_move(&mut self, pointer: i32, at: (f32, f32)) -> bool {
        if self.brushing_on_screen().is_none() {
            return false;
        }
        self.painting.ring = Some(at);
        self.needs_draw = true;
        let cell = self.shown.as_ref().and_then(|s| self.cell_under(s, at));
        match (&mut self.painting.drawing, cell) {
            (Some((id, _, cells)), Some(cell)) if *id == pointer => {
                if cells.last() != Some(&cell) {
                    cells.push(cell);
                    self.dab_shown(cell);
                }
                true
            }
            (Some((id, _, _)), None) => *id == pointer,
            _ => false,
        }
    }

    /// The pointer left the canvas: no ring.
    pub(super) fn paint_leave(&mut self) {
        if self.painting.ring.take().is_some() {
            self.needs_draw = true;
        }
    }

    /// A pointer went up: the stroke it drew is done and joins the strokes (redo forgets the
    /// strokes undone). True when a stroke was added (the terrain is then made again).
    pub(super) fn paint_release(&mut self, pointer: i32) -> bool {
        let ours = matches!(&self.painting.drawing, Some((id, _, _)) if *id == pointer);
        let Some((_, brushing, cells)) = self.painting.drawing.take().filter(|_| ours) else {
            return false;
        };
        // The stroke's link text (`terrain::chain::paint`'s), its points whole cells.
        let brush = BRUSH_NAMES
            .get(usize::from(brushing.brush))
            .unwrap_or(&"raise");
        let mut text = format!("{brush}_{}_{}", brushing.radius, brushing.strength);
        for (at, (x, y)) in cells.iter().enumerate() {
            text.push_str(&format!("{}{x}-{y}", if at == 0 { "_" } else { "-" }));
        }
        self.painting.strokes.push(text);
        self.painting.undone.clear();
        self.painting.linked = false;
        self.show_painting();
        true
    }

    /// Takes back the last stroke; true if there was one.
    pub fn undo(&mut self) -> bool {
        self.move_stroke(true)
    }

    /// Brings back the stroke undone last; true if there was one.
    pub fn redo(&mut self) -> bool {
        self.move_stroke(false)
    }

    /// Moves the newest stroke from the strokes drawn to the undone (`back`), or the other way.
    fn move_stroke(&mut self, back: bool) -> bool {
        let painting = &mut self.painting;
        let (from, to) = if back {
            (&mut painting.strokes, &mut painting.undone)
        } else {
            (&mut painting.undone, &mut painting.strokes)
        };
        let Some(stroke) = from.pop() else {
            return false;
        };
        to.push(stroke);
        self.show_painting();
        true
    }
}

/// The brush of the step of `setup`'s chain the canvas draws on (a `paint` step's fields, a
/// painted mask's brush), when it has one.
fn brush_of(setup: &Setup) -> Option<Brushing> {
    setup.recipe.step_list()?.drawn_step()?.brushing()
}

/// Whether the canvas paints a step's mask in `setup` (not the ground).
pub(super) fn paints_mask(setup: &Setup) -> bool {
    let steps = setup.recipe.step_list();
    steps
        .and_then(|s| s.drawn_step())
        .is_some_and(|l| l.paints_mask())
}
