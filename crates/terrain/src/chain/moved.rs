//! Where a chain's erosion steps moved material: how far each cell was lowered (wear) and
//! raised (deposit) by the steps that carry ground about (erode, thermal, uplift:
//! [`super::Step::moves_material`]), each step measured against the map it was given and the
//! steps summed. A game paints scree and sediment where the deposit is, bare rock where the wear
//! is (`--maps wear,deposit`).

use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// The lowering and raising a chain's erosion steps did to each cell, in the map's heights.
#[derive(Debug, Clone, PartialEq)]
pub struct Moved {
    /// How far each cell was lowered, summed over the steps, row by row.
    pub wear: Vec<f32>,
    /// How far each cell was raised, summed over the steps, row by row.
    pub deposit: Vec<f32>,
}

impl Moved {
    /// Nothing moved on a map of `cells` cells.
    pub fn none(cells: usize) -> Moved {
        Moved {
            wear: vec![0.0; cells],
            deposit: vec![0.0; cells],
        }
    }

    /// Runs `step` on `map` with `seed`, adding what it moved where it carries ground about
    /// ([`super::Step::moves_material`]): how the command line and the page measure a chain.
    pub fn apply(
        moved: Option<&mut Moved>,
        step: &dyn super::Step,
        map: &mut Heightmap,
        seed: u64,
    ) -> Result<(), ParamError> {
        let size = (map.width(), map.height());
        let Some(moved) = moved else {
            return step.apply(map, seed);
        };
        let before = step.moves_material().then(|| map.data().to_vec());
        step.apply(map, seed)?;
        if (map.width(), map.height()) != size {
            moved.resize(size, (map.width(), map.height()))?;
        }
        if let Some(before) = before {
            moved.add(&before, map.data());
        }
        Ok(())
    }

    /// What was moved on a map of `from` points, read on the `to` points the map now has (a
    /// step that changed its size, `amplify`): stretched over it bilinearly, corner to corner.
    pub fn resize(&mut self, from: (usize, usize), to: (usize, usize)) -> Result<(), ParamError> {
        for field in [&mut self.wear, &mut self.deposit] {
            let old = Heightmap::from_data(from.0, from.1, std::mem::take(field))?;
            *field = old.stretched(to.0, to.1);
        }
        Ok(())
    }

    /// Adds what one step did: `before` the map it was given, `after` the map it left.
    pub fn add(&mut self, before: &[f32], after: &[f32]) {
        let cells = self.wear.iter_mut().zip(self.deposit.iter_mut());
        for ((wear, deposit), (&b, &a)) in cells.zip(before.iter().zip(after)) {
            // In f64, so a sum of small changes on a high map keeps its last bits.
            let change = f64::from(a) - f64::from(b);
            if change < 0.0 {
                *wear = (f64::from(*wear) - change) as f32;
            } else {
                *deposit = (f64::from(*deposit) + change) as f32;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Moved;

    #[test]
    fn lowering_is_wear_raising_deposit_and_steps_add_up() {
        let mut moved = Moved::none(3);
        moved.add(&[1.0, 1.0, 1.0], &[0.5, 1.0, 1.25]);
        moved.add(&[0.5, 1.0, 1.25], &[0.75, 0.0, 1.25]);
        assert_eq!(moved.wear, [0.5, 1.0, 0.0]);
        assert_eq!(moved.deposit, [0.25, 0.0, 0.25]);
    }

    #[test]
    fn a_step_that_makes_the_map_finer_takes_what_was_moved_along() {
        use crate::chain::amplify::Amplify;
        use crate::map::heightmap::Heightmap;
        let mut map = Heightmap::from_data(3, 2, vec![0.0, 1.0, 0.0, 1.0, 0.5, 0.0]).expect("map");
        let mut moved = Moved::none(6);
        moved.add(&[1.0; 6], &[0.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
        let step = Amplify {
            factor: 0,
            detail: 0.0,
        };
        Moved::apply(Some(&mut moved), &step, &mut map, 1).expect("amplified");
        assert_eq!((map.width(), map.height()), (5, 3));
        assert_eq!(moved.wear.len(), 15);
        assert_eq!(moved.wear[..3], [1.0, 0.5, 0.0]);
        assert_eq!(moved.deposit, vec![0.0; 15]);
    }
}
