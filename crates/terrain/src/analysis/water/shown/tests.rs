use super::*;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::midpoint::algorithm::MpdParams;
use crate::map::heightmap::Heightmap;
use crate::shown::display::display_grid;
use crate::water::routed::Routed;
use crate::water::routing::{route, routing_bytes, water_layer, water_pixels};

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
    assert_eq!(marks[0], Mark::Dry);
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
    let sent = Heightmap::from_data(41, 41, g.heights.clone()).expect("map");
    let bytes = routing_bytes(&sent, &crate::analysis::materials::Lines::DEFAULT).expect("routed");
    let back = Routed::from_bytes(41 * 41, &bytes).expect("read back");
    assert_eq!(back.water.filled.data(), routed.water.filled.data());
    assert_eq!(
        (back.water.downstream, back.water.accumulation),
        (routed.water.downstream, routed.water.accumulation)
    );
    assert_eq!((back.order, back.layer), (routed.order, routed.layer));
    assert_eq!(back.captions, routed.captions);
    assert_eq!(routed.captions.len(), 16);
    assert_eq!(Routed::from_bytes(41 * 41, &bytes[..100]), None, "short");
    let mut far = bytes.clone();
    far[4 * 41 * 41..4 * 41 * 41 + 4].copy_from_slice(&(41u32 * 41).to_le_bytes());
    assert_eq!(
        Routed::from_bytes(41 * 41, &far),
        None,
        "a drain past the grid"
    );
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
