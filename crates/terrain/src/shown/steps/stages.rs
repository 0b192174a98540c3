//! Partial stages: the step demos of the first and third posts each show one stage of the first
//! square (its corners, its edge midpoints, its center), with the points that stage set
//! highlighted.

use crate::algorithms::recipe::Recipe;
use crate::algorithms::{diamond_square, midpoint};
use crate::shown::display::Mark;

/// The caption line of a step demo's partial stage, naming the points it highlights; `None` for a
/// recipe that is not a partial stage.
pub fn stage_caption(recipe: &Recipe) -> Option<&'static str> {
    use diamond_square::Stage as Ds;
    use midpoint::Stage as Mpd;
    Some(match *recipe {
        Recipe::Midpoint { stage, .. } => match stage {
            Mpd::Corners => "Highlighted: the 4 corners this step set; grey points are not set yet",
            Mpd::Edges => "Highlighted: the 4 edge midpoints this step set, each from 2 corners",
            Mpd::Center => "Highlighted: the center this step set, from the 4 edge midpoints",
            Mpd::Full => return None,
        },
        Recipe::DiamondSquare { stage, .. } => match stage {
            Ds::Corners => "Highlighted: the 4 corners this step set; grey points are not set yet",
            Ds::Square => "Highlighted: the center the square step set, from the 4 corners",
            Ds::Diamond => {
                "Highlighted: the 4 edge midpoints the diamond step set, each from 3 points \
                 (2 corners and the center)"
            }
            Ds::Full => return None,
        },
        _ => return None,
    })
}

/// How point `(x, y)` of a step demo's partial stage looks: [`Mark::Highlight`] for the points its
/// step set (the corners, the four edge midpoints or the center), [`Mark::Set`] for points an
/// earlier step set, [`Mark::Unset`] for the rest; `None` for a recipe that is not a partial stage.
pub fn stage_mark(recipe: &Recipe, x: usize, y: usize) -> Option<Mark> {
    use diamond_square::Stage as Ds;
    use midpoint::Stage as Mpd;
    // Which of corners, edge midpoints and center are set, and which of them the step set.
    let (exponent, set, newest) = match *recipe {
        Recipe::Midpoint { params, stage } => match stage {
            Mpd::Corners => (params.exponent, 1, 1),
            Mpd::Edges => (params.exponent, 2, 2),
            Mpd::Center => (params.exponent, 3, 3),
            Mpd::Full => return None,
        },
        Recipe::DiamondSquare { params, stage, .. } => match stage {
            Ds::Corners => (params.exponent, 1, 1),
            // Diamond-Square sets the center before the edge midpoints.
            Ds::Square => (params.exponent, 3, 3),
            Ds::Diamond => (params.exponent, 4, 2),
            Ds::Full => return None,
        },
        _ => return None,
    };
    let last = 1usize << exponent;
    let mid = last / 2;
    let on_edge = |v: usize| v == 0 || v == last;
    // 1: a corner, 2: an edge midpoint, 3: the center.
    let kind = if on_edge(x) && on_edge(y) {
        1
    } else if (x == mid && on_edge(y)) || (y == mid && on_edge(x)) {
        2
    } else if x == mid && y == mid {
        3
    } else {
        return Some(Mark::Unset);
    };
    // Diamond-Square's order is corners, center, edges; midpoint displacement's corners, edges,
    // center.
    let done = match (set, kind) {
        (4, _) => true,
        (3, 2) if matches!(recipe, Recipe::DiamondSquare { .. }) => false,
        (3, _) => true,
        (s, k) => k <= s,
    };
    Some(if kind == newest {
        Mark::Highlight
    } else if done {
        Mark::Set
    } else {
        Mark::Unset
    })
}
