//! What the raw formats (`.r16`, `.r32`) and the 16-bit ones share: heights as 16-bit samples,
//! writing a chunk of heights at a time, and reading a file of fixed-size points that carries no
//! size of its own.

use std::io::{self, Write};

use super::reading::{Reading, Shown};
use crate::map::heightmap::Heightmap;

/// A height in 0..1 as a 16-bit sample (clamped, rounded to nearest).
pub fn to_u16(height: f32) -> u16 {
    let h = if height.is_finite() {
        height.clamp(0.0, 1.0)
    } else {
        0.0
    };
    (h * 65535.0).round() as u16
}

/// Writes every height of `map` as the bytes `to` gives it, a chunk of heights at a time: a buffer
/// that stays in the cache rather than a copy of the whole map (64 MiB at exponent 12, whose
/// fresh pages cost more than the copying).
pub(super) fn write_in_chunks<const N: usize>(
    map: &Heightmap,
    out: &mut dyn Write,
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

/// The map in a raw `.extension` file of `N`-byte points, each read by `point`: as wide as
/// `reading` says, else square. Its size is checked before the heights are made.
pub(super) fn read<const N: usize>(
    bytes: &[u8],
    reading: &Reading,
    extension: &str,
    point: impl Fn([u8; N]) -> f32,
) -> Result<Heightmap, String> {
    let (points, rest) = bytes.as_chunks::<N>();
    if points.is_empty() || !rest.is_empty() {
        return Err(format!(
            "a .{extension} file holds {N} bytes a point, this one {} bytes",
            bytes.len()
        ));
    }
    let count = points.len();
    reading.check_points(count)?;
    let width = match reading.width {
        Some(w) if w > 0 && count.is_multiple_of(w) => w,
        Some(w) => return Err(format!("{count} points do not make rows of {w}")),
        None => {
            let side = (count as f64).sqrt().round() as usize;
            if side * side != count {
                return Err(match reading.shown {
                    Shown::Command => {
                        format!("{count} points are not a square map: give its --width")
                    }
                    Shown::Page => format!(
                        "{count} points are not a square map, and a raw .{extension} file does \
                         not say its width: write it square, or as a format that carries its size"
                    ),
                });
            }
            side
        }
    };
    reading.check_size(width, count / width)?;
    let heights = points.iter().map(|&p| point(p)).collect();
    Heightmap::from_data(width, count / width, heights).map_err(|e| e.message)
}
