//! What the page downloads, as one type: a map in a format, a map derived from it, its flow, its
//! tiles, or the realism report. The page's format choice names each by a short text (`png`,
//! `normal.png`, `flow.r32`, `tiles-2x2.png`, `realism`), parsed here once into a [`Download`];
//! the worker's messages carry it, and whoever answers one matches on it.

use crate::analysis::derived::Derived;
use crate::files::engines::Engine;
use crate::files::export::{self, ExportError};
use crate::files::formats::{self, Facts};
use crate::files::tiles;

/// One download the page offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Download {
    /// The map in a format the page offers (`png`, `r32`, `tif`, `glb`, ...).
    Map(&'static Facts),
    /// A map derived from it, as a PNG (`normal.png`, `slope.png`).
    Derived(Derived),
    /// Its flow accumulation in a format (`flow.png` on a log scale, `flow.r32` as counts).
    Flow(&'static Facts),
    /// The map cut in a grid of tiles of a format, zipped with their sidecar (`tiles-2x2.png`).
    Tiles {
        /// Tiles across and down.
        grid: (usize, usize),
        /// The tiles' format.
        format: &'static Facts,
    },
    /// The realism report: the eight measures as JSON text (`realism`).
    Realism,
    /// The rivers as GeoJSON lines (`rivers.geojson`), as `terrain flow --rivers` writes them
    /// at its default threshold.
    Rivers,
    /// The strokes of a composed terrain's `paint` step, as the file `--strokes` reads
    /// (`strokes`, saved as `strokes.json`): written in the worker from the strokes the request
    /// carries.
    Strokes,
    /// The strokes of a composed terrain's painted mask, as the file `--mask-strokes` reads
    /// (`mask`, saved as `mask.json`), the mask's brushes named add, remove and soften.
    Mask,
    /// The map prepared for a game engine or 3-D tool, zipped with its sidecar of import
    /// settings: what `terrain ... --for ENGINE --height-m H` writes (`unity.r16`, named for the
    /// engine and its file's extension).
    Engine(Engine),
    /// The materials a game paints the land with, zipped (`splat`, saved as `NAME.splat.zip`):
    /// the heights as PNG and what `--maps splat,albedo` writes beside them (the splat maps, a
    /// weightmap a layer, the albedo, the sidecar), made from the chain as the command line
    /// measures it.
    Splat,
    /// Not a file: the Water and Land views' routing of the points they show (`water`), made
    /// in the worker by the later chapters' module (`water::routing::routing_bytes`).
    Water,
}

/// The derived maps the format choice offers (the flow mask comes with [`FLOWS`]).
pub const DERIVED: [Derived; 2] = [Derived::Normal, Derived::Slope];

/// The formats the flow comes in, by extension: a 16-bit log scale, or the counts as floats.
/// (Extensions, not the formats: naming a format would link its writer into the page.)
pub const FLOWS: [&str; 2] = ["png", "r32"];

/// What the realism report is asked by.
const REALISM: &str = "realism";

/// What the rivers are asked by.
const RIVERS: &str = "rivers.geojson";

/// What the strokes file is asked by.
const STROKES: &str = "strokes";

/// What the painted mask's strokes file is asked by.
const MASK: &str = "mask";

/// What the splat zip is asked by.
const SPLAT: &str = "splat";

/// What the Water view's routing is asked by.
const WATER: &str = "water";

impl Download {
    /// The download `name` names; `None` for a name the page does not offer. Read as
    /// `[KIND.]EXTENSION`: no kind for a map, `flow`, `tiles-NxM`, or a derived map's name.
    pub fn parse(name: &str) -> Option<Download> {
        if name == REALISM {
            return Some(Download::Realism);
        }
        if name == RIVERS {
            return Some(Download::Rivers);
        }
        if name == WATER {
            return Some(Download::Water);
        }
        if name == STROKES {
            return Some(Download::Strokes);
        }
        if name == SPLAT {
            return Some(Download::Splat);
        }
        if name == MASK {
            return Some(Download::Mask);
        }
        let (kind, extension) = name.split_once('.').unwrap_or(("", name));
        let engine = Engine::ALL.into_iter().find(|e| e.name() == kind);
        if let Some(engine) = engine.filter(|e| e.extension() == extension) {
            return Some(Download::Engine(engine));
        }
        let format = formats::find(extension).filter(|f| f.offered)?;
        if kind.is_empty() {
            return Some(Download::Map(format));
        }
        if kind == "flow" {
            return FLOWS
                .contains(&format.extension)
                .then_some(Download::Flow(format));
        }
        if let Some(grid) = kind.strip_prefix("tiles-") {
            let grid = tiles::grid(grid)?;
            return Some(Download::Tiles { grid, format });
        }
        let derived = DERIVED.into_iter().find(|d| d.name() == kind)?;
        (format.extension == "png").then_some(Download::Derived(derived))
    }

    /// Every download the format choice offers beside the map's formats: the flow in each of
    /// its formats, the rivers, then the derived maps.
    pub fn beside_maps() -> impl Iterator<Item = Download> {
        let flows = FLOWS
            .into_iter()
            .filter_map(formats::find)
            .map(Download::Flow);
        flows
            .chain([Download::Rivers])
            .chain(DERIVED.into_iter().map(Download::Derived))
    }

    /// Its name, as [`Download::parse`] reads it and the format choice's option values give it.
    pub fn name(&self) -> String {
        match self {
            Download::Map(format) => format.extension.to_string(),
            Download::Derived(derived) => format!("{}.png", derived.name()),
            Download::Flow(format) => format!("flow.{}", format.extension),
            Download::Tiles {
                grid: (columns, rows),
                format,
            } => tiles::download_name(&format!("{columns}x{rows}"), format.extension),
            Download::Realism => REALISM.to_string(),
            Download::Rivers => RIVERS.to_string(),
            Download::Water => WATER.to_string(),
            Download::Strokes => STROKES.to_string(),
            Download::Mask => MASK.to_string(),
            Download::Splat => SPLAT.to_string(),
            Download::Engine(engine) => {
                format!("{}.{}", engine.name(), engine.extension())
            }
        }
    }

    /// The format of the file written (a derived map is a PNG; the report has none).
    pub fn format(&self) -> Option<&'static Facts> {
        match self {
            Download::Map(format) | Download::Flow(format) => Some(format),
            Download::Tiles { format, .. } => Some(format),
            Download::Derived(_) => formats::find("png"),
            Download::Engine(engine) => formats::find(engine.extension()),
            Download::Realism
            | Download::Rivers
            | Download::Water
            | Download::Strokes
            | Download::Mask
            | Download::Splat => None,
        }
    }

    /// Checks that its file can hold a `width` x `height` map before the map is made (a mesh
    /// has a limit below the maps'; tiles are checked when they are cut).
    pub fn check_size(&self, width: usize, height: usize) -> Result<(), ExportError> {
        match self {
            Download::Map(format) | Download::Flow(format) => {
                export::check_size(format, width, height)
            }
            Download::Derived(_)
            | Download::Tiles { .. }
            | Download::Realism
            | Download::Rivers
            | Download::Water
            | Download::Strokes
            | Download::Mask
            | Download::Splat
            | Download::Engine(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_download_the_page_offers_reads_back_from_its_name() {
        let maps = formats::OFFERED.iter().map(Download::Map);
        let tiles = formats::OFFERED.iter().map(|format| Download::Tiles {
            grid: (2, 3),
            format,
        });
        let all: Vec<Download> = maps
            .chain(Download::beside_maps())
            .chain(tiles)
            .chain([
                Download::Realism,
                Download::Water,
                Download::Strokes,
                Download::Mask,
                Download::Splat,
            ])
            .chain(Engine::ALL.map(Download::Engine))
            .collect();
        assert!(all.len() > 10);
        for download in all {
            assert_eq!(
                Download::parse(&download.name()),
                Some(download),
                "{download:?}"
            );
        }
        let beside: Vec<String> = Download::beside_maps().map(|d| d.name()).collect();
        assert_eq!(
            beside,
            [
                "flow.png",
                "flow.r32",
                "rivers.geojson",
                "normal.png",
                "slope.png"
            ]
        );
    }

    #[test]
    fn a_name_the_page_does_not_offer_is_no_download() {
        for name in [
            "",
            "bmp",
            "txt",
            "flow.glb",
            "flow.",
            "flow.png.png",
            "flow.png",
            "normal.r32",
            "tiles-0x2.png",
            "tiles-2x2.bmp",
            "tiles-2x2",
            "REALISM ",
            "../png",
        ] {
            let parsed = Download::parse(name);
            assert!(
                parsed.is_none() || name == "flow.png",
                "{name:?} gave {parsed:?}"
            );
        }
        assert_eq!(
            Download::parse("flow.png").map(|d| d.name()).as_deref(),
            Some("flow.png")
        );
        assert_eq!(
            Download::parse("PNG"),
            formats::find("png").map(Download::Map)
        );
    }
}
