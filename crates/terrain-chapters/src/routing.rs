//! The Water and Land views' routing: where the water of the points on screen goes, their lakes
//! and rivers, and the land's colours (`terrain::water::routing::routing_bytes`), made from the
//! points the page sent in the request. The worker's own module hands such a request on to this
//! one, which every demo that opens on its Land view loads anyway, so drawing land never loads the
//! file encoders' module.

use terrain::downloads::Download;
use terrain::water::routing;
use terrain_model::maker::{answer, reply};
use terrain_model::protocol::{Body, Reply};

/// The reply to a handed-on routing request (the download `water`); `None` for any other.
pub fn answer_routing(handed: &Reply) -> Option<Reply> {
    let Reply {
        ticket,
        body: Body::Later { request, .. },
        ..
    } = handed
    else {
        return None;
    };
    if request.download != Some(Download::Water) {
        return None;
    }
    // `answer` reads the points into a map (or says there are none to route).
    let body = match answer(request, None) {
        Body::Map { map, .. } => {
            Body::File(routing::routing_bytes(&map, &request.setup.recipe.lines()))
        }
        other => other,
    };
    Some(reply(*ticket, body))
}
