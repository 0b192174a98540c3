//! # terrain-peers: what the peer benchmark (`benches/peers/`) times
//!
//! Two generators, each writing its heights into a buffer the caller owns, as THREE.Terrain's
//! generators write into the caller's vertices:
//!
//! - [`diamond_square`]: a 2^n + 1 square map, the posts' defaults otherwise;
//! - [`faults`]: sharp straight faults on a square map.
//!
//! Midpoint displacement and hydraulic erosion, which THREE.Terrain does not have, are timed
//! generation-only ([`midpoint_height`], [`eroded_height`]) for the wasm against native
//! comparison.
//!
//! Compiled to wasm (`wasm-bindgen --target nodejs`) they run beside THREE.Terrain under node;
//! compiled natively (`terrain-peers-native`) they give the native figure of the same run.
//! [`diamond_square_height`] and [`faults_height`] generate without handing the map over (they
//! return one height so the work cannot be skipped): wasm against native, like for like.

use terrain::chain::row::{Given, Setting, Settings, StepRow};
use terrain::chapters::eroded;
use terrain::faults::{FaultParams, ShapeSet};
use terrain::midpoint::MpdParams;
use wasm_bindgen::prelude::*;

use terrain::Heightmap;

fn copy_into(out: &mut [f32], map: &Heightmap) -> Result<(), String> {
    let heights = map.data();
    if out.len() != heights.len() {
        return Err(format!(
            "the buffer holds {} heights, the map has {}",
            out.len(),
            heights.len()
        ));
    }
    out.copy_from_slice(heights);
    Ok(())
}

fn center(map: &Heightmap) -> f32 {
    map.get(map.width() / 2, map.height() / 2)
}

/// Diamond-Square with exponent `exponent` (a side of 2^exponent + 1 points), spread 0.3 and
/// reduction 0.5, seeded with `seed`.
fn diamond_square_map(exponent: u32, seed: u32) -> Result<Heightmap, String> {
    let params = MpdParams {
        exponent,
        ..MpdParams::default()
    };
    terrain::diamond_square::generate(&params, u64::from(seed)).map_err(|e| e.message)
}

/// Midpoint displacement with exponent `exponent`, the posts' defaults otherwise.
fn midpoint_map(exponent: u32, seed: u32) -> Result<Heightmap, String> {
    let params = MpdParams {
        exponent,
        ..MpdParams::default()
    };
    terrain::midpoint::generate(&params, u64::from(seed)).map_err(|e| e.message)
}

/// Midpoint displacement (see `midpoint_map`), keeping the map inside: returns its center height.
pub fn midpoint_center(exponent: u32, seed: u32) -> Result<f32, String> {
    Ok(center(&midpoint_map(exponent, seed)?))
}

/// `count` sharp straight faults on a `side` x `side` map, seeded with `seed`.
fn faults_map(side: usize, count: u32, seed: u32) -> Result<Heightmap, String> {
    let params = FaultParams {
        width: side,
        height: side,
        iterations: count,
        shapes: ShapeSet::LINES,
        fuzziness: 0.0,
    };
    terrain::faults::generate(&params, u64::from(seed)).map_err(|e| e.message)
}

/// Diamond-Square (see `diamond_square_map`), written row by row into `out`.
pub fn diamond_square_into(exponent: u32, seed: u32, out: &mut [f32]) -> Result<(), String> {
    copy_into(out, &diamond_square_map(exponent, seed)?)
}

/// Sharp straight faults (see `faults_map`), written row by row into `out`.
pub fn faults_into(side: usize, count: u32, seed: u32, out: &mut [f32]) -> Result<(), String> {
    copy_into(out, &faults_map(side, count, seed)?)
}

/// Diamond-Square as [`diamond_square_into`], keeping the map inside: returns its center height.
pub fn diamond_square_center(exponent: u32, seed: u32) -> Result<f32, String> {
    Ok(center(&diamond_square_map(exponent, seed)?))
}

/// Faults as [`faults_into`], keeping the map inside: returns its center height.
pub fn faults_center(side: usize, count: u32, seed: u32) -> Result<f32, String> {
    Ok(center(&faults_map(side, count, seed)?))
}

/// Droplets per erosion run: the figure the erosion target is stated for.
pub const DROPLETS: u32 = 100_000;

/// Diamond-Square (see `diamond_square_map`) eroded by [`DROPLETS`] droplets with the default
/// constants, keeping the map inside: returns its center height.
pub fn eroded_center(exponent: u32, seed: u32) -> Result<f32, String> {
    let mut map = diamond_square_map(exponent, seed)?;
    // The step `erode` at its page's defaults but for the droplets, as a chain runs it.
    let row = &terrain::chapters::eroded::row::ROW;
    let droplets = Setting::Whole(DROPLETS);
    let settings = Settings::defaults(row.fields()).with(&eroded::knobs::DROPLETS, droplets);
    let step = row.step(&settings, &Given::none()).map_err(|e| e.message)?;
    step.apply(&mut map, u64::from(seed))
        .map_err(|e| e.message)?;
    Ok(center(&map))
}

/// [`eroded_center`], for JavaScript.
#[wasm_bindgen]
pub fn eroded_height(exponent: u32, seed: u32) -> Result<f32, JsError> {
    eroded_center(exponent, seed).map_err(|e| JsError::new(&e))
}

/// [`diamond_square_center`], for JavaScript.
#[wasm_bindgen]
pub fn diamond_square_height(exponent: u32, seed: u32) -> Result<f32, JsError> {
    diamond_square_center(exponent, seed).map_err(|e| JsError::new(&e))
}

/// [`midpoint_center`], for JavaScript.
#[wasm_bindgen]
pub fn midpoint_height(exponent: u32, seed: u32) -> Result<f32, JsError> {
    midpoint_center(exponent, seed).map_err(|e| JsError::new(&e))
}

/// [`faults_center`], for JavaScript.
#[wasm_bindgen]
pub fn faults_height(side: usize, count: u32, seed: u32) -> Result<f32, JsError> {
    faults_center(side, count, seed).map_err(|e| JsError::new(&e))
}

/// [`diamond_square_into`], for JavaScript: `out` is a `Float32Array` of (2^exponent + 1)^2.
#[wasm_bindgen]
pub fn diamond_square(exponent: u32, seed: u32, out: &mut [f32]) -> Result<(), JsError> {
    diamond_square_into(exponent, seed, out).map_err(|e| JsError::new(&e))
}

/// [`faults_into`], for JavaScript: `out` is a `Float32Array` of side^2.
#[wasm_bindgen]
pub fn faults(side: usize, count: u32, seed: u32, out: &mut [f32]) -> Result<(), JsError> {
    faults_into(side, count, seed, out).map_err(|e| JsError::new(&e))
}
