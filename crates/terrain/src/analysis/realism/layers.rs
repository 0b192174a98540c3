//! The "How real is it?" panel's legend of the land's materials: each layer's colour and its
//! share of the map, as the Land view colours a generated map: the materials' rules at their
//! default lines in the 3-D view's relief (peaks 0.3 of the map's width above its lowest point,
//! half the relief `--maps` takes without `--height-m`, lower for a map far steeper than land:
//! [`fit`]), on the map alone (no record of what a
//! chain's erosion moved), so a reader sees how much of the land is rock, forest or snow beside
//! the measures.

use crate::analysis::derived::{fit, Relief};
use crate::analysis::materials::{self, Lines, LAYERS};
use crate::analysis::water::Water;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Each layer's name, colour (`#rrggbb`) and share of `map` (0 to 1, rounded to 4 decimals), in
/// the splat's order, as JSON rows; and the legend as HTML, the largest share first.
pub fn legend(
    map: &Heightmap,
    water: &Water,
    lines: &Lines,
) -> Result<(serde_json::Value, String), ParamError> {
    // The 3-D view stands a height of 1 at 0.6 of a map 2 wide (`routing.rs` on the page scales
    // the points it routes for the Land view the same way), lower where that is far steeper
    // than land (`fit`, as the land demos draw their maps).
    let shown = Relief::as_shown(map);
    let relief = Relief {
        height_m: shown.height_m / 2.0 * fit::relief_fit(map, 0.3),
        ..shown
    };
    let splat = materials::splat_of(map, water, relief, None, lines)?;
    let shares = splat.shares();
    let colour = |c: [u8; 3]| format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2]);
    let rows: Vec<serde_json::Value> = LAYERS
        .iter()
        .zip(shares)
        .map(|(layer, share)| {
            serde_json::json!({
                "name": layer.name,
                "color": colour(layer.color),
                "share": (share * 10_000.0).round() / 10_000.0,
            })
        })
        .collect();
    let mut order: Vec<usize> = (0..LAYERS.len()).collect();
    order.sort_by(|&a, &b| shares[b].total_cmp(&shares[a]));
    let items: String = order
        .into_iter()
        .map(|l| {
            format!(
                "<li><span class=\"swatch\" style=\"background:{}\"></span>{} {:.0} %</li>",
                colour(LAYERS[l].color),
                LAYERS[l].name,
                shares[l] * 100.0
            )
        })
        .collect();
    let html = format!(
        "<figure class=\"layers\" data-legend=\"layers\"><ul>{items}</ul><figcaption>The land's \
         materials: each layer's share of the map, as the Land view colours it (its rules in the 3-D \
         view's relief, peaks 0.3 of the map's width high or lower for a map far steeper than \
         land; <code>--maps splat</code> takes the \
         relief from <code>--height-m</code>).</figcaption></figure>"
    );
    Ok((serde_json::Value::Array(rows), html))
}
