//! `.txt` / `.csv`: a 1-D profile, one height per line of text (midpoint displacement's line).

use std::io::{self, Write};

use super::{Facts, Format, Holds, Spec};
use crate::map::heightmap::Heightmap;

/// Text, one height per line.
pub const LINES: Format = Format::new(&Spec {
    facts: Facts {
        extension: "txt",
        aliases: &["csv"],
        what: "text, one height a line",
        holds: Holds::Profile,
        sized: false,
        offered: false,
        most_points: usize::MAX,
    },
    write,
    read: None,
    large: false,
});

fn write(map: &Heightmap, out: &mut dyn Write) -> io::Result<()> {
    map.data().iter().try_for_each(|v| writeln!(out, "{v}"))
}
