//! The file model: bytes, units and the whole-file index. Knows nothing of
//! terminals; every part is testable with byte slices.

pub(crate) mod ascii;
pub mod blocks;
pub mod cesu8;
pub(crate) mod decode;
pub mod encoding;
pub mod explain;
pub mod find;
pub mod findings;
pub(crate) mod job;
pub mod pass;
pub mod resync;
pub mod scan;
pub mod selection;
pub mod settings;
pub mod sniff;
pub(crate) mod source;
pub(crate) mod stream_load;
pub(crate) mod text;
pub(crate) mod unit;
pub mod window;

pub use blocks::Span;
pub use encoding::Encoding;
pub use scan::{Lookup, Scan, ScanConfig, ScanIndex, ScanState};
pub use source::{Opened, Source, SourceError};
pub use stream_load::{LoadState, StreamLoad};
pub use text::Text;
pub use unit::{ByteRole, InvalidKind, Unit, UnitCounts, UnitKind};
pub use window::Window;
