//! The maps derived from the heights (`--maps`): written beside the file as `NAME_normal.png`,
//! `NAME_slope.png`, `NAME_flow.png`, `NAME_wetness.png`, `NAME_curvature.png`, `NAME_wear.png`,
//! `NAME_deposit.png`, the splat's `NAME_splat0.png`, `NAME_splat1.png` and `NAME_LAYER.png`,
//! and `NAME_albedo.png`, from the map as the file holds it (cropped and in the row order of its
//! engine), each described for the sidecar (with the range its 16 bits span, where it has one of
//! its own; the layers, their colours, files and rules where the splat or albedo is written).
//! With `--tiles`, each tile's maps are crops of the maps of the whole map the tiles cover
//! (`TILE_normal.png` ...), so they join without a seam as the heights do.

use std::path::PathBuf;

use serde_json::{Map, Value};
use terrain::chain::moved::Moved;
use terrain::derived::{Derived, Green, Relief};
use terrain::derived_png::{self, DerivedFile, Sources};
use terrain::derived_sidecar;
use terrain::engines::Engine;
use terrain::Heightmap;

use super::plan::Target;
use crate::output::write_bytes_atomically;

/// The derived maps of one map, made and not yet written: each map asked for and its files.
pub(crate) struct Derivations {
    /// Each map `--maps` asks for, in its order, with its files.
    pub made: Vec<(Derived, Vec<DerivedFile>)>,
    /// The relief they were made in.
    relief: Relief,
    /// The normal map's green.
    green: Green,
}

/// The output's file name without its extension: what the derived files are named after.
pub(crate) fn stem(target: &Target) -> String {
    target
        .out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "terrain".into())
}

/// Makes `target`'s derived maps of `file` (with `moved`, what the chain's erosion did to its
/// cells), in the relief `target` gives (the page's relief of `file` where it gives none).
pub(crate) fn derive(
    target: &Target,
    file: &Heightmap,
    moved: Option<&Moved>,
) -> Result<Derivations, String> {
    let green = match target.engine {
        Some(Engine::Unreal) => Green::Down,
        _ => Green::Up,
    };
    let shown = Relief::as_shown(file);
    let relief = Relief {
        height_m: target.height_m.unwrap_or(shown.height_m * target.cell_m),
        cell_m: target.cell_m,
    };
    let sources = Sources::new(file, relief, green, moved).with_lines(target.lines);
    let mut made = Vec::new();
    for derived in &target.maps {
        let files = sources.files(*derived).map_err(|e| {
            let name = format!("{}_{}.png", stem(target), derived.name());
            format!(
                "{}: {}",
                target.out.with_file_name(name).display(),
                e.message
            )
        })?;
        made.push((*derived, files));
    }
    Ok(Derivations {
        made,
        relief,
        green,
    })
}

/// Writes `target`'s derived maps of `file`; returns their paths and the sidecar's `maps` and
/// `relief` entries. On a failure removes the ones written and says why.
pub(crate) fn write_derived(
    target: &Target,
    file: &Heightmap,
    moved: Option<&Moved>,
) -> Result<(Vec<PathBuf>, Map<String, Value>), String> {
    let derivations = derive(target, file, moved)?;
    let stem = stem(target);
    let mut written = Vec::new();
    let mut files = Vec::new();
    for (derived, made) in &derivations.made {
        let mut names = Vec::new();
        for one in made {
            let name = format!("{stem}_{}.png", one.suffix);
            let path = target.out.with_file_name(&name);
            if let Err(message) = write_bytes_atomically(&path, &one.bytes) {
                return Err(undone(&written, message));
            }
            written.push(path);
            names.push(name);
        }
        files.push((*derived, names));
    }
    Ok((written, derivations.entries(target, &stem, Some(&files))))
}

/// Writes the crop of `derivations` at `(x, y)` (`side` points a side) beside the tile named
/// `tile_stem`, as `TILE_STEM_SUFFIX.png`; returns their paths and names. On a failure removes
/// the ones it wrote.
pub(crate) fn write_tile_maps(
    target: &Target,
    derivations: &Derivations,
    tile_stem: &str,
    at: (usize, usize),
    side: usize,
) -> Result<Vec<(PathBuf, String)>, String> {
    let mut written: Vec<(PathBuf, String)> = Vec::new();
    let paths = |w: &[(PathBuf, String)]| w.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>();
    for (_, made) in &derivations.made {
        for one in made {
            let name = format!("{tile_stem}_{}.png", one.suffix);
            let path = target.out.with_file_name(&name);
            let cropped = derived_png::crop_png(&one.bytes, at, (side, side))
                .map_err(|e| format!("{}: {e}", path.display()))
                .and_then(|bytes| write_bytes_atomically(&path, &bytes));
            if let Err(message) = cropped {
                return Err(undone(&paths(&written), message));
            }
            written.push((path, name));
        }
    }
    Ok(written)
}

impl Derivations {
    /// The sidecar's entries for these maps ([`derived_sidecar::entries`]): `maps` (with
    /// `files`, the names each was written as), `relief`, and where the splat or albedo is made
    /// the `layers` and the `materials`' lines.
    pub(crate) fn entries(
        &self,
        target: &Target,
        stem: &str,
        files: Option<&[(Derived, Vec<String>)]>,
    ) -> Map<String, Value> {
        let made = (self.relief, self.green, &target.lines);
        derived_sidecar::entries(&self.made, made, stem, files)
    }
}

/// Removes the files `written` and gives back `message`: all the files or none.
pub(crate) fn undone(written: &[PathBuf], message: String) -> String {
    for path in written {
        let _ = std::fs::remove_file(path);
    }
    message
}
