//! World tiles: one generated map cut into a grid of square tiles whose neighbours share their
//! edge row and column exactly, the way Unreal's World Partition, Unity's multi-terrain grids and
//! Godot's regions import big worlds (a one-point overlap: no seam between tiles).
//!
//! `columns` x `rows` tiles of `side` points cover `columns * (side - 1) + 1` by
//! `rows * (side - 1) + 1` points of the map, from its first row and column; the rest of the map
//! is cropped, never resampled. Tile `(x, y)` starts at column `x * (side - 1)` and row
//! `y * (side - 1)` (row 0 is the map's first row, as in every file it writes).

use crate::engines::Engine;
use crate::params::ParamError;
use crate::Heightmap;

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
    let (across, down) = trimmed.split_once(['x', 'X']).ok_or_else(bad)?;
    let count = |t: &str| {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_TILES).contains(n))
    };
    match (count(across), count(down)) {
        (Some(columns), Some(rows)) => Ok((columns, rows)),
        _ => Err(bad()),
    }
}

/// Tile sides an engine imports, smallest first: Unity 33 ... 4097 and Godot 65 ... 4097 points
/// (2^n + 1), Unreal its recommended landscape sizes; `None` for any size (Blender, no engine).
fn engine_sides(engine: Option<Engine>) -> Option<Vec<usize>> {
    let powers = |from: u32, to: u32| (from..=to).map(|n| (1usize << n) + 1).collect();
    match engine? {
        Engine::Unity => Some(powers(5, 12)),
        Engine::Godot => Some(powers(6, 12)),
        Engine::Unreal => Some(crate::engines::UNREAL_SIZES.to_vec()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diamond_square;
    use crate::midpoint::MpdParams;

    /// Puts tiles back together, checking every shared point agrees.
    fn reassemble(tiling: &Tiling, tiles: &[Tile]) -> Heightmap {
        let (width, height) = tiling.covers();
        let mut data = vec![f32::NAN; width * height];
        let step = tiling.side - 1;
        for tile in tiles {
            for row in 0..tiling.side {
                for column in 0..tiling.side {
                    let i = (tile.y * step + row) * width + tile.x * step + column;
                    let v = tile.map.get(column, row);
                    assert!(
                        data[i].is_nan() || data[i].to_bits() == v.to_bits(),
                        "tiles disagree at ({}, {})",
                        tile.x * step + column,
                        tile.y * step + row
                    );
                    data[i] = v;
                }
            }
        }
        Heightmap::from_data(width, height, data).expect("map")
    }

    fn crop(map: &Heightmap, (width, height): (usize, usize)) -> Heightmap {
        let data = (0..height)
            .flat_map(|y| map.data()[y * map.width()..][..width].iter().copied())
            .collect();
        Heightmap::from_data(width, height, data).expect("map")
    }

    #[test]
    fn two_by_two_and_three_by_three_reassemble_into_the_map_and_share_their_edges() {
        let map = diamond_square::generate(
            &MpdParams {
                exponent: 7,
                ..MpdParams::DEFAULT
            },
            5,
        )
        .expect("valid");
        for (grid, side) in [((2, 2), 65), ((3, 3), 43), ((4, 2), 33)] {
            let tiling = fit((129, 129), grid, None).expect("fits");
            assert_eq!(tiling.side, side, "{grid:?}");
            let tiles = tiling.cut(&map).expect("cut");
            assert_eq!(tiles.len(), grid.0 * grid.1);
            assert_eq!(reassemble(&tiling, &tiles), crop(&map, tiling.covers()));
            // Neighbours' shared edges, directly.
            for a in &tiles {
                for b in &tiles {
                    if b.x == a.x + 1 && b.y == a.y {
                        for row in 0..side {
                            assert_eq!(a.map.get(side - 1, row), b.map.get(0, row));
                        }
                    }
                    if b.y == a.y + 1 && b.x == a.x {
                        for column in 0..side {
                            assert_eq!(a.map.get(column, side - 1), b.map.get(column, 0));
                        }
                    }
                }
            }
        }
        assert_eq!(
            fit((129, 129), (2, 2), None).map(|t| t.covers()),
            Ok((129, 129))
        );
        assert_eq!(
            fit((129, 129), (3, 3), None).map(|t| t.covers()),
            Ok((127, 127))
        );
    }

    #[test]
    fn engine_presets_take_their_tile_sizes_or_say_in_one_line_why_not() {
        let side = |size, grid, engine| fit((size, size), grid, Some(engine)).map(|t| t.side);
        assert_eq!(side(2049, (2, 2), Engine::Unity), Ok(1025));
        assert_eq!(
            side(2049, (3, 3), Engine::Unity),
            Ok(513),
            "3 x 512 + 1 <= 2049"
        );
        assert_eq!(side(4097, (4, 4), Engine::Unreal), Ok(1009));
        assert_eq!(side(4097, (2, 2), Engine::Unreal), Ok(2017));
        assert_eq!(side(1025, (2, 2), Engine::Godot), Ok(513));
        assert_eq!(side(1025, (2, 2), Engine::Blender), Ok(513));
        assert_eq!(side(129, (4, 4), Engine::Unity), Ok(33), "4 x 32 + 1 = 129");
        let refused = side(65, (4, 4), Engine::Unity).expect_err("too small");
        assert_eq!(
            refused,
            "4x4 tiles do not fit a 65 x 65 map: unity tiles are 33, 65, 129, 257, 513, 1025, \
             2049, 4097 points per side, so 4x4 of them need at least 129 x 129 points"
        );
        let unreal = side(513, (5, 5), Engine::Unreal).expect_err("too small");
        assert!(
            unreal.starts_with("5x5 tiles do not fit a 513 x 513 map: unreal tiles are 127"),
            "{unreal}"
        );
        assert!(
            unreal.ends_with("need at least 631 x 631 points"),
            "{unreal}"
        );
        assert!(!unreal.contains('\n'), "one line");
        let godot = side(129, (3, 3), Engine::Godot).expect_err("too small");
        assert!(godot.contains("need at least 193 x 193 points"), "{godot}");
    }

    #[test]
    fn tiles_parse_as_n_x_m_and_names_follow_the_engine() {
        assert_eq!(parse_tiles("2x3"), Ok((2, 3)));
        assert_eq!(parse_tiles(" 4X4 "), Ok((4, 4)));
        for bad in ["", "2", "0x2", "2x33", "ax2", "2x2x2", "-1x2", "1.5x2"] {
            let error = parse_tiles(bad).expect_err(bad);
            assert!(
                error.message.starts_with("tiles must be two whole numbers"),
                "{bad}"
            );
        }
        assert_eq!(
            tile_name("w", "png", 1, 0, Some(Engine::Unreal)),
            "w_x1_y0.png"
        );
        assert_eq!(
            tile_name("w", "r16", 2, 3, Some(Engine::Unity)),
            "w_2_3.r16"
        );
        assert_eq!(tile_name("w", "png", 0, 1, None), "w_0_1.png");
    }
}
