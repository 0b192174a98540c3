//! The Land view: the lit 3-D terrain coloured by its materials (each shown point's albedo and
//! the sky it sees, made by the worker with the routing: `terrain::materials::land_colours`),
//! its lakes and rivers on it as in the `water-3d` view, and the shadows a sun at the reader's
//! height casts across it (`terrain::materials::light::shadows`, found here: one pass
//! over the shown points). Until the routing comes, the bare terrain's colours. A step's own
//! marks (a droplet's path, a fault's cuts, the cells still steeper than the talus) are drawn
//! over the land in their colours, as the other views draw them, so the picture shows what the
//! step's caption says.

use terrain::display::{mark_color, Mark};
use terrain::materials::light::{shadows, Sun};
use terrain::mesh::MeshData;
use terrain::water::{self, routed::Routed};

use super::lit::draw_lit;
use super::Drawing;
use crate::gpu::renderer::Renderer;
use crate::model::view_mode::ViewMode;
use crate::page::view::DemoView;

/// The direction the Land view's sun shines from, degrees clockwise from north: the south-east,
/// as the other 3-D views are lit (and as `--maps shadow` casts its shadows).
const AZIMUTH: f32 = terrain::materials::light::SUN.azimuth;

/// The land.
pub struct Land;

impl Drawing for Land {
    fn draw(&self, view: &mut DemoView, renderer: &Renderer, _: (f64, f64)) -> Result<(), String> {
        let look = view.demo.look;
        let sun = Sun {
            elevation: f32::from(view.sun),
            azimuth: AZIMUTH,
        };
        // (The page already holds f32 sine, cosine and tangent, for the camera.)
        let (up, out) = sun.elevation.to_radians().sin_cos();
        let (east, north) = AZIMUTH.to_radians().sin_cos();
        // Towards the sun in the world: x east, y up, z south.
        let toward = [out * east, up, -out * north];
        let built_for = (ViewMode::LAND, view.sun);
        draw_lit(view, renderer, (built_for, toward), |shown, scale| {
            let routed = shown.routed.as_ref().and_then(Option::as_ref);
            let (grid, marks) = water::shown::water_3d(&shown.staged, routed);
            let mut mesh = look.mesh(&grid, &marks, scale);
            // A shown height of 1 stands `scale` of the map's width of 2, which is
            // `columns - 1` shown points.
            let columns = grid.size().0;
            let cells = scale * (columns.max(2) - 1) as f32 / 2.0;
            let lit = shadows(&grid.heights, columns, cells, sun);
            paint(&mut mesh, routed, (&marks, &shown.marks), &lit);
            mesh
        })
    }
}

/// Colours `mesh` (one vertex a shown point) with the land's colours where `routed` gives them
/// and the ground is dry (its water keeps the water's), each darkened by the sky it does not
/// see, then the step's marks in their own colours over both, and lets through to each the
/// share of the sun `lit` says (the vertex's alpha).
fn paint(
    mesh: &mut MeshData,
    routed: Option<&Routed>,
    (marks, stepped): (&[Mark], &[Mark]),
    lit: &[f32],
) {
    if mesh.colors.len() != lit.len() {
        return;
    }
    let land = routed
        .map(|r| r.land.as_slice())
        .filter(|l| l.len() == lit.len());
    for (i, color) in mesh.colors.iter_mut().enumerate() {
        if let (Some(land), Some(Mark::Dry)) = (land, marks.get(i)) {
            let [r, g, b, sky] = land[i];
            let dim = |c: u8| (u16::from(c) * u16::from(sky) / 255) as u8;
            *color = [dim(r), dim(g), dim(b), 255];
        }
        if let Some(marked) = stepped.get(i).copied().and_then(mark_color) {
            *color = marked;
        }
        color[3] = (lit[i] * 255.0).round() as u8;
    }
}
