//! Mesh data for showing a heightmap in 3-D: positions, normals, colours and triangle indices.
//!
//! Built here, in the core, so it is tested natively; the web front end only uploads it. Large
//! maps are decimated for display (every k-th point) while export keeps full resolution.

use crate::heightmap::Heightmap;

/// Most points per side shown on screen: 257 x 257 = 66049 vertices, nothing for a GPU to orbit
/// (in software rendering a frame takes about 150 ms; 65 x 65 about 30 ms: BENCHMARKS.md).
/// 2^8 + 1 so square maps decimate onto exact grid points.
pub const DISPLAY_MAX_SIDE: usize = 257;

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

/// How a shown point looks while an algorithm is stepped through (see [`crate::steps`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Set before the step shown: its final height, in the view's colours.
    Set,
    /// Not set yet: drawn at height 0 in [`UNSET_COLOR`] (the posts' convention).
    Unset,
    /// Set by the step shown: in [`HIGHLIGHT_COLOR`].
    Highlight,
}

/// Neutral grey of points not set yet.
pub const UNSET_COLOR: [u8; 4] = [150, 150, 150, 255];

/// The one strong colour of the points the shown step set: a magenta that appears nowhere in
/// the elevation ramp, and is the only colour in the greyscale map view.
pub const HIGHLIGHT_COLOR: [u8; 4] = [236, 0, 140, 255];

/// The colour of a point of height `height` marked `mark` (`None`: not stepping).
fn marked_color(height: f32, mark: Option<&Mark>) -> [u8; 4] {
    match mark {
        Some(Mark::Unset) => UNSET_COLOR,
        Some(Mark::Highlight) => HIGHLIGHT_COLOR,
        _ => elevation_color(height),
    }
}

/// The display grid as it stands at a step: heights of unset points are 0.
pub fn staged(grid: &DisplayGrid, marks: &[Mark]) -> DisplayGrid {
    let heights = grid
        .heights
        .iter()
        .zip(marks.iter().chain(std::iter::repeat(&Mark::Set)))
        .map(|(&h, mark)| if *mark == Mark::Unset { 0.0 } else { h })
        .collect();
    DisplayGrid {
        heights,
        ..grid.clone()
    }
}

/// The top-down map of a grid: one RGBA pixel per shown point, row 0 (north) first, heights as
/// greys from black (0) to white (1); unset points neutral grey and the step's points in the
/// highlight colour, the only colour in it.
pub fn map_pixels(grid: &DisplayGrid, marks: &[Mark]) -> Vec<u8> {
    let mut pixels = Vec::with_capacity(grid.heights.len() * 4);
    for (i, &h) in grid.heights.iter().enumerate() {
        let grey = (h.clamp(0.0, 1.0) * 255.0).round() as u8;
        let pixel = match marks.get(i) {
            Some(Mark::Unset) => UNSET_COLOR,
            Some(Mark::Highlight) => HIGHLIGHT_COLOR,
            _ => [grey, grey, grey, 255],
        };
        pixels.extend_from_slice(&pixel);
    }
    pixels
}

/// Four copies of a tileable grid (its last row and column repeat its first) side by side, 2 x 2,
/// with the shared edges once, spanning -1..1; every other point is kept where that would pass
/// [`DISPLAY_MAX_SIDE`]. `marks` (one per point, or empty) are tiled the same way.
pub fn tiled_2x2(grid: &DisplayGrid, marks: &[Mark]) -> (DisplayGrid, Vec<Mark>) {
    let (nx, nz) = grid.size();
    if nx < 2 || nz < 2 {
        return (grid.clone(), marks.to_vec());
    }
    let (tx, tz) = (2 * nx - 1, 2 * nz - 1);
    let step = if tx.max(tz) > DISPLAY_MAX_SIDE { 2 } else { 1 };
    let columns: Vec<usize> = (0..tx).step_by(step).collect();
    let rows: Vec<usize> = (0..tz).step_by(step).collect();
    let source = |i: usize, n: usize| if i < n { i } else { i - (n - 1) };
    let mut heights = Vec::with_capacity(columns.len() * rows.len());
    let mut tiled_marks = Vec::new();
    for &r in &rows {
        for &c in &columns {
            let at = source(r, nz) * nx + source(c, nx);
            heights.push(grid.heights[at]);
            if let Some(&mark) = marks.get(at) {
                tiled_marks.push(mark);
            }
        }
    }
    let world = |i: usize, len: usize| 2.0 * i as f32 / (len - 1) as f32 - 1.0;
    let tiled = DisplayGrid {
        xs: columns.iter().map(|&c| world(c, tx)).collect(),
        zs: rows.iter().map(|&r| world(r, tz)).collect(),
        heights,
    };
    (tiled, tiled_marks)
}

/// Evenly spread indices `0..len` picking `count` of them, always including the first and last:
/// which columns (or rows) of a map of `len` a display grid keeps. For len = 2^a + 1 and
/// count = 2^b + 1 every step is exactly 2^(a - b).
pub fn display_positions(len: usize, count: usize) -> Vec<usize> {
    if count >= len || len < 2 {
        return (0..len).collect();
    }
    (0..count).map(|i| i * (len - 1) / (count - 1)).collect()
}

/// Colour stops of the elevation ramp, low to high.
const RAMP: [(f32, [u8; 3]); 7] = [
    (0.00, [24, 62, 122]),   // deep water
    (0.28, [52, 118, 178]),  // shallow water
    (0.32, [214, 200, 148]), // sand
    (0.42, [92, 148, 64]),   // grass
    (0.62, [52, 102, 52]),   // forest
    (0.80, [122, 108, 96]),  // rock
    (0.95, [246, 246, 250]), // snow
];

/// Colour for a height: the ramp above, interpolated; heights outside 0..1 are clamped.
pub fn elevation_color(height: f32) -> [u8; 4] {
    let h = if height.is_finite() {
        height.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let upper = RAMP
        .iter()
        .position(|&(stop, _)| stop >= h)
        .unwrap_or(RAMP.len() - 1);
    if upper == 0 {
        let [r, g, b] = RAMP[0].1;
        return [r, g, b, 255];
    }
    let (lo_stop, lo) = RAMP[upper - 1];
    let (hi_stop, hi) = RAMP[upper];
    let t = ((h - lo_stop) / (hi_stop - lo_stop)).clamp(0.0, 1.0);
    let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
    [mix(lo[0], hi[0]), mix(lo[1], hi[1]), mix(lo[2], hi[2]), 255]
}

/// The points of a heightmap that are shown on screen: every k-th column and row of the map,
/// with the world position of each. It is all the display needs, small enough to hand from a
/// worker thread to the page, and the mesh is built from it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DisplayGrid {
    /// World x of each kept column: -1..1 along the map's longer side, keeping its aspect.
    pub xs: Vec<f32>,
    /// World z of each kept row, on the same scale as `xs`.
    pub zs: Vec<f32>,
    /// Height of each kept point, row after row (`xs.len()` per row); non-finite heights are 0.
    pub heights: Vec<f32>,
}

impl DisplayGrid {
    /// Number of columns and rows kept.
    pub fn size(&self) -> (usize, usize) {
        (self.xs.len(), self.zs.len())
    }

    /// Rebuilds a grid from its three parts (as sent between threads); `None` when the number
    /// of heights does not match the columns and rows.
    pub fn from_parts(xs: Vec<f32>, zs: Vec<f32>, heights: Vec<f32>) -> Option<Self> {
        (xs.len().checked_mul(zs.len()) == Some(heights.len())).then_some(Self { xs, zs, heights })
    }
}

/// Picks the shown points of `map`: at most `max_columns` columns and `max_rows` rows, evenly
/// spread and always including the map's edges (exact grid points for 2^n + 1 sides).
pub fn display_grid(map: &Heightmap, max_columns: usize, max_rows: usize) -> DisplayGrid {
    let columns = display_positions(map.width(), max_columns.max(2));
    let rows = display_positions(map.height(), max_rows.max(2));
    let span = (map.width().max(map.height()) - 1).max(1) as f32;
    let to_world = |i: usize, len: usize| (2.0 * i as f32 - (len - 1) as f32) / span;
    let mut heights = Vec::with_capacity(columns.len() * rows.len());
    for &row in &rows {
        let line = &map.data()[row * map.width()..(row + 1) * map.width()];
        heights.extend(columns.iter().map(|&c| match line[c] {
            h if h.is_finite() => h,
            _ => 0.0,
        }));
    }
    DisplayGrid {
        xs: columns.iter().map(|&c| to_world(c, map.width())).collect(),
        zs: rows.iter().map(|&r| to_world(r, map.height())).collect(),
        heights,
    }
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

/// [`grid_mesh`] coloured by `marks` (one per shown point; empty when not stepping).
pub fn grid_mesh_marked(grid: &DisplayGrid, marks: &[Mark], height_scale: f32) -> MeshData {
    let (nx, nz) = grid.size();
    let mut positions = Vec::with_capacity(nx * nz);
    for (&z, row) in grid.zs.iter().zip(grid.heights.chunks_exact(nx.max(1))) {
        positions.extend(
            grid.xs
                .iter()
                .zip(row)
                .map(|(&x, &h)| [x, h * height_scale, z]),
        );
    }
    let colors = grid
        .heights
        .iter()
        .enumerate()
        .map(|(i, &h)| marked_color(h, marks.get(i)))
        .collect();
    let normals = grid_normals(&positions, nx, nz);

    let mut indices = Vec::with_capacity((nx.saturating_sub(1)) * (nz.saturating_sub(1)) * 6);
    for j in 0..nz.saturating_sub(1) {
        for i in 0..nx.saturating_sub(1) {
            let a = (j * nx + i) as u32;
            let below = a + nx as u32;
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

/// Most points shown of a 1-D profile.
pub const PROFILE_MAX_POINTS: usize = 1025;

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
        let grid = display_grid(&sample_map(9), DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE);
        let DisplayGrid { xs, zs, heights } = grid.clone();
        assert_eq!(
            DisplayGrid::from_parts(xs.clone(), zs.clone(), heights.clone()),
            Some(grid)
        );
        assert_eq!(DisplayGrid::from_parts(xs, zs, heights[1..].to_vec()), None);
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
}
