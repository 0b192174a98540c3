//! `.pgm`: binary 16-bit portable greymap (`P5`, maxval 65535, big-endian samples). Written,
//! not read, and not on the page's format choice.

use std::io::{self, Write};

use super::{raw, Facts, Format, Holds, Spec};
use crate::map::heightmap::Heightmap;

/// Binary 16-bit portable greymap.
pub const PGM: Format = Format::new(&Spec {
    facts: Facts {
        extension: "pgm",
        aliases: &[],
        what: "16-bit PGM",
        holds: Holds::Sixteen,
        sized: true,
        offered: false,
        most_points: usize::MAX,
    },
    write,
    read: None,
    large: false,
});

fn write(map: &Heightmap, out: &mut dyn Write) -> io::Result<()> {
    write!(out, "P5\n{} {}\n65535\n", map.width(), map.height())?;
    raw::write_in_chunks(map, out, |v| raw::to_u16(v).to_be_bytes())
}
