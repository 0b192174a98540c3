//! Writing heightmaps to files that terrain tools read: picking the format a file name or a
//! download names, checking the map fits it, and writing it. The formats themselves, one file
//! each, are in `formats/` ([`crate::files::formats::ALL`]).

use std::fmt;
use std::io::{self, Write};
use std::path::Path;

use crate::files::formats;
pub use crate::files::formats::{read_exr, to_u16, Facts, Format, Holds, MAX_MESH_POINTS};
use crate::map::heightmap::Heightmap;

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
    /// A download asked for an extension the page does not offer ([`formats::OFFERED`]).
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
                "cannot tell the format of {file:?}: use a {} file name",
                formats::names(&formats::MAPS)
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

impl Format {
    /// Picks the map format from a file name's extension (case-insensitive), or explains which
    /// are known.
    pub fn from_path(path: &Path) -> Result<Self, ExportError> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default();
        Self::from_extension(extension).ok_or_else(|| ExportError::UnknownFormat {
            file: path.display().to_string(),
        })
    }

    /// The format of a 1-D profile file: `.txt` or `.csv`, one height per line.
    pub fn from_path_1d(path: &Path) -> Result<Self, ExportError> {
        use crate::files::formats::LINES;
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default();
        if LINES.facts().named(extension) {
            return Ok(LINES);
        }
        Err(match Self::from_extension(extension) {
            Some(format) if format.holds() == Holds::Mesh => ExportError::LineAsMesh,
            _ => ExportError::NotALineFormat {
                file: path.display().to_string(),
            },
        })
    }
}

/// The facts of the format for a download with `extension` (one the page offers,
/// [`formats::OFFERED`]) that can hold a `width` x `height` map, or a readable reason why there is
/// none. Touches no writer, so the page's module can check a download without linking them.
pub fn download_format(
    extension: &str,
    width: usize,
    height: usize,
) -> Result<&'static Facts, ExportError> {
    let facts = formats::find(extension)
        .filter(|f| f.offered)
        .ok_or_else(|| ExportError::NotADownload {
            extension: extension.to_string(),
        })?;
    check_size(facts, width, height)?;
    Ok(facts)
}

/// [`download_format`]'s format, with its writer.
pub fn map_format(extension: &str, width: usize, height: usize) -> Result<Format, ExportError> {
    let facts = download_format(extension, width, height)?;
    Format::from_extension(facts.extension).ok_or_else(|| ExportError::NotADownload {
        extension: extension.to_string(),
    })
}

/// Checks that a `width` x `height` map fits a format of `facts` (only meshes have a limit
/// below the maps').
pub fn check_size(facts: &Facts, width: usize, height: usize) -> Result<(), ExportError> {
    if width.saturating_mul(height) > facts.most_points {
        return Err(ExportError::MeshTooLarge { width, height });
    }
    Ok(())
}

/// Writes `map` in `format` to `out`.
pub fn write(map: &Heightmap, format: Format, out: &mut impl Write) -> io::Result<()> {
    format.write(map, out)
}

/// `map` written in `format` into memory: [`write()`] into a `Vec`, made here once, so every crate
/// that writes files to memory (the page's encoders, the tiles' zip) shares one copy of the
/// writers rather than each compiling its own.
pub fn to_bytes(map: &Heightmap, format: Format) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    format.write(map, &mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests;
