//! `.r32`: raw little-endian `f32`, row by row, no header: the heights as they are.

use std::io::{self, Write};

use super::Reading;
use super::{raw, Facts, Format, Holds, Spec};
use crate::map::heightmap::Heightmap;

/// Raw little-endian 32-bit floats.
pub const R32: Format = Format::new(&Spec {
    facts: Facts {
        extension: "r32",
        aliases: &[],
        what: "raw 32-bit float",
        holds: Holds::Floats,
        sized: false,
        offered: true,
        most_points: usize::MAX,
    },
    write,
    read: Some(read),
    large: false,
});

fn write(map: &Heightmap, out: &mut dyn Write) -> io::Result<()> {
    raw::write_in_chunks(map, out, f32::to_le_bytes)
}

fn read(bytes: &[u8], reading: &Reading) -> Result<Heightmap, String> {
    raw::read(bytes, reading, "r32", f32::from_le_bytes)
}
