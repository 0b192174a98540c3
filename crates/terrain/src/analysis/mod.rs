//! Measures of a finished map: the variogram and Hurst exponent (`variogram`), where water goes
//! (`water`), and how it compares with real land (`realism`).

pub mod realism;
pub mod variogram;
pub mod water;
