//! Renders through the real shared WebGL2 context in headless Chromium and reads the pixels back.

#![cfg(target_arch = "wasm32")]

use terrain::display::DISPLAY_MAX_SIDE;
use terrain::mesh::terrain_mesh;
use terrain::midpoint::{self, MpdParams};
use terrain_web::gpu::camera::{self, HEIGHT_SCALE};
use terrain_web::gpu::renderer::Renderer;
use terrain_web::gpu::shading::TOWARD_SUN;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement};

const WIDTH: u32 = 320;
const HEIGHT: u32 = 200;

fn document() -> Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a browser document")
}

fn canvas_2d(document: &Document) -> CanvasRenderingContext2d {
    let canvas: HtmlCanvasElement = document
        .create_element("canvas")
        .expect("canvas")
        .dyn_into()
        .expect("a canvas element");
    canvas.set_width(WIDTH);
    canvas.set_height(HEIGHT);
    canvas
        .get_context("2d")
        .expect("2d context call")
        .expect("2d context")
        .dyn_into()
        .expect("a 2d context")
}

fn pixels(out: &CanvasRenderingContext2d) -> Vec<u8> {
    // Whole pixels under `web_sys_unstable_apis` (.cargo/config.toml, BUILD.md).
    out.get_image_data(0, 0, WIDTH as i32, HEIGHT as i32)
        .expect("image data")
        .data()
        .0
}

/// Number of pixels whose colour differs from `reference` by more than a rounding error.
fn differing(pixels: &[u8], reference: &[u8]) -> usize {
    pixels
        .chunks(4)
        .filter(|p| {
            p.iter()
                .zip(reference)
                .take(3)
                .any(|(a, b)| a.abs_diff(*b) > 3)
        })
        .count()
}

/// Uploads the default midpoint-displacement terrain of `seed` and draws it, as `camera` sees it,
/// into a new 2-D canvas.
fn draw_terrain(
    renderer: &Renderer,
    document: &Document,
    camera: &three_d::Camera,
    seed: u64,
) -> CanvasRenderingContext2d {
    let map = midpoint::generate(&MpdParams::default(), seed).expect("defaults are valid");
    let model = renderer
        .model(&terrain_mesh(&map, DISPLAY_MAX_SIDE, HEIGHT_SCALE))
        .expect("WebGL2 uploads");
    let out = canvas_2d(document);
    renderer
        .draw((camera, TOWARD_SUN), Some(&model), &out, WIDTH, HEIGHT)
        .expect("WebGL2 draws");
    out
}

#[wasm_bindgen_test]
fn terrain_renders_through_the_shared_context_into_a_2d_canvas() {
    let document = document();
    let renderer = Renderer::new(&document).expect("WebGL2 in headless Chromium");
    let camera = camera::new_camera(WIDTH, HEIGHT, terrain_web::model::demos::Look::Terrain);

    // Background only: every pixel is the clear colour, and it is not transparent.
    let empty = canvas_2d(&document);
    renderer
        .draw((&camera, TOWARD_SUN), None, &empty, WIDTH, HEIGHT)
        .expect("WebGL2 draws");
    let background = pixels(&empty);
    let clear = background[..4].to_vec();
    assert_eq!(clear[3], 255, "the copy is opaque");
    assert_eq!(differing(&background, &clear), 0, "nothing drawn yet");

    // A terrain covers a good part of the view.
    let out = draw_terrain(&renderer, &document, &camera, 1);
    let drawn = differing(&pixels(&out), &clear);
    let total = (WIDTH * HEIGHT) as usize;
    assert!(
        drawn > total / 10,
        "terrain covers {drawn} of {total} pixels"
    );
    assert!(drawn < total, "some sky remains around the terrain");
}

#[wasm_bindgen_test]
fn many_views_share_one_context_without_losing_it() {
    // Twenty views, more than Chromium's 16-context limit, all drawn through the one context.
    let document = document();
    let renderer = Renderer::new(&document).expect("WebGL2");
    let camera = camera::new_camera(WIDTH, HEIGHT, terrain_web::model::demos::Look::Terrain);
    let outs: Vec<_> = (0..20)
        .map(|seed| draw_terrain(&renderer, &document, &camera, seed))
        .collect();
    assert!(!renderer.is_lost());
    let first = pixels(&outs[0]);
    assert!(
        differing(&first, &first[..4]) > 0,
        "the first view still holds its picture"
    );
    assert_ne!(
        pixels(&outs[0]),
        pixels(&outs[19]),
        "different seeds, different pictures"
    );
}

#[wasm_bindgen_test]
fn warming_up_takes_three_pieces_and_then_draws_the_same_picture() {
    let document = document();
    let renderer = Renderer::new(&document).expect("WebGL2");
    let camera = camera::new_camera(WIDTH, HEIGHT, terrain_web::model::demos::Look::Terrain);
    assert!(
        !renderer.is_warm(),
        "nothing is started by making the renderer"
    );
    // The context, then three-d on it, then the shader: a piece per call.
    assert!(
        renderer.warm_up(),
        "a piece is left after the browser's context"
    );
    assert!(!renderer.is_warm());
    assert!(renderer.warm_up(), "a piece is left after three-d");
    assert!(!renderer.is_warm(), "the shader is not compiled yet");
    assert!(!renderer.warm_up(), "nothing is left after the shader");
    assert!(renderer.is_warm());
    assert!(
        !renderer.warm_up(),
        "warming up a warm renderer does nothing"
    );

    // The warm renderer draws what a cold one draws, and the triangle it drew is nowhere.
    let warm = pixels(&draw_terrain(&renderer, &document, &camera, 3));
    let cold = Renderer::new(&document).expect("WebGL2");
    let reference = pixels(&draw_terrain(&cold, &document, &camera, 3));
    assert!(cold.is_warm(), "a first picture leaves the renderer warm");
    let changed = warm
        .chunks(4)
        .zip(reference.chunks(4))
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(a, b)| a.abs_diff(*b) > 3))
        .count();
    assert!(differing(&warm, &warm[..4]) > 0, "a terrain is drawn");
    assert_eq!(changed, 0, "the same picture, pixel for pixel");
}

/// Waits for the next task (a zero-delay timeout): fences are only seen as passed in a later task.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .expect("a window")
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
            .expect("a timeout");
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .expect("the timeout fires");
}

#[wasm_bindgen_test]
async fn pictures_wait_for_the_gpu_and_then_go_on() {
    let document = document();
    let renderer = Renderer::new(&document).expect("WebGL2");
    assert!(
        renderer.ready(),
        "nothing in flight before the first picture"
    );
    let camera = camera::new_camera(WIDTH, HEIGHT, terrain_web::model::demos::Look::Terrain);
    draw_terrain(&renderer, &document, &camera, 3);
    // In the task that drew it the picture's fence cannot have been seen to pass.
    assert!(!renderer.ready(), "the next picture waits for this one");
    let mut tasks = 0;
    while !renderer.ready() {
        tasks += 1;
        assert!(tasks < 10_000, "the GPU never finished the picture");
        next_task().await;
    }
    assert!(renderer.ready(), "once passed, the fence is gone");
}

#[wasm_bindgen_test]
fn the_map_view_draws_real_lands_cells_in_their_proportions_and_generated_ones_square() {
    use terrain::Heightmap;
    use terrain_web::gpu::canvas2d::MapLayout;
    use terrain_web::model::demos::find;

    // Rows `(center of point i + columns) - (center of point i)` apart, columns 1 apart.
    let gaps = |layout: &MapLayout, columns: usize| {
        let (x0, y0) = layout.center(0, 0.0);
        let (x1, _) = layout.center(1, 0.0);
        let (_, y1) = layout.center(columns, 0.0);
        (x1 - x0, y1 - y0)
    };
    // Real land's cells are 74.4 m east-west by 92.6 m north-south.
    let map = Heightmap::from_data(9, 5, (0..45).map(|i| i as f32).collect()).expect("a map");
    let land = find("real-land").expect("row");
    let grid = land.answer(&land.setup(1), Some(&map)).expect("shown").grid;
    let layout = MapLayout::new(&grid, f64::from(WIDTH), f64::from(HEIGHT));
    let (across, down) = gaps(&layout, 9);
    assert!(
        (down / across - 92.6 / 74.4).abs() < 1e-4,
        "{across} by {down}"
    );
    for i in 0..45 {
        let (x, y) = layout.center(i, 0.0);
        assert_eq!(
            layout.point_at(&grid, x, y),
            Some(i),
            "the block of point {i}"
        );
    }
    // A generated map keeps square blocks.
    let ds = find("ds-final").expect("row");
    let grid = ds.display_grid(&ds.setup(3)).expect("a terrain");
    let layout = MapLayout::new(&grid, f64::from(WIDTH), f64::from(HEIGHT));
    let (across, down) = gaps(&layout, grid.size().0);
    assert!((across - down).abs() < 1e-9, "{across} by {down}");
}

/// The vertex colours the renderer uploads, read from its 256-entry table, are three-d's own
/// sRGB-to-linear conversion bit for bit, for every byte of every channel and alpha.
#[wasm_bindgen_test]
fn vertex_colours_are_three_d_s_linear_light_bit_for_bit() {
    use terrain_web::gpu::renderer::linear_colors;
    use three_d::Srgba;
    let colors: Vec<[u8; 4]> = (0..=255u8)
        .map(|v| [v, 255 - v, v.wrapping_mul(7), v.wrapping_add(128)])
        .collect();
    for (c, linear) in colors.iter().zip(linear_colors(&colors)) {
        let theirs = Srgba::new(c[0], c[1], c[2], c[3]).to_linear_srgb();
        let bits = |v: three_d::Vec4| [v.x, v.y, v.z, v.w].map(f32::to_bits);
        assert_eq!(bits(linear), bits(theirs), "{c:?}");
    }
}
