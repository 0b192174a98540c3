//! Writing heightmaps to files that terrain tools read.
//!
//! Formats, picked by file extension ([`Format::from_path`]):
//! - `.png`: 16-bit greyscale PNG, 0 = lowest, 65535 = highest (heights clamped to 0..1);
//! - `.r16`: raw little-endian `u16`, row-major, no header, 0 = lowest, 65535 = highest (what
//!   Unity's "Import Raw", Unreal's Landscape and Godot's terrain plugins read);
//! - `.r32`: raw little-endian `f32`, row-major, no header (the values as they are);
//! - `.pgm`: binary 16-bit PGM (`P5`, maxval 65535, big-endian samples);
//! - `.glb`: binary glTF 2.0, the terrain as a triangle mesh (positions, normals, indices), one
//!   vertex per point, one unit per cell, y up, peaks 0.3 x the map's width (as on the page);
//!   at most [`MAX_MESH_POINTS`] points;
//! - `.exr`: OpenEXR, one 32-bit float channel `Y`, the values as they are (`exr.rs`).

use std::fmt;
use std::io::{self, Write};
use std::path::Path;

use crate::map::heightmap::Heightmap;

mod exr;
pub use self::exr::read_exr;

/// Why a map cannot be written as asked: the file name names no format, or the format cannot
/// hold this map. Each reads as one sentence for the person who asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportError {
    /// The file name's extension is not one of the map formats.
    UnknownFormat {
        /// The file name as given.
        file: String,
    },
    /// A line profile's file name is not `.txt` or `.csv`.
    NotALineFormat {
        /// The file name as given.
        file: String,
    },
    /// A line profile was asked for as a `.glb` mesh, which needs a surface.
    LineAsMesh,
    /// A download asked for an extension that is not one of [`Format::MAPS`].
    NotADownload {
        /// The extension asked for.
        extension: String,
    },
    /// A `.glb` mesh was asked for a map with more than [`MAX_MESH_POINTS`] points.
    MeshTooLarge {
        /// The map's columns.
        width: usize,
        /// The map's rows.
        height: usize,
    },
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownFormat { file } => write!(
                f,
                "cannot tell the format of {file:?}: use a .png, .r16, .r32, .pgm or .glb file name"
            ),
            Self::NotALineFormat { file } => write!(
                f,
                "cannot tell the format of {file:?}: a line profile is written to a .txt or .csv file"
            ),
            Self::LineAsMesh => f.write_str(
                "a line profile has no surface to write as a .glb mesh: use a .txt or .csv file",
            ),
            Self::NotADownload { extension } => write!(f, "no file format called {extension:?}"),
            Self::MeshTooLarge { width, height } => write!(
                f,
                "a .glb mesh holds at most 4097 x 4097 points (exponent 12), not {width} x {height}"
            ),
        }
    }
}

impl std::error::Error for ExportError {}

/// A heightmap file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// 16-bit greyscale PNG.
    Png16,
    /// Raw little-endian 16-bit samples.
    R16,
    /// Raw little-endian 32-bit floats.
    R32,
    /// Binary 16-bit portable greymap.
    Pgm16,
    /// Binary glTF 2.0 triangle mesh.
    Glb,
    /// Text, one height per line (for 1-D profiles: `.txt` or `.csv`).
    Lines,
    /// OpenEXR, one 32-bit float channel.
    Exr,
}

impl Format {
    /// The map formats, as the page's format choice lists them.
    pub const MAPS: [Format; 5] = [
        Format::Png16,
        Format::R16,
        Format::R32,
        Format::Glb,
        Format::Exr,
    ];

    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png16 => "png",
            Format::R16 => "r16",
            Format::R32 => "r32",
            Format::Pgm16 => "pgm",
            Format::Glb => "glb",
            Format::Lines => "txt",
            Format::Exr => "exr",
        }
    }

    /// Picks the format from a file name's extension (case-insensitive), or explains which are known.
    pub fn from_path(path: &Path) -> Result<Self, ExportError> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default();
        Self::from_extension(extension).ok_or_else(|| ExportError::UnknownFormat {
            file: path.display().to_string(),
        })
    }

    /// The map format with this extension (case-insensitive, no dot).
    pub fn from_extension(extension: &str) -> Option<Self> {
        match extension.to_ascii_lowercase().as_str() {
            "png" => Some(Self::Png16),
            "r16" => Some(Self::R16),
            "r32" => Some(Self::R32),
            "pgm" => Some(Self::Pgm16),
            "glb" => Some(Self::Glb),
            "exr" => Some(Self::Exr),
            _ => None,
        }
    }
}

impl Format {
    /// The format of a 1-D profile file: `.txt` or `.csv`, one height per line.
    pub fn from_path_1d(path: &Path) -> Result<Self, ExportError> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("txt" | "csv") => Ok(Self::Lines),
            Some("glb") => Err(ExportError::LineAsMesh),
            _ => Err(ExportError::NotALineFormat {
                file: path.display().to_string(),
            }),
        }
    }
}

/// The map format for a download with `extension` (one of [`Format::MAPS`]) that can hold a
/// `width` x `height` map, or a readable reason why there is none.
pub fn map_format(extension: &str, width: usize, height: usize) -> Result<Format, ExportError> {
    let format = Format::from_extension(extension)
        .filter(|f| Format::MAPS.contains(f))
        .ok_or_else(|| ExportError::NotADownload {
            extension: extension.to_string(),
        })?;
    check_size(format, width, height)?;
    Ok(format)
}

/// Most points a `.glb` mesh may hold: 4097 x 4097 (exponent 12), about 800 MB of mesh.
pub const MAX_MESH_POINTS: usize = 4097 * 4097;

/// Checks that a `width` x `height` map fits `format` (only meshes have a limit below the maps').
pub fn check_size(format: Format, width: usize, height: usize) -> Result<(), ExportError> {
    if format == Format::Glb && width.saturating_mul(height) > MAX_MESH_POINTS {
        return Err(ExportError::MeshTooLarge { width, height });
    }
    Ok(())
}

/// A height in 0..1 as a 16-bit sample (clamped, rounded to nearest).
pub fn to_u16(height: f32) -> u16 {
    let h = if height.is_finite() {
        height.clamp(0.0, 1.0)
    } else {
        0.0
    };
    (h * 65535.0).round() as u16
}

/// Writes `map` in `format` to `out`.
pub fn write(map: &Heightmap, format: Format, out: &mut impl Write) -> io::Result<()> {
    write_to(map, format, out)
}

/// `map` written in `format` into memory: [`write()`] into a `Vec`, made here once, so every crate
/// that writes files to memory (the page's encoders, the tiles' zip) shares one copy of the
/// writers rather than each compiling its own.
pub fn to_bytes(map: &Heightmap, format: Format) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    write_to(map, format, &mut bytes)?;
    Ok(bytes)
}

fn write_to(map: &Heightmap, format: Format, out: &mut impl Write) -> io::Result<()> {
    match format {
        Format::Png16 => write_png16(map, out),
        Format::R16 => write_in_chunks(map, out, |v| to_u16(v).to_le_bytes()),
        Format::R32 => write_in_chunks(map, out, f32::to_le_bytes),
        Format::Pgm16 => {
            write!(out, "P5\n{} {}\n65535\n", map.width(), map.height())?;
            write_in_chunks(map, out, |v| to_u16(v).to_be_bytes())
        }
        Format::Lines => map.data().iter().try_for_each(|v| writeln!(out, "{v}")),
        Format::Glb => write_glb(map, out),
        Format::Exr => exr::write_exr(map, out),
    }
}

/// Appends `values` as little-endian bytes.
fn le_bytes<T: Copy, const N: usize>(bytes: &mut Vec<u8>, values: &[T], to: fn(T) -> [u8; N]) {
    bytes.extend(values.iter().flat_map(|&v| to(v)));
}

/// Writes the binary glTF of the map's surface: a JSON chunk describing one mesh (positions,
/// normals, texture coordinates 0..1 over the map, the page's height colours, 32-bit indices) with
/// one material that shows the vertex colours, and a binary chunk holding them.
fn write_glb(map: &Heightmap, out: &mut impl Write) -> io::Result<()> {
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

fn big_endian_samples(map: &Heightmap) -> Vec<u8> {
    map.data()
        .iter()
        .flat_map(|&v| to_u16(v).to_be_bytes())
        .collect()
}

/// Writes every height of `map` as the bytes `to` gives it, a chunk of heights at a time: a buffer
/// that stays in the cache rather than a copy of the whole map (64 MiB at exponent 12, whose
/// fresh pages cost more than the copying).
fn write_in_chunks<const N: usize>(
    map: &Heightmap,
    out: &mut impl Write,
    to: impl Fn(f32) -> [u8; N],
) -> io::Result<()> {
    const HEIGHTS: usize = 1 << 14;
    let mut bytes = Vec::with_capacity(HEIGHTS * N);
    for chunk in map.data().chunks(HEIGHTS) {
        bytes.clear();
        bytes.extend(chunk.iter().flat_map(|&v| to(v)));
        out.write_all(&bytes)?;
    }
    Ok(())
}

fn write_png16(map: &Heightmap, out: &mut impl Write) -> io::Result<()> {
    let too_big = |_| io::Error::new(io::ErrorKind::InvalidInput, "map too large for PNG");
    let width = u32::try_from(map.width()).map_err(too_big)?;
    let height = u32::try_from(map.height()).map_err(too_big)?;
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Sixteen);
    let mut writer = encoder.write_header().map_err(io::Error::other)?;
    writer
        .write_image_data(&big_endian_samples(map))
        .map_err(io::Error::other)?;
    writer.finish().map_err(io::Error::other)
}

#[cfg(test)]
mod tests;
