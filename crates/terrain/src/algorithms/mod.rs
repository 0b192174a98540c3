//! The algorithms of the posts, each split into the steps the posts name, beside the post's
//! plain reading: midpoint displacement (iterative and recursive), Diamond-Square, 1-D midpoint
//! displacement, fault lines, random noise and erosion. What each is to the page and the command
//! line (its knobs, steps and name) is its chapter's, in `chapters/`.

pub mod diamond_square;
pub mod erosion;
pub mod faults;
pub(crate) mod fine_levels;
pub mod line;
pub mod midpoint;
pub mod midpoint_recursive;
pub mod random_noise;
