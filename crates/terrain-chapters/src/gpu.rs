//! Rain at scale through WebGPU: the core's WGSL kernel (`terrain::erosion::batched::SHADER`) run
//! batch by batch in the generator worker. The worker opens the GPU once, the first time a rain
//! asks ([`Gpu::open`]); a browser without WebGPU (Firefox and WebKit on Linux, Chromium without
//! an adapter) gets `None` and the rain falls on the CPU, with the same bytes.

use std::cell::RefCell;
use std::rc::Rc;

use terrain::chapters::RainJob;
use terrain::erosion::batched::SHADER;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    gpu_buffer_usage as usage, gpu_map_mode, GpuAutoLayoutMode, GpuBindGroup,
    GpuBindGroupDescriptor, GpuBindGroupEntry, GpuBuffer, GpuBufferDescriptor, GpuComputePipeline,
    GpuComputePipelineDescriptor, GpuDevice, GpuErrorFilter, GpuProgrammableStage,
    GpuShaderModuleDescriptor, WorkerGlobalScope,
};

/// Invocations per workgroup in `rain.wgsl`.
const WORKGROUP: u32 = 64;

/// The device and the kernel's two pipelines.
pub struct Gpu {
    /// The device (the page's tests destroy it mid-run to see the CPU take over).
    pub device: GpuDevice,
    fall: GpuComputePipeline,
    apply: GpuComputePipeline,
}

thread_local! {
    /// The GPU once opened: `None` before the first try, `Some(None)` where there is none.
    static OPENED: RefCell<Option<Option<Rc<Gpu>>>> = const { RefCell::new(None) };
}

/// Why a run on the GPU stopped: the device was lost (or failed) along the way.
pub struct Lost(pub String);

impl Gpu {
    /// The worker's GPU, opened on first use; `None` where the browser offers no WebGPU.
    pub async fn get() -> Option<Rc<Gpu>> {
        if let Some(opened) = OPENED.with(|o| o.borrow().clone()) {
            return opened;
        }
        let opened = Gpu::open().await.map(Rc::new);
        OPENED.with(|o| *o.borrow_mut() = Some(opened.clone()));
        opened
    }

    /// Forgets a lost device, so the next rain tries for a new one.
    pub fn forget() {
        OPENED.with(|o| *o.borrow_mut() = None);
    }

    async fn open() -> Option<Gpu> {
        let scope: WorkerGlobalScope = js_sys::global().dyn_into().ok()?;
        let navigator = scope.navigator();
        // `navigator.gpu` is missing where the browser has no WebGPU.
        let has_gpu = js_sys::Reflect::has(&navigator, &JsValue::from_str("gpu")).ok()?;
        let gpu = navigator.gpu();
        if !has_gpu || gpu.is_undefined() {
            return None;
        }
        let adapter = gpu.request_adapter().await.ok()?.into_option()?;
        let device = adapter.request_device().await.ok()?;
        device.push_error_scope(GpuErrorFilter::Validation);
        let module = device.create_shader_module(&GpuShaderModuleDescriptor::new(SHADER));
        let pipeline = |entry: &str| {
            let stage = GpuProgrammableStage::new(&module);
            stage.set_entry_point(entry);
            device.create_compute_pipeline(
                &GpuComputePipelineDescriptor::new_with_gpu_auto_layout_mode(
                    GpuAutoLayoutMode::Auto,
                    &stage,
                ),
            )
        };
        let (fall, apply) = (pipeline("fall"), pipeline("apply"));
        if device.pop_error_scope().await.ok()?.into_option().is_some() {
            return None;
        }
        Some(Gpu {
            device,
            fall,
            apply,
        })
    }

    fn buffer(&self, bytes: usize, use_as: u32) -> Result<GpuBuffer, Lost> {
        let size = bytes.div_ceil(16).max(1) * 16;
        self.device
            .create_buffer(&GpuBufferDescriptor::new(size as u32, use_as))
            .map_err(lost)
    }

    /// A buffer holding `values`, written a megabyte at a time (16 million droplets' starts, the
    /// page's most, are 128 MB, which one copy as bytes would double).
    fn filled(&self, values: &[i32], use_as: u32) -> Result<GpuBuffer, Lost> {
        const PART: usize = 1 << 18;
        let buffer = self.buffer(values.len() * 4, use_as | usage::COPY_DST)?;
        for (i, part) in values.chunks(PART).enumerate() {
            let bytes: Vec<u8> = part.iter().flat_map(|v| v.to_le_bytes()).collect();
            self.device
                .queue()
                .write_buffer_with_u32_and_u8_slice(&buffer, (i * PART * 4) as u32, &bytes)
                .map_err(lost)?;
        }
        Ok(buffer)
    }

    fn group(&self, pipeline: &GpuComputePipeline, entries: &[(u32, &GpuBuffer)]) -> GpuBindGroup {
        let entries: Vec<GpuBindGroupEntry> = entries
            .iter()
            .map(|&(binding, buffer)| GpuBindGroupEntry::new_with_gpu_buffer(binding, buffer))
            .collect();
        self.device.create_bind_group(&GpuBindGroupDescriptor::new(
            &entries,
            &pipeline.get_bind_group_layout(0),
        ))
    }

    /// Runs `job` batch by batch; `step(ground)` with the ground after each of the job's ends
    /// (the last is the finished ground, which it returns too).
    pub async fn run(
        &self,
        job: &RainJob,
        mut step: impl FnMut(&[i32]),
        mut fallen: impl FnMut(u32),
    ) -> Result<Vec<i32>, Lost> {
        let cells = job.ground.len();
        let constants = self.filled(&job.rain.constants(), usage::STORAGE)?;
        let ground = self.filled(&job.ground, usage::STORAGE | usage::COPY_SRC)?;
        let starts = self.filled(&job.starts(), usage::STORAGE)?;
        let change = self.buffer(cells * 4, usage::STORAGE)?;
        let batch = self.buffer(16, usage::UNIFORM | usage::COPY_DST)?;
        let read = self.buffer(cells * 4, usage::MAP_READ | usage::COPY_DST)?;
        let falls = self.group(
            &self.fall,
            &[
                (0, &constants),
                (1, &ground),
                (2, &starts),
                (3, &change),
                (4, &batch),
            ],
        );
        let applies = self.group(&self.apply, &[(0, &constants), (5, &ground), (6, &change)]);
        let queue = self.device.queue();
        let size = job.recipe.step.0.batch;
        let droplets = job.recipe.step.0.droplets;
        let mut from = 0u32;
        let mut submitted = 0u32;
        let mut finished = Vec::new();
        for &end in &job.ends {
            while from < end {
                let count = size.min(droplets - from);
                let numbers: Vec<u8> = [from, count, 0, 0]
                    .iter()
                    .flat_map(|v| v.to_le_bytes())
                    .collect();
                queue
                    .write_buffer_with_u32_and_u8_slice(&batch, 0, &numbers)
                    .map_err(lost)?;
                let encoder = self.device.create_command_encoder();
                let pass = encoder.begin_compute_pass();
                pass.set_pipeline(&self.fall);
                pass.set_bind_group(0, Some(&falls));
                pass.dispatch_workgroups(count.div_ceil(WORKGROUP));
                pass.set_pipeline(&self.apply);
                pass.set_bind_group(0, Some(&applies));
                pass.dispatch_workgroups((cells as u32).div_ceil(WORKGROUP));
                pass.end();
                queue.submit(&[encoder.finish()]);
                from += count;
                submitted += 1;
                if submitted.is_multiple_of(HEARD_EVERY) {
                    // Waits for the GPU now and then, to say how far the rain has got.
                    queue.on_submitted_work_done().await.map_err(lost)?;
                    fallen(from);
                }
            }
            finished = self.read_back(&ground, &read, cells).await?;
            step(&finished);
        }
        for buffer in [&constants, &ground, &starts, &change, &batch, &read] {
            buffer.destroy();
        }
        Ok(finished)
    }

    /// The ground as the GPU has it now.
    async fn read_back(
        &self,
        ground: &GpuBuffer,
        read: &GpuBuffer,
        cells: usize,
    ) -> Result<Vec<i32>, Lost> {
        let bytes = (cells * 4) as u32;
        let encoder = self.device.create_command_encoder();
        encoder
            .copy_buffer_to_buffer_with_u32_and_u32_and_u32(ground, 0, read, 0, bytes)
            .map_err(lost)?;
        self.device.queue().submit(&[encoder.finish()]);
        read.map_async_with_u32_and_u32(gpu_map_mode::READ, 0, bytes)
            .await
            .map_err(lost)?;
        let range = read
            .get_mapped_range_with_u32_and_u32(0, bytes)
            .map_err(lost)?;
        let values = js_sys::Int32Array::new(&range).to_vec();
        read.unmap();
        Ok(values)
    }
}

/// How many batches go to the GPU between two waits for it, which say how far the rain has got
/// (a wait leaves the GPU idle for a moment; one in 64 batches costs little).
const HEARD_EVERY: u32 = 64;

/// A failure along the way, as the notice says it.
fn lost(error: JsValue) -> Lost {
    let said = js_sys::Reflect::get(&error, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "the device stopped answering".to_string());
    Lost(said)
}
