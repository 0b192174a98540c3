//! The land seen from above at an hour of the day: a map's albedo (`--maps albedo`) lit by a
//! sun whose rays the terrain blocks and by the sky its hollows see less of
//! (`terrain::materials::light::lit`), to judge the materials by eye.
//!
//! cargo run --release -p terrain --example land_top -- MAP.r32 MAP_albedo.png OUT.png \
//!     [ELEVATION AZIMUTH HEIGHT_M]
//!
//! `HEIGHT_M`: the metres a height of 1 stands, one metre a cell, as `--height-m` gives the
//! derived maps (the page's relief, 0.6 of the width, by default); the sun 25 degrees up from the north-west by
//! default.

use std::error::Error;
use std::fs::File;
use std::io::BufWriter;

use terrain::formats;
use terrain::import;
use terrain::materials::light::{lit, Sun};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [map, albedo, out, rest @ ..] = args.as_slice() else {
        return Err(
            "usage: land_top MAP.r32 MAP_albedo.png OUT.png [ELEVATION AZIMUTH HEIGHT_M]".into(),
        );
    };
    let number = |at: usize, default: f32| -> Result<f32, Box<dyn Error>> {
        Ok(rest
            .get(at)
            .map(|s| s.parse())
            .transpose()?
            .unwrap_or(default))
    };
    let albedo_size = png::Decoder::new(File::open(albedo)?)
        .read_info()?
        .info()
        .size();
    let map = import::read(
        &std::fs::read(map)?,
        formats::R32,
        Some(albedo_size.0 as usize),
    )?;
    let (width, height) = (map.width(), map.height());
    // Heights as the map holds them, times the relief: as `--maps` measures its slopes.
    let relief = number(2, 0.6 * (width.max(height) - 1) as f32)?;
    let sun = Sun {
        elevation: number(0, 25.0)?,
        azimuth: number(1, 315.0)?,
    };
    let decoder = png::Decoder::new(File::open(albedo)?);
    let mut reader = decoder.read_info()?;
    let mut colours = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut colours)?;
    if info.color_type != png::ColorType::Rgb
        || (info.width as usize, info.height as usize) != (width, height)
    {
        return Err("the albedo must be an RGB PNG the size of the map".into());
    }
    let pixels = lit(map.data(), width, relief, &colours, sun);
    let mut encoder = png::Encoder::new(
        BufWriter::new(File::create(out)?),
        width as u32,
        height as u32,
    );
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(&pixels)?;
    Ok(())
}
