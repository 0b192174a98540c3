//! `.r16`: raw little-endian `u16`, row by row, no header, 0 = lowest, 65535 = highest: what
//! Unity's "Import Raw", Unreal's Landscape and Godot's terrain plugins read.

use std::io::{self, Write};

use super::Reading;
use super::{raw, Facts, Format, Holds, Spec};
use crate::map::heightmap::Heightmap;

/// Raw little-endian 16-bit samples.
pub const R16: Format = Format::new(&Spec {
    facts: Facts {
        extension: "r16",
        aliases: &[],
        what: "raw 16-bit",
        holds: Holds::Sixteen,
        sized: false,
        offered: true,
        most_points: usize::MAX,
    },
    write,
    read: Some(read),
    large: false,
});

fn write(map: &Heightmap, out: &mut dyn Write) -> io::Result<()> {
    raw::write_in_chunks(map, out, |v| raw::to_u16(v).to_le_bytes())
}

fn read(bytes: &[u8], reading: &Reading) -> Result<Heightmap, String> {
    raw::read(bytes, reading, "r16", |b| {
        f32::from(u16::from_le_bytes(b)) / 65535.0
    })
}
