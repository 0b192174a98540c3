//! Writing heightmaps to files that terrain tools read.
//!
//! Formats, picked by file extension ([`Format::from_path`]):
//! - `.png`: 16-bit greyscale PNG, 0 = lowest, 65535 = highest (heights clamped to 0..1);
//! - `.r32`: raw little-endian `f32`, row-major, no header (the values as they are);
//! - `.pgm`: binary 16-bit PGM (`P5`, maxval 65535, big-endian samples).

use std::io::{self, Write};
use std::path::Path;

use crate::heightmap::Heightmap;

/// A heightmap file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// 16-bit greyscale PNG.
    Png16,
    /// Raw little-endian 32-bit floats.
    R32,
    /// Binary 16-bit portable greymap.
    Pgm16,
    /// Text, one height per line (for 1-D profiles: `.txt` or `.csv`).
    Lines,
}

impl Format {
    /// Picks the format from a file name's extension (case-insensitive), or explains which are known.
    pub fn from_path(path: &Path) -> Result<Self, String> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        match extension.as_str() {
            "png" => Ok(Self::Png16),
            "r32" => Ok(Self::R32),
            "pgm" => Ok(Self::Pgm16),
            _ => Err(format!(
                "cannot tell the format of {:?}: use a .png, .r32 or .pgm file name",
                path.display().to_string()
            )),
        }
    }
}

impl Format {
    /// The format of a 1-D profile file: `.txt` or `.csv`, one height per line.
    pub fn from_path_1d(path: &Path) -> Result<Self, String> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("txt" | "csv") => Ok(Self::Lines),
            _ => Err(format!(
                "cannot tell the format of {:?}: a line profile is written to a .txt or .csv file",
                path.display().to_string()
            )),
        }
    }
}

/// A height in 0..1 as a 16-bit sample (clamped, rounded to nearest).
pub fn to_u16(height: f32) -> u16 {
    let h = if height.is_finite() {
        height.clamp(0.0, 1.0)
    } else {
        0.0
    };
    (h * 65535.0).round() as u16
}

/// Writes `map` in `format` to `out`.
pub fn write(map: &Heightmap, format: Format, out: &mut impl Write) -> io::Result<()> {
    match format {
        Format::Png16 => write_png16(map, out),
        Format::R32 => {
            let bytes: Vec<u8> = map.data().iter().flat_map(|v| v.to_le_bytes()).collect();
            out.write_all(&bytes)
        }
        Format::Pgm16 => {
            write!(out, "P5\n{} {}\n65535\n", map.width(), map.height())?;
            out.write_all(&big_endian_samples(map))
        }
        Format::Lines => map.data().iter().try_for_each(|v| writeln!(out, "{v}")),
    }
}

fn big_endian_samples(map: &Heightmap) -> Vec<u8> {
    map.data()
        .iter()
        .flat_map(|&v| to_u16(v).to_be_bytes())
        .collect()
}

fn write_png16(map: &Heightmap, out: &mut impl Write) -> io::Result<()> {
    let too_big = |_| io::Error::new(io::ErrorKind::InvalidInput, "map too large for PNG");
    let width = u32::try_from(map.width()).map_err(too_big)?;
    let height = u32::try_from(map.height()).map_err(too_big)?;
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Sixteen);
    let mut writer = encoder.write_header().map_err(io::Error::other)?;
    writer
        .write_image_data(&big_endian_samples(map))
        .map_err(io::Error::other)?;
    writer.finish().map_err(io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ramp() -> Heightmap {
        let mut map = Heightmap::new(3, 2).expect("small map");
        for (i, v) in map.data_mut().iter_mut().enumerate() {
            *v = i as f32 / 5.0;
        }
        map
    }

    #[test]
    fn format_follows_the_extension() {
        assert_eq!(Format::from_path(Path::new("a/b.PNG")), Ok(Format::Png16));
        assert_eq!(Format::from_path(Path::new("x.r32")), Ok(Format::R32));
        assert_eq!(Format::from_path(Path::new("x.pgm")), Ok(Format::Pgm16));
        assert!(Format::from_path(Path::new("x.jpg")).is_err());
        assert!(Format::from_path(Path::new("noext")).is_err());
    }

    #[test]
    fn png_round_trips_as_16_bit_greyscale() {
        let mut bytes = Vec::new();
        write(&ramp(), Format::Png16, &mut bytes).expect("in-memory write");
        let decoder = png::Decoder::new(bytes.as_slice());
        let mut reader = decoder.read_info().expect("valid png");
        let mut buffer = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buffer).expect("one frame");
        assert_eq!((info.width, info.height), (3, 2));
        assert_eq!(info.color_type, png::ColorType::Grayscale);
        assert_eq!(info.bit_depth, png::BitDepth::Sixteen);
        let samples: Vec<u16> = buffer[..info.buffer_size()]
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]))
            .collect();
        assert_eq!(samples, vec![0, 13107, 26214, 39321, 52428, 65535]);
    }

    #[test]
    fn r32_is_raw_little_endian_floats() {
        let mut bytes = Vec::new();
        write(&ramp(), Format::R32, &mut bytes).expect("in-memory write");
        assert_eq!(bytes.len(), 6 * 4);
        assert_eq!(
            f32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
            0.2
        );
    }

    #[test]
    fn pgm_has_header_and_big_endian_samples() {
        let mut bytes = Vec::new();
        write(&ramp(), Format::Pgm16, &mut bytes).expect("in-memory write");
        let header = b"P5\n3 2\n65535\n";
        assert_eq!(&bytes[..header.len()], header);
        assert_eq!(&bytes[bytes.len() - 2..], &[0xff, 0xff]);
        assert_eq!(bytes.len(), header.len() + 12);
    }

    #[test]
    fn samples_clamp_out_of_range_heights() {
        assert_eq!(to_u16(-1.0), 0);
        assert_eq!(to_u16(2.0), 65535);
        assert_eq!(to_u16(f32::NAN), 0);
        assert_eq!(to_u16(0.5), 32768);
    }
}
