//! World tiles: one generated map cut into a grid of square tiles whose neighbours share their
//! edge row and column exactly, the way Unreal's World Partition, Unity's multi-terrain grids and
//! Godot's regions import big worlds (a one-point overlap: no seam between tiles).
//!
//! `columns` x `rows` tiles of `side` points cover `columns * (side - 1) + 1` by
//! `rows * (side - 1) + 1` points of the map, from its first row and column; the rest of the map
//! is cropped, never resampled. Tile `(x, y)` starts at column `x * (side - 1)` and row
//! `y * (side - 1)` (row 0 is the map's first row, as in every file it writes).

use crate::files::engines::Engine;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Most tiles along either axis.
pub const MAX_TILES: usize = 32;

/// A grid of tiles: how many across, how many down, and each tile's side in points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tiling {
    /// Tiles across (along the map's rows).
    pub columns: usize,
    /// Tiles down (along its columns).
    pub rows: usize,
    /// Points per side of every tile; neighbours share their edge, so a tile adds `side - 1`.
    pub side: usize,
}

/// One tile cut from a map.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    /// Its column in the grid of tiles, 0 at the map's first column.
    pub x: usize,
    /// Its row in the grid of tiles, 0 at the map's first row.
    pub y: usize,
    /// Its heights: `side` x `side` points of the map.
    pub map: Heightmap,
}

/// Parses `--tiles`: `NxM`, N tiles across and M down, each 1 to [`MAX_TILES`].
pub fn parse_tiles(text: &str) -> Result<(usize, usize), ParamError> {
    let trimmed = text.trim();
    let bad = || {
        ParamError::new(
            "tiles",
            format!(
                "tiles must be two whole numbers from 1 to {MAX_TILES} joined by x, such as 2x2 or \
                 4x3, got \"{trimmed}\""
            ),
        )
    };
    grid(trimmed).ok_or_else(bad)
}

/// The tiles across and down that `text` names (`2x2`), each 1 to [`MAX_TILES`]; `None`
/// otherwise. [`parse_tiles`] says why; the page's download names need only the grid.
pub fn grid(text: &str) -> Option<(usize, usize)> {
    let (across, down) = text.trim().split_once(['x', 'X'])?;
    let count = |t: &str| {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_TILES).contains(n))
    };
    Some((count(across)?, count(down)?))
}

/// Tile sides an engine imports, smallest first: Unity 33 ... 4097 and Godot 65 ... 4097 points
/// (2^n + 1), Unreal its recommended landscape sizes; `None` for any size (Blender, no engine).
fn engine_sides(engine: Option<Engine>) -> Option<Vec<usize>> {
    let powers = |from: u32, to: u32| (from..=to).map(|n| (1usize << n) + 1).collect();
    match engine? {
        Engine::Unity => Some(powers(5, 12)),
        Engine::Godot => Some(powers(6, 12)),
        Engine::Unreal => Some(crate::files::engines::UNREAL_SIZES.to_vec()),
        Engine::Blender => None,
    }
}

/// The largest tiling of `columns` x `rows` tiles that fits a `width` x `height` map, with tiles
/// of a side `engine` imports; or one line saying why none fits (naming the engine's sizes and
/// the map the tiles would need).
pub fn fit(
    (width, height): (usize, usize),
    (columns, rows): (usize, usize),
    engine: Option<Engine>,
) -> Result<Tiling, String> {
    // The largest side with columns * (side - 1) + 1 <= width, and the same down.
    let most = ((width - 1) / columns).min((height - 1) / rows) + 1;
    let side = match engine_sides(engine) {
        None => Some(most).filter(|&side| side >= 2),
        Some(sides) => sides.into_iter().filter(|&side| side <= most).max(),
    };
    side.map(|side| Tiling {
        columns,
        rows,
        side,
    })
    .ok_or_else(|| {
        let smallest = engine_sides(engine).map_or(2, |sides| sides[0]);
        let who = engine.map_or("a tile".to_string(), |e| format!("{} tiles", e.name()));
        let sizes = match engine_sides(engine) {
            Some(sides) => format!(
                "{who} are {} points per side",
                sides
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None => format!("{who} needs at least 2 points per side"),
        };
        format!(
            "{columns}x{rows} tiles do not fit a {width} x {height} map: {sizes}, so {columns}x{rows} \
             of them need at least {} x {} points",
            columns * (smallest - 1) + 1,
            rows * (smallest - 1) + 1
        )
    })
}

impl Tiling {
    /// The points the tiles cover: `(width, height)` from the map's first row and column.
    pub fn covers(&self) -> (usize, usize) {
        (
            self.columns * (self.side - 1) + 1,
            self.rows * (self.side - 1) + 1,
        )
    }

    /// Cuts `map` (at least [`Tiling::covers`] in size) into its tiles, row of tiles by row of
    /// tiles; neighbours share their edge row or column.
    pub fn cut(&self, map: &Heightmap) -> Result<Vec<Tile>, ParamError> {
        let (need_w, need_h) = self.covers();
        if map.width() < need_w || map.height() < need_h {
            return Err(ParamError::new(
                "tiles",
                format!(
                    "the tiles need {need_w} x {need_h} points, the map has {} x {}",
                    map.width(),
                    map.height()
                ),
            ));
        }
        let step = self.side - 1;
        let mut tiles = Vec::with_capacity(self.columns * self.rows);
        for y in 0..self.rows {
            for x in 0..self.columns {
                let data = (0..self.side)
                    .flat_map(|row| {
                        let start = (y * step + row) * map.width() + x * step;
                        map.data()[start..start + self.side].iter().copied()
                    })
                    .collect();
                tiles.push(Tile {
                    x,
                    y,
                    map: Heightmap::from_data(self.side, self.side, data)?,
                });
            }
        }
        Ok(tiles)
    }
}

/// The file name of tile `(x, y)` for `engine`, from the file name `stem` and `extension`:
/// Unreal's tiled import reads `NAME_x0_y0`, the others `NAME_0_0`.
pub fn tile_name(
    stem: &str,
    extension: &str,
    x: usize,
    y: usize,
    engine: Option<Engine>,
) -> String {
    match engine {
        Some(Engine::Unreal) => format!("{stem}_x{x}_y{y}.{extension}"),
        _ => format!("{stem}_{x}_{y}.{extension}"),
    }
}

/// The page's name for a download of the tiles of `grid` (`2x2`, as `--tiles` takes it) in
/// the format with `extension`: `tiles-2x2.png` (a zip of what `--tiles 2x2` writes, the
/// sidecar included).
pub fn download_name(grid: &str, extension: &str) -> String {
    format!("tiles-{grid}.{extension}")
}

/// The file name of a zip of `grid`'s tiles of the map whose own file would be `file_name`
/// (`ds-e9-seed-5.png` gives `ds-e9-seed-5-tiles-2x2-png.zip`).
pub fn zip_name(file_name: &str, (columns, rows): (usize, usize)) -> String {
    let (stem, extension) = file_name.rsplit_once('.').unwrap_or((file_name, ""));
    format!("{stem}-tiles-{columns}x{rows}-{extension}.zip")
}

#[cfg(test)]
mod tests;
