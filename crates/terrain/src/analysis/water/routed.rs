//! The shown points routed, as the page holds them: where the water goes, the order the flood
//! took the points in, what the Water view shows at each, and each flood step's caption
//! ([`Routed`]); read from the bytes the worker made ([`super::routing::routing_bytes`]).

use super::flow::OFF_MAP;
use super::Water;
use crate::map::heightmap::Heightmap;

/// The shown points as routed by [`super::routing::route`].
#[derive(Debug, Clone, PartialEq)]
pub struct Routed {
    /// Where their water goes.
    pub water: Water,
    /// For each point, how many the flood took before it
    /// ([`super::fill::priority_flood_in_order`]).
    pub order: Vec<u32>,
    /// What the Water view shows at each point (values in 255ths).
    pub layer: Vec<Wet>,
    /// What each flood step before the last says.
    pub captions: Vec<String>,
    /// What the land view paints at each point: its albedo (sRGB) and the share of the sky it
    /// sees in 255ths (`crate::materials::land_colours`).
    pub land: Vec<[u8; 4]>,
}

impl Routed {
    /// A routing of `points` points from its bytes ([`super::routing::routing_bytes`], made elsewhere); `None` when the
    /// bytes are not one.
    pub fn from_bytes(points: usize, bytes: &[u8]) -> Option<Routed> {
        let n = points;
        let (words, rest) = bytes.split_at_checked(16 * n)?;
        let (codes, rest) = rest.split_at_checked(2 * n)?;
        let (land, mut captions) = rest.split_at_checked(4 * n)?;
        let word = |part: usize, i: usize| {
            let b = &words[(part * n + i) * 4..(part * n + i) * 4 + 4];
            u32::from_le_bytes([b[0], b[1], b[2], b[3]])
        };
        let part = |k: usize| (0..n).map(move |i| word(k, i));
        let downstream: Vec<u32> = part(1).collect();
        if !downstream.iter().all(|&d| d == OFF_MAP || (d as usize) < n) {
            return None;
        }
        let filled = part(0).map(f32::from_bits).collect();
        let water = Water {
            filled: Heightmap::from_data(n, 1, filled).ok()?,
            downstream,
            accumulation: part(2).collect(),
        };
        let layer = (0..n)
            .map(|i| Wet::from_code(codes[i], codes[n + i]))
            .collect();
        let mut texts = Vec::new();
        while let Some((size, after)) = captions.split_at_checked(4) {
            let size = u32::from_le_bytes([size[0], size[1], size[2], size[3]]) as usize;
            let (text, after) = after.split_at_checked(size)?;
            texts.push(String::from_utf8(text.to_vec()).ok()?);
            captions = after;
        }
        Some(Routed {
            water,
            order: part(3).collect(),
            layer,
            captions: texts,
            land: land
                .chunks_exact(4)
                .map(|c| [c[0], c[1], c[2], c[3]])
                .collect(),
        })
    }
}

/// What one shown point is in the Water view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Wet {
    /// Ground: no lake and no river.
    Dry,
    /// Standing water, 0 (a film) to 1 (the deepest lake shown).
    Lake(f32),
    /// A river covers it; its strength 0 (the smallest river) to 1 (the largest).
    River(f32),
    /// No ground (a hole between two maps shown side by side).
    Hole,
}

impl Wet {
    /// As a kind (0 dry, 1 lake, 2 river, 3 hole) and its value in 255ths.
    pub fn code(self) -> (u8, u8) {
        let q = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
        match self {
            Wet::Dry => (0, 0),
            Wet::Lake(v) => (1, q(v)),
            Wet::River(v) => (2, q(v)),
            Wet::Hole => (3, 0),
        }
    }

    /// Read from [`Wet::code`]'s kind and value (an unknown kind is dry).
    pub fn from_code(kind: u8, value: u8) -> Self {
        let v = f32::from(value) / 255.0;
        match kind {
            1 => Wet::Lake(v),
            2 => Wet::River(v),
            3 => Wet::Hole,
            _ => Wet::Dry,
        }
    }

    /// Its value rounded to 255ths, as [`Wet::code`] sends it.
    pub fn quantised(self) -> Self {
        let (kind, value) = self.code();
        Self::from_code(kind, value)
    }
}
