//! What the brush shows at once while a reader paints (`painting`): each dab on the shown points,
//! weighted as the paint step weighs it, before the worker's map replaces it, and the ring that
//! shows the brush under the pointer in the map and 3-D views.

use terrain::chain::paint::Brush;
use web_sys::CanvasRenderingContext2d;

use super::DemoView;
use crate::gpu::overlay::Projection;
use crate::model::stepping;

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

impl DemoView {
    /// Shows a dab of the stroke being drawn at map cell `cell` on the picture at once, on the
    /// shown points, as the step weighs it (the worker's map, with the steps after the paint,
    /// replaces it): raise and lower by the strength's share of the shown heights' range,
    /// smooth and flatten that share of the way.
    pub(super) fn dab_shown(&mut self, cell: (usize, usize)) {
        let Some((_, brushing, cells)) = &self.painting.drawing else {
            return;
        };
        let Some(shown) = self.shown.as_mut() else {
            return;
        };
        // A mask's stroke leaves the ground as it is: the ring and the stroke drawn over the
        // picture show it, the worker's map what it let the step do.
        if super::painting::paints_mask(&shown.setup) {
            return;
        }
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

    /// Draws the brush's ring under the pointer and the stroke being drawn over the picture.
    pub(super) fn draw_brush(&self, out: &CanvasRenderingContext2d, size: (f64, f64)) {
        let Some(at) = self.painting.ring else {
            return;
        };
        // The stroke being drawn keeps its brush; else the one the fields now say.
        let drawing = self
            .painting
            .drawing
            .as_ref()
            .map(|(_, brushing, _)| *brushing);
        let brushing = drawing.or_else(|| self.brushing());
        let (Some(brushing), Some(shown)) = (brushing, self.shown.as_ref()) else {
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
        let (px, py) = (f64::from(at.0) * ratio, f64::from(at.1) * ratio);
        let ring: Vec<(f64, f64)> = if self.mode.row().points {
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
