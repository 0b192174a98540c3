//! What the screen shows of a map: display grids and marks (`display`), the 3-D surface
//! (`mesh`), the steps of each algorithm (`steps`) and the creases view (`creases`).

pub mod creases;
pub mod display;
pub mod mesh;
