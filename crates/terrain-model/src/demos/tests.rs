use super::*;
use crate::stepping::Stepper;
use terrain::chapters::Line;
use terrain::diamond_square;
use terrain::line::LineParams;
use terrain::midpoint::MpdParams;
use terrain::steps::TRAIL_PATH;

#[test]
fn ids_are_unique_and_every_row_generates_from_its_defaults() {
    for (i, demo) in DEMOS.iter().enumerate() {
        assert!(
            DEMOS[..i].iter().all(|other| other.id != demo.id),
            "duplicate {}",
            demo.id
        );
        // A read map is made from the map its file holds.
        let read = diamond_square::generate(&MpdParams::DEFAULT, 3).expect("a map");
        let held = demo.held.map(|_| &read);
        assert_eq!(demo.held.is_some(), demo.recipe.generate(1).is_err());
        let map = demo.recipe.made_from(held, 1).expect(demo.id);
        assert!(map.data().iter().all(|v| v.is_finite()), "{}", demo.id);
        assert!(
            demo.fields().contains(&Field(&terrain::knobs::SEED)),
            "{} offers a seed",
            demo.id
        );
        // Every field the row offers is a knob of its recipe: shown, then read back.
        let setup = demo.setup(5);
        let texts: Vec<(Field, String)> = demo
            .fields()
            .into_iter()
            .map(|f| (f, f.show(&setup)))
            .collect();
        let read =
            crate::fields::read_setup(demo.setup(0), texts.iter().map(|(f, t)| (*f, t.as_str())));
        assert_eq!(read, Ok(setup), "{}", demo.id);
    }
}

#[test]
fn display_grids_stay_within_the_vertex_budget_at_the_largest_sizes() {
    let ds = find("ds-final").expect("row");
    let big = Setup {
        recipe: terrain::chapters::DiamondSquare::recipe(MpdParams {
            exponent: 11,
            ..diamond_square::DEFAULT
        }),
        seed: 0,
    };
    let grid = ds.display_grid(&big).expect("valid");
    assert_eq!(grid.size(), (DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE));
    let full = big.recipe.generate(big.seed).expect("valid");
    // Grid point (i, j) is map point (8i, 8j): 2048 / 256 = 8.
    assert_eq!(grid.heights[3 * DISPLAY_MAX_SIDE + 5], full.get(40, 24));

    let line = find("line-1d").expect("row");
    let long = Setup {
        recipe: Recipe::Line(Line {
            params: LineParams {
                iterations: 20,
                ..LineParams::DEFAULT
            },
        }),
        seed: 0,
    };
    let profile = line.display_grid(&long).expect("valid");
    assert_eq!(profile.size(), (PROFILE_MAX_POINTS, 1));
    let mesh = line.look.mesh(&profile, &[], 0.5);
    assert_eq!(mesh.positions.len(), 4 * PROFILE_MAX_POINTS);
}

#[test]
fn fault_answers_carry_every_step_but_the_last_on_the_finished_scale() {
    let row = find("fault-lines").expect("row");
    let setup = row.setup(9);
    let answer = row.answer(&setup, None).expect("valid");
    assert_eq!(answer.grid, row.display_grid(&setup).expect("valid"));
    let n = answer.grid.heights.len();
    let steps = setup.recipe.schedule().expect("steps").count();
    assert_eq!(steps, 10, "500 faults: 1, 2, 4 ... 256, then 500");
    assert_eq!(answer.batches.len(), steps as usize * n);
    let flat = &answer.batches[..n];
    assert!(flat.windows(2).all(|w| w[0] == w[1]), "step 0 is flat");
    // Step 1 is one sharp cut: two heights, one each side.
    let mut one: Vec<f32> = answer.batches[n..2 * n].to_vec();
    one.sort_by(f32::total_cmp);
    one.dedup();
    assert_eq!(one.len(), 2, "{one:?}");
    // Every step but the flat start spans 0..1 by its own lowest and highest point, as the
    // finished map does: the early cuts stand as tall as the last ones.
    for step in 1..steps as usize {
        let heights = &answer.batches[step * n..(step + 1) * n];
        let lo = heights.iter().copied().fold(f32::INFINITY, f32::min);
        let hi = heights.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        assert_eq!((lo, hi), (0.0, 1.0), "step {step}");
    }
    assert_ne!(
        &answer.batches[9 * n..],
        &answer.grid.heights[..],
        "not yet the finished map"
    );
    assert!(answer.variogram.slope > 0.5, "faults make smooth hills");
    // The worker outlines each step's cuts (the page's module has no faults' geometry): step 1's
    // one cut is a line of highlighted points between its two heights.
    assert_eq!(
        answer.trails.len(),
        (steps as usize - 1) * n,
        "steps 1 to 9"
    );
    let outlined: Vec<usize> = (0..n).filter(|&i| answer.trails[i] == TRAIL_PATH).collect();
    let columns = answer.grid.size().0;
    assert!(
        outlined.len() >= columns / 4 && outlined.len() < n / 8,
        "{} of {n} points",
        outlined.len()
    );
    let step1 = &answer.batches[n..2 * n];
    let borders = |i: usize| {
        let (x, y) = (i % columns, i / columns);
        let near = [
            (x + 1, y),
            (x, y + 1),
            (x.wrapping_sub(1), y),
            (x, y.wrapping_sub(1)),
        ];
        near.iter()
            .filter(|&&(a, b)| a < columns && b < n / columns)
            .any(|&(a, b)| step1[b * columns + a] != step1[i])
    };
    let on_the_cut = outlined.iter().filter(|&&i| borders(i)).count();
    assert!(
        on_the_cut * 2 > outlined.len(),
        "{on_the_cut} of {}",
        outlined.len()
    );
    let ds = find("ds-final")
        .expect("row")
        .answer(&find("ds-final").expect("row").setup(1), None);
    assert!(ds.expect("valid").batches.is_empty());
}

#[test]
fn every_source_is_on_the_page_in_order() {
    // The page's `<section data-demo>` elements, which the end-to-end tests read their list of
    // demos from: the table's rows, in its order.
    let page = include_str!("../../../../index.html");
    let on_page: Vec<&str> = page
        .split("<section data-demo=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    let ids: Vec<&str> = DEMOS.iter().map(|d| d.id).collect();
    assert_eq!(on_page, ids);
}

#[test]
fn the_erosion_demo_steps_droplet_by_droplet_with_trails() {
    let row = find("erosion").expect("row");
    assert!(row.steps() && row.takes_home());
    assert!(
        !row.measures_roughness(),
        "the reduction's aim says nothing of eroded ground"
    );
    assert!(row.views().any(|v| v == ViewMode::EROSION));
    let mut setup = row.setup(5);
    Field(&terrain::chapters::eroded::knobs::DROPLETS)
        .apply("100", &mut setup)
        .expect("the erosion demo takes droplets");
    let answer = row.answer(&setup, None).expect("valid");
    let n = answer.grid.heights.len();
    // Steps 0 ..= 12 (after 1 ... 8, 16, 32, 64, 100 droplets): every step but the last has
    // its heights.
    assert_eq!(answer.batches.len(), 12 * n);
    assert_eq!(answer.trails.len(), 8 * n, "the eight one-droplet steps");
    let before = display_grid_of(&setup);
    assert_eq!(
        &answer.batches[..n],
        before.as_slice(),
        "step 0: before any droplet"
    );
    // The finished map is the recipe's own: what `terrain ds --erode` writes.
    let map = setup.recipe.generate(5).expect("valid");
    assert_eq!(answer.grid, row.shown(&map));
    assert!(
        (1..=3).all(|c| answer.trails[..n].contains(&c)),
        "a path, removed, laid"
    );
}

#[test]
fn a_read_map_fills_the_view_and_real_land_stands_at_its_stated_exaggeration() {
    // 5 x 3 points in metres, as the real land's PNG holds them (65535 m a unit).
    let metres = [300.0, 500.0, 700.0, 400.0, 300.0];
    let data: Vec<f32> = (0..3)
        .flat_map(|_| metres.iter().map(|m| m / 65535.0))
        .collect();
    let map = Heightmap::from_data(5, 3, data).expect("a map");
    let land = find("real-land").expect("row");
    assert!(!land.steps() && land.takes_home() && land.is_map());
    let answer = land.answer(&land.setup(1), Some(&map)).expect("shown");
    assert_eq!(&answer.grid.heights[..5], &[0.0, 0.5, 1.0, 0.25, 0.0]);
    // 400 m of relief over 4 cells of 74.4 m (297.6 m, longer than 2 rows of 92.6 m) stands
    // 3 x 400 / 297.6 of the width, which is 2 on screen: the shown 1 stands that tall.
    let tall = answer.relief * HEIGHT_SCALE;
    assert!((tall - 3.0 * 400.0 / 297.6 * 2.0).abs() < 1e-3, "{tall}");
    // The views keep the cells' proportions: the longer side (east-west here) spans 2, and the
    // rows sit 92.6 m apart on the same scale.
    let (xs, zs) = (&answer.grid.xs, &answer.grid.zs);
    assert_eq!((xs[0], xs[4]), (-1.0, 1.0));
    let down = zs[2] - zs[0];
    assert!((down - 2.0 * 185.2 / 297.6).abs() < 1e-6, "{down}");
    let yours = find("your-map").expect("row");
    let answer = yours.answer(&yours.setup(1), Some(&map)).expect("shown");
    assert_eq!(
        answer.relief, 1.0,
        "a brought map stands as tall as a generated one"
    );
    // Rain on it: the map changes and keeps its scale (metres).
    let mut setup = yours.setup(1);
    Field(&terrain::chapters::eroded::knobs::HELD_DROPLETS)
        .apply("500", &mut setup)
        .expect("your map takes droplets");
    let big = diamond_square::generate(&MpdParams::DEFAULT, 3).expect("a map");
    let in_metres = Heightmap::from_data(
        big.width(),
        big.height(),
        big.data().iter().map(|h| 0.004 + h * 0.01).collect(),
    )
    .expect("a map");
    let eroded = setup.recipe.made_from(Some(&in_metres), 1).expect("eroded");
    assert_ne!(eroded, in_metres);
    // The map read is kept as the base, so the Erosion view has something to compare with.
    let answer = yours.answer(&setup, Some(&in_metres)).expect("shown");
    let n = answer.grid.heights.len();
    assert_eq!(answer.batches.len(), n, "the base's shown heights, once");
    assert_ne!(
        answer.batches, answer.grid.heights,
        "the droplets changed it"
    );
    let high = eroded.data().iter().copied().fold(f32::MIN, f32::max);
    assert!(high <= 0.0141, "{high}: on the file's scale, not 0 to 1");
    assert!(
        setup.recipe.generate(1).is_err(),
        "a read map is not generated"
    );
}

#[test]
fn the_change_view_is_offered_where_steps_change_a_base() {
    let offering: Vec<&str> = DEMOS
        .iter()
        .filter(|d| d.offers(ViewMode::EROSION))
        .map(|d| d.id)
        .collect();
    assert_eq!(
        offering,
        [
            "erosion",
            "rain",
            "thermal",
            "compose",
            "real-land",
            "your-map"
        ]
    );
    // Weathering keeps its base as step 0: the view compares the rounds' map with it.
    let row = find("thermal").expect("row");
    let mut setup = row.setup(3);
    Field(&terrain::knobs::PAGE_EXPONENT)
        .apply("5", &mut setup)
        .expect("a size");
    let answer = row.answer(&setup, None).expect("weathered");
    let n = answer.grid.heights.len();
    let base = diamond_square::generate(&subdivision(&setup.recipe), 3).expect("the base");
    assert_eq!(answer.batches[..n], row.shown(&base).heights[..]);
    assert_ne!(answer.batches[..n], answer.grid.heights[..]);
}

/// The size, spread and reduction of a subdivision chapter's recipe, or of its base.
fn subdivision(recipe: &Recipe) -> terrain::midpoint::MpdParams {
    match recipe {
        Recipe::Midpoint(c) => c.params,
        Recipe::DiamondSquare(c) => c.params,
        Recipe::Eroded(c) => c.params,
        Recipe::Weathered(c) => c.params,
        other => panic!("{} subdivides no square", other.name()),
    }
}

/// The shown points of the Diamond-Square terrain under `setup`'s erosion.
fn display_grid_of(setup: &Setup) -> Vec<f32> {
    let params = subdivision(&setup.recipe);
    let map = terrain::diamond_square::generate(&params, setup.seed).expect("valid");
    find("erosion").expect("row").shown(&map).heights
}

#[test]
fn the_comparison_shows_both_maps_and_both_scores() {
    let row = find("creases").expect("row");
    assert!(!row.steps() && !row.takes_home() && !row.measures_roughness());
    assert!(row.views().any(|v| v == ViewMode::CREASES));
    let setup = row.setup(4);
    let answer = row.answer(&setup, None).expect("valid");
    let (columns, rows) = answer.grid.size();
    assert_eq!(rows, 129);
    let gap = columns - 2 * 129;
    assert!(gap >= 2, "{columns} columns");
    let row0 = &answer.grid.heights[..columns];
    assert!(row0[..129]
        .iter()
        .chain(&row0[129 + gap..])
        .all(|h| h.is_finite()));
    assert!(
        row0[129..129 + gap].iter().all(|h| h.is_nan()),
        "the gap is holes"
    );
    let [mpd, ds] = answer.creases.expect("both scores");
    assert!(mpd > ds + 0.3, "{mpd} {ds}");
    let params = subdivision(&setup.recipe);
    let map = terrain::midpoint::generate(&params, 4).expect("valid");
    assert_eq!(
        &row0[..129],
        &map.data()[..129],
        "the left map is midpoint displacement's"
    );
    let other = terrain::diamond_square::generate(&params, 4).expect("valid");
    assert_eq!(
        &row0[129 + gap..],
        &other.data()[..129],
        "the right one Diamond-Square's"
    );
}

#[test]
fn the_roughness_panel_shows_where_a_field_sets_the_aim() {
    let shows = |id: &str| find(id).expect("row").measures_roughness();
    assert!(shows("ds-final") && shows("mpd-final") && shows("fbm"));
    // A step demo has no reduction field, the shapes demo no gain field, the eroded map's
    // aim says nothing of what the droplets made.
    assert!(!shows("mpd-corners") && !shows("fbm-shapes") && !shows("erosion"));
    let aim = find("fbm")
        .expect("row")
        .recipe
        .roughness_aim()
        .expect("an aim");
    assert_eq!(aim.hurst, 1.0, "gain 0.5 at lacunarity 2");
    assert_eq!(aim.knob.name, "gain");
}

/// Equal grids, the holes between a pair's maps (NaN heights) included.
fn assert_same_grid(a: &DisplayGrid, b: &DisplayGrid) {
    assert_eq!((&a.xs, &a.zs), (&b.xs, &b.zs));
    let bits = |g: &DisplayGrid| g.heights.iter().map(|h| h.to_bits()).collect::<Vec<_>>();
    assert!(bits(a) == bits(b), "the heights differ");
}

#[test]
fn a_pair_shows_both_finished_maps_side_by_side() {
    // Unstepped, the pair is drawn as the worker made it: no step of either map.
    let row = find("creases").expect("row");
    let setup = row.setup(1);
    let answer = row.answer(&setup, None).expect("made");
    let (grid, marks) = Stepper::default().staged(&setup, &answer);
    assert_same_grid(&grid, &answer.grid);
    assert!(marks.is_empty());
    assert!(answer.creases.is_some());
}

#[test]
fn the_noise_pair_draws_its_lattice_on_both_maps_and_its_gradients_on_one() {
    let row = find("noise-lattice").expect("row");
    let setup = row.setup(4);
    let answer = row.answer(&setup, None).expect("made");
    assert_eq!(answer.creases, None, "noise compares no creases");
    let (grid, marks) = Stepper::default().staged(&setup, &answer);
    assert_same_grid(&grid, &answer.grid);
    let (columns, rows) = grid.size();
    assert_eq!(marks.len(), columns * rows);
    let half = columns / 2;
    let count = |mark: Mark, left: bool| {
        (0..marks.len())
            .filter(|i| (i % columns < half) == left && marks[*i] == mark)
            .count()
    };
    // Lattice points 64 cells apart on 257 x 257: 4 or 5 each way on each map, each drawn 3 x 3
    // (less where the map's edge cuts one).
    for left in [true, false] {
        let points = count(Mark::Highlight, left);
        assert!((16 * 4..=25 * 9).contains(&points), "{left}: {points}");
    }
    assert!(count(Mark::Outline, true) > 2 * count(Mark::Highlight, true));
    assert_eq!(
        count(Mark::Outline, false),
        0,
        "value noise has no gradients"
    );
    // Gradient noise is zero at its lattice points: the finished map's height 0.5 there, and
    // within 0.03 on the 3 x 3 shown points around (at most 2 cells off, on slopes of at most
    // 0.011 a cell).
    let at_points: Vec<f32> = (0..marks.len())
        .filter(|&i| i % columns < half && marks[i] == Mark::Highlight)
        .map(|i| answer.grid.heights[i])
        .collect();
    let near_half = at_points
        .iter()
        .filter(|h| (**h - 0.5).abs() < 0.03)
        .count();
    assert!(near_half * 10 >= at_points.len() * 9, "{at_points:?}");
}

#[test]
fn every_row_opens_in_a_view_it_offers_where_its_point_shows() {
    for demo in DEMOS {
        assert!(demo.views().any(|v| v == demo.first_view()), "{}", demo.id);
        // A map that pans is dragged from above.
        assert!(!demo.pans() || demo.first_view().top_down(), "{}", demo.id);
    }
    let opens = |id: &str| find(id).map(Demo::first_view);
    assert_eq!(
        opens("creases"),
        Some(ViewMode::CREASES),
        "the seams show there"
    );
    assert_eq!(opens("endless"), Some(ViewMode::MAP));
    assert_eq!(opens("ds-final"), Some(ViewMode::TERRAIN));
}

/// The step numberings in `text`: "Pass 1 of 5", "step 0 of 10", "Call 6 of 341", and a bare
/// "Step 4:" as a post's numbered step.
fn numberings(text: &str) -> usize {
    let words: Vec<&str> = text.split_whitespace().collect();
    let names = ["step", "pass", "call", "iteration", "octave"];
    let named = |w: &str| names.contains(&w.trim_start_matches('(').to_lowercase().as_str());
    let number = |w: &str| w.trim_end_matches([':', ',']).parse::<u64>().is_ok();
    words
        .windows(2)
        .enumerate()
        .filter(|(i, pair)| {
            let counted = words.get(i + 2) == Some(&"of");
            named(pair[0]) && number(pair[1]) && (counted || pair[1].ends_with(':'))
        })
        .count()
}

#[test]
fn a_stepped_caption_carries_one_numbering() {
    assert_eq!(numberings("Pass 1 of 5: 1 square. Step 4: repeat"), 2);
    assert_eq!(numberings("Start (step 0 of 10): the corners"), 1);
    assert_eq!(numberings("Step 4 of 12: faults 5 to 8 of 1500"), 1);
    for demo in DEMOS.iter().filter(|d| d.steps()) {
        // The row's own caption stands under the step's line, in the same figure: it names no
        // step of its own.
        assert_eq!(numberings(demo.caption), 0, "{}: {}", demo.id, demo.caption);
        let schedule = demo.recipe.schedule().expect("a row that steps");
        for step in 0..=schedule.count() {
            let caption = schedule.caption(step);
            assert_eq!(numberings(&caption), 1, "{} at {step}: {caption}", demo.id);
        }
    }
}

#[test]
fn each_view_is_offered_by_name_where_it_has_something_to_show() {
    let names = |id: &str| -> Vec<&str> {
        let demo = find(id).expect("a row");
        demo.views().map(ViewMode::name).collect()
    };
    // A profile: no relief to shade, no water; its slope wherever its map is.
    assert_eq!(names("line-1d"), ["terrain", "wireframe", "map", "slope"]);
    // A map: every view but erosion's, which needs droplets.
    assert_eq!(
        names("ds-final"),
        [
            "terrain",
            "land",
            "wireframe",
            "map",
            "creases",
            "water",
            "water-3d",
            "slope"
        ]
    );
    // Erosion: every view but the mask, which only a chain the reader makes has.
    let eroded = names("erosion");
    assert_eq!(eroded.len(), ViewMode::ALL.len() - 1);
    assert!(eroded.contains(&"erosion") && !eroded.contains(&"mask"));
    assert_eq!(names("compose").len(), ViewMode::ALL.len());
    // The slope view wherever the map view is; the land wherever the map is a terrain.
    for demo in DEMOS {
        assert_eq!(demo.offers(ViewMode::LAND), demo.is_map(), "{}", demo.id);
        assert_eq!(
            demo.offers(ViewMode::SLOPE),
            demo.offers(ViewMode::MAP),
            "{}",
            demo.id
        );
    }
    // Every view is offered somewhere.
    for view in ViewMode::ALL {
        assert!(DEMOS.iter().any(|d| d.offers(view)), "{}", view.name());
    }
}

#[test]
fn the_real_land_the_compose_base_reads_is_the_file_the_page_shows() {
    use terrain::chapters::composed::LAND_FILE;
    assert!(JACKSBORO.ends_with(&format!("/{LAND_FILE}")), "{JACKSBORO}");
    let real = find("real-land").expect("a row");
    assert_eq!(real.held.map(Held::first_url), Some(JACKSBORO));
}

#[test]
fn a_composed_terrain_is_read_and_drawn_as_the_row_its_base_reads() {
    use crate::fields::Setup;
    use terrain::chapters::composed::{Composed, BASE_NAMES};
    let compose = find("compose").expect("a row");
    let on = |name: &str| {
        let base = BASE_NAMES.iter().position(|&n| n == name).expect("a base") as u8;
        let recipe = Recipe::Composed(Composed {
            base,
            ..Composed::DEFAULT
        });
        compose.held_for(&Setup { recipe, seed: 1 })
    };
    assert_eq!(on("real-land"), find("real-land").expect("a row").held);
    assert_eq!(on("your-map"), find("your-map").expect("a row").held);
    assert_eq!(on("ds"), None);
}

#[test]
fn a_chain_with_a_mask_answers_where_each_step_acts_at_the_shown_points() {
    let compose = find("compose").expect("a row");
    let query = "base=ds&exponent=5&then=redistribute&then=erode&droplets=2000&where=painted\
                 &strokes=raise_4_1_2-16-6-16";
    let setup = crate::links::setup_from_query(compose, query, 3).expect("a good link");
    let answer = compose.answer(&setup, None).expect("made");
    let n = answer.grid.heights.len();
    assert_eq!(answer.masks.len(), 2 * n, "a grid of weights for each step");
    // Redistribute acts everywhere; erode only near its stroke on the left.
    assert!(answer.mask(1).expect("step 1").iter().all(|&w| w == 255));
    let erode = answer.mask(2).expect("step 2");
    assert!(erode.contains(&255) && erode.contains(&0));
    let columns = answer.grid.xs.len();
    let right = erode
        .iter()
        .enumerate()
        .filter(|(i, _)| i % columns > columns * 2 / 3);
    assert!(
        right.map(|(_, &w)| w).all(|w| w == 0),
        "nothing painted on the right"
    );
    assert!(answer.mask(3).is_none() && answer.mask(0).is_none());
    // Without a mask on any step: no weights to send.
    let plain = crate::links::setup_from_query(compose, "base=ds&exponent=5&then=erode", 3);
    let plain = compose.answer(&plain.expect("good"), None).expect("made");
    assert!(plain.masks.is_empty());
}
