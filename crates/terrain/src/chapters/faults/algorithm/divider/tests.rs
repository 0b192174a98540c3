use super::*;

/// Random triangles on and around a 48 x 40 map, thin and flat ones among them.
fn triangles() -> impl Iterator<Item = [[f32; 2]; 3]> {
    let mut rng = TerrainRng::new(14);
    let random = (0..400).map(move |_| {
        let Divider::Triangle { corners } = Divider::random(ShapeKind::Triangle, 48, 40, &mut rng)
        else {
            unreachable!("asked for a triangle")
        };
        corners
    });
    let awkward = [
        [[3.0, 5.0], [30.0, 5.0], [12.0, 30.0]],
        [[0.5, 0.5], [40.0, 20.5], [20.25, 10.5]],
        [[10.0, -4.0], [10.0, 50.0], [10.5, 20.0]],
    ];
    awkward.into_iter().chain(random)
}

#[test]
fn a_triangles_band_spans_name_every_edge_their_cells_can_be_near() {
    let (width, height, reach) = (48, 40, 3.05);
    let mut spans: [BandSpan; 3] = Default::default();
    for corners in triangles() {
        let divider = Divider::Triangle { corners };
        let edges = [0, 1, 2].map(|i| triangle_edge(corners, i));
        for y in 0..height {
            let count = divider.band_spans(y as f32, reach, width, &mut spans);
            for x in 0..width {
                let p = [x as f32, y as f32];
                let span = spans[..count].iter().find(|s| s.cells.contains(&x));
                for (i, &[a, b]) in edges.iter().enumerate() {
                    let near = segment_distance(p, a, b) < reach;
                    let named = span.is_some_and(|s| s.edges & (1 << i) != 0);
                    assert!(
                        !near || named,
                        "{corners:?}: cell ({x}, {y}) is near edge {i} but no span names it"
                    );
                }
                if let Some(span) = span {
                    let distance = triangle_distance(corners, p[0], p[1]);
                    if span.edges.count_ones() == 1 && distance.abs() < reach {
                        let i = span.edges.trailing_zeros() as usize;
                        let near_edge = triangle_distance_near_edge(corners, edges[i], p[0], p[1]);
                        assert_eq!(near_edge.to_bits(), distance.to_bits());
                    }
                }
            }
        }
    }
}

#[test]
fn raises_agrees_with_the_sign_of_the_distance() {
    for corners in triangles() {
        let divider = Divider::Triangle { corners };
        for y in -2..42 {
            for x in -2..50 {
                let (x, y) = (x as f32 * 0.5 + 0.25, y as f32);
                assert_eq!(divider.raises(x, y), divider.signed_distance(x, y) < 0.0);
            }
        }
    }
}
