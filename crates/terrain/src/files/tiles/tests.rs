use super::*;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::midpoint::algorithm::MpdParams;

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
