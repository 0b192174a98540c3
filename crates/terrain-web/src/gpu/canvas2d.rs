//! The 2-D drawings, made with the canvas's own 2-D context: the top-down map view (with the
//! example point of a step and the neighbours it averaged) and the wireframe view (the surface's
//! grid lines projected through the demo's camera).

use terrain::display::{self, DisplayGrid, Mark, HIGHLIGHT_COLOR};
use three_d::Camera;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use super::overlay::{self, Projection};
use super::renderer::CLEAR_RGB;

/// Most grid lines drawn each way in the wireframe view, and most points along each: software
/// 2-D canvases take over a second for 257 lines of 257 points.
const WIREFRAME_LINES: usize = 33;
const WIREFRAME_POINTS: usize = 129;

fn css(rgb: [u8; 3]) -> String {
    format!("rgb({},{},{})", rgb[0], rgb[1], rgb[2])
}

fn highlight() -> String {
    css([HIGHLIGHT_COLOR[0], HIGHLIGHT_COLOR[1], HIGHLIGHT_COLOR[2]])
}

/// Fills the view with the sky colour: what a demo shows before its first terrain (no WebGL
/// needed).
pub fn clear(out: &CanvasRenderingContext2d, width: f64, height: f64) {
    let [r, g, b] = CLEAR_RGB.map(|c| (c * 255.0).round() as u8);
    out.set_fill_style_str(&css([r, g, b]));
    out.fill_rect(0.0, 0.0, width, height);
}

/// How far, in cells, the example point's ring reaches past the edge of the map.
const EXAMPLE_OVERHANG: f64 = 0.7;
/// The least room, in pixels, left around the map for the example point's ring.
const EXAMPLE_MARGIN_PX: f64 = 7.0;

/// Where the map view puts shown point `i` of a grid: the center of its block, in canvas pixels.
pub struct MapLayout {
    left: f64,
    top: f64,
    /// A block's width in pixels.
    cell: f64,
    /// A block's height: its width times how much farther apart the grid's rows are than its
    /// columns ([`row_stretch`]).
    row_cell: f64,
    columns: usize,
    profile: bool,
    height: f64,
}

impl MapLayout {
    /// The layout of `grid` on a `width` x `height` canvas: blocks in the proportions of the
    /// grid's spacing (square for every generated map), centered; a profile (one row) is drawn
    /// as a chart across the whole canvas instead.
    pub fn new(grid: &DisplayGrid, width: f64, height: f64) -> Self {
        let (nx, nz) = grid.size();
        let profile = nz == 1;
        let stretch = if profile { 1.0 } else { row_stretch(grid) };
        let (across, down) = (nx.max(1) as f64, nz.max(1) as f64 * stretch);
        let cell = if profile {
            width / across
        } else {
            // Room around the map for the example point's rings, so an edge point's is whole:
            // they reach 0.67 cells past a point's block, and at least 6.5 pixels from its center.
            let relative = (width / (across + 2.0 * EXAMPLE_OVERHANG))
                .min(height / (down + 2.0 * EXAMPLE_OVERHANG));
            let fixed = ((width - 2.0 * EXAMPLE_MARGIN_PX) / across)
                .min((height - 2.0 * EXAMPLE_MARGIN_PX) / down);
            relative.min(fixed).max(0.0)
        };
        let rows = if profile { 0.0 } else { nz as f64 };
        Self {
            left: (width - cell * nx as f64) / 2.0,
            top: (height - cell * stretch * rows) / 2.0,
            cell,
            row_cell: cell * stretch,
            columns: nx.max(1),
            profile,
            height,
        }
    }

    /// The center of point `i` (for a profile, at its height `h`).
    pub fn center(&self, i: usize, h: f32) -> (f64, f64) {
        let x = self.left + (i % self.columns) as f64 * self.cell + self.cell / 2.0;
        if self.profile {
            let margin = self.height * 0.1;
            (
                x,
                self.height - margin - f64::from(h) * (self.height - 2.0 * margin),
            )
        } else {
            (
                x,
                self.top + (i / self.columns) as f64 * self.row_cell + self.row_cell / 2.0,
            )
        }
    }

    /// A block's width in canvas pixels: how far apart neighbouring shown columns are drawn.
    pub fn cell(&self) -> f64 {
        self.cell
    }

    /// The shown point under canvas position `(x, y)` (CSS pixels times `ratio`), if any.
    pub fn point_at(&self, grid: &DisplayGrid, x: f64, y: f64) -> Option<usize> {
        let column = ((x - self.left) / self.cell).floor();
        let (nx, nz) = grid.size();
        if column < 0.0 || column >= nx as f64 {
            return None;
        }
        if self.profile {
            return Some(column as usize);
        }
        let row = ((y - self.top) / self.row_cell).floor();
        (row >= 0.0 && row < nz as f64).then(|| row as usize * nx + column as usize)
    }
}

/// How much farther apart `grid`'s rows are than its columns, on average: exactly 1 for a square
/// map (its columns and rows are the same positions); for real land, what its cells of 74 m by
/// 93 m and the points kept of its 403 columns and 344 rows make it.
fn row_stretch(grid: &DisplayGrid) -> f64 {
    let step = |world: &[f32]| match world {
        [first, .., last] => f64::from(last - first) / (world.len() - 1) as f64,
        _ => 0.0,
    };
    let (across, down) = (step(&grid.xs), step(&grid.zs));
    if across > 0.0 && down > 0.0 {
        down / across
    } else {
        1.0
    }
}

/// Draws `pixels` (one RGBA pixel per shown point of `grid`, row 0 north) as the top-down map,
/// in the map view's layout: what the Water and Erosion views draw.
pub fn draw_pixels(
    out: &CanvasRenderingContext2d,
    (width, height): (f64, f64),
    grid: &DisplayGrid,
    pixels: &[u8],
) {
    clear(out, width, height);
    let layout = MapLayout::new(grid, width, height);
    put_image(out, &layout, grid, pixels);
}

/// Puts `pixels` on the canvas in `layout`, one block per shown point.
fn put_image(
    out: &CanvasRenderingContext2d,
    layout: &MapLayout,
    grid: &DisplayGrid,
    pixels: &[u8],
) {
    let (nx, nz) = grid.size();
    if let Some(image) = image_of(nx, nz, pixels) {
        out.set_image_smoothing_enabled(false);
        let _ = out.draw_image_with_html_canvas_element_and_dw_and_dh(
            &image,
            layout.left,
            layout.top,
            layout.cell * nx as f64,
            layout.row_cell * nz as f64,
        );
    }
}

/// A legend at the foot of the canvas on a light panel: a bar of 32 colours, `color_at(t)` for t
/// from 0 at its left to 1 at its right, and a line of text under it.
pub fn draw_legend(
    out: &CanvasRenderingContext2d,
    (width, height): (f64, f64),
    color_at: &dyn Fn(f32) -> [u8; 3],
    text: &str,
) {
    let scale = (width / 640.0).clamp(0.6, 2.0);
    let (bar_w, bar_h) = (150.0 * scale, 9.0 * scale);
    let (x, y) = (6.0 * scale, height - 34.0 * scale);
    let top = y - 6.0 * scale;
    out.set_fill_style_str("rgba(255,255,255,0.88)");
    out.fill_rect(0.0, top, 340.0 * scale, height - top);
    let steps = 32;
    for i in 0..steps {
        let t = (i as f32 + 0.5) / steps as f32;
        out.set_fill_style_str(&css(color_at(t)));
        let step_w = bar_w / f64::from(steps);
        out.fill_rect(x + step_w * f64::from(i), y, step_w + 0.5, bar_h);
    }
    out.set_font(&format!("{:.0}px sans-serif", 11.0 * scale));
    out.set_fill_style_str("rgb(20,20,20)");
    let _ = out.fill_text(text, x, y + bar_h + 13.0 * scale);
}

/// The legend of the Erosion view, at the foot of the canvas on a light panel: a bar from orange
/// (lowered) through grey (unchanged) to blue (raised), scaled to the largest change either way,
/// and the most ground was lowered and raised, as shares of the map's height range.
pub fn draw_change_legend(
    out: &CanvasRenderingContext2d,
    size: (f64, f64),
    (lowered, raised): (f32, f32),
) {
    let largest = lowered.max(raised);
    let color_at = |t: f32| {
        let [r, g, b, _] = display::change_color(0.5, (t * 2.0 - 1.0) * largest, largest);
        [r, g, b]
    };
    let percent = |v: f32| f64::from(v) * 100.0;
    let text = format!(
        "orange: lowered up to {:.2} %, blue: raised up to {:.2} % of the relief",
        percent(lowered),
        percent(raised)
    );
    draw_legend(out, size, &color_at, &text);
}

/// Draws the top-down map of `grid` (greyscale, marks in their colours, north up) and the
/// step's `links`: each point it set (the example point, or a step demo's every point) ringed,
/// with lines to the neighbours it averaged; where the `frame` of a recursive call's view (its
/// corners, as [`crate::model::stepping::Highlight::frame`]) is a few blocks wide, a ring
/// around it (the marks outline the view).
pub fn draw_map(
    out: &CanvasRenderingContext2d,
    (width, height): (f64, f64),
    grid: &DisplayGrid,
    marks: &[Mark],
    (links, frame): (&[(usize, Vec<usize>)], &[usize]),
) {
    clear(out, width, height);
    let layout = MapLayout::new(grid, width, height);
    if layout.profile {
        draw_profile_chart(out, &layout, grid, marks);
    } else {
        put_image(out, &layout, grid, &display::map_pixels(grid, marks));
    }
    let h = |i: usize| grid.heights.get(i).copied().unwrap_or(0.0);
    // A deep recursive call's view, a few blocks wide, ringed as over the 3-D picture.
    let corners: Vec<(f64, f64)> = frame.iter().map(|&i| layout.center(i, h(i))).collect();
    overlay::draw_callout(out, &corners, (width / 500.0).clamp(1.0, 3.0));
    for (point, neighbours) in links {
        let (x, y) = layout.center(*point, h(*point));
        let radius = (layout.cell * 0.9).max(5.0);
        out.set_line_width(2.5);
        for &n in neighbours {
            let (nx, ny) = layout.center(n, h(n));
            out.set_stroke_style_str("white");
            out.begin_path();
            out.move_to(x, y);
            out.line_to(nx, ny);
            out.stroke();
            out.begin_path();
            let _ = out.arc(nx, ny, radius, 0.0, std::f64::consts::TAU);
            out.stroke();
        }
        out.set_stroke_style_str(&highlight());
        out.begin_path();
        let _ = out.arc(x, y, radius * 1.3, 0.0, std::f64::consts::TAU);
        out.stroke();
    }
}

thread_local! {
    /// One scratch canvas for every map image: making a canvas per draw stalls software
    /// rendering now and then for hundreds of milliseconds. It is kept in memory
    /// (`willReadFrequently`), so writing the pixels is a copy on the main thread: on a
    /// GPU-backed canvas `putImageData` waits for the GPU, which with software rendering can
    /// still be busy with a 3-D picture for a few hundred milliseconds.
    static SCRATCH: Option<(HtmlCanvasElement, CanvasRenderingContext2d)> = scratch();
}

fn scratch() -> Option<(HtmlCanvasElement, CanvasRenderingContext2d)> {
    let document = web_sys::window()?.document()?;
    let canvas: HtmlCanvasElement = document.create_element("canvas").ok()?.dyn_into().ok()?;
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"willReadFrequently".into(), &true.into()).ok()?;
    let context = canvas
        .get_context_with_context_options("2d", &options)
        .ok()??
        .dyn_into()
        .ok()?;
    Some((canvas, context))
}

/// `pixels` (`nx` x `nz`, RGBA) on the scratch canvas.
fn image_of(nx: usize, nz: usize, pixels: &[u8]) -> Option<HtmlCanvasElement> {
    let (canvas, context) = SCRATCH.with(Clone::clone)?;
    if canvas.width() != nx as u32 || canvas.height() != nz as u32 {
        canvas.set_width(nx as u32);
        canvas.set_height(nz as u32);
    }
    let image =
        ImageData::new_with_u8_clamped_array_and_sh(Clamped(pixels), nx as u32, nz as u32).ok()?;
    // Whole pixels: under `web_sys_unstable_apis` (.cargo/config.toml) web-sys takes i32 here.
    context.put_image_data(&image, 0, 0).ok()?;
    Some(canvas)
}

/// A profile in the map view: a side-on chart, heights as a grey line, marked points as dots.
fn draw_profile_chart(
    out: &CanvasRenderingContext2d,
    layout: &MapLayout,
    grid: &DisplayGrid,
    marks: &[Mark],
) {
    out.set_stroke_style_str("rgb(60,60,60)");
    out.set_line_width(1.5);
    out.begin_path();
    for (i, &h) in grid.heights.iter().enumerate() {
        let (x, y) = layout.center(i, h);
        if i == 0 {
            out.move_to(x, y);
        } else {
            out.line_to(x, y);
        }
    }
    out.stroke();
    for (i, mark) in marks.iter().enumerate() {
        let Some([r, g, b, _]) = display::mark_color(*mark) else {
            continue;
        };
        let colour = css([r, g, b]);
        let (x, y) = layout.center(i, grid.heights[i]);
        out.set_fill_style_str(&colour);
        out.fill_rect(x - 2.5, y - 2.5, 5.0, 5.0);
    }
}

/// Draws the surface's grid lines as seen by `camera`, marked points as dots.
pub fn draw_wireframe(
    out: &CanvasRenderingContext2d,
    (width, height): (f64, f64),
    camera: &Camera,
    grid: &DisplayGrid,
    marks: &[Mark],
    height_scale: f32,
    profile: bool,
) {
    clear(out, width, height);
    let (nx, nz) = grid.size();
    let projection = Projection::new(camera, (width, height));
    let project = |i: usize, j: usize| -> Option<(f64, f64)> {
        let h = grid.heights.get(j * nx + i).copied().unwrap_or(0.0);
        let z = if profile { 0.0 } else { grid.zs[j] };
        projection.at(grid.xs[i], h * height_scale, z)
    };
    let polyline = |points: &mut dyn Iterator<Item = Option<(f64, f64)>>| {
        out.begin_path();
        let mut pen_down = false;
        for point in points {
            match point {
                Some((x, y)) if pen_down => out.line_to(x, y),
                Some((x, y)) => {
                    out.move_to(x, y);
                    pen_down = true;
                }
                None => pen_down = false,
            }
        }
        out.stroke();
    };
    out.set_stroke_style_str("rgb(40,70,100)");
    out.set_line_width(1.0);
    let stride = |n: usize| n.div_ceil(WIREFRAME_LINES).max(1);
    let (sx, sz) = (stride(nx), stride(nz));
    let lines = |n: usize, s: usize| {
        (0..n)
            .step_by(s)
            .chain((!(n - 1).is_multiple_of(s)).then_some(n - 1))
    };
    let along = |n: usize| {
        let s = n.div_ceil(WIREFRAME_POINTS).max(1);
        (0..n)
            .step_by(s)
            .chain((!(n - 1).is_multiple_of(s)).then_some(n - 1))
    };
    if profile {
        // A profile is one line: keep every point of it.
        polyline(&mut (0..nx).map(|i| project(i, 0)));
    } else {
        for j in lines(nz, sz) {
            polyline(&mut along(nx).map(|i| project(i, j)));
        }
        for i in lines(nx, sx) {
            polyline(&mut along(nz).map(|j| project(i, j)));
        }
    }
    for (index, mark) in marks.iter().enumerate() {
        let Some([r, g, b, _]) = display::mark_color(*mark).filter(|_| *mark != Mark::Unset) else {
            continue;
        };
        if let Some((x, y)) = project(index % nx.max(1), index / nx.max(1)) {
            out.set_fill_style_str(&css([r, g, b]));
            out.fill_rect(x - 2.0, y - 2.0, 4.0, 4.0);
        }
    }
}
