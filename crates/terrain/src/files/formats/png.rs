//! `.png`: 16-bit greyscale PNG, 0 = lowest, 65535 = highest (heights clamped to 0..1).

use std::io::{self, Cursor, Write};

use super::Reading;
use super::{raw, Facts, Format, Holds, Spec};
use crate::map::heightmap::Heightmap;

/// 16-bit greyscale PNG.
pub const PNG: Format = Format::new(&Spec {
    facts: Facts {
        extension: "png",
        aliases: &[],
        what: "16-bit greyscale PNG",
        holds: Holds::Sixteen,
        sized: true,
        offered: true,
        most_points: usize::MAX,
    },
    write,
    read: Some(read),
    large: false,
});

fn write(map: &Heightmap, out: &mut dyn Write) -> io::Result<()> {
    let too_big = |_| io::Error::new(io::ErrorKind::InvalidInput, "map too large for PNG");
    let width = u32::try_from(map.width()).map_err(too_big)?;
    let height = u32::try_from(map.height()).map_err(too_big)?;
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Sixteen);
    let mut writer = encoder.write_header().map_err(io::Error::other)?;
    let samples: Vec<u8> = map
        .data()
        .iter()
        .flat_map(|&v| raw::to_u16(v).to_be_bytes())
        .collect();
    writer
        .write_image_data(&samples)
        .map_err(io::Error::other)?;
    writer.finish().map_err(io::Error::other)
}

/// A 16-bit greyscale PNG's points, 0..65535 as 0..1; the size its header declares is checked
/// before the pixels are decoded.
fn read(bytes: &[u8], reading: &Reading) -> Result<Heightmap, String> {
    // The decoder's own limit only backs up the check below: two bytes a point it allows.
    let limits = png::Limits {
        bytes: reading
            .most_points()
            .saturating_mul(2)
            .saturating_add(1 << 20),
    };
    let decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    let mut reader = decoder
        .read_info()
        .map_err(|e| format!("not a PNG file: {e}"))?;
    let info = reader.info();
    let (width, height) = (info.width as usize, info.height as usize);
    reading.check_size(width, height)?;
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
