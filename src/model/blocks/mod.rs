//! The streaming layer: reading an input in unit-aligned blocks (on a
//! second thread), re-cutting them at line feeds, splitting them into valid
//! pieces and invalid spans, counting units and line feeds, and walking
//! them with the line and column. `check`, `fix`, the findings pass and the
//! scan index all read files through it.

pub mod feed;
pub mod line_aligned;
pub(crate) mod line_windows;
pub(crate) mod lines;
pub(crate) mod local_count;
pub mod pieces;
pub mod pipeline;
pub(crate) mod place;
mod read_buffer;
pub mod tally;

pub use lines::{BlockScanner, LocatedSpan};
pub use pieces::Span;
pub use place::Place;
