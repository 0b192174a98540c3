use super::*;

#[test]
fn the_change_ramp_is_grey_at_no_change_and_full_colour_at_the_largest() {
    let grey = change_color(0.5, 0.0, 0.2);
    assert!(grey[0] == grey[1] && grey[1] == grey[2], "{grey:?}");
    assert_eq!(change_color(0.5, -0.2, 0.2), REMOVED_COLOR);
    assert_eq!(change_color(0.5, 0.2, 0.2), LAID_COLOR);
    let half = change_color(0.5, -0.1, 0.2);
    assert!(half[0] > half[2] + 40 && half != REMOVED_COLOR, "{half:?}");
    assert_eq!(change_extremes(&[0.4, 0.7], &[0.5, 0.6]).0, 0.5 - 0.4);
    let grid = DisplayGrid {
        xs: vec![0.0, 1.0],
        zs: vec![0.0],
        heights: vec![0.4, 0.7],
    };
    let pixels = change_pixels(&grid, &[0.5, 0.6]);
    assert!((largest_change(&grid.heights, &[0.5, 0.6]) - 0.1).abs() < 1e-6);
    assert_eq!(&pixels[..4], &REMOVED_COLOR);
    assert_eq!(&pixels[4..], &LAID_COLOR);
}
use crate::chapters::midpoint::algorithm::{self as midpoint, MpdParams};

#[test]
fn a_tile_is_shown_two_by_two_with_shared_edges_once() {
    // A 3 x 3 tile whose last row and column repeat the first.
    let heights = vec![0.1, 0.5, 0.1, 0.7, 0.9, 0.7, 0.1, 0.5, 0.1];
    let grid = DisplayGrid::from_parts(vec![-1.0, 0.0, 1.0], vec![-1.0, 0.0, 1.0], heights)
        .expect("3 x 3");
    let (tiled, marks) = tiled_2x2(&grid, &[]);
    assert_eq!(tiled.size(), (5, 5));
    assert!(marks.is_empty());
    assert_eq!(&tiled.heights[..5], &[0.1, 0.5, 0.1, 0.5, 0.1]);
    assert_eq!(&tiled.heights[5..10], &[0.7, 0.9, 0.7, 0.9, 0.7]);
    assert_eq!((tiled.xs[0], tiled.xs[4]), (-1.0, 1.0));
    let big = DisplayGrid::from_parts(
        vec![0.0; DISPLAY_MAX_SIDE],
        vec![0.0; DISPLAY_MAX_SIDE],
        vec![0.5; DISPLAY_MAX_SIDE * DISPLAY_MAX_SIDE],
    )
    .expect("grid");
    assert_eq!(
        tiled_2x2(&big, &[]).0.size(),
        (DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE)
    );
}

#[test]
fn display_grids_of_large_maps_keep_their_aspect_and_edges() {
    let mut map = Heightmap::new(1001, 501).expect("map");
    map.set(1000, 500, 0.75);
    map.set(0, 0, f32::NAN);
    let grid = display_grid(&map, DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE);
    assert_eq!(grid.size(), (257, 257));
    assert_eq!((grid.xs[0], grid.xs[256]), (-1.0, 1.0));
    assert_eq!((grid.zs[0], grid.zs[256]), (-0.5, 0.5));
    assert_eq!(grid.heights[257 * 257 - 1], 0.75, "the far corner is kept");
    assert_eq!(grid.heights[0], 0.0, "non-finite heights are shown at 0");
}

#[test]
fn display_grids_survive_being_taken_apart_and_rebuilt() {
    let grid = display_grid(
        &midpoint::generate(
            &MpdParams {
                exponent: 9,
                ..MpdParams::default()
            },
            4,
        )
        .expect("valid"),
        DISPLAY_MAX_SIDE,
        DISPLAY_MAX_SIDE,
    );
    let DisplayGrid { xs, zs, heights } = grid.clone();
    assert_eq!(
        DisplayGrid::from_parts(xs.clone(), zs.clone(), heights.clone()),
        Some(grid)
    );
    assert_eq!(DisplayGrid::from_parts(xs, zs, heights[1..].to_vec()), None);
}

#[test]
fn two_grids_stand_side_by_side_with_a_gap_of_holes() {
    let a = DisplayGrid::from_parts(vec![-1.0, 1.0], vec![-1.0, 1.0], vec![0.1, 0.2, 0.3, 0.4])
        .expect("2 x 2");
    let b = DisplayGrid::from_parts(vec![-1.0, 1.0], vec![-1.0, 1.0], vec![0.5, 0.6, 0.7, 0.8])
        .expect("2 x 2");
    let pair = side_by_side(&a, &b, 1).expect("same rows");
    assert_eq!(pair.size(), (5, 2));
    assert_eq!(pair.xs, [-1.0, -0.5, 0.0, 0.5, 1.0]);
    assert_eq!(pair.zs, [-0.25, 0.25], "each map keeps its aspect");
    assert_eq!(&pair.heights[..2], &[0.1, 0.2]);
    assert!(pair.heights[2].is_nan() && pair.heights[7].is_nan());
    assert_eq!(&pair.heights[8..], &[0.7, 0.8]);
    assert_eq!(
        &map_pixels(&pair, &[])[8..12],
        &[0, 0, 0, 0],
        "a hole is transparent"
    );
    let three = DisplayGrid::from_parts(vec![0.0; 2], vec![0.0; 3], vec![0.0; 6]).expect("grid");
    assert_eq!(side_by_side(&a, &three, 1), None);
}

#[test]
fn colours_follow_elevation() {
    let water = elevation_color(0.1);
    let snow = elevation_color(1.0);
    assert!(water[2] > water[0], "low ground is blue: {water:?}");
    assert!(snow.iter().all(|&c| c > 240), "peaks are white: {snow:?}");
    assert_eq!(elevation_color(-5.0), elevation_color(0.0));
    assert_eq!(elevation_color(f32::NAN), elevation_color(0.0));
}
