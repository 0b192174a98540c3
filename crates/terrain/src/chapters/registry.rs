//! The list of chapters: one row each, giving the [`Recipe`] variant, the chapter's type, its
//! name on the command line, in sidecars and in the recipe's JSON, and what kind of map it makes
//! where that is not plain ([`ChapterRow`]: a profile, a map the command line may erode, a base
//! that steps change). The `chapters!` macro makes the enum and its one `match` from the rows;
//! every other question is the chapter's ([`Chapter`]), so a new chapter is its folder plus one
//! row here.

use super::chapter::Chapter;
use super::{
    Composed, DiamondSquare, Eroded, Faults, Fbm, Held, Line, Midpoint, MidpointRecursive, Noise,
    RainAtScale, Uplifted, Weathered,
};

/// Makes [`Recipe`] from the rows, with [`Recipe::chapter`], [`Recipe::chapter_mut`],
/// [`Recipe::name`], [`Recipe::NAMES`] and [`Recipe::DEFAULTS`], and `on_chapter!`, the one match
/// on a recipe's chapter (`$d` is a `$`, so the macro can write a macro).
macro_rules! chapters {
    (($d:tt) $($(#[$doc:meta])* $variant:ident = $name:literal $({ $($flag:ident),* })?,)*) => {
        /// `on_chapter!(recipe, c => c.method(..))` calls the chapter's own method: a `match` with
        /// one arm per row, so each call is static and the page links only the methods it uses
        /// (through `&dyn Chapter` every chapter's every method would come along).
        macro_rules! on_chapter {
            ($d recipe:expr, $d c:ident => $d body:expr) => {
                match $d recipe {
                    $(Recipe::$variant($d c) => $d body,)*
                }
            };
        }
        pub(super) use on_chapter;

        /// One chapter's algorithm and its parameters. A recipe and a seed fix a terrain, so a
        /// recipe is what the page's demos hold, what travels to the page's generator worker, and
        /// what the command line builds from its arguments. With the `serde` feature it
        /// (de)serialises with the chapter's name in an `algorithm` field, e.g.
        /// `{"algorithm": "ds", "stage": "Full", "params": {"exponent": 9, ...}}`.
        #[derive(Debug, PartialEq)]
        #[cfg_attr(
            feature = "serde",
            derive(serde::Serialize, serde::Deserialize),
            serde(tag = "algorithm")
        )]
        // A composed recipe keeps room for each of its steps' settings (a few hundred bytes),
        // in place rather than boxed: most recipes are copied whole, and only a chain's
        // strokes are held apart.
        #[allow(clippy::large_enum_variant)]
        pub enum Recipe {
            $(
                $(#[$doc])*
                #[cfg_attr(feature = "serde", serde(rename = $name))]
                $variant($variant),
            )*
        }

        /// A copy: every chapter's recipe but a composed one's is plain values. Kept out of
        /// line, so each of the page's many copies is a call, not the whole match again.
        impl Clone for Recipe {
            #[inline(never)]
            fn clone(&self) -> Self {
                match self {
                    $(Recipe::$variant(c) => Recipe::$variant(c.clone()),)*
                }
            }
        }

        impl Recipe {
            /// Every chapter's name, in the registry's order.
            pub const NAMES: &'static [&'static str] = &[$($name),*];

            /// Every chapter with its defaults (its type's `DEFAULT`), in the registry's order:
            /// where the command line's subcommands and their defaults come from.
            pub const DEFAULTS: &'static [Recipe] = &[$(Recipe::$variant($variant::DEFAULT)),*];

            /// The chapter that answers for this recipe.
            pub fn chapter(&self) -> &dyn Chapter {
                match self {
                    $(Recipe::$variant(chapter) => chapter,)*
                }
            }

            /// [`Recipe::chapter`], writable.
            pub fn chapter_mut(&mut self) -> &mut dyn Chapter {
                match self {
                    $(Recipe::$variant(chapter) => chapter,)*
                }
            }

            /// The chapter's name on the command line and in sidecars (`noise`, `mpd`, `ds`, ...).
            pub fn name(&self) -> &'static str {
                self.row().name
            }

            /// The chapter's row: its name and what kind of map it makes.
            pub fn row(&self) -> &'static ChapterRow {
                match self {
                    $(Recipe::$variant(_) => &ChapterRow {
                        name: $name,
                        $($($flag: true,)*)?
                        ..ChapterRow::PLAIN
                    },)*
                }
            }
        }

        $(
            impl From<$variant> for Recipe {
                fn from(chapter: $variant) -> Self {
                    Recipe::$variant(chapter)
                }
            }
        )*
    };
}

/// A chapter's row: its name and what kind of map it makes, where that is not plain (a flag named
/// in the row: `Line = "line" { profile }`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChapterRow {
    /// Its name on the command line and in sidecars.
    pub name: &'static str,
    /// A 1-D profile, written as text (`.txt`, `.csv`) rather than as a map.
    pub profile: bool,
    /// Its command takes `--erode N` and the erosion constants, eroding the map it generates.
    pub erodes: bool,
    /// Its map is a base that steps then change (droplets, weathering, a reader's chain): what
    /// the base's settings aim at (a Hurst exponent) no longer holds of it, and the base's shown
    /// heights are kept (the stepper's step 0) so a view can show what the steps changed.
    pub on_a_base: bool,
}

impl ChapterRow {
    /// A plain row: a 2-D map, not eroded by the command, not a base that steps change.
    const PLAIN: ChapterRow = ChapterRow {
        name: "",
        profile: false,
        erodes: false,
        on_a_base: false,
    };
}

chapters! {
    ($)
    /// Random noise: every point its own uniform height.
    Noise = "noise",
    /// Midpoint displacement, up to a stage (the first post's step demos stop early).
    Midpoint = "mpd" { erodes },
    /// Midpoint displacement written recursively, as the second post does it.
    MidpointRecursive = "mpd-recursive" { erodes },
    /// Diamond-Square, up to a stage; whole maps may tile.
    DiamondSquare = "ds" { erodes },
    /// Noise octave by octave (fBm) over a window of an endless plane.
    Fbm = "fbm" { erodes },
    /// Fault lines and shapes.
    Faults = "fault",
    /// 1-D midpoint displacement: a profile one row tall.
    Line = "line" { profile },
    /// A Diamond-Square terrain, then hydraulic erosion with the same seed.
    Eroded = "ds-eroded" { on_a_base },
    /// A Diamond-Square terrain eroded by droplets in batches: the same bytes on every core.
    RainAtScale = "ds-rain" { on_a_base },
    /// A map read from a file, then eroded by droplets (none when there are 0).
    Held = "held" { on_a_base },
    /// A Diamond-Square terrain, then thermal erosion: slopes settling at the talus angle.
    Weathered = "ds-thermal" { on_a_base },
    /// A base and the steps a reader chose after it (the page's Make your own).
    Composed = "compose" { on_a_base },
    /// Land grown by uplift against river incision from a near-flat start.
    Uplifted = "uplift",
}

impl Recipe {
    #[cfg(feature = "cli")]
    /// Every knob a reader meets, once each: the seed and the command line's own rows
    /// ([`crate::knobs::BESIDE_CHAPTERS`], the erosion flags), then each chapter's, then each step's. Gathered
    /// from the chapters and steps themselves, so a new one's knobs are in it with no list to
    /// keep (the tests hold every one of them to the table's rules).
    pub fn every_knob() -> Vec<&'static crate::knobs::Knob> {
        use crate::chapters::step_registry::STEPS;
        let chapters = Recipe::DEFAULTS
            .iter()
            .flat_map(|r| r.knobs().iter().copied());
        let steps = STEPS
            .iter()
            .flat_map(|row| row.knobs().iter().chain(row.fields()).copied());
        let mut every: Vec<&'static crate::knobs::Knob> = Vec::new();
        for knob in crate::knobs::BESIDE_CHAPTERS
            .into_iter()
            .chain(crate::chapters::eroded::knobs::ON_THE_COMMAND_LINE)
            .chain(chapters)
            .chain(steps)
        {
            // A const knob has no one address: the same row is the same name and help.
            if !every
                .iter()
                .any(|k| (k.name, k.help) == (knob.name, knob.help))
            {
                every.push(knob);
            }
        }
        every
    }
}
