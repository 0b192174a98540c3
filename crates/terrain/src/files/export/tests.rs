use super::*;
use crate::files::formats;

#[test]
fn a_download_format_is_a_map_format_that_holds_the_map() {
    assert_eq!(map_format("PNG", 9, 9), Ok(formats::PNG));
    assert_eq!(map_format("glb", 4097, 4097), Ok(formats::GLB));
    assert!(map_format("pgm", 9, 9)
        .expect_err("not offered for download")
        .to_string()
        .contains("\"pgm\""));
    assert!(map_format("glb", 4097, 4098)
        .expect_err("too many points")
        .to_string()
        .starts_with("a .glb mesh holds at most"));
}

fn ramp() -> Heightmap {
    let mut map = Heightmap::new(3, 2).expect("small map");
    for (i, v) in map.data_mut().iter_mut().enumerate() {
        *v = i as f32 / 5.0;
    }
    map
}

#[test]
fn format_follows_the_extension() {
    assert_eq!(Format::from_path(Path::new("a/b.PNG")), Ok(formats::PNG));
    assert_eq!(Format::from_path(Path::new("x.r32")), Ok(formats::R32));
    assert_eq!(Format::from_path(Path::new("x.pgm")), Ok(formats::PGM));
    assert!(Format::from_path(Path::new("x.jpg")).is_err());
    assert!(Format::from_path(Path::new("noext")).is_err());
}

#[test]
fn png_round_trips_as_16_bit_greyscale() {
    let mut bytes = Vec::new();
    write(&ramp(), formats::PNG, &mut bytes).expect("in-memory write");
    let decoder = png::Decoder::new(bytes.as_slice());
    let mut reader = decoder.read_info().expect("valid png");
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).expect("one frame");
    assert_eq!((info.width, info.height), (3, 2));
    assert_eq!(info.color_type, png::ColorType::Grayscale);
    assert_eq!(info.bit_depth, png::BitDepth::Sixteen);
    let samples: Vec<u16> = buffer[..info.buffer_size()]
        .chunks(2)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(samples, vec![0, 13107, 26214, 39321, 52428, 65535]);
}

#[test]
fn r32_is_raw_little_endian_floats() {
    let mut bytes = Vec::new();
    write(&ramp(), formats::R32, &mut bytes).expect("in-memory write");
    assert_eq!(bytes.len(), 6 * 4);
    assert_eq!(
        f32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
        0.2
    );
}

#[test]
fn r16_is_raw_little_endian_samples_spanning_the_whole_range() {
    let mut bytes = Vec::new();
    write(&ramp(), formats::R16, &mut bytes).expect("write");
    assert_eq!(bytes.len(), 6 * 2, "no header");
    let samples: Vec<u16> = bytes
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(samples, [0, 13107, 26214, 39321, 52428, 65535]);
    assert_eq!(Format::from_path(Path::new("a.R16")), Ok(formats::R16));
}

#[test]
fn glb_is_a_gltf_mesh_with_one_vertex_per_point() {
    let map = crate::chapters::midpoint::algorithm::generate(
        &crate::chapters::midpoint::algorithm::MpdParams {
            exponent: 4,
            ..Default::default()
        },
        3,
    )
    .expect("valid");
    let mut bytes = Vec::new();
    write(&map, formats::GLB, &mut bytes).expect("write");
    let glb = gltf::Gltf::from_slice(&bytes).expect("a glTF reader takes it");
    let blob = glb.blob.as_deref().expect("a binary chunk");
    let mesh = glb.meshes().next().expect("one mesh");
    let primitive = mesh.primitives().next().expect("one primitive");
    let reader = primitive.reader(|_| Some(blob));
    let positions: Vec<[f32; 3]> = reader.read_positions().expect("positions").collect();
    assert_eq!(positions.len(), 17 * 17);
    assert_eq!(reader.read_normals().expect("normals").count(), 17 * 17);
    let indices: Vec<u32> = reader.read_indices().expect("indices").into_u32().collect();
    assert_eq!(indices.len(), 16 * 16 * 6);
    // Texture coordinates 0..1 over the map, row 0 at v = 0; colours as on the page.
    let uvs: Vec<[f32; 2]> = reader
        .read_tex_coords(0)
        .expect("TEXCOORD_0")
        .into_f32()
        .collect();
    assert_eq!(
        (uvs.len(), uvs[0], uvs[16], uvs[17 * 17 - 1]),
        (17 * 17, [0.0, 0.0], [1.0, 0.0], [1.0, 1.0])
    );
    let [u, v] = uvs[17 * 8 + 4];
    assert!(
        (u - 0.25).abs() < 1.0 / 65535.0 && (v - 0.5).abs() < 1.0 / 65535.0,
        "{u}, {v}"
    );
    let colors: Vec<[u8; 4]> = reader
        .read_colors(0)
        .expect("COLOR_0")
        .into_rgba_u8()
        .collect();
    assert_eq!(colors.len(), 17 * 17);
    let page = crate::shown::display::elevation_color(map.get(5, 3));
    let srgb = |c: u8| {
        let l = f32::from(c) / 255.0;
        let s = if l <= 0.003_130_8 {
            12.92 * l
        } else {
            1.055 * l.powf(1.0 / 2.4) - 0.055
        };
        (s * 255.0).round() as u8
    };
    let shown = colors[3 * 17 + 5].map(srgb);
    for channel in 0..3 {
        assert!(
            page[channel].abs_diff(shown[channel]) <= 1,
            "{page:?} against {shown:?}"
        );
    }
    let material = primitive.material();
    assert_eq!(material.pbr_metallic_roughness().metallic_factor(), 0.0);
    assert_eq!(
        material.pbr_metallic_roughness().base_color_factor(),
        [1.0; 4]
    );
    assert!(indices.iter().all(|&i| (i as usize) < positions.len()));
    // One unit per cell: x spans -8..8; the highest point stands 0.3 x 16 above 0.
    let xs = positions.iter().map(|p| p[0]);
    assert_eq!(xs.clone().fold(f32::INFINITY, f32::min), -8.0);
    let top = positions
        .iter()
        .map(|p| p[1])
        .fold(f32::NEG_INFINITY, f32::max);
    assert!((top - 4.8).abs() < 1e-4, "{top}");
    assert_eq!(bytes.len() % 4, 0);
    assert!(check_size(formats::GLB.facts(), 4097, 4097).is_ok());
    assert!(check_size(formats::GLB.facts(), 4098, 4097).is_err());
    assert!(Format::from_path_1d(Path::new("x.glb")).is_err());
}

#[test]
fn pgm_has_header_and_big_endian_samples() {
    let mut bytes = Vec::new();
    write(&ramp(), formats::PGM, &mut bytes).expect("in-memory write");
    let header = b"P5\n3 2\n65535\n";
    assert_eq!(&bytes[..header.len()], header);
    assert_eq!(&bytes[bytes.len() - 2..], &[0xff, 0xff]);
    assert_eq!(bytes.len(), header.len() + 12);
}

#[test]
fn samples_clamp_out_of_range_heights() {
    assert_eq!(to_u16(-1.0), 0);
    assert_eq!(to_u16(2.0), 65535);
    assert_eq!(to_u16(f32::NAN), 0);
    assert_eq!(to_u16(0.5), 32768);
}
