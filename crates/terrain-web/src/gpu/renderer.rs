//! One WebGL2 context shared by every demo.
//!
//! Chromium keeps at most 16 live WebGL contexts per page, so the demos do not get one each.
//! A single hidden canvas holds the context; each demo's scene is rendered into its bottom-left
//! corner and copied into the demo's own 2-D canvas in the same task.
//!
//! Pictures are paced by the GPU: after a 3-D picture the renderer puts a fence in the command
//! stream, and no new 3-D picture starts until the GPU has passed it (see [`Renderer::ready`]).
//! Otherwise, where rendering is slow (software WebGL), pictures queue up in the GPU process and
//! the page's main thread ends up waiting for the whole queue, for up to a second, unable to
//! answer the reader. With pacing the newest state is drawn as soon as the GPU is free, and the
//! states in between are skipped.

use std::cell::{Cell, OnceCell, RefCell};
use std::sync::Arc;

use super::camera::new_camera;
use super::shading::{Shading, TOWARD_SUN};
use crate::model::demos::Look;
use terrain::mesh::MeshData;
use three_d::{
    vec3, Camera, ClearState, Context, CpuMesh, Indices, Mesh, Positions, RenderTarget, Srgba,
    Vec3, Vec4, VertexBuffer,
};
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Document, HtmlCanvasElement, WebGl2RenderingContext, WebGlSync,
};

/// A terrain uploaded to the GPU: positions, normals and colours; [`Shading`] lights it.
pub type Model = Mesh;

/// `points` as three-d's vectors.
fn vec3s(points: &[[f32; 3]]) -> Vec<Vec3> {
    points.iter().map(|p| vec3(p[0], p[1], p[2])).collect()
}

/// The mesh's sRGB byte colours in linear light, as the shader takes them: each byte read from
/// a 256-entry table of three-d's own conversion ([`Srgba::to_linear_srgb`]), so the values are
/// its bits. Converting vertex by vertex (what `Mesh::new` does with sRGB colours) is three
/// `powf` a vertex: 45 ms of the main thread for a 513 x 513 terrain in the page's build.
pub fn linear_colors(colors: &[[u8; 4]]) -> Vec<Vec4> {
    thread_local! {
        static LINEAR: [f32; 256] = std::array::from_fn(|byte| {
            let value = byte as u8;
            Srgba::new(value, value, value, 255).to_linear_srgb().x
        });
    }
    LINEAR.with(|linear| {
        colors
            .iter()
            .map(|c| {
                let [r, g, b, alpha] = c.map(usize::from);
                // three-d's alpha is linear already: the byte over 255.
                Vec4::new(linear[r], linear[g], linear[b], alpha as f32 / 255.0)
            })
            .collect()
    })
}

/// Background colour of every view (a pale sky), as RGB in 0..1.
pub const CLEAR_RGB: [f32; 3] = [0.87, 0.92, 0.96];

/// The shared hidden WebGL2 canvas and what is needed to draw terrains with it. The context
/// is made when the first demo comes into view ([`Renderer::warm_up`]) or its first terrain is
/// drawn in 3-D, not when the page loads: starting WebGL is the most expensive thing the page
/// does (tens of milliseconds even on a fast machine with software rendering), and a reader who
/// never scrolls to a demo never needs it.
pub struct Renderer {
    canvas: HtmlCanvasElement,
    /// The browser's WebGL2 context on `canvas`, if it gave one.
    webgl: OnceCell<Option<WebGl2RenderingContext>>,
    /// three-d over `webgl`.
    gl: OnceCell<Result<Gl, String>>,
    /// The terrain shader is compiled (by [`Renderer::warm_up`] or a first picture).
    compiled: Cell<bool>,
    /// The fence after the last 3-D picture, until the GPU has passed it, and when it was set
    /// (milliseconds, `performance.now()`).
    in_flight: RefCell<Option<(WebGlSync, f64)>>,
}

/// How long a fence may hold pictures back: past this a picture is drawn anyway, so a driver
/// that never signals a fence cannot freeze the demos.
const FENCE_PATIENCE_MS: f64 = 2000.0;

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// A started WebGL2 context.
struct Gl {
    gl: WebGl2RenderingContext,
    context: Context,
}

impl Gl {
    /// Starts three-d on `gl` (the browser's WebGL2 context, if it gave one), or says why it
    /// cannot.
    fn start(gl: Option<&WebGl2RenderingContext>) -> Result<Self, String> {
        let gl = gl.ok_or(NO_WEBGL2)?.clone();
        let context = Self::wrap(&gl)?;
        Ok(Self { gl, context })
    }

    fn wrap(gl: &WebGl2RenderingContext) -> Result<Context, String> {
        let glow = three_d::context::Context::from_webgl2_context(gl.clone());
        // three-d's API takes an Arc; the page has one thread, so it is never shared across threads.
        #[allow(clippy::arc_with_non_send_sync)]
        let glow = Arc::new(glow);
        Context::from_gl_context(glow).map_err(|e| format!("cannot start WebGL: {e}"))
    }
}

/// What a demo says where 3-D cannot be drawn.
pub const NO_WEBGL2: &str = "this browser cannot draw 3-D (no WebGL2)";

impl Renderer {
    /// Creates the hidden canvas; WebGL2 starts on first use. Where the browser has no WebGL2
    /// at all, the renderer says so ([`Renderer::missing`]) and the demos draw without it.
    pub fn new(document: &Document) -> Result<Self, String> {
        let has_webgl2 = web_sys::window().is_some_and(|w| {
            js_sys::Reflect::has(&w, &"WebGL2RenderingContext".into()) == Ok(true)
        });
        let canvas: HtmlCanvasElement = document
            .create_element("canvas")
            .map_err(|_| "cannot create a canvas".to_string())?
            .dyn_into()
            .map_err(|_| "cannot create a canvas".to_string())?;
        canvas.set_width(1);
        canvas.set_height(1);
        let webgl = OnceCell::new();
        if !has_webgl2 {
            let _ = webgl.set(None);
        }
        Ok(Self {
            canvas,
            webgl,
            gl: OnceCell::new(),
            compiled: Cell::new(false),
            in_flight: RefCell::new(None),
        })
    }

    /// Gets WebGL ready for the first 3-D picture while the first terrain is being generated,
    /// one piece per call, so that no piece is a long task of the page. The first call asks the
    /// browser for the context, the second starts three-d on it (glow asks the browser for
    /// every extension it has), the third compiles [`Shading`] by drawing a single triangle into
    /// a corner of the hidden canvas that no demo copies. Returns true while a piece is left.
    pub fn warm_up(&self) -> bool {
        if self.webgl.get().is_none() {
            return self.webgl().is_some();
        }
        match self.gl.get() {
            None => self.gl().is_ok(),
            Some(Ok(gl)) if !self.compiled.get() && !self.is_lost() => {
                let triangle = MeshData {
                    positions: vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
                    normals: vec![[0.0, 1.0, 0.0]; 3],
                    colors: vec![[255; 4]; 3],
                    indices: vec![0, 1, 2],
                    grid: (0, 0),
                };
                if let Ok(model) = self.model(&triangle) {
                    let camera = new_camera(1, 1, Look::Terrain);
                    self.render(gl, (&camera, TOWARD_SUN), Some(&model), (1, 1));
                }
                false
            }
            Some(_) => false,
        }
    }

    /// Whether the first 3-D picture can be drawn without starting anything: WebGL and the
    /// terrain shader are ready (or cannot be: no WebGL2, or the context is lost).
    pub fn is_warm(&self) -> bool {
        if let Some(None) = self.webgl.get() {
            return true;
        }
        match self.gl.get() {
            Some(Ok(_)) => self.compiled.get() || self.is_lost(),
            Some(Err(_)) => true,
            None => false,
        }
    }

    /// Why 3-D cannot be drawn here, once that is known: the browser has no WebGL2, or gave no
    /// context, or three-d could not start on it. `None` while it works or has not been tried.
    pub fn missing(&self) -> Option<String> {
        match (self.webgl.get(), self.gl.get()) {
            (Some(None), _) => Some(NO_WEBGL2.to_string()),
            (_, Some(Err(reason))) => Some(reason.clone()),
            _ => None,
        }
    }

    /// The browser's WebGL2 context, asked for on first call.
    fn webgl(&self) -> Option<&WebGl2RenderingContext> {
        self.webgl
            .get_or_init(|| {
                self.canvas
                    .get_context("webgl2")
                    .ok()
                    .flatten()
                    .and_then(|c| c.dyn_into().ok())
            })
            .as_ref()
    }

    /// three-d's context, started on first call.
    fn gl(&self) -> Result<&Gl, String> {
        self.gl
            .get_or_init(|| Gl::start(self.webgl()))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The hidden canvas, for listening to `webglcontextlost` and `webglcontextrestored`.
    pub fn canvas(&self) -> &HtmlCanvasElement {
        &self.canvas
    }

    /// Whether the browser has taken the context away (models must be rebuilt once it is back).
    pub fn is_lost(&self) -> bool {
        matches!(self.gl.get(), Some(Ok(gl)) if gl.gl.is_context_lost())
    }

    /// Whether the GPU has finished the last 3-D picture, so a new one can start without the
    /// page waiting for it. A fence is only seen as passed in a later task than the one that
    /// set it, so a picture asked for in the meantime waits for the next animation frame.
    pub fn ready(&self) -> bool {
        let Some(Ok(gl)) = self.gl.get() else {
            return true;
        };
        let mut in_flight = self.in_flight.borrow_mut();
        let Some((fence, set_at)) = in_flight.as_ref() else {
            return true;
        };
        let status = gl
            .gl
            .get_sync_parameter(fence, WebGl2RenderingContext::SYNC_STATUS);
        // A lost context answers null: nothing is in flight there any more.
        let passed = gl.gl.is_context_lost()
            || status.as_f64() != Some(f64::from(WebGl2RenderingContext::UNSIGNALED))
            || now_ms() - set_at > FENCE_PATIENCE_MS;
        if passed {
            if let Some((fence, _)) = in_flight.take() {
                gl.gl.delete_sync(Some(&fence));
            }
        }
        passed
    }

    /// Puts a fence after the picture just rendered (replacing any earlier one).
    fn fence(&self, gl: &WebGl2RenderingContext) {
        let fence = gl
            .fence_sync(WebGl2RenderingContext::SYNC_GPU_COMMANDS_COMPLETE, 0)
            .map(|fence| (fence, now_ms()));
        if let Some((old, _)) = self.in_flight.replace(fence) {
            gl.delete_sync(Some(&old));
        }
    }

    /// Starts over on a restored context: every earlier [`Model`] is invalid afterwards.
    pub fn rebuild(&mut self) -> Result<(), String> {
        // The fence belonged to the lost context.
        self.in_flight.get_mut().take();
        if let Some(Ok(gl)) = self.gl.get_mut() {
            gl.context = Gl::wrap(&gl.gl)?;
        }
        Ok(())
    }

    /// Uploads a terrain mesh (starting WebGL if it has not started yet).
    ///
    /// The colours go into their own buffer after the mesh is made, already in linear light
    /// ([`linear_colors`]): given sRGB colours, `Mesh::new` converts them vertex by vertex. three-d
    /// 0.19's `set_colors` cannot do it: it compares the colours with the index count, which an
    /// indexed mesh's vertex count is not, so its buffer is set through `colors_mut`.
    pub fn model(&self, mesh: &MeshData) -> Result<Model, String> {
        let context = &self.gl()?.context;
        let cpu_mesh = CpuMesh {
            positions: Positions::F32(vec3s(&mesh.positions)),
            normals: Some(vec3s(&mesh.normals)),
            indices: Indices::U32(mesh.indices.clone()),
            ..Default::default()
        };
        let mut model = Mesh::new(context, &cpu_mesh);
        #[allow(deprecated)]
        let colors = model.colors_mut();
        *colors = Some(VertexBuffer::new_with_data(
            context,
            &linear_colors(&mesh.colors),
        ));
        Ok(model)
    }

    /// Renders `model` (or just the background) as seen by `camera` into the bottom-left
    /// `width` x `height` pixels of the hidden canvas.
    fn render(
        &self,
        gl: &Gl,
        (camera, toward): (&Camera, [f32; 3]),
        model: Option<&Model>,
        (width, height): (u32, u32),
    ) {
        let [r, g, b] = CLEAR_RGB;
        let target = RenderTarget::screen(&gl.context, width, height);
        target.clear(ClearState::color_and_depth(r, g, b, 1.0, 1.0));
        if let Some(model) = model {
            target.render_with_material(&Shading { toward }, camera, [model], &[]);
            self.compiled.set(true);
        }
    }

    /// Renders `model` (or just the background) as seen by `camera`, lit by a sun `toward`
    /// ([`TOWARD_SUN`] but in the Land view), and copies the picture into `out`, a 2-D context
    /// of a `width` x `height` canvas.
    pub fn draw(
        &self,
        (camera, toward): (&Camera, [f32; 3]),
        model: Option<&Model>,
        out: &CanvasRenderingContext2d,
        width: u32,
        height: u32,
    ) -> Result<(), String> {
        let gl = self.gl()?;
        if self.is_lost() || width == 0 || height == 0 {
            return Ok(());
        }
        if self.canvas.width() < width {
            self.canvas.set_width(width);
        }
        if self.canvas.height() < height {
            self.canvas.set_height(height);
        }
        self.render(gl, (camera, toward), model, (width, height));
        // The picture sits in the bottom-left corner of the shared canvas.
        let top = f64::from(self.canvas.height() - height);
        let (w, h) = (f64::from(width), f64::from(height));
        // Drawing from a live canvas cannot fail for these arguments; a failure would only
        // leave the previous picture in place, so it is not worth a panic.
        let _ = out.draw_image_with_html_canvas_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
            &self.canvas,
            0.0,
            top,
            w,
            h,
            0.0,
            0.0,
            w,
            h,
        );
        self.fence(&gl.gl);
        Ok(())
    }
}
