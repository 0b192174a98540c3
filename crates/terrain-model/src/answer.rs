//! What the generator worker makes for a demo: the full terrain generated, the points shown on
//! screen kept, fault maps and erosion batch by batch (every step from one generation,
//! `Recipe::in_steps`), and the variogram.

use terrain::chapters::steps::InSteps;
use terrain::chapters::ReadBase;
use terrain::creases::crease_score;
use terrain::display::{self, DisplayGrid};
use terrain::variogram::{self, Variogram};
use terrain::{Heightmap, ParamError};

use super::demos::{Demo, Held, Look, HEIGHT_SCALE};
use super::fields::Setup;

/// What the generator worker hands back for one request: small enough to send, everything the
/// page needs to show the terrain at every step.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The shown points of the finished map.
    pub grid: DisplayGrid,
    /// For faults: the shown heights at each step but the last (step 0 = no fault yet, then 1, 2,
    /// 4 ... faults), one grid after another, on the finished map's scale. Empty otherwise.
    pub batches: Vec<f32>,
    /// The finished map's variogram.
    pub variogram: Variogram,
    /// For the comparison of midpoint displacement and Diamond-Square: their crease scores, in
    /// that order (`terrain::creases`); `None` for every other demo (and every other pair).
    pub creases: Option<[f32; 2]>,
    /// How tall a shown height of 1 stands, as a multiple of a generated map's height: 1 but
    /// for real land, whose shown heights span 0 to 1 (for the colours) and stand at its true
    /// slope times its exaggeration ([`super::demos::Held::relief`]), and for the maps of the
    /// demos that fit their relief ([`super::demos::Demo::fits_relief`]), drawn lower where they
    /// would stand far steeper than land.
    pub relief: f32,
    /// For erosion: one mark code per shown point ([`terrain::steps::trail_mark`]) for each step
    /// of one droplet, one grid after another: where the droplet rolled, took and laid material.
    /// For a pair: one code per shown point of the pair, drawn on it (the noise pair's lattice).
    /// Empty otherwise.
    pub trails: Vec<u8>,
    /// For rain at scale: which engine made it and how long it took.
    pub engine: Option<Engine>,
    /// What the worker measured at each step from step 0, one line a step, said after the
    /// step's caption (the weathered map's steep pairs and erosion score); empty otherwise.
    pub notes: String,
    /// For a composed terrain with a mask on any step: where each step acts, one byte per
    /// shown point (0 none, 255 whole) for each step from step 1, one grid after another
    /// ([`terrain::chapters::steps::InSteps::masks`]). Empty otherwise.
    pub masks: Vec<u8>,
}

impl Answer {
    /// Where step `step` (from 1) acts at each shown point, 0 to 255; `None` where no step has
    /// a mask, or for a step the terrain does not have.
    pub fn mask(&self, step: u32) -> Option<&[u8]> {
        let n = self.grid.heights.len();
        let at = (step.checked_sub(1)? as usize).checked_mul(n)?;
        self.masks.get(at..at.checked_add(n)?)
    }

    /// What the worker measured at step `step`, if it measured anything.
    pub fn note(&self, step: u32) -> Option<&str> {
        self.notes
            .split('\n')
            .nth(step as usize)
            .filter(|note| !note.is_empty())
    }
}

/// Which engine ran a batched rain, and how long it took: the section's `data-engine` and the
/// caption's last sentence.
#[derive(Debug, Clone, PartialEq)]
pub struct Engine {
    /// Whether the GPU ran it (through WebGPU), else the CPU (the same batched code in wasm).
    pub gpu: bool,
    /// What the caption says of it: "Rained on the GPU (WebGPU) in 1.23 s."
    pub said: String,
}

impl Engine {
    /// The engine that took `millis`; `notice` says why the CPU ran it after the GPU was tried.
    /// (Made in the worker, by the later chapters' module.)
    pub fn ran(gpu: bool, millis: f64, notice: Option<&str>) -> Self {
        let place = match gpu {
            true => "on the GPU (WebGPU)",
            false => "on the CPU (no WebGPU here: the same batched code in wasm)",
        };
        let took = format!("Rained {place} in {:.2} s.", millis / 1000.0);
        let said = match notice {
            Some(notice) => format!("{notice} {took}"),
            None => took,
        };
        Engine { gpu, said }
    }

    /// The name `data-engine` carries: `webgpu` or `cpu`.
    pub fn name(&self) -> &'static str {
        match self.gpu {
            true => "webgpu",
            false => "cpu",
        }
    }
}

/// Columns of holes between the two maps of a pair, per shown column of one map.
const PAIR_GAP: usize = 12;

/// The mark codes of a pair of `rows` rows, row after row: `left`'s row (`na` wide), `gap`
/// unmarked columns, `right`'s row (`nb` wide); a side without marks is unmarked. Empty when
/// neither has any.
fn pair_marks(
    left: &[u8],
    right: &[u8],
    (na, nb): (usize, usize),
    rows: usize,
    gap: usize,
) -> Vec<u8> {
    if left.is_empty() && right.is_empty() {
        return Vec::new();
    }
    let row_of = |codes: &[u8], n: usize, row: usize| match codes.get(row * n..(row + 1) * n) {
        Some(codes) => codes.to_vec(),
        None => vec![0; n],
    };
    (0..rows)
        .flat_map(|row| {
            let mut codes = row_of(left, na, row);
            codes.extend(std::iter::repeat_n(0, gap));
            codes.extend(row_of(right, nb, row));
            codes
        })
        .collect()
}

/// `heights` (of `map`, or of the steps before it) spread over 0 to 1 as `map`'s range spans
/// it: how a read map's heights are drawn. Returns the range's span.
fn spread_over_range(heights: &mut [f32], map: &Heightmap) -> f32 {
    let (low, high) = map.range().unwrap_or((0.0, 0.0));
    let span = (high - low).max(f32::MIN_POSITIVE);
    heights.iter_mut().for_each(|h| *h = (*h - low) / span);
    span
}

impl Demo {
    /// How `setup`'s map is read and drawn: the row's own read map, or for a composed terrain
    /// the file its base reads (the real land, or the reader's map); `None` for a generated map.
    pub fn held_for(&self, setup: &Setup) -> Option<Held> {
        self.held.or_else(|| {
            setup.recipe.read_base().map(|read| match read {
                ReadBase::RealLand => super::demos::REAL_LAND,
                ReadBase::YourMap => super::demos::YOUR_MAP,
            })
        })
    }

    /// The shown points of `map`, read as `held` says (its heights spread over 0 to 1; none:
    /// a generated map), and how tall a shown height of 1 stands ([`Answer::relief`]).
    fn shown_as(&self, map: &Heightmap, held: Option<Held>) -> (DisplayGrid, f32) {
        let (columns, rows) = self.look.most_shown();
        let mut grid = display::display_grid(map, columns, rows);
        let Some(held) = held else {
            // A generated map stands 0.3 of its width (`HEIGHT_SCALE` of a width of 2), lower
            // where that is far steeper than land.
            let fit = match self.fits_relief() {
                true => terrain::derived::fit::relief_fit(map, HEIGHT_SCALE / 2.0),
                false => 1.0,
            };
            return (grid, fit);
        };
        if let (Some((column_m, row_m)), Some((across, down))) = (held.spacing(), held.metres(map))
        {
            // The display grid spaces points alike both ways, its longer side spanning 2: real
            // land's cells are longer north-south, so each axis takes its own metres, and the
            // side longer in metres spans 2.
            let gaps = (map.width().max(map.height()) - 1).max(1) as f32;
            let longest = across.max(down);
            let (x_scale, z_scale) = (gaps * column_m / longest, gaps * row_m / longest);
            grid.xs.iter_mut().for_each(|x| *x *= x_scale);
            grid.zs.iter_mut().for_each(|z| *z *= z_scale);
        }
        let span = spread_over_range(&mut grid.heights, map);
        (grid, held.relief(map, span, HEIGHT_SCALE))
    }

    /// The shown points of `map`, read as the row's own read map is, if it has one.
    pub(crate) fn shown(&self, map: &Heightmap) -> DisplayGrid {
        self.shown_as(map, self.held).0
    }

    /// Generates the full terrain for `setup` and keeps the points shown on screen.
    pub fn display_grid(&self, setup: &Setup) -> Result<DisplayGrid, ParamError> {
        Ok(self.answer(setup, None)?.grid)
    }

    /// The work done off the page's main thread: generates the full terrain for `setup` (faults
    /// step by step; for a pair, its partner's map of the same setup too, with the marks each
    /// carries and, where the pair compares creases, both crease scores), or for a read map the map `held` made under `setup` (`Recipe::made_from`), keeps
    /// the points shown on screen and measures the variogram.
    pub fn answer(&self, setup: &Setup, held: Option<&Heightmap>) -> Result<Answer, ParamError> {
        self.answer_with_map(setup, held).map(|(answer, _)| answer)
    }

    /// [`Demo::answer`], and the full map it was made from (kept in the worker for downloads).
    pub fn answer_with_map(
        &self,
        setup: &Setup,
        held: Option<&Heightmap>,
    ) -> Result<(Answer, Heightmap), ParamError> {
        let made = self.made(setup, held)?;
        let mut answer =
            self.answer_made(setup, &made.map, made.batches, made.trails, made.notes)?;
        answer.masks = made.masks;
        Ok((answer, made.map))
    }

    /// The full map for `setup` (made from `held` for a read map), with the shown heights of
    /// its steps, its droplets' trails and what each step measured, where it has them.
    fn made(&self, setup: &Setup, held: Option<&Heightmap>) -> Result<InSteps, ParamError> {
        // Faults and erosion keep the shown points after each batch, the same points `shown`
        // keeps of the finished map.
        let size = read_size(setup, held);
        let (columns, rows) = self.positions(size);
        Ok(
            match setup.recipe.in_steps(held, setup.seed, &columns, &rows) {
                Some(made) => made?,
                None => InSteps {
                    map: setup.recipe.made_from(held, setup.seed)?,
                    batches: Vec::new(),
                    trails: Vec::new(),
                    notes: String::new(),
                    masks: Vec::new(),
                },
            },
        )
    }

    /// The map columns and rows whose points are shown, for a map of `width` x `height`.
    pub fn positions(&self, (width, height): (usize, usize)) -> (Vec<usize>, Vec<usize>) {
        let (most_columns, most_rows) = self.look.most_shown();
        (
            display::display_positions(width, most_columns.max(2)),
            display::display_positions(height, most_rows.max(2)),
        )
    }

    /// The answer for `map`, made for `setup` (with `batches`, `trails` and `notes` of its
    /// steps).
    pub fn answer_made(
        &self,
        setup: &Setup,
        map: &Heightmap,
        batches: Vec<f32>,
        trails: Vec<u8>,
        notes: String,
    ) -> Result<Answer, ParamError> {
        let (columns, rows) = self.positions((map.width(), map.height()));
        let held = self.held_for(setup);
        let (shown, relief) = self.shown_as(map, held);
        let mut batches = batches;
        if held.is_some() {
            // The steps before the last drawn as the finished map is: over its range.
            spread_over_range(&mut batches, map);
        }
        let partner = match self.look {
            Look::Pair => setup.recipe.partner(setup.seed, &columns, &rows),
            _ => None,
        };
        let (grid, creases, trails) = match partner {
            Some(partner) => {
                let partner = partner?;
                let beside = self.shown(&partner.map);
                let gap = (shown.size().0 / PAIR_GAP).max(2);
                let pair = display::side_by_side(&shown, &beside, gap);
                let scores = partner
                    .creases
                    .then(|| crease_score(map).zip(crease_score(&partner.map)))
                    .flatten();
                let [own, theirs] = &partner.marks;
                let widths = (shown.size().0, beside.size().0);
                let marks = pair_marks(own, theirs, widths, shown.size().1, gap);
                (pair.unwrap_or(shown), scores.map(|(a, b)| [a, b]), marks)
            }
            None => (shown, None, trails),
        };
        Ok(Answer {
            grid,
            batches,
            variogram: variogram::variogram(map),
            creases,
            relief,
            trails,
            engine: None,
            notes,
            masks: Vec::new(),
        })
    }
}

/// The size of the map `setup` makes: the recipe's own, or where a file decides (a read map, a
/// composed terrain on the real land) that of `held`. A map the view holds from an earlier
/// base is no part of a generated one.
pub fn read_size(setup: &Setup, held: Option<&Heightmap>) -> (usize, usize) {
    match (setup.recipe.size(), held) {
        ((0, 0), Some(map)) => (map.width(), map.height()),
        (size, _) => size,
    }
}
