//! The page: the app that decides what every event does, and the DOM it shows it in.
//!
//! - [`startup`]: builds every demo on the page and starts the app;
//! - [`message`]: everything that can happen, as one [`message::Message`] each;
//! - [`wiring`]: turns DOM events into messages;
//! - [`queue`]: runs the messages one at a time, in order, and asks for timers and frames;
//! - [`app`]: what each message does to the demos;
//! - [`view`]: one demo's state and how it shows (with its drawing, downloads and share link);
//! - [`widget`] and [`toolbar`]: build a demo's elements (fields; view choice, stepper,
//!   download, share; the roughness panel);
//! - [`dom`]: small helpers they share.

pub mod app;
pub mod busy;
pub mod composer;
pub mod controls;
pub mod dom;
pub mod flood;
pub mod message;
pub mod queue;
pub mod realism;
pub mod startup;
pub mod sun;
pub mod toolbar;
pub mod view;
pub mod widget;
pub mod wiring;
