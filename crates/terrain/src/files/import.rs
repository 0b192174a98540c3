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

/// Most points of a map brought to the page: 4097 x 4097, the largest map the generators make.
pub const MOST_BROUGHT_POINTS: usize = 4097 * 4097;

/// Most bytes of a file brought to the page: a 4097 x 4097 `.r32` file.
pub const MOST_BROUGHT_BYTES: u64 = 4 * MOST_BROUGHT_POINTS as u64;

/// What the page reads, for its messages.
pub const BROUGHT_FORMATS: &str =
    "it reads a 16-bit greyscale PNG, or a square .r16 or .r32 heightmap, of at most 4097 x 4097 \
     points";

/// A file of `bytes` bytes is small enough to read, or why not (checked before it is read).
pub fn check_brought_size(name: &str, bytes: u64) -> Result<(), ParamError> {
    if bytes > MOST_BROUGHT_BYTES {
        let megabytes = bytes.div_ceil(1 << 20);
        return Err(brought_error(format!(
            "{name} is too large ({megabytes} MB) for the page: {BROUGHT_FORMATS}"
        )));
    }
    Ok(())
}

/// The map in a file a reader brought to the page, named `name` (its extension says the
/// format), or a message saying what is wrong and what the page reads: not a heightmap format,
/// an 8-bit or colour PNG, a raw file that is not a square map, too many points.
pub fn read_brought(name: &str, bytes: &[u8]) -> Result<Heightmap, ParamError> {
    check_brought_size(name, bytes.len() as u64)?;
    let extension = name.rsplit_once('.').map_or("", |(_, e)| e);
    let format = match Format::from_extension(extension) {
        Some(format @ (Format::Png16 | Format::R16 | Format::R32)) => format,
        _ => {
            return Err(brought_error(format!(
                "{name} is not a heightmap the page reads: {BROUGHT_FORMATS}"
            )))
        }
    };
    let map = read(bytes, format, None)
        .map_err(|e| brought_error(format!("{name}: {}; {BROUGHT_FORMATS}", e.message)))?;
    if map.width() * map.height() > MOST_BROUGHT_POINTS {
        return Err(brought_error(format!(
            "{name} holds {} x {} points, too many for the page: {BROUGHT_FORMATS}",
            map.width(),
            map.height()
        )));
    }
    Ok(map)
}

fn brought_error(message: String) -> ParamError {
    ParamError::new("heightmap", message)
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
        let colours = match info.color_type {
            png::ColorType::Grayscale => "greyscale",
            png::ColorType::GrayscaleAlpha => "greyscale with transparency",
            png::ColorType::Indexed => "palette",
            png::ColorType::Rgb | png::ColorType::Rgba => "colour",
        };
        return Err(format!(
            "the PNG is {}-bit {colours}: maps are read from 16-bit greyscale PNGs",
            info.bit_depth as u8
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
        let brought = |name: &str, bytes: &[u8]| read_brought(name, bytes).expect_err(name).message;
        assert!(brought("photo.jpg", b"\xff\xd8").starts_with("photo.jpg is not a heightmap"));
        assert!(brought("notes.png", b"text").contains("not a PNG file"));
        assert!(brought("row.r16", &[0; 24]).contains("not a square map"));
        let mut rgb = Vec::new();
        let mut encoder = png::Encoder::new(&mut rgb, 2, 2);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("header");
        writer.write_image_data(&[9; 12]).expect("pixels");
        drop(writer);
        let said = brought("photo.png", &rgb);
        assert!(said.contains("the PNG is 8-bit colour"), "{said}");
        assert!(said.ends_with(BROUGHT_FORMATS), "{said}");
        let huge = check_brought_size("huge.r32", MOST_BROUGHT_BYTES + 1).expect_err("large");
        assert!(
            huge.message.starts_with("huge.r32 is too large (65 MB)"),
            "{}",
            huge.message
        );
        let ok = read_brought("square.r16", &[0; 32]).expect("a 4 x 4 map");
        assert_eq!((ok.width(), ok.height()), (4, 4));
        assert!(message(&nan, Format::R32, None).contains("not a number"));
    }
}
