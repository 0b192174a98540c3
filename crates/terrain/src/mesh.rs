//! The 3-D surface of a heightmap as a triangle mesh: positions, normals, colours and indices.
//!
//! Built here, in the core, so it is tested natively; the web front end only uploads it. It is
//! built from the shown points of a map ([`crate::display`]), so large maps are decimated for
//! display while export keeps full resolution.

use crate::display::{display_grid, marked_color, DisplayGrid, Mark};
use crate::heightmap::Heightmap;

/// Triangle mesh of a terrain, ready for upload to the GPU.
#[derive(Debug, Clone, PartialEq)]
pub struct MeshData {
    /// Vertex positions: x and z span -1..1 across the map (keeping its aspect), y is the height.
    pub positions: Vec<[f32; 3]>,
    /// Unit surface normal of each vertex.
    pub normals: Vec<[f32; 3]>,
    /// Colour of each vertex (sRGB, opaque), picked by elevation: water, sand, grass, rock, snow.
    pub colors: Vec<[u8; 4]>,
    /// Three indices per triangle, counter-clockwise seen from above.
    pub indices: Vec<u32>,
    /// Number of vertex columns and rows of the (possibly decimated) grid.
    pub grid: (usize, usize),
}

/// Builds the display mesh of `map`, with at most `max_side` vertices per side and heights
/// multiplied by `height_scale` (how tall 1.0 stands relative to the map's width of 2).
pub fn terrain_mesh(map: &Heightmap, max_side: usize, height_scale: f32) -> MeshData {
    grid_mesh(&display_grid(map, max_side, max_side), height_scale)
}

/// Builds the 3-D surface of a display grid, heights multiplied by `height_scale`.
pub fn grid_mesh(grid: &DisplayGrid, height_scale: f32) -> MeshData {
    grid_mesh_marked(grid, &[], height_scale)
}

/// [`grid_mesh`] coloured by `marks` (one per shown point; empty when not stepping). A hole in
/// the grid (a non-finite height, as between two maps [`crate::display::side_by_side`]) has no
/// triangles; its vertex stays at height 0 with an upward normal, so every buffer is finite.
pub fn grid_mesh_marked(grid: &DisplayGrid, marks: &[Mark], height_scale: f32) -> MeshData {
    let (nx, nz) = grid.size();
    let mut positions = Vec::with_capacity(nx * nz);
    for (&z, row) in grid.zs.iter().zip(grid.heights.chunks_exact(nx.max(1))) {
        positions.extend(grid.xs.iter().zip(row).map(|(&x, &h)| {
            let y = if h.is_finite() { h * height_scale } else { 0.0 };
            [x, y, z]
        }));
    }
    let hole = |i: usize| !grid.heights[i].is_finite();
    let colors = grid
        .heights
        .iter()
        .enumerate()
        .map(|(i, &h)| marked_color(h, marks.get(i)))
        .collect();
    let mut normals = grid_normals(&positions, nx, nz);
    for (i, normal) in normals.iter_mut().enumerate() {
        if hole(i) {
            *normal = [0.0, 1.0, 0.0];
        }
    }

    let mut indices = Vec::with_capacity((nx.saturating_sub(1)) * (nz.saturating_sub(1)) * 6);
    for j in 0..nz.saturating_sub(1) {
        for i in 0..nx.saturating_sub(1) {
            let a = j * nx + i;
            if [a, a + 1, a + nx, a + nx + 1].into_iter().any(hole) {
                continue;
            }
            let (a, below) = (a as u32, (a + nx) as u32);
            indices.extend_from_slice(&[a, below, a + 1, a + 1, below, below + 1]);
        }
    }

    MeshData {
        positions,
        normals,
        colors,
        indices,
        grid: (nx, nz),
    }
}

/// Builds a side view of a one-row map (a 1-D profile): a filled, two-sided silhouette standing in
/// the x-y plane, x spanning -1..1, from y = 0 up to height x `height_scale`, with at most
/// `max_points` columns. Tops are coloured by elevation, bottoms a darker shade of the same.
pub fn profile_mesh(map: &Heightmap, max_points: usize, height_scale: f32) -> MeshData {
    profile_grid_mesh(&display_grid(map, max_points, 1), height_scale)
}

/// Builds the side view of the first row of a display grid (see [`profile_mesh`]).
pub fn profile_grid_mesh(grid: &DisplayGrid, height_scale: f32) -> MeshData {
    profile_grid_mesh_marked(grid, &[], height_scale)
}

/// [`profile_grid_mesh`] with tops coloured by `marks` (one per column; empty when not stepping).
pub fn profile_grid_mesh_marked(grid: &DisplayGrid, marks: &[Mark], height_scale: f32) -> MeshData {
    let n = grid.xs.len();
    let mut positions = Vec::with_capacity(n * 4);
    let mut normals = Vec::with_capacity(n * 4);
    let mut colors = Vec::with_capacity(n * 4);
    // Front face (normal +z) then back face (normal -z), each a bottom and a top vertex per column.
    for normal_z in [1.0f32, -1.0] {
        for (i, (&x, &h)) in grid.xs.iter().zip(&grid.heights).enumerate() {
            let top = marked_color(h, marks.get(i));
            let shade = |c: u8| (f32::from(c) * 0.55) as u8;
            positions.push([x, 0.0, 0.0]);
            positions.push([x, h * height_scale, 0.0]);
            colors.push([shade(top[0]), shade(top[1]), shade(top[2]), 255]);
            colors.push(top);
            normals.push([0.0, 0.0, normal_z]);
            normals.push([0.0, 0.0, normal_z]);
        }
    }
    let mut indices = Vec::with_capacity(n.saturating_sub(1) * 12);
    for face in 0..2u32 {
        let base = face * 2 * n as u32;
        for i in 0..(n as u32).saturating_sub(1) {
            let (b0, t0, b1, t1) = (
                base + 2 * i,
                base + 2 * i + 1,
                base + 2 * i + 2,
                base + 2 * i + 3,
            );
            if face == 0 {
                indices.extend_from_slice(&[b0, b1, t0, t0, b1, t1]);
            } else {
                indices.extend_from_slice(&[b0, t0, b1, t0, t1, b1]);
            }
        }
    }
    MeshData {
        positions,
        normals,
        colors,
        indices,
        grid: (n, 1),
    }
}

/// Normals of a grid surface from central differences (one-sided at the borders).
fn grid_normals(positions: &[[f32; 3]], nx: usize, nz: usize) -> Vec<[f32; 3]> {
    let at = |i: usize, j: usize| positions[j * nx + i];
    let mut normals = Vec::with_capacity(positions.len());
    for j in 0..nz {
        for i in 0..nx {
            let (i0, i1) = (i.saturating_sub(1), (i + 1).min(nx - 1));
            let (j0, j1) = (j.saturating_sub(1), (j + 1).min(nz - 1));
            let slope = |a: [f32; 3], b: [f32; 3], axis: usize| {
                let run = b[axis] - a[axis];
                if run == 0.0 {
                    0.0
                } else {
                    (b[1] - a[1]) / run
                }
            };
            let dx = slope(at(i0, j), at(i1, j), 0);
            let dz = slope(at(i, j0), at(i, j1), 2);
            let n = [-dx, 1.0, -dz];
            let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            normals.push([n[0] / length, n[1] / length, n[2] / length]);
        }
    }
    normals
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::*;

    #[test]
    fn marks_colour_and_flatten_the_points_of_a_step() {
        let grid =
            DisplayGrid::from_parts(vec![-1.0, 1.0], vec![-1.0, 1.0], vec![0.2, 0.4, 0.6, 1.0])
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
    use crate::midpoint::{self, MpdParams};

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
        let line = crate::line::generate(&crate::line::LineParams::default(), 1).expect("valid");
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
}
