//! Writing the output file so that a failure never leaves a partial file behind.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use terrain::export::{self, Format};
use terrain::Heightmap;

/// A sibling of `path` to write into before renaming over `path`.
fn temporary_sibling(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.partial", std::process::id()))
}

/// Writes `map` to `path` in `format`: first to a temporary file next to it, then renamed into
/// place, so `path` is either the complete file or untouched.
pub fn write_atomically(path: &Path, map: &Heightmap, format: Format) -> Result<(), String> {
    write_with(path, |out| export::write(map, format, out))
}

/// Writes `text` to `path` the same way.
pub fn write_text_atomically(path: &Path, text: &str) -> Result<(), String> {
    write_bytes_atomically(path, text.as_bytes())
}

/// Writes `bytes` to `path` the same way.
pub fn write_bytes_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_with(path, |out| out.write_all(bytes))
}

/// Writes through `fill` into a temporary sibling of `path`, then renames it into place.
fn write_with(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<fs::File>) -> std::io::Result<()>,
) -> Result<(), String> {
    let temporary = temporary_sibling(path);
    let result = (|| -> std::io::Result<()> {
        let mut out = BufWriter::new(fs::File::create(&temporary)?);
        fill(&mut out)?;
        out.flush()?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&temporary, path)
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&temporary);
        format!("cannot write {}: {e}", path.display())
    })
}
