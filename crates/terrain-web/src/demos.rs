//! The demo table: one row per demo on the page. Adding a demo means adding a row here and a
//! `<section data-demo="ID">` to the page; the widget code is shared by every row.

use terrain::midpoint::{self, Stage};
use terrain::{limits, random_noise, Heightmap, ParamError};

use crate::fields::{Field, Settings};

/// One demo: its ID on the page, what it shows, which fields it offers and how it generates.
#[derive(Debug)]
pub struct Demo {
    /// The `data-demo` ID of the section it mounts on (a DOM contract).
    pub id: &'static str,
    /// Short caption under the canvas, saying in plain words what this step does.
    pub caption: &'static str,
    /// The form fields offered, in display order.
    pub fields: &'static [Field],
    /// Settings used where no field overrides them.
    pub defaults: Settings,
    /// Makes the terrain for validated settings.
    pub generate: fn(&Settings) -> Result<Heightmap, ParamError>,
}

const SEED_ONLY: &[Field] = &[Field::Seed];
const MPD_FIELDS: &[Field] = &[
    Field::Exponent,
    Field::Spread,
    Field::Reduction,
    Field::Seed,
];

/// The spread the first post uses for its single-square step demos.
const STEP_SPREAD: f32 = 0.1;

const STEP_DEFAULTS: Settings = Settings {
    spread: STEP_SPREAD,
    ..Settings::mpd_defaults()
};

fn mpd_stage(stage: Stage, settings: &Settings) -> Result<Heightmap, ParamError> {
    midpoint::generate_stage(stage, &settings.mpd(), settings.seed)
}

/// Every demo, in page order.
pub const DEMOS: &[Demo] = &[
    Demo {
        id: "random",
        caption: "Random noise: every point gets its own random height, with no regard for its \
                  neighbours. Terrain needs more structure than this.",
        fields: SEED_ONLY,
        defaults: Settings::mpd_defaults(),
        generate: |s| {
            let side = limits::side_for_exponent(s.exponent);
            random_noise::generate(side, side, s.seed)
        },
    },
    Demo {
        id: "mpd-corners",
        caption: "Step 1: only the four corners get random heights; every other point is still 0.",
        fields: SEED_ONLY,
        defaults: Settings::mpd_defaults(),
        generate: |s| mpd_stage(Stage::Corners, s),
    },
    Demo {
        id: "mpd-edges",
        caption: "Step 2: the middle of each edge takes the average of the two corners beside it, \
                  nudged up or down by at most 0.1.",
        fields: SEED_ONLY,
        defaults: STEP_DEFAULTS,
        generate: |s| mpd_stage(Stage::Edges, s),
    },
    Demo {
        id: "mpd-center",
        caption: "Step 3: the center takes the average of the four edge midpoints, again nudged \
                  by at most 0.1.",
        fields: SEED_ONLY,
        defaults: STEP_DEFAULTS,
        generate: |s| mpd_stage(Stage::Center, s),
    },
    Demo {
        id: "mpd-iterate",
        caption: "Step 4: repeat on the four smaller squares, then their sixteen, halving the \
                  nudge each pass, until every point is set; then stretch heights to 0..1.",
        fields: SEED_ONLY,
        defaults: Settings::mpd_defaults(),
        generate: |s| mpd_stage(Stage::Full, s),
    },
    Demo {
        id: "mpd-final",
        caption: "Your turn: a bigger exponent adds detail, a bigger starting spread makes taller \
                  mountains, and a reduction near 1 keeps the small bumps as strong as the big ones.",
        fields: MPD_FIELDS,
        defaults: Settings::mpd_defaults(),
        generate: |s| mpd_stage(Stage::Full, s),
    },
];

/// The row with this `data-demo` ID.
pub fn find(id: &str) -> Option<&'static Demo> {
    DEMOS.iter().find(|demo| demo.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_every_row_generates_from_its_defaults() {
        for (i, demo) in DEMOS.iter().enumerate() {
            assert!(
                DEMOS[..i].iter().all(|other| other.id != demo.id),
                "duplicate {}",
                demo.id
            );
            let map = (demo.generate)(&demo.defaults).expect(demo.id);
            assert!(map.data().iter().all(|v| v.is_finite()), "{}", demo.id);
            assert!(
                demo.fields.contains(&Field::Seed),
                "{} offers a seed",
                demo.id
            );
        }
    }

    #[test]
    fn the_first_posts_demos_are_in_order() {
        let ids: Vec<&str> = DEMOS.iter().map(|d| d.id).collect();
        assert_eq!(
            ids,
            [
                "random",
                "mpd-corners",
                "mpd-edges",
                "mpd-center",
                "mpd-iterate",
                "mpd-final"
            ]
        );
    }
}
