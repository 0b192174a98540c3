//! OpenEXR: the heights as one 32-bit float channel `Y` (greyscale), for engines and tools that
//! read float heights without 16-bit steps. Written with the `exr` crate on one thread, so the
//! bytes are the same whatever the machine.

use std::io::{self, Cursor, Write};

use exr::prelude::{Encoding, Image, Layer, LayerAttributes, SpecificChannels, WritableImage};

use crate::map::heightmap::Heightmap;

/// Writes `map` as a single-channel (`Y`) float OpenEXR image, ZIP-compressed, rows top to bottom.
pub(super) fn write_exr(map: &Heightmap, out: &mut impl Write) -> io::Result<()> {
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

/// Reads the `Y` channel of an OpenEXR image as `export::write` writes it: the width, the height and
/// the heights row by row.
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
