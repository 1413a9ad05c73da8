//! The inspector's pass over a file: one read, front to back, that builds
//! the scan index and the findings index together (the scan summarizes
//! each stretch on every thread the settings allow, then the findings pass
//! looks at the same bytes), so a big file is read from disk once.

use std::sync::Arc;

use crate::model::blocks::pipeline::Pieces;
use crate::model::findings::background::{FindingsIndex, IndexSink};
use crate::model::findings::{FindingsJob, FindingsScanner, Repairer};
use crate::model::job::Job;
use crate::model::scan::worker::scan_feeding;
use crate::model::scan::{Scan, ScanConfig, ScanIndex};
use crate::model::settings::Settings;
use crate::model::text::Text;

/// Starts the pass over `source` on a thread of its own: the scan on as
/// many threads as `settings` say, the findings with `repairer`. Dropping
/// (or cancelling) either half stops both: they are one read.
pub fn start(
    source: Arc<Text>,
    settings: Settings,
    repairer: Arc<Repairer>,
) -> (Scan, FindingsJob) {
    let config = ScanConfig {
        threads: settings.threads.get(),
        ..ScanConfig::default()
    };
    start_with(source, config, repairer)
}

/// [`start`] with the scan's block and segment sizes and threads given:
/// for tests that cut the file anyhow.
pub fn start_with(
    source: Arc<Text>,
    config: ScanConfig,
    repairer: Arc<Repairer>,
) -> (Scan, FindingsJob) {
    let initial = (ScanIndex::default(), FindingsIndex::default());
    let (scan, findings) = Job::start_pair("pass", source, initial, move |scan, findings| {
        let mut sink = Pieces {
            size: FindingsScanner::LINES_BLOCK,
            sink: IndexSink::new(findings, repairer),
        };
        let read = scan_feeding(scan, config, &mut sink);
        sink.sink.close(read);
    });
    (Scan::from_job(scan), FindingsJob::from_job(findings))
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;
    use crate::model::Encoding;
    use crate::model::findings::findings_of;
    use crate::model::scan::ScanState;
    use crate::model::source::Source;

    /// Lines of several scripts, with mojibake, a bidi control, a mixed
    /// line ending and an invalid byte here and there.
    fn text_with_findings() -> Vec<u8> {
        let lines = [
            "Grüße aus München, schöne Straße\n",
            "Привет, как дела? Всё хорошо.\n",
            "日本語の文章です。「こんにちは」\n",
            "the caf\u{c3}\u{a9} on the corner serves cr\u{c3}\u{a8}me br\u{c3}\u{bb}l\u{c3}\u{a9}e\n",
            "an override \u{202E} hides here\r\n",
            "Ελληνικά γράμματα και λέξεις\n",
        ];
        let mut bytes = Vec::new();
        for i in 0..6000 {
            bytes.extend_from_slice(lines[i % lines.len()].as_bytes());
            if i % 997 == 5 {
                bytes.extend_from_slice(b"bad \xC3\x28 byte\n");
            }
        }
        bytes
    }

    fn file_source(bytes: &[u8]) -> (tempfile::NamedTempFile, Source) {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(bytes).unwrap();
        let source = Source::open(file.path()).unwrap();
        (file, source)
    }

    /// Runs the pass with small segments over `source` and checks both
    /// halves against the scan and the findings pass run apart.
    fn agrees_with_separate_passes(source: Text) {
        let source = Arc::new(source);
        let config = ScanConfig {
            segment: 64 << 10,
            threads: 3,
            ..ScanConfig::default()
        };
        let (mut scan, mut findings) = start_with(Arc::clone(&source), config, Arc::default());
        scan.wait();
        findings.wait();
        let alone = Scan::inline(Arc::clone(&source));
        let (both, alone) = (scan.index(), alone.index());
        assert_eq!(both.state(), &ScanState::Complete);
        assert_eq!(both.totals(), alone.totals());
        assert_eq!(both.line_feeds(), alone.line_feeds());
        assert_eq!(both.end_position(), alone.end_position());
        let found = findings.index();
        assert_eq!(found.state(), &ScanState::Complete);
        assert_eq!(found.scanned(), source.len());
        let apart = FindingsJob::inline(Arc::clone(&source), Arc::default());
        let apart = apart.index();
        assert!(apart.total() > 10, "the text has findings");
        assert_eq!(found.findings(), apart.findings());
        assert_eq!(found.total(), apart.total());
    }

    #[test]
    fn one_read_gives_what_the_scan_and_the_findings_pass_give_apart() {
        let bytes = text_with_findings();
        let (_file, source) = file_source(&bytes);
        agrees_with_separate_passes(Text::from(source));
        // In memory, the segments are lent, not read.
        let in_memory = Text::from_bytes("t", bytes.clone());
        agrees_with_separate_passes(in_memory);
        let expected = findings_of(&Source::from_bytes("t", bytes)).unwrap();
        assert!(!expected.is_empty());
    }

    #[test]
    fn a_utf16_file_is_read_once_in_its_encoding() {
        let text = String::from_utf8_lossy(&text_with_findings()).into_owned();
        let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let (_file, source) = file_source(&bytes);
        agrees_with_separate_passes(source.in_encoding(Encoding::UTF_16LE));
    }

    #[test]
    fn cancelling_one_half_stops_both() {
        let bytes = text_with_findings().repeat(20);
        let source = Arc::new(Text::from_bytes("t", bytes));
        let config = ScanConfig {
            segment: 4 << 10,
            threads: 1,
            ..ScanConfig::default()
        };
        let (mut scan, mut findings) = start_with(source, config, Arc::default());
        findings.cancel();
        scan.wait();
        findings.wait();
        // Whichever got there first, the two halves end the same way.
        let scan_state = scan.index().state().clone();
        let findings_state = findings.index().state().clone();
        assert_ne!(scan_state, ScanState::Running);
        assert_eq!(scan_state, findings_state);
    }
}
