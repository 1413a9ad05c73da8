//! The file model: bytes, units and the whole-file index. Knows nothing of
//! terminals; every part is testable with byte slices.

pub mod decode;
pub mod find;
pub mod findings;
pub mod job;
pub mod scan;
pub mod source;
pub mod unit;
pub mod window;

pub use scan::{Lookup, Scan, ScanIndex, ScanState, Span};
pub use source::{Source, SourceError};
pub use unit::{ByteRole, InvalidKind, Unit, UnitCounts, UnitKind};
pub use window::Window;
