use super::*;
use crate::map::heightmap::Heightmap;
use crate::shown::display::display_grid;
use crate::water::routing::route;

/// A bowl 41 points across (floor 0 in the middle, rim 0.3 at radius 12, falling outside)
/// on a plain that slopes gently to the west edge.
fn bowl() -> DisplayGrid {
    let n = 41;
    let f = |x: usize, z: usize| {
        let r = ((x as f32 - 20.0).powi(2) + (z as f32 - 20.0).powi(2)).sqrt();
        let bowl = if r < 12.0 {
            r * 0.01
        } else {
            0.3 - (r - 12.0) * 0.01
        };
        bowl.max(0.0) + x as f32 * 0.002
    };
    let heights = (0..n * n).map(|i| f(i % n, i / n)).collect();
    display_grid(&Heightmap::from_data(n, n, heights).expect("map"), n, n)
}

#[test]
fn the_flood_takes_the_points_lowest_first_from_the_border() {
    let g = bowl();
    let routed = route(&g).expect("routed");
    // The order is a permutation, it starts on the border, and the filled heights of the
    // points in the order taken never fall (Priority-Flood's invariant), but for a lake's
    // epsilon slope: its points are taken as they are raised, by ulps, and a point waiting
    // in the heap just above the spill level may come after a few of them.
    let n = g.heights.len();
    let mut by_order = vec![usize::MAX; n];
    for (i, &o) in routed.order.iter().enumerate() {
        by_order[o as usize] = i;
    }
    assert!(by_order.iter().all(|&i| i < n), "every point taken once");
    let (x, z) = (by_order[0] % 41, by_order[0] / 41);
    assert!(
        x == 0 || z == 0 || x == 40 || z == 40,
        "first taken on the border"
    );
    let filled = routed.water.filled.data();
    let mut highest = f32::MIN;
    let mut fall = 0.0f32;
    for &i in &by_order {
        fall = fall.max(highest - filled[i]);
        highest = highest.max(filled[i]);
    }
    assert!(fall < 1e-5, "the flood fell by {fall}");
}

#[test]
fn the_lake_appears_once_the_flood_spills_into_the_bowl() {
    let g = bowl();
    let routed = route(&g).expect("routed");
    let middle = 20 * 41 + 20;
    let at = |step| flooded(41, &routed, step);
    let start = at(0);
    assert_eq!(
        start.iter().filter(|&&s| s == Flooded::Waiting).count(),
        160
    );
    assert!(!start.contains(&Flooded::Taken));
    // The bowl fills only after the flood has climbed the plain to its rim: the steps
    // before show no lake, the ones after show the middle under one.
    let first_lake = (0..=FLOOD_STEPS)
        .find(|&s| at(s).contains(&Flooded::Lake))
        .expect("a lake");
    assert!(first_lake > 1, "{first_lake}");
    assert_eq!(at(FLOOD_STEPS - 1)[middle], Flooded::Lake);
    let taken = |s: u32| {
        at(s)
            .iter()
            .filter(|&&x| matches!(x, Flooded::Taken | Flooded::Lake))
            .count()
    };
    assert!(
        (1..FLOOD_STEPS).all(|s| taken(s) > taken(s - 1)),
        "the flood grows"
    );
    assert_eq!(taken(FLOOD_STEPS), 41 * 41);
    let caption = &routed.captions[3];
    assert!(
        caption.starts_with("Flood, step 3 of 16: 315 of 1681 points taken"),
        "{caption}"
    );
    assert_eq!(routed.captions.len(), FLOOD_STEPS as usize);
    // The pixels: waiting points magenta, the last step the finished Water view.
    let pixels = flood_pixels(&g, &routed, 0, 1.0);
    assert_eq!(&pixels[..4], &HIGHLIGHT_COLOR);
    assert_eq!(
        flood_pixels(&g, &routed, FLOOD_STEPS, 1.0),
        water_pixels_routed(&g, 1.0, Some(&routed))
    );
}
