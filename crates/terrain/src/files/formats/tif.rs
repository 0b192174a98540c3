//! `.tif`: TIFF, one channel of 32-bit floats (`SampleFormat` IEEE float), uncompressed, the
//! heights as they are: the float heightmap Gaea, World Machine, QGIS and GDAL read. Written and
//! read with the `tiff` crate; reading also takes LZW- and Deflate-compressed files.

use std::io::{self, Cursor, Write};

use tiff::decoder::{Decoder, DecodingResult, Limits};
use tiff::encoder::{colortype::Gray32Float, TiffEncoder};
use tiff::ColorType;

use super::{Facts, Format, Holds, Spec};
use crate::files::import::Reading;
use crate::map::heightmap::Heightmap;

/// TIFF, one 32-bit float channel.
pub const TIF: Format = Format::new(&Spec {
    facts: Facts {
        extension: "tif",
        aliases: &["tiff"],
        what: "32-bit float TIFF",
        holds: Holds::Floats,
        sized: true,
        offered: true,
        most_points: usize::MAX,
    },
    write,
    read: Some(read),
    large: true,
});

fn write(map: &Heightmap, out: &mut dyn Write) -> io::Result<()> {
    let too_big = |_| io::Error::new(io::ErrorKind::InvalidInput, "map too large for TIFF");
    let width = u32::try_from(map.width()).map_err(too_big)?;
    let height = u32::try_from(map.height()).map_err(too_big)?;
    let mut bytes = Cursor::new(Vec::new());
    TiffEncoder::new(&mut bytes)
        .and_then(|mut tiff| tiff.write_image::<Gray32Float>(width, height, map.data()))
        .map_err(io::Error::other)?;
    out.write_all(bytes.get_ref())
}

/// The map in a one-channel float TIFF; the size and sample type its first directory declares
/// are checked before any pixel is decoded.
fn read(bytes: &[u8], reading: &Reading) -> Result<Heightmap, String> {
    let not_tiff = |e: tiff::TiffError| format!("not a TIFF heightmap: {e}");
    // The decoder's own limit only backs up the check below: four bytes a point.
    let mut limits = Limits::default();
    limits.decoding_buffer_size = reading.most_points().saturating_mul(4);
    limits.intermediate_buffer_size = limits.decoding_buffer_size;
    let mut decoder = Decoder::new(Cursor::new(bytes))
        .map_err(not_tiff)?
        .with_limits(limits);
    let (width, height) = decoder.dimensions().map_err(not_tiff)?;
    let (width, height) = (width as usize, height as usize);
    reading.check_size(width, height)?;
    match decoder.colortype().map_err(not_tiff)? {
        ColorType::Gray(32) => {}
        ColorType::Gray(bits) => {
            return Err(format!(
                "the TIFF is {bits}-bit greyscale: maps are read from 32-bit float TIFFs"
            ))
        }
        other => {
            return Err(format!(
                "the TIFF has {} channels: maps are read from one-channel 32-bit float TIFFs",
                channels(other)
            ))
        }
    }
    let heights = match decoder.read_image().map_err(not_tiff)? {
        DecodingResult::F32(heights) => heights,
        _ => {
            return Err(
                "the TIFF holds 32-bit integers: maps are read from 32-bit float TIFFs".into(),
            )
        }
    };
    Heightmap::from_data(width, height, heights).map_err(|e| e.message)
}

/// How many channels a TIFF of `colour` has.
fn channels(colour: ColorType) -> u16 {
    match colour {
        ColorType::Gray(_) | ColorType::Palette(_) => 1,
        ColorType::GrayA(_) => 2,
        ColorType::RGB(_) | ColorType::YCbCr(_) | ColorType::Lab(_) => 3,
        ColorType::RGBA(_) | ColorType::CMYK(_) => 4,
        ColorType::CMYKA(_) => 5,
        ColorType::Multiband { num_samples, .. } => num_samples,
        _ => 0,
    }
}
