//! Routing the shown points, where the routing is made (natively, and in the page's worker by
//! the encoders' module): the flood in order, the flow, the Water view's layer and the flood
//! steps' captions ([`route`]), and all of it as bytes for the page ([`routing_bytes`]).

use super::flood::{self, FLOOD_STEPS};
use super::routed::{Routed, Wet};
use super::shown::{self, water_pixels_routed};
use super::{fill, Water};
use crate::analysis::derived::Relief;
use crate::analysis::materials::{self, Lines};
use crate::map::heightmap::Heightmap;
use crate::shown::display::DisplayGrid;

/// The shown heights routed: their water, the order the flood took them in, what the Water
/// view shows at each point, and what each flood step's caption says. `None` for a grid too
/// small to route or with no ground. The page has this done in its worker, by the encoders'
/// module ([`routing_bytes`], [`Routed::from_bytes`]): routing, the layer and the captions are
/// no part of its first load, which only paints them.
pub fn route(grid: &DisplayGrid) -> Option<Routed> {
    route_points(grid.size().0, &grid.heights, &Lines::DEFAULT)
}

/// [`route`] on `heights`, `columns` across, row by row (holes not a number), the land coloured
/// by the materials' `lines`.
fn route_points(columns: usize, heights: &[f32], lines: &Lines) -> Option<Routed> {
    let (map, range) = sunk(columns, heights)?;
    let (filled, order) = fill::priority_flood_in_order(&map).ok()?;
    let water = Water::from_filled(filled);
    let layer = shown::layer_of(columns, heights, &map, &water, range)
        .into_iter()
        .map(Wet::quantised)
        .collect();
    let mut routed = Routed {
        water,
        order,
        layer,
        captions: Vec::new(),
        land: Vec::new(),
    };
    let rows = heights.len() / columns;
    let relief = Relief::shown_at(columns, rows);
    routed.land = materials::land_colours(&map, &routed.water, relief, lines)
        .unwrap_or_else(|_| vec![[128, 128, 128, 255]; heights.len()]);
    routed.captions = (0..FLOOD_STEPS)
        .map(|step| flood::flood_caption(columns, &routed, step))
        .collect();
    Some(routed)
}

/// `heights` (`columns` across, row by row) as a map to route, every hole (not a number) a sink
/// below the lowest ground, and the lowest and highest ground; `None` for fewer than 3 x 3
/// points or no ground.
fn sunk(columns: usize, heights: &[f32]) -> Option<(Heightmap, (f32, f32))> {
    let rows = heights.len().checked_div(columns)?;
    let finite = heights.iter().copied().filter(|h| h.is_finite());
    let (lo, hi) = finite.fold((f32::INFINITY, f32::NEG_INFINITY), |(a, b), h| {
        (a.min(h), b.max(h))
    });
    if columns < 3 || rows < 3 || lo > hi || rows * columns != heights.len() {
        return None;
    }
    let sink = lo - (hi - lo).max(1.0);
    let heights: Vec<f32> = heights
        .iter()
        .map(|&h| if h.is_finite() { h } else { sink })
        .collect();
    let map = Heightmap::from_data(columns, rows, heights).ok()?;
    Some((map, (lo, hi)))
}

/// The shown heights `grid` (holes not a number) routed by [`route`], as bytes for the page:
/// the filled heights (f32), where each point drains, its flow and the order the flood took it
/// in (u32), its [`Wet`] (a kind and a 0..255 value, u8), what the land view paints there (an
/// sRGB colour and the sky it sees, 4 u8: `materials::land_colours`), then each flood step's caption (its
/// length in bytes, u32, and its UTF-8), little-endian ([`Routed::from_bytes`] reads them).
/// The land is coloured by the materials' `lines`. Fails for a grid that cannot be routed.
pub fn routing_bytes(grid: &Heightmap, lines: &Lines) -> Result<Vec<u8>, String> {
    let routed = route_points(grid.width(), grid.data(), lines).ok_or("too few points to route")?;
    let water = &routed.water;
    let mut bytes: Vec<u8> = water
        .filled
        .data()
        .iter()
        .flat_map(|h| h.to_le_bytes())
        .collect();
    for words in [&water.downstream, &water.accumulation, &routed.order] {
        bytes.extend(words.iter().flat_map(|w| w.to_le_bytes()));
    }
    bytes.extend(routed.layer.iter().map(|w| w.code().0));
    bytes.extend(routed.layer.iter().map(|w| w.code().1));
    bytes.extend(routed.land.iter().flatten());
    for caption in &routed.captions {
        bytes.extend((caption.len() as u32).to_le_bytes());
        bytes.extend(caption.as_bytes());
    }
    Ok(bytes)
}

/// The Water view's layer: one [`Wet`] per shown point, routed on the shown heights (holes
/// drain like the border).
pub fn water_layer(grid: &DisplayGrid) -> Vec<Wet> {
    match route(grid) {
        Some(routed) => routed.layer,
        None => vec![Wet::Dry; grid.heights.len()],
    }
}

/// The Water view's pixels: one RGBA pixel per shown point, row 0 (north) first: the relief lit
/// from the north-west in greys (heights stretched by `relief_scale`, as the creases view
/// does), lakes and rivers in blues over it, holes transparent.
pub fn water_pixels(grid: &DisplayGrid, relief_scale: f32) -> Vec<u8> {
    water_pixels_routed(grid, relief_scale, route(grid).as_ref())
}
