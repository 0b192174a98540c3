//! Measures of a finished map: the variogram and Hurst exponent (`variogram`), where water goes
//! (`water`), how it compares with real land (`realism`), and the maps derived from it to
//! texture it in an engine (`derived`: normals, slope, flow).

pub mod derived;
pub mod materials;
pub mod realism;
pub mod variogram;
pub mod water;
