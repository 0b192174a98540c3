//! Rain at scale's requests: run on the GPU where the worker has one ([`crate::gpu`]), else, or
//! when the device is lost along the way, by the same batched code on the CPU. Either way the
//! reply says which engine made it and how long it took, and a download's map is the one the
//! GPU made, the same bytes as `terrain ds --erode N --batch B`.

use terrain::chapters::RainJob;
use terrain::downloads::Download;
use terrain::Recipe;
use terrain_model::answer::Engine;
use terrain_model::kept::KEPT;
use terrain_model::maker::{answer, is_kept, post_progress, reply};
use terrain_model::protocol::{Body, Reply};

use crate::gpu::{Gpu, Lost};

/// The reply to a handed-on request of rain at scale, run on the GPU (or on the CPU after the
/// device was lost); `None` for any other request, or where there is no GPU, which the CPU
/// answers as every other request.
pub async fn answer_on_gpu(handed: &Reply) -> Option<Reply> {
    let Reply {
        ticket,
        body: Body::Later { request, held },
        ..
    } = handed
    else {
        return None;
    };
    let ticket = *ticket;
    let Recipe::RainAtScale(rain) = request.setup.recipe else {
        return None;
    };
    // The Water download routes the points the page sent, and a download too large for its
    // format is refused before any rain: the CPU's answer does both.
    let (width, height) = request.setup.recipe.size();
    if let Some(download) = request.download {
        if download == Download::Water || download.check_size(width, height).is_err() {
            return None;
        }
        // The map on screen is kept: the CPU's answer writes it without raining again.
        if is_kept(request, held.as_ref()) {
            return None;
        }
    }
    let gpu = Gpu::get().await?;
    KEPT.with_borrow_mut(|kept| kept.generating(ticket.view));
    let began = js_sys::Date::now();
    // A setup the checks refuse: the CPU's answer says why.
    let mut job = rain.job(request.setup.seed).ok()?;
    if request.download.is_some() {
        // A file needs the finished map only: read the ground back once.
        job.ends = job.ends.split_off(job.ends.len().saturating_sub(1));
    }
    let demo = request.demo;
    let (columns, rows) = demo.positions((job.rain.width, job.rain.height));
    let mut heights = job.shown(&job.ground, &columns, &rows);
    let steps = job.ends.len();
    let mut done = 0;
    let droplets = f64::from(job.recipe.step.0.droplets.max(1));
    let ran = gpu
        .run(
            &job,
            |ground| {
                done += 1;
                if done < steps {
                    heights.extend(job.shown(ground, &columns, &rows));
                }
            },
            |fallen| post_progress(ticket, (f64::from(fallen) / droplets) as f32),
        )
        .await;
    let (map, engine) = match ran {
        Ok(ground) => {
            let made = finish(job, &ground, heights);
            let engine = Engine::ran(true, js_sys::Date::now() - began, None);
            (made, engine)
        }
        Err(Lost(why)) => {
            // The device is gone: a later rain asks for a new one; this one falls on the CPU.
            Gpu::forget();
            let body = answer(request, held.as_ref());
            let millis = js_sys::Date::now() - began;
            return Some(reply(ticket, on_cpu_after_loss(body, millis, &why)));
        }
    };
    let body = match request.download {
        None => {
            let made = demo.answer_made(&request.setup, &map.0, map.1, Vec::new(), String::new());
            KEPT.with_borrow_mut(|kept| kept.keep(ticket.view, request.setup.clone(), 0, map.0));
            Body::Terrain(
                made.map(|mut made| {
                    made.engine = Some(engine);
                    made
                })
                .map_err(|e| e.message),
            )
        }
        Some(download) => Body::Map {
            download,
            map: map.0,
            asked: matches!(download, Download::Tiles { .. } | Download::Engine(_))
                .then(|| request.clone()),
            moved: None,
        },
    };
    Some(reply(ticket, body))
}

/// The finished map and the shown heights of its steps.
fn finish(job: RainJob, ground: &[i32], heights: Vec<f32>) -> (terrain::Heightmap, Vec<f32>) {
    let made = job.finish(ground, heights);
    (made.map, made.batches)
}

/// The CPU's answer after the GPU was lost, saying so.
fn on_cpu_after_loss(mut body: Body, millis: f64, why: &str) -> Body {
    if let Body::Terrain(Ok(made)) = &mut body {
        let notice =
            format!("The GPU was lost along the way ({why}), so the CPU made the same rain again.");
        made.engine = Some(Engine::ran(false, millis, Some(&notice)));
    }
    body
}
