//! The derived maps as files: the normal map as an 8-bit RGB PNG, the slope, flow, wetness and
//! curvature masks as 16-bit grey PNGs, and the wear and deposit a chain's erosion left. The
//! command line's `--maps` and the page's downloads both write them here.

use std::cell::OnceCell;
use std::io;

use crate::analysis::derived::{landform, normal_pixels, slope_map, Derived, Green, Relief};
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

/// The values a 16-bit derived file's 0 and 65535 stand for.
pub type Span = (f64, f64);

/// What one map's derived files are made from: the map, its relief, the normal map's green and,
/// for wear and deposit, what the chain's erosion steps did to its cells (measured as the chain
/// runs). Its water is routed once, for the flow and the wetness alike.
pub struct Sources<'a> {
    map: &'a Heightmap,
    relief: Relief,
    green: Green,
    moved: Option<&'a Moved>,
    water: OnceCell<Water>,
}

impl<'a> Sources<'a> {
    /// The sources of `map`'s files.
    pub fn new(map: &'a Heightmap, relief: Relief, green: Green, moved: Option<&'a Moved>) -> Self {
        Sources {
            map,
            relief,
            green,
            moved,
            water: OnceCell::new(),
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
    let too_big = |_| io::Error::new(io::ErrorKind::InvalidInput, "map too large for PNG");
    let width = u32::try_from(map.width()).map_err(too_big)?;
    let height = u32::try_from(map.height()).map_err(too_big)?;
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(io::Error::other)?;
    writer
        .write_image_data(&normal_pixels(map, relief, green))
        .map_err(io::Error::other)?;
    writer.finish().map_err(io::Error::other)
}
