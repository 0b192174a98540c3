//! Maps derived from the heights, to texture and paint a terrain in an engine: a tangent-space
//! normal map (8-bit RGB), a slope mask and a flow mask (16-bit grey). The command line's
//! `--maps` and the page write them through one function (`files/derived_png.rs`), so both give
//! the same bytes; this module knows no file format.

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
        Relief {
            height_m: 0.6 * (map.width().max(map.height()) - 1).max(1) as f32,
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
}

impl Derived {
    /// Every derived map, in the order `--maps` lists them.
    pub const ALL: [Derived; 3] = [Derived::Normal, Derived::Slope, Derived::Flow];

    /// The name `--maps` takes and the file's suffix.
    pub fn name(self) -> &'static str {
        match self {
            Derived::Normal => "normal",
            Derived::Slope => "slope",
            Derived::Flow => "flow",
        }
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
        }
    }
}

/// Parses `--maps`: names from `normal`, `slope`, `flow`, comma-separated, each at most once.
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
    let (w, h) = (map.width(), map.height());
    let scale = relief.height_m / relief.cell_m;
    let along = |a: f32, b: f32, span: usize| (b - a) * scale / span.max(1) as f32;
    let (x0, x1) = (x.saturating_sub(1), (x + 1).min(w - 1));
    let (y0, y1) = (y.saturating_sub(1), (y + 1).min(h - 1));
    (
        along(map.get(x0, y), map.get(x1, y), x1 - x0),
        along(map.get(x, y0), map.get(x, y1), y1 - y0),
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
    let (w, h) = (map.width(), map.height());
    let angles: Vec<f32> = (0..w * h)
        .map(|i| {
            let (east, south) = gradient(map, relief, i % w, i / w);
            // In f64: the page's wasm and the command line take their arc tangents from
            // different libraries, which may differ in the last bit; rounded to f32 from f64 the
            // two agree (an f32 `atan` put one slope in 3000 a 16-bit step apart).
            let rise = f64::from(east).hypot(f64::from(south));
            (rise.atan() / std::f64::consts::FRAC_PI_2) as f32
        })
        .collect();
    Heightmap::from_data(w, h, angles)
}

#[cfg(test)]
mod tests;
