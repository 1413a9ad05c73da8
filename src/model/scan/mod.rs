//! The whole-file scan: a background thread that builds the [`ScanIndex`], and
//! the queries answered from it (next/previous invalid span, line numbers).

pub mod block;
pub mod feed;
pub mod index;
pub mod line_aligned;
pub mod local_count;
pub mod pieces;
pub mod search;
pub mod tally;
mod worker;

pub use block::{BlockScanner, BlockSummary, LocatedSpan, Summarizer};
pub use index::{ScanIndex, ScanState};
pub use pieces::Span;
pub use worker::{Lookup, Scan, ScanConfig};
