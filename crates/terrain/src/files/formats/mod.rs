//! The file formats: one file each, and one list of them, [`ALL`].
//!
//! A format is a [`Format`], a handle on the [`Spec`] its file fills in: its [`Facts`] (its
//! extension, what it holds, whether the page offers it), its writer and (for the heightmaps) its
//! reader. Whatever lists formats reads [`ALL`], or [`MAPS`], [`OFFERED`] and [`READABLE`], the
//! rows' facts without their code: the command line's `--out` and `--in`, its help and error
//! texts, the page's format choice, its hints, the formats "Your map" accepts and the downloads. Adding a format is its file here, its
//! `mod` line and its row in [`ALL`] (ARCHITECTURE.md, "Adding a format").

use std::fmt;
use std::io::{self, Write};

use crate::map::heightmap::Heightmap;

mod exr;
mod glb;
mod lines;
mod pgm;
mod png;
mod r16;
mod r32;
mod raw;
pub mod reading;
mod tif;

pub use self::exr::{read_exr, EXR};
pub use self::glb::{GLB, MAX_MESH_POINTS};
pub use self::lines::LINES;
pub use self::pgm::PGM;
pub use self::png::PNG;
pub use self::r16::R16;
pub use self::r32::R32;
pub use self::raw::to_u16;
pub use self::reading::Reading;
pub use self::tif::TIF;

/// Every format, in the order the page's format choice and every list in a message shows them.
pub const ALL: &[Format] = &[PNG, R16, R32, PGM, GLB, EXR, TIF, LINES];

/// Which rows a list of facts keeps.
#[derive(Clone, Copy)]
enum Kept {
    Maps,
    Offered,
    Readable,
    SmallReaders,
}

impl Kept {
    const fn keeps(self, spec: &Spec) -> bool {
        let map = !matches!(spec.facts.holds, Holds::Profile);
        match self {
            Kept::Maps => map,
            Kept::Offered => map && spec.facts.offered,
            Kept::Readable => map && spec.read.is_some(),
            Kept::SmallReaders => map && spec.read.is_some() && !spec.large,
        }
    }

    /// How many rows of [`ALL`] it keeps.
    const fn count(self) -> usize {
        let (mut n, mut i) = (0, 0);
        while i < ALL.len() {
            if self.keeps(ALL[i].0) {
                n += 1;
            }
            i += 1;
        }
        n
    }

    /// The facts and readers of the rows of [`ALL`] it keeps, in order (the rows it keeps must all
    /// read).
    const fn readers<const N: usize>(self) -> [(Facts, Reader); N] {
        let mut kept = [(ALL[0].0.facts, no_reader as Reader); N];
        let (mut n, mut i) = (0, 0);
        while i < ALL.len() {
            if let (true, Some(read)) = (self.keeps(ALL[i].0), ALL[i].0.read) {
                kept[n] = (ALL[i].0.facts, read);
                n += 1;
            }
            i += 1;
        }
        kept
    }

    /// The facts of the rows of [`ALL`] it keeps, in order.
    const fn pick<const N: usize>(self) -> [Facts; N] {
        let mut kept = [ALL[0].0.facts; N];
        let (mut n, mut i) = (0, 0);
        while i < ALL.len() {
            if self.keeps(ALL[i].0) {
                kept[n] = ALL[i].0.facts;
                n += 1;
            }
            i += 1;
        }
        kept
    }
}

// The rows' facts without their writers and readers, picked when the crate compiles: what the
// page's lists read, so that listing the formats links none of their code into the page.

/// Every format that holds a map (not a 1-D profile), in order.
pub static MAPS: [Facts; Kept::Maps.count()] = Kept::Maps.pick();

/// The map formats the page's format choice offers, in order.
pub static OFFERED: [Facts; Kept::Offered.count()] = Kept::Offered.pick();

/// The formats a map can be read from, in order.
pub static READABLE: [Facts; Kept::Readable.count()] = Kept::Readable.pick();

/// The readable formats' facts and readers, without their writers: what reads a map the page
/// brought ([`crate::import::read_brought`]).
pub static READERS: [(Facts, Reader); Kept::Readable.count()] = Kept::Readable.readers();

/// [`READERS`] but for those whose code is large ([`Spec::large`]): what the page's readers'
/// module links, so reading the real land's PNG fetches no writer, no EXR or TIFF codec.
pub static SMALL_READERS: [(Facts, Reader); Kept::SmallReaders.count()] =
    Kept::SmallReaders.readers();

/// What fills [`READERS`] before its rows are picked; never left in it.
fn no_reader(_: &[u8], _: &Reading) -> Result<Heightmap, String> {
    Err("no reader".into())
}

/// The map format whose extension (or alias) is `extension`, case-insensitive, without the dot:
/// [`Format::from_extension`] without the code.
pub fn find(extension: &str) -> Option<&'static Facts> {
    MAPS.iter().find(|f| f.named(extension))
}

/// `.ext` of each of `formats`, as a list a sentence can end with: ".png, .r16 or .r32".
pub fn names(formats: &[Facts]) -> String {
    list(formats, None, ", ", " or ")
}

/// `.ext` of each of `formats`, comma-separated: a file picker's `accept`.
pub fn accepted(formats: &[Facts]) -> String {
    list(formats, None, ",", ",")
}

/// Each of `formats` described, as a list a sentence can end with: "16-bit greyscale PNG (.png),
/// ... or float OpenEXR (.exr)"; raw formats, which carry no size, say `square` when `square` is
/// set (where no width can be given).
pub fn described(formats: &[Facts], square: bool) -> String {
    list(formats, Some(square), ", ", " or ")
}

/// What a format's file holds, which decides where it may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds {
    /// Heights 0 to 1 as 16-bit samples (0 = lowest, 65535 = highest).
    Sixteen,
    /// Heights as 32-bit floats, as they are.
    Floats,
    /// A triangle mesh of the surface, not a grid of numbers.
    Mesh,
    /// A 1-D profile, one height per line of text.
    Profile,
}

/// Reads a heightmap from a file's bytes: the map, or one line saying what is wrong. A reader
/// checks the size its header declares with [`Reading::check_size`] before it allocates.
pub type Reader = fn(&[u8], &Reading) -> Result<Heightmap, String>;

/// What a format is, apart from its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    /// The file extension, lower case, without the dot.
    pub extension: &'static str,
    /// Other extensions that name it (`tiff` for `.tif`), lower case.
    pub aliases: &'static [&'static str],
    /// What a file of it is, for lists in help and messages ("16-bit greyscale PNG").
    pub what: &'static str,
    /// What its file holds.
    pub holds: Holds,
    /// Whether its file says the map's size (a raw file does not: it must be square, or be given
    /// a width).
    pub sized: bool,
    /// Whether the page's format choice offers it.
    pub offered: bool,
    /// Most points a file of it may hold (a mesh's limit is below the maps').
    pub most_points: usize,
}

impl Facts {
    /// Whether `extension` (any case, no dot) names this format.
    pub fn named(&self, extension: &str) -> bool {
        self.extension.eq_ignore_ascii_case(extension)
            || self
                .aliases
                .iter()
                .any(|a| a.eq_ignore_ascii_case(extension))
    }
}

/// One format's row: its facts and its code.
#[derive(Debug)]
pub struct Spec {
    /// What it is.
    pub facts: Facts,
    /// Writes a map in this format.
    pub write: fn(&Heightmap, &mut dyn Write) -> io::Result<()>,
    /// Reads a map back, for formats a map can be read from.
    pub read: Option<Reader>,
    /// Whether its reader is too large for the page's readers' module, which holds the PNG and
    /// raw readers in 67 KB gzipped: EXR's crate brings every codec (120 KB of code, 200 KB of
    /// tables), TIFF's its IFD parser, LZW and Deflate (57 KB gzipped). Its files are read by
    /// the encoders' module, which holds that code for the writer anyway ([`SMALL_READERS`]
    /// leaves it out).
    pub large: bool,
}

/// A file format: a handle on its [`Spec`]; two are equal when they are the same format.
#[derive(Clone, Copy)]
pub struct Format(&'static Spec);

impl PartialEq for Format {
    fn eq(&self, other: &Self) -> bool {
        self.0.facts.extension == other.0.facts.extension
    }
}

impl Eq for Format {}

impl fmt::Debug for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Format(.{})", self.0.facts.extension)
    }
}

impl Format {
    /// The format `spec` describes (each format's file makes its own constant with this).
    pub const fn new(spec: &'static Spec) -> Self {
        Self(spec)
    }

    /// Its row.
    pub fn spec(self) -> &'static Spec {
        self.0
    }

    /// What it is.
    pub fn facts(self) -> &'static Facts {
        &self.0.facts
    }

    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        self.0.facts.extension
    }

    /// What its file holds.
    pub fn holds(self) -> Holds {
        self.0.facts.holds
    }

    /// Whether it holds heights as floats (a flow written to it holds the counts as they are).
    pub fn holds_floats(self) -> bool {
        self.0.facts.holds == Holds::Floats
    }

    /// Whether a map can be read from it.
    pub fn reads(self) -> bool {
        self.0.read.is_some()
    }

    /// The map format whose extension (or alias) is `extension`, case-insensitive, without the
    /// dot; profiles' `.txt` and `.csv` only through `Format::from_path_1d`.
    pub fn from_extension(extension: &str) -> Option<Self> {
        ALL.iter()
            .copied()
            .find(|f| f.0.facts.holds != Holds::Profile && f.0.facts.named(extension))
    }

    /// `map` written in this format to `out`.
    pub fn write(self, map: &Heightmap, out: &mut dyn Write) -> io::Result<()> {
        (self.0.write)(map, out)
    }
}

/// `formats`, each as its `.ext`, or described (`square`: raw ones say so), between `comma`s
/// but for the last, which follows `or`. One function for every list, so the page's module holds
/// one copy.
#[inline(never)]
fn list(formats: &[Facts], described: Option<bool>, comma: &str, or: &str) -> String {
    let mut text = String::new();
    for (i, f) in formats.iter().enumerate() {
        let between = match i {
            0 => "",
            _ if i + 1 == formats.len() => or,
            _ => comma,
        };
        let (what, open, close) = match described {
            None => ("", "", ""),
            Some(square) if square && !f.sized => (f.what, " (", ", square)"),
            Some(_) => (f.what, " (", ")"),
        };
        for part in [between, what, open, ".", f.extension, close] {
            text.push_str(part);
        }
    }
    text
}

#[cfg(test)]
mod tests;
