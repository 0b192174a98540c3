//! Maps derived from the heights, to texture and paint a terrain in an engine: a tangent-space
//! normal map (8-bit RGB), a slope mask and a flow mask (16-bit grey), and where water gathers
//! and the ground bulges or hollows ([`landform`]: wetness and curvature). The command line's
//! `--maps` and the page write them through one function (`files/derived_png.rs`), so both give
//! the same bytes; this module knows no file format.

pub mod fit;
pub mod landform;
mod slope_view;

pub use slope_view::{slope_color, slope_view, SlopeView, SLOPE_RAMP};

use crate::knobs::{self, params::ParamError};
use crate::map::heightmap::Heightmap;

/// Which way the normal map's green channel points: engines disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Green {
    /// Green up (+Y towards the map's first row, north): OpenGL's convention, as Unity, Godot and
    /// Blender read normal maps.
    Up,
    /// Green down: DirectX's convention, as Unreal reads them.
    Down,
}

/// The real size of a map: how many metres its lowest to highest point spans, and how many metres
/// lie between neighbouring points. The normal map's strength and the slope mask's angles come
/// from their ratio.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Relief {
    /// Metres from the lowest to the highest point (height 0 to 1 of the map).
    pub height_m: f32,
    /// Metres between neighbouring points.
    pub cell_m: f32,
}

impl Relief {
    /// The relief the page's 3-D view shows: peaks 0.6 of the map's width above its lowest point,
    /// one metre a cell.
    pub fn as_shown(map: &Heightmap) -> Relief {
        Relief::shown_at(map.width(), map.height())
    }

    /// [`Relief::as_shown`] for a map of `width` x `height` points.
    pub fn shown_at(width: usize, height: usize) -> Relief {
        Relief {
            height_m: 0.6 * (width.max(height).max(1) - 1).max(1) as f32,
            cell_m: 1.0,
        }
    }
}

/// The derived maps, by the names `--maps` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Derived {
    /// The tangent-space normal map, `NAME_normal.png`.
    Normal,
    /// The slope mask, `NAME_slope.png`.
    Slope,
    /// The flow mask, `NAME_flow.png`.
    Flow,
    /// The topographic wetness index, `NAME_wetness.png` ([`landform`]).
    Wetness,
    /// Convex and concave ground, `NAME_curvature.png` ([`landform`]).
    Curvature,
    /// How far the chain's erosion steps lowered each cell, `NAME_wear.png`
    /// ([`crate::chain::moved`]).
    Wear,
    /// How far they raised it, `NAME_deposit.png`.
    Deposit,
    /// The layers' weights ([`crate::materials`]): `NAME_splat0.png`, `NAME_splat1.png` and
    /// `NAME_LAYER.png` a layer.
    Splat,
    /// The layers' colours mixed by their weights, `NAME_albedo.png`.
    Albedo,
    /// The shadows the land casts under the Land view's sun ([`crate::materials::light::SUN`]),
    /// `NAME_shadow.png`.
    Shadow,
}

impl Derived {
    /// Every derived map, in the order `--maps` lists them.
    pub const ALL: [Derived; 10] = [
        Derived::Normal,
        Derived::Slope,
        Derived::Flow,
        Derived::Wetness,
        Derived::Curvature,
        Derived::Wear,
        Derived::Deposit,
        Derived::Splat,
        Derived::Albedo,
        Derived::Shadow,
    ];

    /// The name `--maps` takes and the file's suffix.
    pub fn name(self) -> &'static str {
        match self {
            Derived::Normal => "normal",
            Derived::Slope => "slope",
            Derived::Flow => "flow",
            Derived::Wetness => "wetness",
            Derived::Curvature => "curvature",
            Derived::Wear => "wear",
            Derived::Deposit => "deposit",
            Derived::Splat => "splat",
            Derived::Albedo => "albedo",
            Derived::Shadow => "shadow",
        }
    }

    /// Whether it paints the materials' layers (the splat, the albedo): what the material
    /// knobs (`--snow-line` ...) place, and what writes the sidecar's `layers`.
    pub fn paints(self) -> bool {
        matches!(self, Derived::Splat | Derived::Albedo)
    }

    /// Whether it is measured as the chain runs (wear, deposit) rather than read off the
    /// heights.
    pub fn from_chain(self) -> bool {
        matches!(self, Derived::Wear | Derived::Deposit)
    }

    /// Whether it reads what the chain's erosion moved: wear and deposit, and the materials
    /// (sand and scree where material was laid down), which do without it on a map alone.
    pub fn reads_chain(self) -> bool {
        matches!(
            self,
            Derived::Wear | Derived::Deposit | Derived::Splat | Derived::Albedo
        )
    }

    /// What its values mean, for the sidecar.
    pub fn described(self, green: Green) -> &'static str {
        match (self, green) {
            (Derived::Normal, Green::Up) => {
                "8-bit RGB tangent-space normals, (n + 1) / 2 x 255; red east, green up (north, \
                 OpenGL: Unity, Godot, Blender), blue out of the ground"
            }
            (Derived::Normal, Green::Down) => {
                "8-bit RGB tangent-space normals, (n + 1) / 2 x 255; red east, green down \
                 (south, DirectX: Unreal), blue out of the ground"
            }
            (Derived::Slope, _) => {
                "16-bit grey slope angle: 0 flat, 65535 vertical (90 degrees), linear in the angle"
            }
            (Derived::Flow, _) => {
                "16-bit grey flow: ln(cells draining through the cell, itself included) / \
                 ln(most cells); 0 a ridge, 65535 the busiest outlet"
            }
            (Derived::Wetness, _) => {
                "16-bit grey topographic wetness index ln(a / tan b): a the cells draining \
                 through the cell (itself included, as terrain flow routes them) times cell_m, b \
                 the slope angle as the slope map measures it, at least 0.1 degrees; 0 is the \
                 range's low end, 65535 its high end, linear between"
            }
            (Derived::Curvature, _) => {
                "16-bit grey curvature -(d2z/dx2 + d2z/dy2) per metre (the heights in metres): \
                 32768 flat or planar, above it convex (ridges, hilltops), below it concave \
                 (hollows, valley floors); 0 and 65535 are the range's ends, linear between, \
                 clamped beyond"
            }
            (Derived::Wear, _) => {
                "16-bit grey wear: how far the chain's erosion steps (erode, thermal, uplift) \
                 lowered the cell, each step against the map it was given, summed; 0 none, 65535 \
                 the range's high end, in the map's heights (the sidecar's range before \
                 normalising)"
            }
            (Derived::Deposit, _) => {
                "16-bit grey deposit: how far the chain's erosion steps (erode, thermal, uplift) \
                 raised the cell, each step against the map it was given, summed; 0 none, 65535 \
                 the range's high end, in the map's heights (the sidecar's range before \
                 normalising)"
            }
            (Derived::Splat, _) => {
                "8-bit weights of the layers (the sidecar's layers): NAME_splat0.png RGBA the \
                 first four, NAME_splat1.png the rest (0 where a channel has no layer), and one \
                 grey NAME_LAYER.png a layer equal to its channel; at every cell the layers sum \
                 to exactly 255"
            }
            (Derived::Albedo, _) => {
                "8-bit sRGB colour, unlit: the layers' colours weighted by their splat bytes \
                 over 255, mixed in linear light"
            }
            (Derived::Shadow, _) => {
                "8-bit grey cast shadows of a sun 35 degrees high shining from 124 degrees \
                 clockwise from north (the south-east; the page's Land view's sun), in the \
                 relief: 255 in full sun, 0 where the land towards the sun stands half a cell or \
                 more above the ray, softly between; faces turned from the sun are not darkened \
                 (the normal map's business)"
            }
        }
    }
}

/// Parses `--maps`: names from `normal`, `slope`, `flow`, `wetness`, `curvature`, `wear`,
/// `deposit`, `splat`, `albedo`, `shadow`, comma-separated, each at most once.
pub fn parse_maps(text: &str) -> Result<Vec<Derived>, ParamError> {
    let knob = &knobs::MAPS;
    let refused =
        |said: String| ParamError::new(knob.name, format!("maps must be {}, {said}", knob.range()));
    let mut maps = Vec::new();
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let map = Derived::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| refused(format!("got \"{name}\"")))?;
        if !maps.contains(&map) {
            maps.push(map);
        }
    }
    if maps.is_empty() {
        return Err(refused("but it is empty".into()));
    }
    Ok(maps)
}

/// The height differences across point `(x, y)` in metres per metre, east and south: central
/// differences inside, one-sided on the border.
fn gradient(map: &Heightmap, relief: Relief, x: usize, y: usize) -> (f32, f32) {
    gradient_of(Points::of(map), relief, x, y)
}

/// A map's points as a gradient reads them: its width, height and heights row by row.
#[derive(Clone, Copy)]
struct Points<'a> {
    width: usize,
    height: usize,
    heights: &'a [f32],
}

impl<'a> Points<'a> {
    fn of(map: &'a Heightmap) -> Self {
        Points {
            width: map.width(),
            height: map.height(),
            heights: map.data(),
        }
    }

    fn get(&self, x: usize, y: usize) -> f32 {
        self.heights.get(y * self.width + x).copied().unwrap_or(0.0)
    }
}

/// [`gradient`] on `points`.
fn gradient_of(points: Points<'_>, relief: Relief, x: usize, y: usize) -> (f32, f32) {
    let (w, h) = (points.width, points.height);
    let scale = relief.height_m / relief.cell_m;
    let along = |a: f32, b: f32, span: usize| (b - a) * scale / span.max(1) as f32;
    let (x0, x1) = (x.saturating_sub(1), (x + 1).min(w - 1));
    let (y0, y1) = (y.saturating_sub(1), (y + 1).min(h - 1));
    (
        along(points.get(x0, y), points.get(x1, y), x1 - x0),
        along(points.get(x, y0), points.get(x, y1), y1 - y0),
    )
}

/// The unit normal of point `(x, y)` as 8-bit RGB.
fn normal_rgb(map: &Heightmap, relief: Relief, green: Green, x: usize, y: usize) -> [u8; 3] {
    let (east, south) = gradient(map, relief, x, y);
    // The surface z = h(east, north) has normal (-dh/deast, -dh/dnorth, 1); north is minus south.
    let (nx, ny, nz) = (-east, south, 1.0f32);
    let length = (nx * nx + ny * ny + nz * nz).sqrt();
    let ny = match green {
        Green::Up => ny,
        Green::Down => -ny,
    };
    let byte = |v: f32| ((v / length * 0.5 + 0.5) * 255.0).round().clamp(0.0, 255.0) as u8;
    [byte(nx), byte(ny), byte(nz)]
}

/// The tangent-space normal map of `map` as 8-bit RGB pixels, row by row.
pub fn normal_pixels(map: &Heightmap, relief: Relief, green: Green) -> Vec<u8> {
    (0..map.height())
        .flat_map(|y| (0..map.width()).map(move |x| (x, y)))
        .flat_map(|(x, y)| normal_rgb(map, relief, green, x, y))
        .collect()
}

/// The slope angle of every point over 90 degrees: 0 flat, 1 vertical.
pub fn slope_map(map: &Heightmap, relief: Relief) -> Result<Heightmap, ParamError> {
    let angles = slope_shares(Points::of(map), relief, Trig::OWN);
    Heightmap::from_data(map.width(), map.height(), angles)
}

/// A weight for every point of `map`, row by row, read off its slope: `known(rise²)` where that
/// answers from the squared rise alone (the gradient's squared length, `tan²` of the angle),
/// else `weigh(degrees)` of the angle exactly as [`slope_map`] measures it. A mask by slope
/// answers most points from the squared rise, so it takes an arc tangent only near its band's
/// edges.
pub fn by_slope(
    map: &Heightmap,
    relief: Relief,
    known: impl Fn(f64) -> Option<f32>,
    weigh: impl Fn(f32) -> f32,
) -> Vec<f32> {
    let points = Points::of(map);
    let w = points.width;
    (0..w * points.height)
        .map(|i| {
            let (east, south) = gradient_of(points, relief, i % w, i / w);
            let (east, south) = (f64::from(east), f64::from(south));
            known(east * east + south * south).unwrap_or_else(|| {
                let rise = (Trig::OWN.hypot)(east, south);
                let share = ((Trig::OWN.atan)(rise) / std::f64::consts::FRAC_PI_2) as f32;
                weigh(share * 90.0)
            })
        })
        .collect()
}

/// The arc tangent and the length of a vector (`hypot`) a slope is measured with: the
/// platform's own ([`Trig::OWN`]), or on the page the browser's `Math.atan` and `Math.hypot`,
/// which keep the libm code out of its first load.
#[derive(Debug, Clone, Copy)]
pub struct Trig {
    /// The arc tangent, in radians.
    pub atan: fn(f64) -> f64,
    /// The length of the vector (x, y).
    pub hypot: fn(f64, f64) -> f64,
}

impl Trig {
    /// Rust's own `f64::atan` and `f64::hypot`.
    pub const OWN: Trig = Trig {
        atan: f64::atan,
        hypot: f64::hypot,
    };
}

/// The slope angle of every point of `points` over 90 degrees (0 flat, 1 vertical), row by
/// row, measured with `trig`.
fn slope_shares(points: Points<'_>, relief: Relief, trig: Trig) -> Vec<f32> {
    let w = points.width;
    (0..w * points.height)
        .map(|i| {
            let (east, south) = gradient_of(points, relief, i % w, i / w);
            // In f64: the page's wasm and the command line take their arc tangents from
            // different libraries, which may differ in the last bit; rounded to f32 from f64 the
            // two agree (an f32 `atan` put one slope in 3000 a 16-bit step apart).
            let rise = (trig.hypot)(f64::from(east), f64::from(south));
            ((trig.atan)(rise) / std::f64::consts::FRAC_PI_2) as f32
        })
        .collect()
}

#[cfg(test)]
mod tests;
