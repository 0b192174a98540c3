//! The step's highlight over a 3-D picture (the lit terrain and the wireframe): the view of a
//! recursive call framed in a thick yellow line, and lines from the step's example point to the
//! neighbours it averaged, each ringed. They are drawn with the canvas's 2-D context on top of
//! the finished picture, through the demo's camera, so no hill in front hides them.

use terrain::display::{DisplayGrid, HIGHLIGHT_COLOR, OUTLINE_COLOR};
use three_d::{vec4, Camera, Mat4};
use web_sys::CanvasRenderingContext2d;

use crate::model::stepping::{Highlight, Link};

/// Where the points of a surface land on a canvas, seen through a camera.
pub struct Projection {
    transform: Mat4,
    width: f64,
    height: f64,
}

impl Projection {
    /// The projection of `camera` onto a `width` x `height` canvas (in canvas pixels).
    pub fn new(camera: &Camera, (width, height): (f64, f64)) -> Self {
        Self {
            transform: camera.projection() * camera.view(),
            width,
            height,
        }
    }

    /// Where the world point `(x, y, z)` lands on the canvas; `None` behind the camera.
    pub fn at(&self, x: f32, y: f32, z: f32) -> Option<(f64, f64)> {
        self.at_depth(x, y, z).map(|(x, y, _)| (x, y))
    }

    /// Where the world point `(x, y, z)` lands on the canvas, and how far in front of the
    /// camera it is; `None` behind the camera.
    pub fn at_depth(&self, x: f32, y: f32, z: f32) -> Option<(f64, f64, f64)> {
        let clip = self.transform * vec4(x, y, z, 1.0);
        (clip.w > 0.0).then(|| {
            let (x, y) = (clip.x / clip.w, clip.y / clip.w);
            (
                (f64::from(x) + 1.0) / 2.0 * self.width,
                (1.0 - f64::from(y)) / 2.0 * self.height,
                f64::from(clip.w),
            )
        })
    }
}

/// The colour of `rgb` as CSS.
fn css(rgb: [u8; 4]) -> String {
    format!("rgb({},{},{})", rgb[0], rgb[1], rgb[2])
}

/// How wide a recursive call's view may look and still get a ring around it, in line units (a
/// pixel of a canvas 500 pixels wide, more on a wider one).
const CALLOUT: f64 = 40.0;

/// How far apart an example's points should land on screen, in line units.
const SPACED: f64 = 20.0;

/// A dark edge under every line, so white and yellow show on snow and sand alike.
const EDGE: &str = "rgba(20,20,30,0.75)";

/// Draws `highlight` over the 3-D picture of `grid` on a `size` canvas: shown point `i` stands
/// where the mesh puts it (its height times `height_scale`; a profile's points all at z 0).
pub fn draw_highlight(
    out: &CanvasRenderingContext2d,
    size: (f64, f64),
    camera: &Camera,
    (grid, height_scale, profile): (&DisplayGrid, f32, bool),
    highlight: &Highlight,
) {
    if highlight.is_empty() {
        return;
    }
    let projection = Projection::new(camera, size);
    let nx = grid.xs.len().max(1);
    let place = |i: usize| -> Option<(f64, f64)> {
        let h = grid.heights.get(i).copied().filter(|h| h.is_finite())?;
        let z = if profile { 0.0 } else { *grid.zs.get(i / nx)? };
        projection.at(*grid.xs.get(i % nx)?, h * height_scale, z)
    };
    // Line units: lines stay as wide against the picture on any canvas.
    let unit = (size.0 / 500.0).clamp(1.0, 3.0);
    out.set_line_cap("round");
    out.set_line_join("round");
    let stroke = |style: &str, width: f64| {
        out.set_stroke_style_str(style);
        out.set_line_width(width * unit);
        out.stroke();
    };
    let circle = |(x, y): (f64, f64), radius: f64| {
        out.begin_path();
        let _ = out.arc(x, y, radius * unit, 0.0, std::f64::consts::TAU);
    };
    // The call's view: its corners joined, under the lines (they are the points its center
    // averaged).
    let frame: Vec<(f64, f64)> = highlight.frame.iter().filter_map(|&i| place(i)).collect();
    if let Some(&(x, y)) = frame.first() {
        out.begin_path();
        out.move_to(x, y);
        for &(x, y) in &frame[1..] {
            out.line_to(x, y);
        }
        out.close_path();
        stroke(EDGE, 6.0);
        stroke(&css(OUTLINE_COLOR), 3.5);
    }
    // Of alternative examples, the first (the middlemost) whose points land at least SPACED
    // apart, else the one whose points land farthest apart: no line runs along the line of
    // sight, no ring hides another.
    let spread = |(point, neighbours): &Link| {
        let points: Option<Vec<(f64, f64)>> = std::iter::once(point)
            .chain(neighbours)
            .map(|&i| place(i))
            .collect();
        let points = points.unwrap_or_default();
        let mut least = f64::INFINITY;
        for (k, a) in points.iter().enumerate() {
            for b in &points[k + 1..] {
                // `hypot` is a library call in wasm; a square root is one instruction.
                let (dx, dy) = (a.0 - b.0, a.1 - b.1);
                least = least.min((dx * dx + dy * dy).sqrt());
            }
        }
        if points.len() > 1 {
            least
        } else {
            -1.0
        }
    };
    for (point, neighbours) in highlight.chosen(spread, SPACED * unit) {
        let Some(from) = place(*point) else {
            continue;
        };
        let around: Vec<(f64, f64)> = neighbours.iter().filter_map(|&n| place(n)).collect();
        for &to in &around {
            out.begin_path();
            out.move_to(from.0, from.1);
            out.line_to(to.0, to.1);
            stroke(EDGE, 5.0);
            stroke("white", 2.5);
        }
        for &at in &around {
            circle(at, 4.0);
            stroke(EDGE, 4.0);
            stroke("white", 2.0);
        }
        circle(from, 4.5);
        out.set_fill_style_str(&css(HIGHLIGHT_COLOR));
        out.fill();
        stroke("white", 2.0);
    }
    draw_callout(out, &frame, unit);
}

/// A ring around a recursive call's view (`frame`, its corners on the canvas) where the view is
/// only a few pixels wide (a deep call), so the eye finds it; nothing for a wider view or none.
/// `unit` is a line unit in canvas pixels. The map view draws this alone: its marks outline the
/// view.
pub fn draw_callout(out: &CanvasRenderingContext2d, frame: &[(f64, f64)], unit: f64) {
    let (xs, ys): (Vec<f64>, Vec<f64>) = frame.iter().copied().unzip();
    let span = |v: &[f64]| {
        let (low, high) = v
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), &x| (l.min(x), h.max(x)));
        (high - low, (high + low) / 2.0)
    };
    let ((wide, cx), (tall, cy)) = (span(&xs), span(&ys));
    let across = wide.max(tall);
    if !frame.is_empty() && across < CALLOUT * unit {
        out.begin_path();
        let _ = out.arc(
            cx,
            cy,
            across / 2.0 + 14.0 * unit,
            0.0,
            std::f64::consts::TAU,
        );
        for (style, width) in [(EDGE, 4.5), (&*css(OUTLINE_COLOR), 2.0)] {
            out.set_stroke_style_str(style);
            out.set_line_width(width * unit);
            out.stroke();
        }
    }
}
