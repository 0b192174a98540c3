//! What the page's Water view draws of the shown points: the relief, lit from the north-west,
//! with lakes where water stands after filling and rivers where enough cells drain through,
//! each river as wide as its flow.

use super::routed::{route, Routed};
use crate::shown::creases::relief_shading;
use crate::shown::display::{DisplayGrid, Mark};

/// The colour of a river at its widest (narrow ones are blended with the ground in the Water
/// view) and of a lake's deepest water (shallow water lets more ground through).
pub use crate::shown::display::{LAKE_COLOR, RIVER_COLOR};

/// What one shown point is in the Water view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Wet {
    /// Ground: no lake and no river.
    Dry,
    /// Standing water, 0 (a film) to 1 (the deepest lake shown).
    Lake(f32),
    /// A river covers it; its strength 0 (the smallest river) to 1 (the largest).
    River(f32),
    /// No ground (a hole between two maps shown side by side).
    Hole,
}

/// The fewest shown cells that must drain through a cell for it to be a river: half the square
/// root of the number shown, and at least 8 (128 of the 66 049 points of a 257 x 257 view).
pub fn river_threshold(cells: usize) -> u32 {
    ((cells as f64).sqrt() * 2.0).max(8.0) as u32
}

/// The radius in shown cells a river covers where `flow` cells drain through it: growing with
/// the logarithm of the flow, 0 at the threshold (one cell wide).
pub fn river_radius(flow: u32, threshold: u32) -> f32 {
    0.45 * (f64::from(flow) / f64::from(threshold)).log2().max(0.0) as f32
}

/// Lakes shallower than this share of the shown heights' range are not drawn (the filling's
/// epsilon slopes leave films far thinner).
pub const LAKE_LEAST: f32 = 0.002;

/// The Water view's layer: one [`Wet`] per shown point, routed on the shown heights (holes
/// drain like the border).
pub fn water_layer(grid: &DisplayGrid) -> Vec<Wet> {
    let (nx, nz) = grid.size();
    match route(grid) {
        Some(routed) => layer_of(grid, &routed),
        None => vec![Wet::Dry; nx * nz],
    }
}

/// [`water_layer`] from a routing already made.
fn layer_of(grid: &DisplayGrid, routed: &Routed) -> Vec<Wet> {
    let (nx, nz) = grid.size();
    let (map, water, (lo, hi)) = (&routed.map, &routed.water, routed.range);
    let range = (hi - lo).max(f32::MIN_POSITIVE);
    let depths = water.lake_depth(map);
    let deepest = depths
        .iter()
        .copied()
        .fold(0.0f32, f32::max)
        .max(LAKE_LEAST * range);
    let mut layer: Vec<Wet> = grid
        .heights
        .iter()
        .zip(&depths)
        .map(|(&h, &d)| {
            if !h.is_finite() {
                Wet::Hole
            } else if d > LAKE_LEAST * range {
                Wet::Lake(d / deepest)
            } else {
                Wet::Dry
            }
        })
        .collect();
    // Rivers, smallest first so a larger one covers the smaller where they meet.
    let threshold = river_threshold(nx * nz);
    let most = water.most_flow().max(threshold + 1);
    let mut rivers: Vec<usize> = (0..nx * nz)
        .filter(|&i| water.accumulation[i] >= threshold && grid.heights[i].is_finite())
        .collect();
    rivers.sort_by_key(|&i| (water.accumulation[i], i));
    let top = river_radius(most, threshold).max(f32::MIN_POSITIVE);
    for i in rivers {
        let radius = river_radius(water.accumulation[i], threshold);
        let strength = radius / top;
        let reach = radius.floor() as isize;
        let (x, z) = ((i % nx) as isize, (i / nx) as isize);
        for dz in -reach..=reach {
            for dx in -reach..=reach {
                let (px, pz) = (x + dx, z + dz);
                let inside = px >= 0 && pz >= 0 && (px as usize) < nx && (pz as usize) < nz;
                if !inside || ((dx * dx + dz * dz) as f32) > radius * radius {
                    continue;
                }
                let at = pz as usize * nx + px as usize;
                if !matches!(layer[at], Wet::Hole | Wet::Lake(_)) {
                    layer[at] = Wet::River(strength);
                }
            }
        }
    }
    layer
}

/// The Water on the land view (`water-3d`): the shown grid with every lake point raised to the
/// level its lake fills to (flat water), and one mark per point: [`Mark::Lake`],
/// [`Mark::River`] where the Water view draws a river, [`Mark::Set`] elsewhere (its height's
/// colour). Dry and unmarked where nothing is routed (yet).
pub fn water_3d(grid: &DisplayGrid, routed: Option<&Routed>) -> (DisplayGrid, Vec<Mark>) {
    let Some(routed) = routed else {
        return (grid.clone(), vec![Mark::Set; grid.heights.len()]);
    };
    let layer = layer_of(grid, routed);
    let mut shown = grid.clone();
    let marks = layer
        .iter()
        .enumerate()
        .map(|(i, wet)| match wet {
            Wet::Lake(_) => {
                shown.heights[i] = routed.water.filled.data()[i];
                Mark::Lake
            }
            Wet::River(_) => Mark::River,
            Wet::Dry | Wet::Hole => Mark::Set,
        })
        .collect();
    (shown, marks)
}

/// Mixes `a` into `b` by `t` (0: `a`, 1: `b`).
fn mix(a: [u8; 4], b: [u8; 4], t: f32) -> [u8; 4] {
    let t = t.clamp(0.0, 1.0);
    let c = |i: usize| (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t).round() as u8;
    [c(0), c(1), c(2), 255]
}

/// The Water view's pixels: one RGBA pixel per shown point, row 0 (north) first: the relief lit
/// from the north-west in greys (heights stretched by `relief_scale`, as the creases view
/// does), lakes and rivers in blues over it, holes transparent.
pub fn water_pixels(grid: &DisplayGrid, relief_scale: f32) -> Vec<u8> {
    water_pixels_routed(grid, relief_scale, route(grid).as_ref())
}

/// [`water_pixels`] from a routing already made (`None`: all dry).
pub fn water_pixels_routed(
    grid: &DisplayGrid,
    relief_scale: f32,
    routed: Option<&Routed>,
) -> Vec<u8> {
    let shade = relief_shading(grid, relief_scale);
    let layer = match routed {
        Some(routed) => layer_of(grid, routed),
        None => vec![Wet::Dry; grid.heights.len()],
    };
    let mut pixels = Vec::with_capacity(layer.len() * 4);
    for (wet, light) in layer.iter().zip(shade) {
        let grey = if light.is_finite() {
            (70.0 + 170.0 * light).round() as u8
        } else {
            140
        };
        let ground = [grey, grey, grey, 255];
        let pixel = match *wet {
            Wet::Hole => [0; 4],
            Wet::Dry => ground,
            Wet::Lake(depth) => mix(ground, LAKE_COLOR, 0.7 + 0.3 * depth),
            Wet::River(strength) => mix(ground, RIVER_COLOR, 0.85 + 0.15 * strength),
        };
        pixels.extend_from_slice(&pixel);
    }
    pixels
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chapters::diamond_square::algorithm as diamond_square;
    use crate::chapters::midpoint::algorithm::MpdParams;
    use crate::map::heightmap::Heightmap;
    use crate::shown::display::display_grid;
    use crate::water::routed::routing_bytes;

    fn grid(f: impl Fn(usize, usize) -> f32, n: usize) -> DisplayGrid {
        let map =
            Heightmap::from_data(n, n, (0..n * n).map(|i| f(i % n, i / n)).collect()).expect("map");
        display_grid(&map, n, n)
    }

    #[test]
    fn a_v_valley_has_its_river_along_the_floor_widening_downstream() {
        // Falling towards z = 0 and towards the middle column.
        let g = grid(|x, z| (x as f32 - 32.0).abs() * 0.01 + z as f32 * 0.002, 65);
        let layer = water_layer(&g);
        let river = |x: usize, z: usize| matches!(layer[z * 65 + x], Wet::River(_));
        assert!(river(32, 5) && river(32, 40), "the floor is a river");
        assert!(!river(5, 40) && !river(60, 5), "the slopes are dry");
        let width = |z: usize| (0..65).filter(|&x| river(x, z)).count();
        assert!(
            width(2) > width(50),
            "wider downstream: {} vs {}",
            width(2),
            width(50)
        );
    }

    /// A round bowl 41 points across: its floor 0 at the middle, rising to 0.12 at radius 12,
    /// where the rim stands at 0.3 and falls away outside.
    fn bowl() -> DisplayGrid {
        grid(
            |x, z| {
                let r = ((x as f32 - 20.0).powi(2) + (z as f32 - 20.0).powi(2)).sqrt();
                if r < 12.0 {
                    r * 0.01
                } else {
                    0.3 - (r - 12.0) * 0.01
                }
            },
            41,
        )
    }

    #[test]
    fn a_bowl_holds_a_lake_and_its_rim_stays_dry() {
        let g = bowl();
        let layer = water_layer(&g);
        assert!(
            matches!(layer[20 * 41 + 20], Wet::Lake(d) if d > 0.9),
            "{:?}",
            layer[20 * 41 + 20]
        );
        assert_eq!(layer[0], Wet::Dry);
    }

    /// River cells, and how many lie lower than the mean of the 9 x 9 cells around them.
    fn rivers_below_surroundings(map: &Heightmap) -> (usize, usize) {
        let n = map.width();
        let g = display_grid(map, n, n);
        let layer = water_layer(&g);
        let (mut lower, mut rivers) = (0, 0);
        for z in 4..n - 4 {
            for x in 4..n - 4 {
                if !matches!(layer[z * n + x], Wet::River(_)) {
                    continue;
                }
                let around: f32 = (z - 4..=z + 4)
                    .flat_map(|zz| (x - 4..=x + 4).map(move |xx| (xx, zz)))
                    .map(|(xx, zz)| g.heights[zz * n + xx])
                    .sum::<f32>()
                    / 81.0;
                rivers += 1;
                if g.heights[z * n + x] < around {
                    lower += 1;
                }
            }
        }
        (rivers, lower)
    }

    #[test]
    fn rivers_lie_in_valleys_on_an_eroded_map() {
        let params = MpdParams {
            exponent: 7,
            ..MpdParams::DEFAULT
        };
        for seed in [3, 7] {
            let mut map = diamond_square::generate(&params, seed).expect("valid");
            let (rivers, lower) = rivers_below_surroundings(&map);
            assert!(
                rivers > 50 && lower * 2 > rivers,
                "{lower} of {rivers} before erosion"
            );
            let erosion = crate::chapters::eroded::algorithm::ErosionParams {
                droplets: 40_000,
                ..crate::chapters::eroded::algorithm::ErosionParams::DEFAULT
            };
            crate::chapters::eroded::algorithm::erode(&mut map, &erosion, seed).expect("valid");
            let (rivers, lower) = rivers_below_surroundings(&map);
            assert!(rivers > 50, "{rivers} river cells");
            assert!(
                lower * 10 > rivers * 7,
                "seed {seed}: {lower} of {rivers} in valleys"
            );
        }
    }

    #[test]
    fn on_the_land_a_lake_lies_flat_at_its_rim_and_a_river_runs_on_the_ground() {
        let bowl = bowl();
        let (shown, marks) = water_3d(&bowl, route(&bowl).as_ref());
        let middle = 20 * 41 + 20;
        assert_eq!(marks[middle], Mark::Lake);
        // The lake's surface: at the rim's level (the lowest way out, just under 0.3 where the
        // outer slope starts), flat to within the filling's epsilons, far above the floor (0).
        assert!(
            (0.28..0.3).contains(&shown.heights[middle]),
            "{}",
            shown.heights[middle]
        );
        let lake: Vec<f32> = (0..41 * 41)
            .filter(|&i| marks[i] == Mark::Lake)
            .map(|i| shown.heights[i])
            .collect();
        let (lo, hi) = lake
            .iter()
            .fold((f32::MAX, f32::MIN), |(a, b), &h| (a.min(h), b.max(h)));
        assert!(hi - lo < 1e-4, "flat water: {lo} to {hi}");
        assert_eq!(marks[0], Mark::Set);
        assert_eq!(
            shown.heights[0], bowl.heights[0],
            "dry ground keeps its height"
        );
        let valley = grid(|x, z| (x as f32 - 32.0).abs() * 0.01 + z as f32 * 0.002, 65);
        let (shown, marks) = water_3d(&valley, route(&valley).as_ref());
        assert_eq!(marks[40 * 65 + 32], Mark::River);
        assert_eq!(
            shown.heights[40 * 65 + 32],
            valley.heights[40 * 65 + 32],
            "a river on the ground"
        );
    }

    #[test]
    fn a_routing_made_elsewhere_reads_back_as_the_same_routing() {
        let mut g = bowl();
        g.heights[41 * 3 + 5] = f32::NAN;
        let routed = route(&g).expect("routed");
        let bytes = routing_bytes(&routed.water);
        assert_eq!(Routed::from_bytes(&g, &bytes), Some(routed));
        assert_eq!(Routed::from_bytes(&g, &bytes[4..]), None, "short");
        let mut far = bytes.clone();
        far[4 * 41 * 41..4 * 41 * 41 + 4].copy_from_slice(&(41u32 * 41).to_le_bytes());
        assert_eq!(Routed::from_bytes(&g, &far), None, "a drain past the grid");
    }

    #[test]
    fn the_pixels_are_grey_ground_and_blue_water_and_holes_stay_clear() {
        let mut g = grid(|x, z| (x as f32 - 16.0).abs() * 0.01 + z as f32 * 0.002, 33);
        g.heights[0] = f32::NAN;
        let pixels = water_pixels(&g, 1.0);
        assert_eq!(&pixels[..4], &[0, 0, 0, 0]);
        let at = |x: usize, z: usize| &pixels[(z * 33 + x) * 4..(z * 33 + x) * 4 + 4];
        let floor = at(16, 3);
        assert!(floor[2] > floor[0] + 60, "a river is blue: {floor:?}");
        let slope = at(3, 20);
        assert!(
            slope[0] == slope[1] && slope[1] == slope[2],
            "ground is grey: {slope:?}"
        );
    }
}
