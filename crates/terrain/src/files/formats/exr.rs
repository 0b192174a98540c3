//! `.exr`: OpenEXR, the heights as one 32-bit float channel `Y` (greyscale), for engines and tools
//! that read float heights without 16-bit steps. Written with the `exr` crate on one thread, so
//! the bytes are the same whatever the machine.

use std::io::{self, Cursor, Write};

use exr::prelude::{Encoding, Image, Layer, LayerAttributes, SpecificChannels, WritableImage};

use super::Reading;
use super::{Facts, Format, Holds, Spec};
use crate::map::heightmap::Heightmap;

/// OpenEXR, one 32-bit float channel.
pub const EXR: Format = Format::new(&Spec {
    facts: Facts {
        extension: "exr",
        aliases: &[],
        what: "float OpenEXR",
        holds: Holds::Floats,
        sized: true,
        offered: true,
        most_points: usize::MAX,
    },
    write,
    read: Some(read),
    large: true,
});

/// Writes `map` as a single-channel (`Y`) float OpenEXR image, ZIP-compressed, rows top to bottom.
fn write(map: &Heightmap, out: &mut dyn Write) -> io::Result<()> {
    let (width, height) = (map.width(), map.height());
    let heights = map.data();
    let channels = SpecificChannels::build().with_channel("Y").with_pixel_fn(
        |position: exr::math::Vec2<usize>| (heights[position.y() * width + position.x()],),
    );
    let layer = Layer::new(
        (width, height),
        LayerAttributes::named("heights"),
        Encoding::SMALL_LOSSLESS,
        channels,
    );
    let mut bytes = Cursor::new(Vec::new());
    Image::from_layer(layer)
        .write()
        .non_parallel()
        .to_buffered(&mut bytes)
        .map_err(io::Error::other)?;
    out.write_all(bytes.get_ref())
}

/// The map in an OpenEXR file's `Y` channel; the size its first header declares is checked
/// before any pixel is read.
fn read(bytes: &[u8], reading: &Reading) -> Result<Heightmap, String> {
    let not_exr = |e: exr::error::Error| format!("not an OpenEXR heightmap: {e}");
    let meta =
        exr::meta::MetaData::read_from_buffered(Cursor::new(bytes), false).map_err(not_exr)?;
    let header = meta
        .headers
        .first()
        .ok_or("not an OpenEXR heightmap: no image in it")?;
    reading.check_size(header.layer_size.width(), header.layer_size.height())?;
    let (width, height, heights) =
        read_exr(bytes).map_err(|e| format!("not an OpenEXR heightmap: {e}"))?;
    Heightmap::from_data(width, height, heights).map_err(|e| e.message)
}

/// Reads the `Y` channel of an OpenEXR image as this format writes it: the width, the height and
/// the heights row by row. No size check: [`EXR`]'s reader makes it first.
pub fn read_exr(bytes: &[u8]) -> Result<(usize, usize, Vec<f32>), String> {
    use exr::prelude::{read, FlatSamples, ReadChannels, ReadLayers};
    let image = read()
        .no_deep_data()
        .largest_resolution_level()
        .all_channels()
        .first_valid_layer()
        .all_attributes()
        .non_parallel()
        .from_buffered(Cursor::new(bytes))
        .map_err(|e| e.to_string())?;
    let layer = &image.layer_data;
    let size = layer.size;
    let channel = layer
        .channel_data
        .list
        .iter()
        .find(|c| c.name == *"Y")
        .ok_or("no Y channel")?;
    match &channel.sample_data {
        FlatSamples::F32(values) => Ok((size.width(), size.height(), values.clone())),
        _ => Err("the Y channel does not hold 32-bit floats".into()),
    }
}
