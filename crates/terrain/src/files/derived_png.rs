//! The derived maps as files: the normal map as an 8-bit RGB PNG, the slope, flow, wetness and
//! curvature masks as 16-bit grey PNGs. The command line's `--maps` and the page's downloads both write them here.

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
    png_ranged(derived, map, relief, green, None).map(|(bytes, _)| bytes)
}

/// The values a 16-bit derived file's 0 and 65535 stand for.
pub type Span = (f64, f64);

/// [`png()`], with the values 0 and 65535 stand for where the map is mapped over a range of its
/// own (wetness, curvature, wear and deposit); `None` for the others, whose files say it alone.
/// `moved` is what the chain's erosion steps did to `map`'s cells (wear and deposit need it;
/// it is measured as the chain runs).
pub fn png_ranged(
    derived: Derived,
    map: &Heightmap,
    relief: Relief,
    green: Green,
    moved: Option<&Moved>,
) -> Result<(Vec<u8>, Option<Span>), ParamError> {
    let mut bytes = Vec::new();
    let mut range = None;
    let mut ranged = |made: landform::Ranged| {
        range = Some((made.lo, made.hi));
        made.map
    };
    let written = match derived {
        Derived::Normal => write_normals(map, relief, green, &mut bytes),
        Derived::Slope => export::write(&slope_map(map, relief)?, formats::PNG, &mut bytes),
        Derived::Flow => {
            let flow = Water::of(map)?.flow_map(false);
            export::write(&flow, formats::PNG, &mut bytes)
        }
        Derived::Wetness => {
            let wet = ranged(landform::wetness_map(map, relief)?);
            export::write(&wet, formats::PNG, &mut bytes)
        }
        Derived::Curvature => {
            let bent = ranged(landform::curvature_map(map, relief)?);
            export::write(&bent, formats::PNG, &mut bytes)
        }
        Derived::Wear | Derived::Deposit => {
            let moved = moved.ok_or_else(|| {
                let said = "is measured as the chain runs, on the command line";
                ParamError::new(derived.name(), format!("{} {said}", derived.name()))
            })?;
            let values = match derived {
                Derived::Wear => &moved.wear,
                _ => &moved.deposit,
            };
            let most = values.iter().copied().fold(0.0f32, f32::max);
            let shares = values
                .iter()
                .map(|&v| if most > 0.0 { v / most } else { 0.0 });
            let shares = Heightmap::from_data(map.width(), map.height(), shares.collect())?;
            range = Some((0.0, f64::from(most)));
            export::write(&shares, formats::PNG, &mut bytes)
        }
    };
    written.map_err(|e| ParamError::new(derived.name(), e.to_string()))?;
    Ok((bytes, range))
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
