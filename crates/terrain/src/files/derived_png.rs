//! The derived maps as files: the normal map as an 8-bit RGB PNG, the slope, flow, wetness and
//! curvature masks as 16-bit grey PNGs, the wear and deposit a chain's erosion left, and the
//! materials' splat maps, layer maps (8-bit) and albedo (8-bit sRGB), and the shadows the land
//! casts (8-bit). The command line's
//! `--maps` and the page's downloads both write them here.

use std::cell::OnceCell;
use std::io;

use crate::analysis::derived::{landform, normal_pixels, slope_map, Derived, Green, Relief};
use crate::analysis::materials::{self, light, splat::Splat, Lines, LAYERS};
use crate::analysis::water::Water;
use crate::chain::moved::Moved;
use crate::files::{export, formats};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// The file of `derived` for `map`, as PNG bytes, with `relief` and the normal map's `green`.
pub fn png(
    derived: Derived,
    map: &Heightmap,
    relief: Relief,
    green: Green,
) -> Result<Vec<u8>, ParamError> {
    Sources::new(map, relief, green, None)
        .png(derived)
        .map(|(bytes, _)| bytes)
}

/// One file of a derived map: what follows `NAME_` in its name, its bytes, and the values its
/// 0 and 65535 stand for where it has a range of its own.
#[derive(Debug, Clone, PartialEq)]
pub struct DerivedFile {
    /// The name's end: `normal`, `splat0`, `rock` ...
    pub suffix: String,
    /// The PNG's bytes.
    pub bytes: Vec<u8>,
    /// Its range, as [`Sources::png`] gives it.
    pub range: Option<Span>,
}

/// The values a 16-bit derived file's 0 and 65535 stand for.
pub type Span = (f64, f64);

/// What one map's derived files are made from: the map, its relief, the normal map's green,
/// for wear and deposit what the chain's erosion steps did to its cells (measured as the chain
/// runs), and where the materials' rules draw their lines. Its water is routed once, for the
/// flow, the wetness and the materials alike, and its splat made once for the splat and albedo.
pub struct Sources<'a> {
    map: &'a Heightmap,
    relief: Relief,
    green: Green,
    moved: Option<&'a Moved>,
    lines: Lines,
    water: OnceCell<Water>,
    splat: OnceCell<Splat>,
}

impl<'a> Sources<'a> {
    /// The sources of `map`'s files.
    pub fn new(map: &'a Heightmap, relief: Relief, green: Green, moved: Option<&'a Moved>) -> Self {
        Sources {
            map,
            relief,
            green,
            moved,
            lines: Lines::default(),
            water: OnceCell::new(),
            splat: OnceCell::new(),
        }
    }

    /// The same sources with the materials' lines at `lines`.
    pub fn with_lines(mut self, lines: Lines) -> Self {
        self.lines = lines;
        self
    }

    /// The map's splat, made the first time it is asked for.
    fn splat(&self) -> Result<&Splat, ParamError> {
        if let Some(splat) = self.splat.get() {
            return Ok(splat);
        }
        let made = materials::splat_of(
            self.map,
            self.water()?,
            self.relief,
            self.moved.map(|m| m.deposit.as_slice()),
            &self.lines,
        )?;
        Ok(self.splat.get_or_init(|| made))
    }

    /// Every file of `derived`: one for most, the two splat maps and one map a layer for the
    /// splat.
    pub fn files(&self, derived: Derived) -> Result<Vec<DerivedFile>, ParamError> {
        let (w, h) = (self.map.width(), self.map.height());
        let failed = |e: io::Error| ParamError::new(derived.name(), e.to_string());
        let file = |suffix: &str, bytes| DerivedFile {
            suffix: suffix.into(),
            bytes,
            range: None,
        };
        match derived {
            Derived::Splat => {
                let splat = self.splat()?;
                let mut files = Vec::new();
                for n in 0..LAYERS.len().div_ceil(4) {
                    let bytes = write_png8(w, h, png::ColorType::Rgba, &splat.rgba(n));
                    files.push(file(&format!("splat{n}"), bytes.map_err(failed)?));
                }
                for (i, layer) in LAYERS.iter().enumerate() {
                    let bytes = write_png8(w, h, png::ColorType::Grayscale, &splat.layer(i));
                    files.push(file(layer.name, bytes.map_err(failed)?));
                }
                Ok(files)
            }
            Derived::Albedo => {
                let pixels = self.splat()?.albedo();
                let bytes = write_png8(w, h, png::ColorType::Rgb, &pixels).map_err(failed)?;
                Ok(vec![file(derived.name(), bytes)])
            }
            Derived::Shadow => {
                let pixels = shadow_pixels(self.map, self.relief);
                let bytes = write_png8(w, h, png::ColorType::Grayscale, &pixels).map_err(failed)?;
                Ok(vec![file(derived.name(), bytes)])
            }
            _ => {
                let (bytes, range) = self.png(derived)?;
                Ok(vec![DerivedFile {
                    range,
                    ..file(derived.name(), bytes)
                }])
            }
        }
    }

    /// The map's water, routed the first time it is asked for.
    fn water(&self) -> Result<&Water, ParamError> {
        if let Some(water) = self.water.get() {
            return Ok(water);
        }
        let routed = Water::of(self.map)?;
        Ok(self.water.get_or_init(|| routed))
    }

    /// The file of `derived`, with the values 0 and 65535 stand for where the map is mapped
    /// over a range of its own (wetness, curvature, wear and deposit); `None` for the others,
    /// whose files say it alone.
    pub fn png(&self, derived: Derived) -> Result<(Vec<u8>, Option<Span>), ParamError> {
        let (map, relief) = (self.map, self.relief);
        let ranged = match derived {
            Derived::Wetness => Some(landform::wetness_map(map, self.water()?, relief)?),
            Derived::Curvature => Some(landform::curvature_map(map, relief)?),
            Derived::Wear | Derived::Deposit => {
                let moved = self.moved.ok_or_else(|| {
                    let said = "is measured as the chain runs, on the command line";
                    ParamError::new(derived.name(), format!("{} {said}", derived.name()))
                })?;
                let values = match derived {
                    Derived::Wear => &moved.wear,
                    _ => &moved.deposit,
                };
                let values: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
                let most = values.iter().copied().fold(0.0, f64::max);
                Some(landform::mapped(map, &values, 0.0, most)?)
            }
            Derived::Normal | Derived::Slope | Derived::Flow => None,
            Derived::Splat | Derived::Albedo | Derived::Shadow => {
                let said = "is 8-bit: Sources::files writes it";
                return Err(ParamError::new(
                    derived.name(),
                    format!("{} {said}", derived.name()),
                ));
            }
        };
        let mut bytes = Vec::new();
        let written = match (derived, &ranged) {
            (_, Some(made)) => export::write(&made.map, formats::PNG, &mut bytes),
            (Derived::Normal, None) => write_normals(map, relief, self.green, &mut bytes),
            (Derived::Flow, None) => {
                export::write(&self.water()?.flow_map(false), formats::PNG, &mut bytes)
            }
            (_, None) => export::write(&slope_map(map, relief)?, formats::PNG, &mut bytes),
        };
        written.map_err(|e| ParamError::new(derived.name(), e.to_string()))?;
        Ok((bytes, ranged.map(|made| (made.lo, made.hi))))
    }
}

/// The shadow map's pixels: [`light::shadows`] of `map` in `relief` under [`light::SUN`], 255 in
/// full sun.
pub fn shadow_pixels(map: &Heightmap, relief: Relief) -> Vec<u8> {
    let cells = relief.height_m / relief.cell_m.max(f32::MIN_POSITIVE);
    light::shadows(map.data(), map.width(), cells, light::SUN)
        .iter()
        .map(|lit| (lit.clamp(0.0, 1.0) * 255.0).round() as u8)
        .collect()
}

/// The file of a derived download as the page writes it: the page's relief (as
/// [`Relief::as_shown`]: what `--maps` writes without `--height-m`) and green up (no engine).
pub fn download_png(derived: Derived, map: &Heightmap) -> Result<Vec<u8>, ParamError> {
    png(derived, map, Relief::as_shown(map), Green::Up)
}

/// Writes the tangent-space normal map of `map` as an 8-bit RGB PNG.
fn write_normals(
    map: &Heightmap,
    relief: Relief,
    green: Green,
    out: &mut Vec<u8>,
) -> io::Result<()> {
    let pixels = normal_pixels(map, relief, green);
    *out = write_png8(map.width(), map.height(), png::ColorType::Rgb, &pixels)?;
    Ok(())
}

/// `png` (a PNG of any colour type, 8 or 16 bits) cropped to `width` x `height` pixels from
/// column `x`, row `y`: the same colour type and depth, the same pixels.
pub fn crop_png(
    png: &[u8],
    (x, y): (usize, usize),
    (width, height): (usize, usize),
) -> io::Result<Vec<u8>> {
    let decoder = png::Decoder::new(io::Cursor::new(png));
    let mut reader = decoder.read_info().map_err(io::Error::other)?;
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).map_err(io::Error::other)?;
    let pixel = info.color_type.samples() * usize::from(info.bit_depth as u8).div_ceil(8);
    let (full_w, full_h) = (info.width as usize, info.height as usize);
    if x + width > full_w || y + height > full_h {
        let said =
            format!("a crop of {width} x {height} from ({x}, {y}) passes {full_w} x {full_h}");
        return Err(io::Error::new(io::ErrorKind::InvalidInput, said));
    }
    let stride = full_w * pixel;
    let pixels: Vec<u8> = (y..y + height)
        .flat_map(|row| &buffer[row * stride + x * pixel..row * stride + (x + width) * pixel])
        .copied()
        .collect();
    let too_big = |_| io::Error::new(io::ErrorKind::InvalidInput, "crop too large for PNG");
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(
        &mut out,
        u32::try_from(width).map_err(too_big)?,
        u32::try_from(height).map_err(too_big)?,
    );
    encoder.set_color(info.color_type);
    encoder.set_depth(info.bit_depth);
    let mut writer = encoder.write_header().map_err(io::Error::other)?;
    writer.write_image_data(&pixels).map_err(io::Error::other)?;
    writer.finish().map_err(io::Error::other)?;
    Ok(out)
}

/// An 8-bit PNG of `width` x `height` `pixels` in `color`.
fn write_png8(
    width: usize,
    height: usize,
    color: png::ColorType,
    pixels: &[u8],
) -> io::Result<Vec<u8>> {
    let too_big = |_| io::Error::new(io::ErrorKind::InvalidInput, "map too large for PNG");
    let width = u32::try_from(width).map_err(too_big)?;
    let height = u32::try_from(height).map_err(too_big)?;
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(io::Error::other)?;
    writer.write_image_data(pixels).map_err(io::Error::other)?;
    writer.finish().map_err(io::Error::other)?;
    Ok(out)
}
