//! The maps on screen, kept where they were made (in the worker), so that a download writes the
//! very map the reader sees instead of generating it again: erosion at 2049² with two million
//! droplets takes the better part of a minute, its file a second.
//!
//! Each view keeps its newest map, under the setup (and, for a read map, the map it was made
//! from) that made it; a new terrain for the view lets the old one go before it is generated,
//! so the worker never holds two of one view's maps. Maps beyond [`BUDGET`] bytes in all are let
//! go oldest first. Beside them, how many maps were generated from scratch for each view
//! ([`Kept::runs`]: the section's `data-runs`), which tells a test that a download made none.

use std::cell::RefCell;

use terrain::Heightmap;

use crate::fields::Setup;

/// The most bytes of maps kept at once (a 4097² map is 64 MiB).
pub const BUDGET: usize = 160 << 20;

/// One view's map and what made it.
#[derive(Debug)]
struct Entry {
    view: usize,
    setup: Setup,
    /// [`fingerprint`] of the read map it was made from (0 for a generated one).
    from: u64,
    map: Heightmap,
}

/// The kept maps, oldest first, and the runs per view.
#[derive(Debug, Default)]
pub struct Kept {
    entries: Vec<Entry>,
    runs: Vec<u32>,
}

/// A fingerprint of what a map was made from besides its setup (FNV-1a): the read map (its size
/// and every height's bits), so a map kept for a file since replaced is never taken for the new
/// one's (the strokes painted on it are the setup's: its chain's `paint` step holds them). 0 for
/// a generated map.
pub fn fingerprint(held: Option<&Heightmap>) -> u64 {
    let Some(map) = held else {
        return 0;
    };
    let size = [map.width() as u32, map.height() as u32];
    let heights = map.data().iter().map(|h| h.to_bits());
    let words = size.into_iter().chain(heights);
    words.fold(0xcbf2_9ce4_8422_2325u64, |hash, word| {
        (hash ^ u64::from(word)).wrapping_mul(0x0100_0000_01b3)
    }) | 1
}

impl Kept {
    /// A map is about to be generated for `view`: its old one goes, and the run is counted.
    pub fn generating(&mut self, view: usize) {
        self.entries.retain(|e| e.view != view);
        if self.runs.len() <= view {
            self.runs.resize(view + 1, 0);
        }
        self.runs[view] = self.runs[view].saturating_add(1);
    }

    /// Keeps `map`, made for `view` by `setup` from the read map with fingerprint `from`.
    pub fn keep(&mut self, view: usize, setup: Setup, from: u64, map: Heightmap) {
        self.entries.retain(|e| e.view != view);
        self.entries.push(Entry {
            view,
            setup,
            from,
            map,
        });
        let bytes = |entries: &[Entry]| {
            entries
                .iter()
                .map(|e| e.map.data().len() * 4)
                .sum::<usize>()
        };
        while self.entries.len() > 1 && bytes(&self.entries) > BUDGET {
            self.entries.remove(0);
        }
    }

    /// The map kept for `view` if `setup` (from the read map with fingerprint `from`) made it.
    pub fn find(&self, view: usize, setup: &Setup, from: u64) -> Option<&Heightmap> {
        self.entries
            .iter()
            .find(|e| e.view == view && e.setup == *setup && e.from == from)
            .map(|e| &e.map)
    }

    /// How many maps were generated from scratch for `view` so far.
    pub fn runs(&self, view: usize) -> u32 {
        self.runs.get(view).copied().unwrap_or(0)
    }
}

thread_local! {
    /// This module's kept maps (each wasm module that generates keeps its own).
    pub static KEPT: RefCell<Kept> = RefCell::default();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demos;

    fn map(side: usize, fill: f32) -> Heightmap {
        Heightmap::from_data(side, side, vec![fill; side * side]).expect("a small map")
    }

    #[test]
    fn a_kept_map_is_found_only_for_its_view_setup_and_source() {
        let setup = demos::find("ds-final").expect("a row").setup(7);
        let other = Setup {
            seed: 8,
            ..setup.clone()
        };
        let mut kept = Kept::default();
        kept.generating(3);
        kept.keep(3, setup.clone(), 0, map(5, 0.5));
        assert!(kept.find(3, &setup, 0).is_some());
        assert!(kept.find(3, &other, 0).is_none(), "another seed");
        assert!(kept.find(2, &setup, 0).is_none(), "another view");
        assert!(kept.find(3, &setup, 9).is_none(), "another read map");
        assert_eq!((kept.runs(3), kept.runs(2)), (1, 0));
        kept.generating(3);
        assert!(
            kept.find(3, &setup, 0).is_none(),
            "a new terrain lets the old map go"
        );
        assert_eq!(kept.runs(3), 2);
    }

    #[test]
    fn maps_past_the_budget_go_oldest_first_but_the_newest_stays() {
        let setup = demos::find("ds-final").expect("a row").setup(7);
        let mut kept = Kept::default();
        let side = 4097;
        kept.keep(0, setup.clone(), 0, map(side, 0.0));
        kept.keep(1, setup.clone(), 0, map(side, 0.0));
        kept.keep(2, setup.clone(), 0, map(side, 0.0));
        assert!(
            kept.find(0, &setup, 0).is_none(),
            "three 64 MiB maps pass 160 MiB"
        );
        assert!(kept.find(1, &setup, 0).is_some() && kept.find(2, &setup, 0).is_some());
    }

    #[test]
    fn fingerprints_tell_read_maps_apart() {
        let (a, b) = (map(3, 0.25), map(3, 0.5));
        assert_eq!(fingerprint(None), 0);
        assert_ne!(fingerprint(Some(&a)), 0);
        assert_ne!(fingerprint(Some(&a)), fingerprint(Some(&b)));
        assert_eq!(fingerprint(Some(&a)), fingerprint(Some(&a.clone())));
    }
}
