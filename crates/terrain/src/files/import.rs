//! Reading heightmaps back in, for erosion, flow and measures of a map made elsewhere: every
//! format whose row has a reader ([`formats::READABLE`]), through that one reader, on the command
//! line and on the page alike. What differs between the two is said by [`Reading`]: the page
//! reads at most 4097 x 4097 points and has no `--width` field, so its refusals say what the
//! reader can do there instead.

pub use crate::files::formats::reading::{Reading, Shown, MOST_BROUGHT_POINTS};
use crate::files::formats::{self, Facts, Format, Reader};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Reads a map of `format` from `bytes` on the command line. Raw files carry no size: `width`
/// gives it, else the map must be square. A one-line error names what is wrong.
pub fn read(bytes: &[u8], format: Format, width: Option<usize>) -> Result<Heightmap, ParamError> {
    read_as(
        bytes,
        format,
        &Reading {
            width,
            shown: Shown::Command,
        },
    )
    .map_err(|message| ParamError::new("in", message))
}

/// Reads a map of `format` from `bytes` as `reading` says, through the format's one reader;
/// refuses a format no map is read from and a height that is not a finite number.
pub fn read_as(bytes: &[u8], format: Format, reading: &Reading) -> Result<Heightmap, String> {
    let Some(reader) = format.spec().read else {
        return Err(format!(
            "maps are read from {} files, not .{}",
            formats::names(&formats::READABLE),
            format.extension()
        ));
    };
    read_with(bytes, reader, reading)
}

/// The map `reader` reads from `bytes`, refused when a height is not a finite number.
fn read_with(bytes: &[u8], reader: Reader, reading: &Reading) -> Result<Heightmap, String> {
    let map = reader(bytes, reading)?;
    if map.data().iter().any(|h| !h.is_finite()) {
        return Err("the file holds a height that is not a number (NaN) or is infinite".into());
    }
    Ok(map)
}

/// Most bytes of a file brought to the page: a 4097 x 4097 `.r32` file, and a little more for
/// the headers and tables of the formats that carry them.
pub const MOST_BROUGHT_BYTES: u64 = 4 * MOST_BROUGHT_POINTS as u64 + (1 << 20);

/// What the page reads, for its messages and hints: every readable format, raw ones square, of
/// at most 4097 x 4097 points.
pub fn brought_formats() -> String {
    format!(
        "it reads a {}, of at most 4097 x 4097 points",
        formats::described(&formats::READABLE, true)
    )
}

/// A file of `bytes` bytes is small enough to read, or why not (checked before it is read).
pub fn check_brought_size(name: &str, bytes: u64) -> Result<(), ParamError> {
    if bytes > MOST_BROUGHT_BYTES {
        let megabytes = bytes.div_ceil(1 << 20);
        return Err(brought_error(format!(
            "{name} is too large ({megabytes} MB) for the page: {}",
            brought_formats()
        )));
    }
    Ok(())
}

/// The map in a file a reader brought to the page, named `name` (its extension says the
/// format), or a message saying what is wrong and what the page reads: not a heightmap format,
/// an 8-bit or colour image, a raw file that is not a square map, too many points.
pub fn read_brought(name: &str, bytes: &[u8]) -> Result<Heightmap, ParamError> {
    read_brought_with(name, bytes, &formats::READERS)?.ok_or_else(|| unread(name))
}

/// [`read_brought`] with the small readers only ([`formats::SMALL_READERS`]), as the page's
/// readers' module reads: `None` for a file of a format read there whose reader is large (EXR),
/// which the encoders' module then reads with [`read_brought`].
pub fn read_brought_small(name: &str, bytes: &[u8]) -> Result<Option<Heightmap>, ParamError> {
    read_brought_with(name, bytes, &formats::SMALL_READERS)
}

/// The map in `bytes` read by the reader among `readers` that `name`'s extension names; `None`
/// when a readable format is named whose reader is not among them.
fn read_brought_with(
    name: &str,
    bytes: &[u8],
    readers: &[(Facts, Reader)],
) -> Result<Option<Heightmap>, ParamError> {
    check_brought_size(name, bytes.len() as u64)?;
    let extension = name.rsplit_once('.').map_or("", |(_, e)| e);
    let found = readers.iter().find(|(facts, _)| facts.named(extension));
    let Some(&(_, reader)) = found else {
        return match formats::READABLE.iter().any(|f| f.named(extension)) {
            true => Ok(None),
            false => Err(unread(name)),
        };
    };
    let reading = Reading {
        width: None,
        shown: Shown::Page,
    };
    read_with(bytes, reader, &reading)
        .map(Some)
        .map_err(|e| brought_error(format!("{name}: {e}; {}", brought_formats())))
}

/// Why `name` is not read: its extension names no heightmap format the page reads.
fn unread(name: &str) -> ParamError {
    brought_error(format!(
        "{name} is not a heightmap the page reads: {}",
        brought_formats()
    ))
}

fn brought_error(message: String) -> ParamError {
    ParamError::new("heightmap", message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::{export, formats};

    #[test]
    fn what_is_written_reads_back() {
        let map = crate::chapters::diamond_square::algorithm::generate(
            &crate::chapters::midpoint::algorithm::MpdParams::DEFAULT,
            4,
        )
        .expect("valid");
        for format in [formats::R32, formats::R16, formats::PNG] {
            let mut bytes = Vec::new();
            export::write(&map, format, &mut bytes).expect("write");
            let back = read(&bytes, format, None).expect("read");
            assert_eq!((back.width(), back.height()), (33, 33));
            let tolerance = if format == formats::R32 {
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
        assert!(message(&[0; 7], formats::R32, None).contains("4 bytes a point"));
        assert!(message(&[0; 24], formats::R16, None).contains("not a square map"));
        assert_eq!(
            read(&[0; 24], formats::R16, Some(4)).map(|m| (m.width(), m.height())),
            Ok((4, 3))
        );
        assert!(message(&[0; 24], formats::R16, Some(5)).contains("do not make rows of 5"));
        assert!(message(b"not a png", formats::PNG, None).starts_with("not a PNG file"));
        assert!(message(&[0; 8], formats::PGM, None).contains("not .pgm"));
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
        assert!(said.ends_with(&brought_formats()), "{said}");
        let huge = check_brought_size("huge.r32", MOST_BROUGHT_BYTES + 1).expect_err("large");
        assert!(
            huge.message.starts_with("huge.r32 is too large (66 MB)"),
            "{}",
            huge.message
        );
        let ok = read_brought("square.r16", &[0; 32]).expect("a 4 x 4 map");
        assert_eq!((ok.width(), ok.height()), (4, 4));
        assert!(message(&nan, formats::R32, None).contains("not a number"));
    }
}
