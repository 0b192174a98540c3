//! Hill-shaded top views for the examples that judge a process by eye (8-bit PNGs).

use std::fs::File;
use std::io::BufWriter;

use terrain::Heightmap;

/// The map lit from the north-west, one byte a cell, heights in cell widths times `scale`.
pub fn hill_shade(map: &Heightmap, scale: f32) -> Vec<u8> {
    let (w, h) = (map.width(), map.height());
    let z = |x: usize, y: usize| map.get(x.min(w - 1), y.min(h - 1)) * scale;
    let light = [-1.0f32, -1.0, 1.0];
    let norm = (light[0] * light[0] + light[1] * light[1] + light[2] * light[2]).sqrt();
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            let gx = (z(x + 1, y) - z(x.saturating_sub(1), y)) / 2.0;
            let gy = (z(x, y + 1) - z(x, y.saturating_sub(1))) / 2.0;
            let n = [-gx, -gy, 1.0];
            let len = (n[0] * n[0] + n[1] * n[1] + 1.0).sqrt();
            let lit = (n[0] * light[0] + n[1] * light[1] + n[2] * light[2]) / (len * norm);
            (lit.clamp(0.0, 1.0) * 255.0) as u8
        })
        .collect()
}

/// Writes `bytes`, one grey byte per cell of a `width` x `height` grid, as an 8-bit PNG.
pub fn write_bytes(
    path: &str,
    (width, height): (usize, usize),
    bytes: &[u8],
) -> Result<(), Box<dyn std::error::Error>> {
    let mut encoder = png::Encoder::new(
        BufWriter::new(File::create(path)?),
        width as u32,
        height as u32,
    );
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(bytes)?;
    Ok(())
}
