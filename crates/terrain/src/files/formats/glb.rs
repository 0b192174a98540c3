//! `.glb`: binary glTF 2.0, the terrain as a triangle mesh (positions, normals, texture
//! coordinates, the page's height colours, indices), one vertex per point, one unit per cell, y
//! up, peaks 0.3 x the map's width (as on the page); at most [`MAX_MESH_POINTS`] points. Written,
//! not read: a mesh is not a grid of heights.

use std::io::{self, Write};

use super::{Facts, Format, Holds, Spec};
use crate::map::heightmap::Heightmap;

/// Most points a `.glb` mesh may hold: 4097 x 4097 (exponent 12), about 800 MB of mesh.
pub const MAX_MESH_POINTS: usize = 4097 * 4097;

/// Binary glTF 2.0 triangle mesh.
pub const GLB: Format = Format::new(&Spec {
    facts: Facts {
        extension: "glb",
        aliases: &[],
        what: "glTF mesh",
        holds: Holds::Mesh,
        sized: true,
        offered: true,
        most_points: MAX_MESH_POINTS,
    },
    write,
    read: None,
    large: false,
});

/// Appends `values` as little-endian bytes.
fn le_bytes<T: Copy, const N: usize>(bytes: &mut Vec<u8>, values: &[T], to: fn(T) -> [u8; N]) {
    bytes.extend(values.iter().flat_map(|&v| to(v)));
}

/// Writes the binary glTF of the map's surface: a JSON chunk describing one mesh (positions,
/// normals, texture coordinates 0..1 over the map, the page's height colours, 32-bit indices) with
/// one material that shows the vertex colours, and a binary chunk holding them.
fn write(map: &Heightmap, out: &mut dyn Write) -> io::Result<()> {
    let side = map.width().max(map.height());
    let surface = crate::shown::mesh::terrain_mesh(map, side, 0.6);
    // The mesh spans -1..1 across the longer side: one unit per cell instead.
    let scale = (side.max(2) - 1) as f32 / 2.0;
    let positions: Vec<[f32; 3]> = surface
        .positions
        .iter()
        .map(|p| [p[0] * scale, p[1] * scale, p[2] * scale])
        .collect();
    let (mut min, mut max) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for p in &positions {
        for axis in 0..3 {
            min[axis] = min[axis].min(p[axis]);
            max[axis] = max[axis].max(p[axis]);
        }
    }
    let (nx, nz) = surface.grid;
    let mut binary = Vec::new();
    let flat = |v: &[[f32; 3]]| v.iter().flatten().copied().collect::<Vec<f32>>();
    le_bytes(&mut binary, &flat(&positions), f32::to_le_bytes);
    let normals_at = binary.len();
    le_bytes(&mut binary, &flat(&surface.normals), f32::to_le_bytes);
    // Texture coordinates, normalised 16-bit: u across the columns, v down the rows, so an image
    // of the map (row 0 at the top, as in the PNG export) lies on the surface as it is.
    let uvs_at = binary.len();
    let unit = |i: usize, n: usize| {
        let last = n.saturating_sub(1).max(1);
        ((i * 65535 + last / 2) / last) as u16
    };
    let uvs: Vec<u16> = (0..nz)
        .flat_map(|row| (0..nx).flat_map(move |column| [unit(column, nx), unit(row, nz)]))
        .collect();
    le_bytes(&mut binary, &uvs, u16::to_le_bytes);
    // glTF's vertex colours are linear: the page's sRGB colours, converted, normalised 16-bit.
    let colors_at = binary.len();
    let colors: Vec<u16> = surface
        .colors
        .iter()
        .flat_map(|&[r, g, b, a]| [linear(r), linear(g), linear(b), u16::from(a) * 257])
        .collect();
    le_bytes(&mut binary, &colors, u16::to_le_bytes);
    let indices_at = binary.len();
    le_bytes(&mut binary, &surface.indices, u32::to_le_bytes);
    let (vertices, indices) = (positions.len(), surface.indices.len());
    let view = |from: usize, to: usize, target: u32| serde_json::json!({"buffer": 0, "byteOffset": from, "byteLength": to - from, "target": target});
    let json = serde_json::json!({
        "asset": {"version": "2.0", "generator": "terrain (the terrain-generation page's core)"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0, "name": "terrain"}],
        "materials": [{
            "name": "terrain (height colours)",
            "pbrMetallicRoughness": {"baseColorFactor": [1.0, 1.0, 1.0, 1.0], "metallicFactor": 0.0, "roughnessFactor": 1.0}
        }],
        "meshes": [{"name": "terrain", "primitives": [{
            "attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2, "COLOR_0": 3},
            "indices": 4, "material": 0, "mode": 4
        }]}],
        "buffers": [{"byteLength": binary.len()}],
        "bufferViews": [
            view(0, normals_at, 34962),
            view(normals_at, uvs_at, 34962),
            view(uvs_at, colors_at, 34962),
            view(colors_at, indices_at, 34962),
            view(indices_at, binary.len(), 34963)
        ],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": vertices, "type": "VEC3", "min": min, "max": max},
            {"bufferView": 1, "componentType": 5126, "count": vertices, "type": "VEC3"},
            {"bufferView": 2, "componentType": 5123, "normalized": true, "count": vertices, "type": "VEC2"},
            {"bufferView": 3, "componentType": 5123, "normalized": true, "count": vertices, "type": "VEC4"},
            {"bufferView": 4, "componentType": 5125, "count": indices, "type": "SCALAR"}
        ]
    });
    let mut text = json.to_string().into_bytes();
    // Chunks are 4-byte aligned: JSON padded with spaces, binary with zeros.
    text.resize(text.len().next_multiple_of(4), b' ');
    binary.resize(binary.len().next_multiple_of(4), 0);
    let too_big = |_| io::Error::new(io::ErrorKind::InvalidInput, "mesh too large for .glb");
    let total = u32::try_from(12 + 8 + text.len() + 8 + binary.len()).map_err(too_big)?;
    out.write_all(b"glTF")?;
    out.write_all(&2u32.to_le_bytes())?;
    out.write_all(&total.to_le_bytes())?;
    for (kind, chunk) in [(*b"JSON", &text), (*b"BIN\0", &binary)] {
        out.write_all(&(chunk.len() as u32).to_le_bytes())?;
        out.write_all(&kind)?;
        out.write_all(chunk)?;
    }
    Ok(())
}

/// An sRGB channel (0..255) as a linear one, normalised 16-bit (the sRGB transfer function).
fn linear(channel: u8) -> u16 {
    let c = f32::from(channel) / 255.0;
    let l = if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    };
    (l * 65535.0).round() as u16
}
