//! `--maps normal,slope,flow` and `.exr`: the derived maps beside the file, described in the
//! sidecar, green flipped for Unreal; float heights in OpenEXR equal to the `.r32`'s; and, where
//! OpenImageIO is installed (the test command installs it), every file read back by `iinfo` and
//! `oiiotool` with the expected size, channels and range.

use std::path::Path;
use std::process::Command;

use crate::common::{scratch, terrain, text};

/// An image's pixels: width, height, channels, bit depth and samples (16-bit read as u16).
pub(crate) fn pixels(path: &Path) -> (u32, u32, usize, u8, Vec<u16>) {
    let decoder = png::Decoder::new(std::fs::File::open(path).expect("a file"));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    let bytes = &buffer[..info.buffer_size()];
    let samples = match info.bit_depth {
        png::BitDepth::Sixteen => bytes
            .chunks(2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]))
            .collect(),
        _ => bytes.iter().map(|&b| u16::from(b)).collect(),
    };
    (
        info.width,
        info.height,
        info.color_type.samples(),
        info.bit_depth as u8,
        samples,
    )
}

#[test]
fn maps_are_written_beside_the_file_and_described_in_the_sidecar() {
    let dir = scratch("maps-beside");
    let out = dir.join("hill.png");
    let (ok, stdout, stderr) = terrain(&[
        "ds",
        "--exponent",
        "6",
        "--seed",
        "3",
        "--maps",
        "normal,slope,flow",
        "--out",
        text(&out),
    ]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("hill_normal.png") && stdout.contains("hill.json"),
        "{stdout}"
    );
    let (w, h, channels, depth, normals) = pixels(&dir.join("hill_normal.png"));
    assert_eq!((w, h, channels, depth), (65, 65, 3, 8));
    // Blue (out of the ground) dominates a normal map; the mean leans neither way much.
    let blue: f64 = normals.chunks(3).map(|p| f64::from(p[2])).sum::<f64>() / (65.0 * 65.0);
    assert!(blue > 180.0, "{blue}");
    for name in ["slope", "flow"] {
        let (w, h, channels, depth, values) = pixels(&dir.join(format!("hill_{name}.png")));
        assert_eq!((w, h, channels, depth), (65, 65, 1, 16), "{name}");
        assert!(values.iter().any(|&v| v > 0), "{name} is not blank");
    }
    let sidecar = sidecar_of(&dir.join("hill.json"));
    for name in ["normal", "slope", "flow"] {
        let entry = &sidecar["maps"][name];
        assert_eq!(entry["file"], format!("hill_{name}.png"));
        assert!(entry["value"]
            .as_str()
            .is_some_and(|v| v.contains("0") || v.contains("RGB")));
    }
    assert!(sidecar["maps"]["slope"]["value"]
        .as_str()
        .expect("text")
        .contains("65535 vertical"));
    // Without --height-m, the page's relief: 0.6 of the 64 cells.
    assert_eq!(sidecar["relief"]["height_m"], 38.4);
}

#[test]
fn wetness_and_curvature_after_a_chain_span_the_range_the_sidecar_gives() {
    let dir = scratch("maps-landform");
    let out = dir.join("land.png");
    // The output flags after the last step, as the page's command line ends.
    let (ok, _, stderr) = terrain(&[
        "ds",
        "--exponent",
        "7",
        "--seed",
        "7",
        "--then",
        "thermal",
        "--iterations",
        "20",
        "--out",
        text(&out),
        "--maps",
        "wetness,curvature,flow",
    ]);
    assert!(ok, "{stderr}");
    let sidecar = sidecar_of(&dir.join("land.json"));
    for name in ["wetness", "curvature"] {
        let (w, h, channels, depth, values) = pixels(&dir.join(format!("land_{name}.png")));
        assert_eq!((w, h, channels, depth), (129, 129, 1, 16), "{name}");
        let entry = &sidecar["maps"][name];
        assert_eq!(entry["file"], format!("land_{name}.png"));
        let range = entry["range"].as_array().expect("a range");
        let (lo, hi) = (range[0].as_f64(), range[1].as_f64());
        assert!(lo.zip(hi).is_some_and(|(lo, hi)| hi > lo), "{entry}");
        // The 16 bits are used to an end: wetness spans its range, the curvature's sharpest
        // hundredth is clamped at one end or both.
        let most = values.iter().copied().max().unwrap_or(0);
        let least = values.iter().copied().min().unwrap_or(65535);
        match name {
            "wetness" => assert_eq!((least, most), (0, 65535)),
            _ => assert!(least == 0 || most == 65535, "{least} {most}"),
        }
    }
    // Curvature's range is symmetric about 0, which is mid-grey.
    let range = &sidecar["maps"]["curvature"]["range"];
    assert_eq!(range[0].as_f64().map(|v| -v), range[1].as_f64());
    // Wetness: the wettest cells lie where most water gathers, on the flow map's busiest
    // cells, not on its ridges.
    let (.., wet) = pixels(&dir.join("land_wetness.png"));
    let (.., flow) = pixels(&dir.join("land_flow.png"));
    let mean_wet = |pick: &dyn Fn(u16) -> bool| {
        let chosen: Vec<f64> = (0..wet.len())
            .filter(|&i| pick(flow[i]))
            .map(|i| f64::from(wet[i]))
            .collect();
        chosen.iter().sum::<f64>() / chosen.len().max(1) as f64
    };
    let channels = mean_wet(&|f| f > 40_000);
    let ridges = mean_wet(&|f| f == 0);
    assert!(channels > ridges + 10_000.0, "{channels} {ridges}");
}

/// The sidecar at `path`, read.
pub(crate) fn sidecar_of(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("a sidecar")).expect("JSON")
}

/// The heights of a `.r32` file.
pub(crate) fn floats(path: &Path) -> Vec<f32> {
    std::fs::read(path)
        .expect("written")
        .chunks(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

#[test]
fn wear_and_deposit_are_what_each_erosion_step_lowered_and_raised() {
    let dir = scratch("maps-wear");
    let base = ["ds", "--exponent", "6", "--seed", "7"];
    let erode = ["--then", "erode", "--droplets", "3000"];
    let thermal = ["--then", "thermal", "--iterations", "20"];
    let terrace = ["--then", "terrace", "--levels", "4"];
    let run = |steps: &[&[&str]], out: &Path, maps: bool| {
        let mut args: Vec<&str> = base.to_vec();
        for step in steps {
            args.extend_from_slice(step);
        }
        args.extend(["--out", text(out)]);
        if maps {
            args.extend(["--maps", "wear,deposit"]);
        }
        let (ok, _, stderr) = terrain(&args);
        assert!(ok, "{stderr}");
    };
    // The map after each step, made by the same chain cut short.
    let stages = [dir.join("0.r32"), dir.join("1.r32"), dir.join("2.r32")];
    run(&[], &stages[0], false);
    run(&[&erode], &stages[1], false);
    run(&[&erode, &thermal], &stages[2], false);
    let [ds, eroded, weathered] = stages.map(|p| floats(&p));
    // The whole chain, a terrace last: terraces reshape, they move no material.
    let out = dir.join("land.r32");
    run(&[&erode, &thermal, &terrace], &out, true);
    let sidecar = sidecar_of(&dir.join("land.json"));
    for (name, sign) in [("wear", -1.0f64), ("deposit", 1.0)] {
        let most = sidecar["maps"][name]["range"][1].as_f64().expect("a range");
        assert!(most > 0.0, "{name}");
        let (w, h, channels, depth, values) = pixels(&dir.join(format!("land_{name}.png")));
        assert_eq!((w, h, channels, depth), (65, 65, 1, 16));
        for i in 0..values.len() {
            let moved = |a: f32, b: f32| (sign * (f64::from(b) - f64::from(a))).max(0.0);
            let expected = moved(ds[i], eroded[i]) + moved(eroded[i], weathered[i]);
            let got = f64::from(values[i]) / 65535.0 * most;
            assert!(
                (got - expected).abs() <= most / 65535.0,
                "{name} at {i}: {got} against {expected}"
            );
        }
    }
    // A chain with no erosion step moved nothing: 0 everywhere, and says so.
    let still = dir.join("still.r32");
    run(&[&terrace], &still, true);
    let (.., wear) = pixels(&dir.join("still_wear.png"));
    assert!(wear.iter().all(|&v| v == 0));
    let sidecar = sidecar_of(&dir.join("still.json"));
    assert_eq!(sidecar["maps"]["wear"]["range"][1], 0.0);
}

#[test]
fn unreal_gets_green_down_and_a_steeper_relief_gives_stronger_normals() {
    let dir = scratch("maps-green");
    let up = dir.join("up.r16");
    let down = dir.join("down.r16");
    let steep = dir.join("steep.r16");
    for (args, out) in [
        (vec!["--for", "godot", "--height-m", "40"], &up),
        (vec!["--for", "unreal", "--height-m", "40"], &down),
        (vec!["--for", "godot", "--height-m", "400"], &steep),
    ] {
        let mut all = vec!["ds", "--exponent", "7", "--seed", "5", "--maps", "normal"];
        all.extend(args);
        all.extend(["--out", text(out)]);
        let (ok, _, stderr) = terrain(&all);
        assert!(ok, "{stderr}");
    }
    let (_, _, _, _, up) = pixels(&dir.join("up_normal.png"));
    let (w, _, _, _, down) = pixels(&dir.join("down_normal.png"));
    let (_, _, _, _, steep) = pixels(&dir.join("steep_normal.png"));
    // Unreal's map is cropped to 127 x 127 (its sizes); compare the shared corner pixels.
    assert_eq!(w, 127);
    for y in 1..120usize {
        for x in 1..120usize {
            let (u, d) = (
                &up[(y * 129 + x) * 3..][..3],
                &down[(y * 127 + x) * 3..][..3],
            );
            assert_eq!(u[0], d[0], "red is the same at ({x}, {y})");
            assert!(
                (i32::from(u[1]) + i32::from(d[1]) - 255).abs() <= 1,
                "green flipped at ({x}, {y})"
            );
        }
    }
    let tilt = |p: &[u16]| p.chunks(3).map(|c| 255 - i64::from(c[2])).sum::<i64>();
    assert!(
        tilt(&steep) > 2 * tilt(&up),
        "ten times the relief tilts the normals more"
    );
}

/// Runs `terrain` with `args` writing `out` and the same map as `.r32` beside it: the `.r32`'s
/// floats.
fn written_as(args: &[&str], out: &Path) -> Vec<f32> {
    let r32 = out.with_extension("r32");
    for file in [out, &r32] {
        let (ok, _, stderr) = terrain(&[args, &["--out", text(file)]].concat());
        assert!(ok, "{stderr}");
    }
    std::fs::read(&r32)
        .expect("r32")
        .chunks(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

#[test]
fn exr_holds_the_same_floats_as_r32() {
    let dir = scratch("maps-exr");
    let exr = dir.join("map.exr");
    let floats = written_as(&["mpd", "--exponent", "7", "--seed", "9"], &exr);
    let (w, h, read) =
        terrain::export::read_exr(&std::fs::read(&exr).expect("exr")).expect("an EXR");
    assert_eq!((w, h), (129, 129));
    assert!(read
        .iter()
        .zip(&floats)
        .all(|(a, b)| a.to_bits() == b.to_bits()));
    assert_eq!(read.len(), floats.len());
}

/// The float TIFF holds the `.r32`'s floats bit for bit; OpenImageIO reads it as one float
/// channel with the same range, and its own LZW and Deflate rewrites of it read back the same.
#[test]
fn tif_holds_the_same_floats_as_r32_and_openimageio_reads_them() {
    let dir = scratch("maps-tif");
    let (tif, r32) = (dir.join("map.tif"), dir.join("map.r32"));
    let floats = written_as(&["ds", "--exponent", "7", "--seed", "7"], &tif);
    let read = |path: &Path| {
        let bytes = std::fs::read(path).expect("a file");
        terrain::import::read(&bytes, terrain::formats::TIF, None).expect("a TIFF heightmap")
    };
    let same = |path: &Path| {
        let map = read(path);
        assert_eq!((map.width(), map.height()), (129, 129));
        assert!(map
            .data()
            .iter()
            .zip(&floats)
            .all(|(a, b)| a.to_bits() == b.to_bits()));
    };
    same(&tif);
    let (ok, stdout, stderr) = terrain(&["stats", text(&tif), "--json"]);
    assert!(ok, "{stderr}");
    let (_, from_r32, _) = terrain(&["stats", text(&r32), "--json"]);
    assert_eq!(stdout, from_r32, "stats reads the .tif as the .r32");
    let Some(info) = oiio("iinfo", &["-v", text(&tif)]) else {
        eprintln!("OpenImageIO is not installed: the test command installs it (scripts/setup.sh)");
        return;
    };
    assert!(info.contains("129 x 129, 1 channel, float tiff"), "{info}");
    let stats = oiio("oiiotool", &["--stats", text(&tif)]).expect("oiiotool");
    let (lo, hi) = floats
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    assert!(
        stats.contains(&format!("Min: {lo:.6} (float)"))
            && stats.contains(&format!("Max: {hi:.6} (float)"))
            && stats.contains("NanCount: 0"),
        "{stats}"
    );
    for compression in ["lzw", "zip"] {
        let again = dir.join(format!("{compression}.tif"));
        let args = [text(&tif), "--compression", compression, "-o", text(&again)];
        oiio("oiiotool", &args).expect("oiiotool");
        same(&again);
    }
}

#[test]
fn maps_and_relief_that_cannot_be_are_refused_in_one_line() {
    let dir = scratch("maps-refused");
    for (args, says) in [
        (
            vec!["--maps", "normal,height"],
            "maps must be one or more of normal, slope, flow, wetness, curvature, wear, deposit, \
             splat, albedo or shadow, got \"height\"",
        ),
        (vec!["--height-m", "300"], "--for"),
        (vec!["--cell-m", "2"], "--maps"),
        (
            vec!["--maps", "slope", "--cell-m", "0"],
            "cell-m must be a number from 0.001",
        ),
    ] {
        let out = dir.join("no.png");
        let mut all = vec!["ds", "--exponent", "5", "--out", text(&out)];
        all.extend(args.clone());
        let (ok, _, stderr) = terrain(&all);
        assert!(!ok, "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        let left: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
        assert!(left.is_empty(), "{args:?} wrote {left:?}");
    }
}

/// Runs an OpenImageIO tool; `None` when it is not installed.
fn oiio(tool: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(tool).args(args).output().ok()?;
    assert!(
        out.status.success(),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Runs of spaces (iinfo aligns its columns) read as one.
    let text = String::from_utf8_lossy(&out.stdout);
    Some(text.split_whitespace().collect::<Vec<_>>().join(" "))
}

#[test]
fn openimageio_reads_every_exr_and_png_written() {
    let dir = scratch("maps-oiio");
    let out = dir.join("m.exr");
    let (ok, _, stderr) = terrain(&[
        "ds",
        "--exponent",
        "6",
        "--seed",
        "8",
        "--maps",
        "normal,slope,flow",
        "--out",
        text(&out),
    ]);
    assert!(ok, "{stderr}");
    let Some(exr) = oiio("iinfo", &["-v", text(&out)]) else {
        eprintln!("OpenImageIO is not installed: the test command installs it (scripts/setup.sh)");
        return;
    };
    assert!(exr.contains("65 x 65, 1 channel, float openexr"), "{exr}");
    let stats = oiio("oiiotool", &["--stats", text(&out)]).expect("oiiotool");
    // Heights are normalised: 0 is the lowest, 1 the highest.
    assert!(
        stats.contains("Min: 0.000000") && stats.contains("Max: 1.000000"),
        "{stats}"
    );
    for (name, says) in [
        ("m_normal.png", "65 x 65, 3 channel, uint8 png"),
        ("m_slope.png", "65 x 65, 1 channel, uint16 png"),
        ("m_flow.png", "65 x 65, 1 channel, uint16 png"),
    ] {
        let info = oiio("iinfo", &["-v", text(&dir.join(name))]).expect("iinfo");
        assert!(info.contains(says), "{name}: {info}");
    }
    // The flow mask spans the whole range: a ridge at 0, the busiest outlet at 65535.
    let flow = oiio("oiiotool", &["--stats", text(&dir.join("m_flow.png"))]).expect("oiiotool");
    assert!(
        flow.contains("Min: 0 (of 65535)") && flow.contains("Max: 65535 (of 65535)"),
        "{flow}"
    );
}
