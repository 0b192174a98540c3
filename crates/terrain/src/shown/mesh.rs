//! The 3-D surface of a heightmap as a triangle mesh: positions, normals, colours and indices.
//!
//! Built here, in the core, so it is tested natively; the web front end only uploads it. It is
//! built from the shown points of a map ([`crate::shown::display`]), so large maps are decimated for
//! display while export keeps full resolution.

use crate::map::heightmap::Heightmap;
use crate::shown::display::{display_grid, marked_color, DisplayGrid, Mark};

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
/// the grid (a non-finite height, as between two maps [`crate::shown::display::side_by_side`]) has no
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
mod tests;
