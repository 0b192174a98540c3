//! Painting a composed terrain that has a `paint` step: in the map and 3-D views a drag draws a
//! stroke with the step's brush (its fields: brush, radius, strength) through the map cells
//! under the pointer, shown at once on the picture and then sent with every request of the
//! view, so the worker runs the steps after it again (`terrain::chain::paint`). Undo and redo
//! move whole strokes between the strokes drawn and those undone; as the map is made from the
//! strokes, undo gives back the map as it was, byte for byte. A ring shows the brush under the
//! pointer. One finger paints on a touch screen; a second one lets the stroke go and orbits.

use terrain::chain::paint::knobs::BRUSH_NAMES;
use terrain::chain::paint::{Brush, Brushing, STROKE_SEPARATOR};
use terrain::chapters::composed::list::Link;
use web_sys::CanvasRenderingContext2d;

use super::{DemoView, Shown};
use crate::gpu::overlay::Projection;
use crate::model::stepping;
use crate::model::view_mode::ViewMode;

/// A ring's points: the unit circle in [`RING`] steps, turned by a fixed rotation (no sine or
/// cosine in the page's module).
const RING: usize = 48;

/// cos and sin of a [`RING`]th of a turn.
const TURN: (f64, f64) = (0.991_444_861_373_810_4, 0.130_526_192_220_051_6);

/// The points of the unit circle, [`RING`] + 1 of them (the first again at the end).
fn unit_circle() -> Vec<(f64, f64)> {
    let mut at = (1.0, 0.0);
    let mut points = Vec::with_capacity(RING + 1);
    for _ in 0..=RING {
        points.push(at);
        at = (at.0 * TURN.0 - at.1 * TURN.1, at.0 * TURN.1 + at.1 * TURN.0);
    }
    points
}

/// How near the pointer a shown point must land on screen to be under it in the 3-D view, in
/// canvas pixels.
const NEAR: f64 = 24.0;

/// A stroke being drawn: its pointer, its brush and the map cells it has passed.
type Drawing = (i32, Brushing, Vec<(usize, usize)>);

/// A demo's strokes and the one being drawn.
#[derive(Debug, Default)]
pub(super) struct Painting {
    /// The strokes drawn, oldest first, each as its link text.
    strokes: Vec<String>,
    /// The strokes undone, the last undone last: redo brings them back in turn.
    undone: Vec<String>,
    /// The stroke being drawn: its pointer, its brush and the cells it has passed.
    drawing: Option<Drawing>,
    /// Where the pointer is over the canvas (CSS pixels), for the ring.
    ring: Option<(f32, f32)>,
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
    /// The brush of the `paint` step of the terrain on screen, when it has one and the view is
    /// one that paints (the map or the 3-D terrain).
    fn brushing(&self) -> Option<Brushing> {
        if !matches!(self.mode, ViewMode::Map | ViewMode::Terrain) {
            return None;
        }
        let shown = self.shown.as_ref()?;
        let steps = shown.setup.recipe.step_list()?;
        steps.iter().find_map(|link| match link {
            Link::Paint(brushing) => Some(*brushing),
            _ => None,
        })
    }

    /// Says in `data-painting` whether a drag paints now (the canvas then keeps a one-finger
    /// swipe for the brush); `data-strokes` counts the strokes drawn.
    pub(super) fn show_painting(&self) {
        let on = self.brushing().is_some();
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

    /// The strokes to send with a request: their link text, when the terrain has a `paint` step
    /// (or the setup asked for has one) and strokes were drawn.
    pub fn strokes_text(&self) -> Option<String> {
        let mut text = String::new();
        for stroke in &self.painting.strokes {
            if !text.is_empty() {
                text.push(STROKE_SEPARATOR);
            }
            text.push_str(stroke);
        }
        (!text.is_empty()).then_some(text)
    }

    /// The map cell under canvas position `at` (CSS pixels): in the map view the shown point
    /// there; in the 3-D view the shown point that lands nearest it on screen, the nearest to
    /// the camera of those within [`NEAR`].
    fn cell_under(&self, shown: &Shown, at: (f32, f32)) -> Option<(usize, usize)> {
        let point = match self.mode {
            ViewMode::Map => self.point_under(shown, at)?,
            _ => self.point_seen(shown, at)?,
        };
        let (columns, rows) = stepping::positions(&shown.setup, &shown.staged);
        let nx = columns.len().max(1);
        Some((*columns.get(point % nx)?, *rows.get(point / nx)?))
    }

    /// The shown point of the 3-D picture under `at` (CSS pixels).
    fn point_seen(&self, shown: &Shown, at: (f32, f32)) -> Option<usize> {
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
        if self.brushing().is_none() {
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

    /// Shows a dab of the stroke being drawn at map cell `cell` on the picture at once, on the
    /// shown points, as the step weighs it (the worker's map, with the steps after the paint,
    /// replaces it): raise and lower by the strength's share of the shown heights' range,
    /// smooth and flatten that share of the way.
    fn dab_shown(&mut self, cell: (usize, usize)) {
        let Some((_, brushing, cells)) = &self.painting.drawing else {
            return;
        };
        let Some(shown) = self.shown.as_mut() else {
            return;
        };
        let (columns, rows) = stepping::positions(&shown.setup, &shown.staged);
        let nearest = |at: &[usize], c: usize| at.partition_point(|&p| p < c).min(at.len() - 1);
        if columns.is_empty() || rows.is_empty() {
            return;
        }
        let (cx, cy) = (nearest(&columns, cell.0), nearest(&rows, cell.1));
        let first = cells.first().copied().unwrap_or(cell);
        let cells_per_point = match columns.as_slice() {
            [a, b, ..] => (*b - *a).max(1) as f32,
            _ => 1.0,
        };
        let r = (brushing.radius / cells_per_point).max(0.5);
        let grid = &mut shown.staged;
        let (nx, ny) = grid.size();
        let z = &mut grid.heights;
        let (lo, hi) = z
            .iter()
            .fold((f32::MAX, f32::MIN), |(l, h), &v| (l.min(v), h.max(v)));
        let span = if hi > lo { hi - lo } else { 1.0 };
        let target = z[nearest(&rows, first.1) * nx + nearest(&columns, first.0)];
        let reach = r.ceil() as usize;
        let s = brushing.strength;
        let mut moved = Vec::new();
        for y in cy.saturating_sub(reach)..=(cy + reach).min(ny - 1) {
            for x in cx.saturating_sub(reach)..=(cx + reach).min(nx - 1) {
                let (dx, dy) = (x as f32 - cx as f32, y as f32 - cy as f32);
                let d2 = (dx * dx + dy * dy) / (r * r);
                if d2 >= 1.0 {
                    continue;
                }
                let w = s * (1.0 - d2) * (1.0 - d2);
                let here = z[y * nx + x];
                let to = match brushing.brush() {
                    Brush::Raise => here + w * span,
                    Brush::Lower => here - w * span,
                    Brush::Flatten => here + w * (target - here),
                    Brush::Smooth => {
                        let (x0, x1) = (x.saturating_sub(1), (x + 1).min(nx - 1));
                        let (y0, y1) = (y.saturating_sub(1), (y + 1).min(ny - 1));
                        let around = (y0..=y1).flat_map(|yy| (x0..=x1).map(move |xx| (xx, yy)));
                        let (sum, n) = around.fold((0.0, 0.0), |(t, n), (xx, yy)| {
                            (t + z[yy * nx + xx], n + 1.0)
                        });
                        here + w * (sum / n - here)
                    }
                };
                moved.push((y * nx + x, to));
            }
        }
        for (i, to) in moved {
            z[i] = to;
        }
        shown.stale = true;
        self.needs_draw = true;
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

    /// Draws the brush's ring under the pointer and the stroke being drawn over the picture.
    pub(super) fn draw_brush(&self, out: &CanvasRenderingContext2d, size: (f64, f64)) {
        let (Some(brushing), Some(shown)) = (self.brushing(), self.shown.as_ref()) else {
            return;
        };
        let ratio = size.0 / f64::from(self.css_width().max(1));
        let Some((columns, _)) = Some(stepping::positions(&shown.setup, &shown.staged)) else {
            return;
        };
        // Map cells per shown column, and world units per shown column.
        let cells_per_column = match columns.as_slice() {
            [a, b, ..] => (*b - *a).max(1) as f64,
            _ => 1.0,
        };
        let grid = &shown.staged;
        let world_per_column = match grid.xs.as_slice() {
            [a, b, ..] => f64::from(b - a),
            _ => 1.0,
        };
        let radius_columns = f64::from(brushing.radius) / cells_per_column;
        let Some(at) = self.painting.ring else {
            return;
        };
        let (px, py) = (f64::from(at.0) * ratio, f64::from(at.1) * ratio);
        let ring: Vec<(f64, f64)> = if self.mode == ViewMode::Map {
            let (layout, _) = self.map_layout(shown);
            let r = radius_columns * layout.cell();
            let circle = unit_circle().into_iter();
            circle.map(|(c, s)| (px + r * c, py + r * s)).collect()
        } else {
            // Around the point under the pointer, on the ground.
            let Some(point) = self.point_seen(shown, at) else {
                return;
            };
            let nx = grid.xs.len().max(1);
            let (cx, cz) = (
                grid.xs[point % nx],
                grid.zs.get(point / nx).copied().unwrap_or(0.0),
            );
            let projection = Projection::new(&self.camera, size);
            let r = (radius_columns * world_per_column) as f32;
            let scale = shown.height_scale();
            let height_at = |x: f32, z: f32| {
                let column = ((x - grid.xs[0]) / world_per_column as f32)
                    .round()
                    .max(0.0) as usize;
                let zs = &grid.zs;
                let row = ((z - zs[0]) / world_per_column as f32).round().max(0.0) as usize;
                let i = row.min(zs.len() - 1) * nx + column.min(nx - 1);
                grid.heights.get(i).copied().unwrap_or(0.0) * scale
            };
            let circle = unit_circle().into_iter();
            circle
                .filter_map(|(c, s)| {
                    let (x, z) = (cx + r * c as f32, cz + r * s as f32);
                    projection.at(x, height_at(x, z), z)
                })
                .collect()
        };
        let Some(&(x0, y0)) = ring.first() else {
            return;
        };
        out.begin_path();
        out.move_to(x0, y0);
        for &(x, y) in &ring[1..] {
            out.line_to(x, y);
        }
        let unit = (size.0 / 500.0).clamp(1.0, 3.0);
        out.set_line_width(4.0 * unit);
        out.set_stroke_style_str("rgba(20,20,30,0.7)");
        out.stroke();
        out.set_line_width(2.0 * unit);
        out.set_stroke_style_str(if self.painting.drawing.is_some() {
            "#ec008c"
        } else {
            "white"
        });
        out.stroke();
    }
}
