//! The page's heightmap readers, in a wasm module of their own.
//!
//! The real-land demo and "Your map" need to read one file; the file encoders' module
//! (`terrain-files`) carries every writer, the FFT of the realism report, zip and EXR's codecs,
//! several times the code a reader needs. So the generator worker imports this module the first
//! time a map file is read, and the encoders' module only on the first download, or for an
//! `.exr` or `.tif` file, whose reader is large ([`terrain::formats::Spec::large`]). Both call the core's
//! readers: a file reads here exactly as `terrain erode --in` reads it.

use wasm_bindgen::prelude::*;

/// The map in a file a reader brought to the page (`name` says its format), read as `terrain`
/// reads it with the small readers ([`terrain::import::read_brought_small`]): `None` for a
/// format whose reader is large, which the encoders' module reads.
pub fn decode_file(name: &str, bytes: &[u8]) -> Result<Option<terrain::Heightmap>, String> {
    terrain::import::read_brought_small(name, bytes).map_err(|e| e.message)
}

/// [`decode_file`] for JavaScript: called by the generator worker (`worker.js`) with a file the
/// reader chose or dropped, or the real land it fetched; `[width, height, Float32Array]`,
/// `undefined` when the encoders' module reads the format, a failure as a thrown string.
#[wasm_bindgen]
pub fn decode(name: &str, bytes: &[u8]) -> Result<Option<js_sys::Array>, String> {
    Ok(decode_file(name, bytes)?.map(|map| terrain_model::protocol::map_read(&map)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain::{export, formats, Heightmap};

    /// A slope with a bump: every point a different height.
    fn map() -> Heightmap {
        let heights = (0..33 * 17)
            .map(|i| ((i % 33) as f32 / 32.0 + (i / 33) as f32 / 64.0) / 1.5)
            .collect();
        Heightmap::from_data(33, 17, heights).expect("a map")
    }

    #[test]
    fn every_small_reader_reads_as_the_core_reads() {
        let map = map();
        for format in formats::ALL.iter().copied().filter(|f| f.reads()) {
            let mut bytes = Vec::new();
            export::write(&map, format, &mut bytes).expect("written");
            let name = format!("mine.{}", format.extension());
            let got = decode_file(&name, &bytes);
            if format.spec().large {
                assert!(
                    got.expect(&name).is_none(),
                    "{name} is read beside the writers"
                );
                continue;
            }
            if !format.facts().sized {
                // A raw file 33 x 17 has no width the page could be told.
                assert!(got.expect_err("not square").contains("square"), "{name}");
                continue;
            }
            let read = got.expect(&name).expect("read here");
            let back = terrain::import::read(&bytes, format, None).expect("read");
            assert_eq!((read.width(), read.height()), (33, 17), "{name}");
            assert_eq!(read.data(), back.data(), "{name}");
        }
    }

    #[test]
    fn what_is_not_a_map_is_refused_with_what_the_page_reads() {
        let refused = decode_file("mine.txt", b"hello").expect_err("not a map");
        assert!(
            refused.contains("not a heightmap the page reads"),
            "{refused}"
        );
        assert!(refused.contains(".tif"), "{refused}");
    }
}
