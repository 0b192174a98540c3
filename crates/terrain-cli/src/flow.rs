//! `terrain flow`: where water goes on a map read from a file: the flow accumulation, and on
//! request the depression-filled map and the lakes' depth (`terrain::water`).

use std::path::{Path, PathBuf};

use clap::Args;
use serde_json::json;
use terrain::export::{self, Format, Holds};
use terrain::formats::{self, Facts};
use terrain::water::{self, rivers, Water};
use terrain::{knobs, Heightmap};

use terrain::chain::uplift::knobs::{FLOW_EXPONENT, ROUTING, ROUTING_NAMES};
use terrain::water::multi;

use crate::flags::{number, side};

use crate::output::{write_atomically, write_text_atomically};
use crate::read::{in_help, read_map};

/// `terrain flow`'s arguments.
#[derive(Debug, Args)]
pub struct FlowArgs {
    // The map (the help lists every format with a reader).
    #[arg(long = "in", value_name = "FILE", help = in_help())]
    pub input: PathBuf,
    /// Width in points of a raw file that is not square (a square one needs none).
    #[arg(long, value_name = "N", value_parser = side(&knobs::WIDTH))]
    pub width: Option<usize>,
    // The flow: a float format holds the number of cells draining through each cell, a 16-bit
    // one a log scale (the help lists which are which).
    #[arg(long, value_name = "FILE", help = out_help())]
    pub out: PathBuf,
    /// Also write the map with its depressions filled (Priority-Flood with epsilon), in the
    /// input's height units (.r32) or as 16-bit heights 0 to 1.
    #[arg(long, value_name = "FILE")]
    pub filled: Option<PathBuf>,
    /// Also write the lakes: how deep each cell lies under the filled surface, in the input's
    /// height units (0 where nothing pools).
    #[arg(long, value_name = "FILE")]
    pub lakes: Option<PathBuf>,
    /// Also write the rivers as GeoJSON lines (.geojson): every cell at least --min-flow cells
    /// drain through, joined downstream into LineStrings in map cells (x right, y down), each
    /// vertex with its flow and filled height.
    #[arg(long, value_name = "FILE.geojson")]
    pub rivers: Option<PathBuf>,
    /// The fewest cells that must drain through a cell for it to be a river [twice the square
    /// root of the map's cells, at least 8: the page's threshold].
    #[arg(long = "min-flow", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub min_flow: Option<u32>,
    // How the flow is routed: D8, or shared over every lower neighbour (uplift's knob).
    #[arg(long, value_name = "d8|mfd", default_value = "d8", value_parser = ROUTING_NAMES,
          help = ROUTING.hint())]
    pub routing: String,
    // The share's slope exponent with mfd (uplift's knob).
    #[arg(long = "flow-exponent", value_name = "P", value_parser = number(&FLOW_EXPONENT),
          default_value_t = FLOW_EXPONENT.number_default() as f32, help = FLOW_EXPONENT.hint())]
    pub flow_exponent: f32,
}

/// The map formats `keep` keeps, as a list: ".r32, .exr or .tif".
fn holding(keep: impl Fn(&Facts) -> bool) -> String {
    let kept: Vec<Facts> = formats::MAPS.iter().copied().filter(|f| keep(f)).collect();
    formats::names(&kept)
}

/// `--out`'s help: what each kind of format holds.
fn out_help() -> String {
    format!(
        "The flow: {} hold the number of cells draining through each cell (itself included); {} \
         hold ln(cells) / ln(most cells), 0 to 65535, the scale in NAME.json",
        holding(|f| f.holds == Holds::Floats),
        holding(|f| f.holds == Holds::Sixteen)
    )
}

/// The format `path` names, refusing a mesh (flow is a map of numbers, not a surface).
fn map_format(path: &Path) -> Result<Format, String> {
    let format = Format::from_path(path).map_err(|e| e.to_string())?;
    if format.holds() == Holds::Mesh {
        return Err(format!(
            "{}: flow, filled maps and lakes are written as {}, not .{}",
            path.display(),
            holding(|f| f.holds != Holds::Mesh),
            format.extension()
        ));
    }
    Ok(format)
}

/// What routing the map left: D8's whole routing (its `--rivers` need it), or mfd's filled map.
enum Flooded {
    D8(Water),
    Spread(Heightmap),
}

impl Flooded {
    /// The map with its depressions filled, as either routing filled it.
    fn filled(&self) -> &Heightmap {
        match self {
            Flooded::D8(water) => &water.filled,
            Flooded::Spread(filled) => filled,
        }
    }
}

/// Reads `args.input`, routes its water and writes what was asked; refuses bad input with one
/// line before writing anything.
pub fn run(args: &FlowArgs) -> Result<String, String> {
    let format = map_format(&args.out)?;
    let filled_format = args.filled.as_deref().map(map_format).transpose()?;
    let lakes_format = args.lakes.as_deref().map(map_format).transpose()?;
    if let Some(path) = &args.rivers {
        if path.extension().and_then(|e| e.to_str()) != Some("geojson") {
            return Err(format!(
                "{}: rivers are written as GeoJSON lines, to a .geojson file",
                path.display()
            ));
        }
    }
    if args.min_flow.is_some() && args.rivers.is_none() {
        return Err("--min-flow sets the rivers' threshold: give --rivers FILE.geojson too".into());
    }
    let spread = args.routing == "mfd";
    if spread && args.rivers.is_some() {
        return Err(
            "--rivers draws D8's lines, one way down a cell: leave --routing at d8 for them".into(),
        );
    }
    let map = read_map(&args.input, args.width)?;
    let refused = |e: terrain::ParamError| format!("{}: {}", args.input.display(), e.message);
    // Each routing floods the map once: D8's `Water` and mfd's router both keep the filled map,
    // which `--filled` and `--lakes` write.
    let (flow, most, method, flooded) = if spread {
        let routed = multi::route(&map, f64::from(args.flow_exponent)).map_err(refused)?;
        // Shared areas to a hundredth of a cell, as they are said.
        let most = (routed.area.iter().copied().fold(1.0, f64::max) * 100.0).round() / 100.0;
        let flow = water::area_map(&map, routed.area.iter().copied(), format.holds_floats());
        let method = format!(
            "Priority-Flood with epsilon (Barnes, Lehman and Mulla 2014) unless every inner cell already has a lower neighbour, then multiple flow directions (Freeman 1991; Quinn et al. 1991): each cell's water shared over every lower neighbour by slope^{}; border cells drain off the map",
            args.flow_exponent
        );
        let filled = Heightmap::from_data(map.width(), map.height(), routed.heights)
            .map_err(|e| e.message)?;
        (flow, json!(most), method, Flooded::Spread(filled))
    } else {
        let water = Water::of(&map).map_err(refused)?;
        let method = "Priority-Flood with epsilon (Barnes, Lehman and Mulla 2014), then D8 steepest descent; border cells drain off the map".to_string();
        let flow = water.flow_map(format.holds_floats());
        // D8's count is whole; shared areas are not.
        let most = json!(water.most_flow());
        (flow, most, method, Flooded::D8(water))
    };
    let filled = flooded.filled();
    write_atomically(&args.out, &flow, format)?;
    let mut written = vec![args.out.display().to_string()];
    if !format.holds_floats() {
        let sidecar = args.out.with_extension("json");
        let text = json!({
            "map": args.input.display().to_string(),
            "width": map.width(),
            "height": map.height(),
            "flow": {
                "file": args.out.display().to_string(),
                "value": "ln(cells draining through the cell, itself included) / ln(most_cells), as 0 to 65535",
                "zero": "a cell only itself drains through (a ridge)",
                "full": "the cell the most cells drain through",
                "most_cells": most,
                "routing": args.routing,
                "method": method,
            },
        });
        let text = serde_json::to_string_pretty(&text).map_err(|e| e.to_string())? + "\n";
        write_text_atomically(&sidecar, &text)?;
        written.push(sidecar.display().to_string());
    }
    if let (Some(path), Some(format)) = (&args.filled, filled_format) {
        write_atomically(path, filled, format)?;
        written.push(path.display().to_string());
    }
    if let (Some(path), Some(format)) = (&args.lakes, lakes_format) {
        let depth = water::lake_depth(filled, &map);
        let lakes =
            Heightmap::from_data(map.width(), map.height(), depth).map_err(|e| e.message)?;
        export::check_size(format.facts(), lakes.width(), lakes.height())
            .map_err(|e| e.to_string())?;
        write_atomically(path, &lakes, format)?;
        written.push(path.display().to_string());
    }
    if let (Some(path), Flooded::D8(water)) = (&args.rivers, &flooded) {
        let min_flow = args
            .min_flow
            .unwrap_or_else(|| rivers::default_min_flow(map.width() * map.height()));
        write_text_atomically(path, &rivers::geojson(water, &map, min_flow))?;
        written.push(path.display().to_string());
    }
    Ok(format!(
        "flow of {} x {} cells (the busiest outlet drains {}): wrote {}",
        map.width(),
        map.height(),
        most,
        written.join(", ")
    ))
}
