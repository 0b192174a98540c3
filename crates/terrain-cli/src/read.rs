//! Reading a map from a file for `terrain erode`, `terrain flow` and `terrain stats`: the
//! extension gives the format (`.r32`, `.r16`, 16-bit `.png`), `width` the row length of a raw
//! file that is not square.

use std::path::Path;

use terrain::export::Format;
use terrain::Heightmap;

/// The map in `path`, or one line saying why not.
pub fn read_map(path: &Path, width: Option<usize>) -> Result<Heightmap, String> {
    let format = Format::from_path(path).map_err(|e| e.to_string())?;
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    terrain::import::read(&bytes, format, width)
        .map_err(|e| format!("{}: {}", path.display(), e.message))
}
