//! utf8scope: a byte inspector for text encodings. The [`model`] decodes any
//! offset of a file of any size into units, in any encoding it reads, and
//! finds what is wrong with the text; front ends (`check`, `fix`, `dump`,
//! `explain` and the inspector, behind the default `cli` feature) read it.
//!
//! As a library, build it without the terminal program:
//!
//! ```toml
//! utf8scope = { version = "0.1", default-features = false }
//! ```
//!
//! # Examples
//!
//! Read a file once, front to back, and list its invalid UTF-8 spans: a
//! [`Source`] is the bytes (`Source::open` opens a path), [`read_through`]
//! pushes them in unit-aligned blocks to a [`Sink`] (here a closure):
//!
//! ```
//! use std::ops::ControlFlow;
//! use utf8scope::model::blocks::pieces::spans;
//! use utf8scope::model::InvalidKind;
//! use utf8scope::{Source, read_through, source_feed};
//!
//! let source = Source::from_bytes("notes.txt", b"caf\xE9 and \xC3\x28!".to_vec());
//! let (mut found, mut offset) = (Vec::new(), 0);
//! let mut list_spans = |block: &[u8]| {
//!     found.extend(spans(block, offset));
//!     offset += block.len() as u64;
//!     ControlFlow::Continue(())
//! };
//! read_through(source_feed(&source), 64 << 10, &mut list_spans)?;
//! let places: Vec<(u64, InvalidKind)> = found.iter().map(|s| (s.offset, s.kind)).collect();
//! assert_eq!(places, [(3, InvalidKind::Truncated), (9, InvalidKind::Truncated)]);
//! # Ok::<(), utf8scope::SourceError>(())
//! ```
//!
//! Detect the encoding of some bytes, with the evidence, and decode them:
//!
//! ```
//! use utf8scope::model::Encoding;
//! use utf8scope::model::encoding::{Evidence, Extent, decode_lossy, detect};
//!
//! let utf16 = Encoding::UTF_16LE.encode("\u{feff}Привет, мир!\n").unwrap();
//! let found = detect(&utf16, Extent::Whole);
//! assert_eq!((found.encoding, found.evidence), (Encoding::UTF_16LE, Evidence::Bom));
//! let text = decode_lossy(found.encoding, &utf16[found.bom_len..]);
//! assert_eq!(text, "Привет, мир!\n");
//! ```
//!
//! Find mojibake in text, say how it came about, and repair it:
//!
//! ```
//! use utf8scope::model::findings::{find_mojibake, with_repairs};
//!
//! let text = "Le cafÃ© est prÃªt.";
//! let runs = find_mojibake(text);
//! assert_eq!(runs[0].repair(), Some("café"));
//! assert_eq!(runs[0].chain(), "UTF-8 read as windows-1252");
//! assert_eq!(with_repairs(text, &runs), "Le café est prêt.");
//! ```
//!
//! Explain a character, byte by byte:
//!
//! ```
//! use utf8scope::model::explain::{Facts, explain_bytes, narrate};
//!
//! let units = explain_bytes("é".as_bytes());
//! let Facts::Char(facts) = &units[0].facts else { panic!("a char") };
//! assert_eq!(facts.name.as_deref(), Some("LATIN SMALL LETTER E WITH ACUTE"));
//! assert_eq!(facts.script, "Latin");
//! assert_eq!(
//!     narrate("é".as_bytes())[0],
//!     "C3 = 110 00011: lead of a 2-byte sequence, payload 00011"
//! );
//! ```
//!
//! Built with `default-features = false`, the crate is the engine alone,
//! with no terminal crate. The types most programs need are re-exported
//! here: [`Source`] (a file's bytes) and [`read_through`] (the one way they
//! are read, pushed to a [`Sink`]), [`Text`] (bytes read in an encoding),
//! [`Encoding`] and [`EncodingRule`] (how they are read), [`detect`] and
//! [`Detection`], [`Repairer`] and
//! [`Settings`] (finding and repairing mojibake, and how the engine runs),
//! [`Finding`] and [`FindingKind`].

#![deny(missing_docs)]

pub use model::blocks::pipeline::{Sink, read_through, source_feed};
pub use model::encoding::{Detection, EncodingRule, decode_lossy, detect};
pub use model::findings::{Finding, FindingKind, Mojibake, Repairer, find_mojibake, with_repairs};
pub use model::settings::Settings;
pub use model::{Encoding, Source, SourceError, Text};

pub mod display;
pub mod model;

// The terminal program's front ends: public so that the binary, its tests
// and its benchmarks reach them, not part of the library's API.
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod check;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod draw;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod dump;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod explain;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod fix;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod input;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod json;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod palette;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod ui;
