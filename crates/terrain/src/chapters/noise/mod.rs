//! Random noise, the first post's starting point: every point its own uniform height.

use crate::algorithms::erosion::ErosionParams;
use crate::algorithms::random_noise::{self, NoiseParams};
use crate::chapters::{Chapter, Recipe};
use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::{self, limits, Knob};
use crate::map::heightmap::Heightmap;

/// Random noise of a size.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Noise {
    /// The map's size.
    pub params: NoiseParams,
}

impl Noise {
    /// The first post's 33 x 33 points.
    pub const DEFAULT: Noise = Noise {
        params: NoiseParams::DEFAULT,
    };
}

impl Chapter for Noise {
    fn about(&self) -> &'static str {
        "Random noise: every point its own uniform(0, 1) height; the size as an exponent, or a \
         width and height (each defaults to the other)"
    }

    fn knobs(&self) -> &'static [&'static Knob] {
        &[&knobs::EXPONENT, &knobs::WIDTH, &knobs::HEIGHT]
    }

    fn show(&self, knob: &Knob) -> Option<String> {
        let (width, height) = (self.params.width, self.params.height);
        Some(match knob.name {
            // A square map of 2^n + 1 points a side shows its n.
            "exponent" => (1..=knob.whole_max() as u32)
                .find(|&n| (width, height) == (limits::side_for_exponent(n), width))?
                .to_string(),
            "width" => width.to_string(),
            "height" => height.to_string(),
            _ => return None,
        })
    }

    fn apply(
        &mut self,
        knob: &Knob,
        text: &str,
        _read: ReadDecimal,
    ) -> Option<Result<(), ParamError>> {
        let side = || knob.parse_whole(text).map(|v| v as usize);
        let square = || knob.parse_u32(text).map(limits::side_for_exponent);
        let p = &mut self.params;
        Some(match knob.name {
            "exponent" => square().map(|side| (p.width, p.height) = (side, side)),
            "width" => side().map(|v| p.width = v),
            "height" => side().map(|v| p.height = v),
            _ => return None,
        })
    }

    /// The size as an exponent, or as a width and a height, each defaulting to the other.
    fn apply_all(
        &mut self,
        given: &[(&'static Knob, &str)],
        read: ReadDecimal,
    ) -> Result<(), ParamError> {
        let named = |name: &str| given.iter().any(|(knob, _)| knob.name == name);
        if named("exponent") && (named("width") || named("height")) {
            return Err(ParamError::new(
                "exponent",
                "give the size as an exponent or as a width and height, not both",
            ));
        }
        for &(knob, text) in given {
            if let Some(result) = self.apply(knob, text, read) {
                result?;
            }
        }
        if named("width") != named("height") {
            let side = if named("width") {
                self.params.width
            } else {
                self.params.height
            };
            (self.params.width, self.params.height) = (side, side);
        }
        Ok(())
    }

    fn size(&self) -> (usize, usize) {
        (self.params.width, self.params.height)
    }

    fn size_tag(&self) -> String {
        format!("{}x{}", self.params.width, self.params.height)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        random_noise::generate(self.params.width, self.params.height, seed)
    }

    fn command(&self) -> Option<(Recipe, Option<ErosionParams>)> {
        Some((Recipe::Noise(*self), None))
    }
}
