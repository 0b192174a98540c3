//! Drawing: the one WebGL2 context every demo shares, and the 2-D drawings that need no GPU.
//!
//! - [`renderer`]: the shared context (three-d), started in pieces, paced by fences, and the
//!   copy of each picture into its demo's canvas;
//! - [`shading`]: the material that lights every terrain;
//! - [`camera`]: each demo's camera and orbit control;
//! - [`canvas2d`]: the map and wireframe views, drawn with the canvas's own 2-D context;
//! - [`overlay`]: the step's highlight drawn over a 3-D picture (a recursive call's view, the
//!   example point's lines to the neighbours it averaged), where no hill hides it.

pub mod camera;
pub mod canvas2d;
pub mod overlay;
pub mod renderer;
pub mod shading;
