//! Reading heightmaps back in, for erosion on a map made elsewhere: raw little-endian f32
//! (`.r32`), raw little-endian u16 (`.r16`, 0..65535 as 0..1), 16-bit greyscale PNG and OpenEXR
//! (the `Y` channel), the formats this crate writes and engines and other tools exchange.

use crate::files::export::{self, Format};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Reads a map of `format` from `bytes`. Raw files carry no size: `width` gives it, else the
/// map must be square. A one-line error names what is wrong.
pub fn read(bytes: &[u8], format: Format, width: Option<usize>) -> Result<Heightmap, ParamError> {
    let refuse = |message: String| ParamError::new("in", message);
    let heights: Vec<f32> = match format {
        Format::R32 => {
            raw(bytes, 4, |b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).ok_or_else(|| {
                refuse(format!(
                    "a .r32 file holds 4 bytes a point, this one {} bytes",
                    bytes.len()
                ))
            })?
        }
        Format::R16 => raw(bytes, 2, |b| {
            f32::from(u16::from_le_bytes([b[0], b[1]])) / 65535.0
        })
        .ok_or_else(|| {
            refuse(format!(
                "a .r16 file holds 2 bytes a point, this one {} bytes",
                bytes.len()
            ))
        })?,
        Format::Png16 => return png16(bytes).map_err(refuse),
        Format::Exr => {
            let (w, h, heights) = export::read_exr(bytes)
                .map_err(|e| refuse(format!("not an OpenEXR heightmap: {e}")))?;
            return Heightmap::from_data(w, h, heights).map_err(|e| refuse(e.message));
        }
        other => {
            return Err(refuse(format!(
                "maps are read from .r32, .r16, 16-bit .png or .exr files, not .{}",
                other.extension()
            )))
        }
    };
    let points = heights.len();
    let width = match width {
        Some(w) if w > 0 && points.is_multiple_of(w) => w,
        Some(w) => return Err(refuse(format!("{points} points do not make rows of {w}"))),
        None => {
            let side = (points as f64).sqrt().round() as usize;
            if side * side != points {
                return Err(refuse(format!(
                    "{points} points are not a square map: give its --width"
                )));
            }
            side
        }
    };
    if heights.iter().any(|h| !h.is_finite()) {
        return Err(refuse(
            "the file holds a height that is not a number".into(),
        ));
    }
    Heightmap::from_data(width, points / width.max(1), heights)
}

/// The points of a raw file of `size`-byte points, or `None` when its length is not a whole
/// number of points (or it is empty).
fn raw(bytes: &[u8], size: usize, point: impl Fn(&[u8]) -> f32) -> Option<Vec<f32>> {
    (!bytes.is_empty() && bytes.len().is_multiple_of(size))
        .then(|| bytes.chunks_exact(size).map(point).collect())
}

/// A 16-bit greyscale PNG's points, 0..65535 as 0..1.
fn png16(bytes: &[u8]) -> Result<Heightmap, String> {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder
        .read_info()
        .map_err(|e| format!("not a PNG file: {e}"))?;
    let info = reader.info();
    let (width, height) = (info.width as usize, info.height as usize);
    if info.color_type != png::ColorType::Grayscale || info.bit_depth != png::BitDepth::Sixteen {
        return Err(format!(
            "the PNG is {:?} at {:?} bits: maps are read from 16-bit greyscale PNGs",
            info.color_type, info.bit_depth
        ));
    }
    let mut buffer = vec![0; reader.output_buffer_size()];
    let frame = reader
        .next_frame(&mut buffer)
        .map_err(|e| format!("the PNG cannot be read: {e}"))?;
    let data = buffer[..frame.buffer_size()]
        .chunks_exact(2)
        .map(|b| f32::from(u16::from_be_bytes([b[0], b[1]])) / 65535.0)
        .collect();
    Heightmap::from_data(width, height, data).map_err(|e| e.message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::export;

    #[test]
    fn what_is_written_reads_back() {
        let map = crate::algorithms::diamond_square::generate(
            &crate::algorithms::midpoint::MpdParams::DEFAULT,
            4,
        )
        .expect("valid");
        for format in [Format::R32, Format::R16, Format::Png16] {
            let mut bytes = Vec::new();
            export::write(&map, format, &mut bytes).expect("write");
            let back = read(&bytes, format, None).expect("read");
            assert_eq!((back.width(), back.height()), (33, 33));
            let tolerance = if format == Format::R32 {
                0.0
            } else {
                0.5 / 65535.0
            };
            for (a, b) in map.data().iter().zip(back.data()) {
                assert!((a - b).abs() <= tolerance, "{format:?}: {a} against {b}");
            }
        }
    }

    #[test]
    fn bad_files_are_refused_in_one_line() {
        let message =
            |bytes: &[u8], format, width| read(bytes, format, width).expect_err("refused").message;
        assert!(message(&[0; 7], Format::R32, None).contains("4 bytes a point"));
        assert!(message(&[0; 24], Format::R16, None).contains("not a square map"));
        assert_eq!(
            read(&[0; 24], Format::R16, Some(4)).map(|m| (m.width(), m.height())),
            Ok((4, 3))
        );
        assert!(message(&[0; 24], Format::R16, Some(5)).contains("do not make rows of 5"));
        assert!(message(b"not a png", Format::Png16, None).starts_with("not a PNG file"));
        assert!(message(&[0; 8], Format::Pgm16, None).contains("not .pgm"));
        let nan = f32::NAN.to_le_bytes().repeat(9);
        assert!(message(&nan, Format::R32, None).contains("not a number"));
    }
}
