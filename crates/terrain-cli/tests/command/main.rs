//! The `terrain` command's tests, run against the real binary: chains of steps (`chains`), its
//! files, exit codes and messages (`cli`), `terrain fbm`'s windows of one endless plane (`fbm`), files no reader may take
//! (`hostile`), its flags as rows of the table of knobs
//! (`knobs`), the maps it writes read back by other tools (`maps`), batched erosion (`rain`),
//! `terrain flow --rivers`
//! (`rivers`) and `terrain stats`
//! (`stats`). One test binary, not one a file, so the release tests link it once (with LTO, in
//! one codegen unit) instead of four times.

mod amplify;
mod chains;
mod cli;
mod common;
mod fbm;
mod hostile;
mod knobs;
mod maps;
mod masks;
mod materials;
mod rain;
mod rivers;
mod stats;
mod terrace;
