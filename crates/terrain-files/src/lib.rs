//! The page's file encoders, in a wasm module of their own.
//!
//! The PNG encoder (with its deflate and CRC tables) and the glTF writer are about a quarter of
//! the page's code, and a reader needs them only when pressing Download. So the page's module
//! generates the map and this module, fetched by the generator worker the first time a file is
//! asked for, writes it with the core's own writers: byte for byte what `terrain` writes.

use terrain::Heightmap;
use terrain::{derived, export, realism};
use wasm_bindgen::prelude::*;

/// `heights`, a `width` x `height` map row by row (heights 0 to 1), written in the format with
/// `extension` (`png`, `r16`, `r32`, `glb`, `exr`; or a derived map, `normal.png`, `slope.png`)
/// exactly as the `terrain` command writes it; for `realism`, the page's 'How real is it?'
/// panel as JSON text (`realism::report`); or a
/// readable reason why not (an unknown format, a size the format cannot hold, a wrong count).
pub fn encode_file(
    extension: &str,
    width: usize,
    height: usize,
    heights: Vec<f32>,
) -> Result<Vec<u8>, String> {
    if extension == realism::REPORT {
        let map = Heightmap::from_data(width, height, heights).map_err(|e| e.message)?;
        let report = realism::report(&map).map_err(|e| e.message)?;
        return Ok(report.to_string().into_bytes());
    }
    if let Some(derived) = derived::download(extension) {
        let map = Heightmap::from_data(width, height, heights).map_err(|e| e.message)?;
        return derived::download_png(derived, &map).map_err(|e| e.message);
    }
    let format = export::map_format(extension, width, height).map_err(|e| e.to_string())?;
    let map = Heightmap::from_data(width, height, heights).map_err(|e| e.message)?;
    let mut bytes = Vec::new();
    export::write(&map, format, &mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// [`encode_file`] for JavaScript: called by the generator worker (`worker.js`) with the map the
/// page's module generated; the bytes come back as a `Uint8Array`, a failure as a thrown string.
#[wasm_bindgen]
pub fn encode(
    extension: &str,
    width: usize,
    height: usize,
    heights: Vec<f32>,
) -> Result<Vec<u8>, String> {
    encode_file(extension, width, height, heights)
}

/// The map in a file a reader brought to the page (`name` says its format), read as `terrain`
/// reads it: `(width, height, heights)`, or what is wrong and what the page reads
/// ([`terrain::import::read_brought`]).
pub fn decode_file(name: &str, bytes: &[u8]) -> Result<(usize, usize, Vec<f32>), String> {
    let map = terrain::import::read_brought(name, bytes).map_err(|e| e.message)?;
    Ok((map.width(), map.height(), map.data().to_vec()))
}

/// [`decode_file`] for JavaScript: called by the generator worker (`worker.js`) with a file the
/// reader chose or dropped, or the real land it fetched; `[width, height, Float32Array]`, a
/// failure as a thrown string.
#[wasm_bindgen]
pub fn decode(name: &str, bytes: &[u8]) -> Result<js_sys::Array, String> {
    let (width, height, heights) = decode_file(name, bytes)?;
    Ok(js_sys::Array::of3(
        &(width as u32).into(),
        &(height as u32).into(),
        &js_sys::Float32Array::from(heights.as_slice()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain::diamond_square;
    use terrain::export::Format;

    #[test]
    fn every_format_is_written_as_the_core_writes_it() {
        let map = diamond_square::generate(&diamond_square::DEFAULT, 7).expect("a map");
        for format in Format::MAPS {
            let mut expected = Vec::new();
            export::write(&map, format, &mut expected).expect("written");
            let got = encode_file(
                format.extension(),
                map.width(),
                map.height(),
                map.data().to_vec(),
            )
            .expect("encoded");
            assert_eq!(got, expected, "{}", format.extension());
        }
    }

    #[test]
    fn a_brought_png_reads_back_as_written() {
        let map = diamond_square::generate(&diamond_square::DEFAULT, 7).expect("a map");
        let png = encode_file("png", map.width(), map.height(), map.data().to_vec()).expect("png");
        let (width, height, heights) = decode_file("mine.png", &png).expect("read");
        assert_eq!((width, height), (map.width(), map.height()));
        let back = terrain::import::read(&png, Format::Png16, None).expect("read");
        assert_eq!(heights, back.data());
        assert!(decode_file("mine.txt", b"hello")
            .expect_err("not a map")
            .contains("not a heightmap the page reads"));
    }

    #[test]
    fn a_bad_request_is_refused_with_a_reason() {
        let three = vec![0.5; 3];
        assert!(encode_file("bmp", 3, 1, three.clone())
            .expect_err("unknown format")
            .contains("\"bmp\""));
        assert!(encode_file("r32", 2, 2, three)
            .expect_err("wrong count")
            .contains("needs 4 heights, got 3"));
    }
}
