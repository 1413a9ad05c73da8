//! The whole-file scan: a background thread that builds the [`ScanIndex`]
//! (one summary per block), and the queries answered from it (next and
//! previous invalid span, line and column of any offset).

pub(crate) mod index;
pub(crate) mod search;
pub(crate) mod summary;
mod units;
pub(crate) mod worker;

pub use index::{ScanIndex, ScanState};
pub use summary::{BlockSummary, Summarizer};
pub use worker::{LinePlace, Lookup, Scan, ScanConfig};
