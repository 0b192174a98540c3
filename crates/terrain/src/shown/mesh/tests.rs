use super::*;
use crate::shown::display::*;

#[test]
fn marks_colour_and_flatten_the_points_of_a_step() {
    let grid = DisplayGrid::from_parts(vec![-1.0, 1.0], vec![-1.0, 1.0], vec![0.2, 0.4, 0.6, 1.0])
        .expect("2 x 2");
    let marks = [Mark::Set, Mark::Unset, Mark::Highlight, Mark::Set];
    let staged = staged(&grid, &marks);
    assert_eq!(staged.heights, [0.2, 0.0, 0.6, 1.0]);
    let mesh = grid_mesh_marked(&staged, &marks, 1.0);
    assert_eq!(mesh.colors[0], elevation_color(0.2));
    assert_eq!(
        (mesh.colors[1], mesh.colors[2]),
        (UNSET_COLOR, HIGHLIGHT_COLOR)
    );
    assert!(
        !RAMP.iter().any(|&(_, c)| c == HIGHLIGHT_COLOR[..3]),
        "not a terrain colour"
    );
    let pixels = map_pixels(&staged, &marks);
    assert_eq!(&pixels[..4], &[51, 51, 51, 255]);
    assert_eq!(&pixels[8..12], &HIGHLIGHT_COLOR);
    assert_eq!(&pixels[12..], &[255, 255, 255, 255]);
    let plain = map_pixels(&grid, &[]);
    let coloured = plain
        .chunks(4)
        .filter(|p| p[0] != p[1] || p[1] != p[2])
        .count();
    assert_eq!(coloured, 0, "without marks the map is greyscale");
    assert_eq!(display_positions(9, 3), [0, 4, 8]);
}
use crate::chapters::midpoint::algorithm::{self as midpoint, MpdParams};

fn sample_map(exponent: u32) -> Heightmap {
    midpoint::generate(
        &MpdParams {
            exponent,
            ..MpdParams::default()
        },
        4,
    )
    .expect("valid")
}

#[test]
fn small_maps_keep_every_point() {
    let map = sample_map(5);
    let mesh = terrain_mesh(&map, DISPLAY_MAX_SIDE, 0.5);
    assert_eq!(mesh.grid, (33, 33));
    assert_eq!(mesh.positions.len(), 33 * 33);
    assert_eq!(mesh.normals.len(), 33 * 33);
    assert_eq!(mesh.colors.len(), 33 * 33);
    assert_eq!(mesh.indices.len(), 32 * 32 * 6);
}

#[test]
fn large_maps_are_decimated_onto_exact_grid_points() {
    let map = sample_map(10);
    let mesh = terrain_mesh(&map, DISPLAY_MAX_SIDE, 0.5);
    assert_eq!(mesh.grid, (257, 257));
    // Vertex (i, j) shows map point (4i, 4j): 1024 / 256 = 4.
    let (i, j) = (17, 203);
    assert_eq!(mesh.positions[j * 257 + i][1], map.get(4 * i, 4 * j) * 0.5);
}

#[test]
fn normals_are_unit_length_and_point_up() {
    let mesh = terrain_mesh(&sample_map(6), DISPLAY_MAX_SIDE, 0.5);
    for n in &mesh.normals {
        let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        assert!((length - 1.0).abs() < 1e-5, "{n:?}");
        assert!(n[1] > 0.0, "a heightfield normal never points down: {n:?}");
    }
}

#[test]
fn holes_have_no_triangles_and_finite_buffers() {
    let grid = DisplayGrid::from_parts(
        vec![-1.0, 0.0, 1.0],
        vec![-1.0, 1.0],
        vec![0.2, f32::NAN, 0.4, 0.3, f32::NAN, 0.5],
    )
    .expect("3 x 2");
    let mesh = grid_mesh(&grid, 1.0);
    assert!(
        mesh.indices.is_empty(),
        "every quad touches the hole column"
    );
    assert!(mesh.positions.iter().flatten().all(|v| v.is_finite()));
    assert!(mesh.normals.iter().flatten().all(|v| v.is_finite()));
}

#[test]
fn flat_map_normals_are_straight_up() {
    let map = Heightmap::new(5, 4).expect("small map");
    let mesh = terrain_mesh(&map, DISPLAY_MAX_SIDE, 1.0);
    assert!(mesh.normals.iter().all(|n| *n == [0.0, 1.0, 0.0]));
}

#[test]
fn indices_are_in_bounds_and_triangles_face_up() {
    let mesh = terrain_mesh(
        &Heightmap::new(7, 5).expect("small map"),
        DISPLAY_MAX_SIDE,
        1.0,
    );
    assert_eq!(mesh.indices.len() % 3, 0);
    assert!(mesh
        .indices
        .iter()
        .all(|&i| (i as usize) < mesh.positions.len()));
    for tri in mesh.indices.chunks(3) {
        let [a, b, c] = [0, 1, 2].map(|k| mesh.positions[tri[k] as usize]);
        let (u, v) = ([b[0] - a[0], b[2] - a[2]], [c[0] - a[0], c[2] - a[2]]);
        // y component of (b - a) x (c - a) must be positive: counter-clockwise from above.
        assert!(u[1] * v[0] - u[0] * v[1] > 0.0, "{tri:?}");
    }
}

#[test]
fn positions_span_minus_one_to_one_keeping_aspect() {
    let mesh = terrain_mesh(
        &Heightmap::new(9, 5).expect("small map"),
        DISPLAY_MAX_SIDE,
        1.0,
    );
    let xs: Vec<f32> = mesh.positions.iter().map(|p| p[0]).collect();
    let zs: Vec<f32> = mesh.positions.iter().map(|p| p[2]).collect();
    let bounds = |v: &[f32]| {
        (
            v.iter().cloned().fold(f32::MAX, f32::min),
            v.iter().cloned().fold(f32::MIN, f32::max),
        )
    };
    assert_eq!(bounds(&xs), (-1.0, 1.0));
    assert_eq!(bounds(&zs), (-0.5, 0.5));
}

#[test]
fn profiles_are_two_sided_silhouettes() {
    let line = crate::chapters::line::algorithm::generate(
        &crate::chapters::line::algorithm::LineParams::default(),
        1,
    )
    .expect("valid");
    let mesh = profile_mesh(&line, PROFILE_MAX_POINTS, 0.5);
    assert_eq!(mesh.grid, (257, 1));
    assert_eq!(mesh.positions.len(), 4 * 257);
    assert_eq!(mesh.indices.len(), 2 * 6 * 256);
    assert!(mesh
        .indices
        .iter()
        .all(|&i| (i as usize) < mesh.positions.len()));
    // Each triangle faces the way its vertices' normals point (front +z, back -z).
    for tri in mesh.indices.chunks(3) {
        let [a, b, c] = [0, 1, 2].map(|k| mesh.positions[tri[k] as usize]);
        let z = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        let normal_z = mesh.normals[tri[0] as usize][2];
        assert!(z * normal_z >= 0.0, "{tri:?}");
    }
    let tops: Vec<f32> = mesh.positions[..2 * 257]
        .iter()
        .skip(1)
        .step_by(2)
        .map(|p| p[1])
        .collect();
    assert_eq!(tops[10], line.get(10, 0) * 0.5);
}
