//! Reading a map from a file for `terrain erode`, `terrain flow` and `terrain stats`: the
//! extension gives the format (any with a reader, `terrain::formats`), `width` the row length of
//! a raw file that is not square.

use std::path::Path;

use terrain::export::Format;
use terrain::formats;
use terrain::Heightmap;

/// `--in`'s help: every format a map is read from.
pub fn in_help() -> String {
    format!(
        "The map: {} (a raw one square, or given --width)",
        formats::described(&formats::READABLE, false)
    )
}

/// `--out`'s help: every format a map is written to.
pub fn out_help() -> String {
    format!(
        "Output file; its extension picks the format: {}; a line: .txt or .csv",
        formats::described(&formats::MAPS, false)
    )
}

/// The map in `path`, or one line saying why not.
pub fn read_map(path: &Path, width: Option<usize>) -> Result<Heightmap, String> {
    let format = Format::from_path(path).map_err(|e| e.to_string())?;
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    terrain::import::read(&bytes, format, width)
        .map_err(|e| format!("{}: {}", path.display(), e.message))
}
