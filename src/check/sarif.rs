//! `check --format sarif`: one SARIF 2.1.0 log for the whole run, for code
//! scanning services. The log is written as it goes: the run's results
//! first, then the tool and its rules (one per kind), so no file's report
//! waits for the others.

use std::io::{self, Write};

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::{Value, json};

use super::kinds::ReportKind;
use crate::json::write_json;
use crate::model::InvalidKind;
use crate::model::findings::FindingKind;

/// Characters a relative URI keeps as they are: RFC 3986's unreserved ones
/// and the path separator.
const URI_PATH: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/');

/// A path as a URI: a relative reference (`src/caf%C3%A9.txt`), or a
/// `file://` URI for an absolute path.
pub fn uri(path: &str) -> String {
    let path = path.strip_prefix("./").unwrap_or(path);
    let encoded = utf8_percent_encode(path, URI_PATH);
    if path.starts_with('/') {
        format!("file://{encoded}")
    } else {
        encoded.to_string()
    }
}

/// Opens the log, up to the first result.
pub fn write_header(out: &mut impl Write) -> io::Result<()> {
    out.write_all(
        b"{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\
          \"runs\":[{\"results\":[\n",
    )
}

/// One result, preceded by a comma: the writer of the log drops the comma
/// before the first one.
pub struct SarifResult<'a> {
    /// The file's name as the report gives it.
    pub path: &'a str,
    /// What was found.
    pub kind: ReportKind,
    /// `error`, `warning` or `note`.
    pub level: &'static str,
    /// The message, terminal-safe.
    pub message: String,
    /// Line and column (1-based, column in code points).
    pub line: u64,
    /// See `line`.
    pub column: u64,
    /// Byte offset and length.
    pub offset: u64,
    /// See `offset`.
    pub len: u64,
    /// For mojibake: the text that repairs it.
    pub repair: Option<&'a str>,
    /// For mojibake: how it came about, a layer at a time, char by char.
    pub steps: Vec<String>,
}

impl SarifResult<'_> {
    /// Writes `,{…}` and a line end.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let location = json!({"uri": uri(self.path)});
        let mut result = json!({
            "ruleId": self.kind.name(),
            "ruleIndex": self.kind.index(),
            "level": self.level,
            "message": {"text": self.message},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": location,
                    "region": {
                        "startLine": self.line,
                        "startColumn": self.column,
                        "byteOffset": self.offset,
                        "byteLength": self.len,
                    }
                }
            }],
        });
        if !self.steps.is_empty() {
            result["properties"] = json!({ "steps": self.steps });
        }
        if let Some(repair) = self.repair {
            result["fixes"] = json!([{
                "description": {"text": "repair the mojibake (utf8scope fix)"},
                "artifactChanges": [{
                    "artifactLocation": location,
                    "replacements": [{
                        "deletedRegion": {"byteOffset": self.offset, "byteLength": self.len},
                        "insertedContent": {"text": repair},
                    }],
                }],
            }]);
        }
        out.write_all(b",")?;
        write_json(out, &result)?;
        out.write_all(b"\n")
    }
}

/// Closes the log: the column kind, the tool with a rule per kind, and the
/// invocation with one notification per input that could not be read.
pub fn write_footer(out: &mut impl Write, unreadable: &[String]) -> io::Result<()> {
    let rules: Vec<Value> = ReportKind::all().map(rule).collect();
    let notifications: Vec<Value> = unreadable
        .iter()
        .map(|message| json!({"level": "error", "message": {"text": message}}))
        .collect();
    let rest = json!({
        "columnKind": "unicodeCodePoints",
        "tool": {
            "driver": {
                "name": "utf8scope",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://crates.io/crates/utf8scope",
                "rules": rules,
            }
        },
        "invocations": [{
            "executionSuccessful": unreadable.is_empty(),
            "toolExecutionNotifications": notifications,
        }],
    });
    out.write_all(b"],")?;
    // The rest of the run object, without its braces: it follows the results.
    let mut body = Vec::new();
    write_json(&mut body, &rest)?;
    out.write_all(&body[1..body.len() - 1])?;
    out.write_all(b"}]}\n")
}

/// Passes the results through to `out`, dropping the comma before the
/// first one (each result comes with a leading comma, whichever file's
/// report and whichever thread it came from).
pub struct CommaGate<W: Write> {
    out: W,
    before_first: bool,
}

impl<W: Write> CommaGate<W> {
    /// A gate that drops the first comma when `active`, else passes all.
    pub fn new(out: W, active: bool) -> CommaGate<W> {
        CommaGate {
            out,
            before_first: active,
        }
    }

    /// The writer behind the gate.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }
}

impl<W: Write> Write for CommaGate<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.before_first && !bytes.is_empty() {
            self.before_first = false;
            if bytes[0] == b',' {
                self.out.write_all(&bytes[1..])?;
                return Ok(bytes.len());
            }
        }
        self.out.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The rule for one kind: its explanation and what to do about it.
fn rule(kind: ReportKind) -> Value {
    let level = match kind {
        ReportKind::Invalid(_) => "error",
        ReportKind::Finding(_) => "warning",
    };
    json!({
        "id": kind.name(),
        "shortDescription": {"text": kind.explanation()},
        "fullDescription": {"text": kind.explanation()},
        "help": {"text": help(kind)},
        "defaultConfiguration": {"level": level},
    })
}

/// What to do about a kind, for the rule's help text.
fn help(kind: ReportKind) -> String {
    let look = "Open the place in the inspector with `utf8scope FILE:LINE:COL` to see the bytes.";
    let silence = format!(
        "If the file means it, ignore the kind for it in .utf8scope.toml \
         ([[overrides]] glob = \"…\" ignore = [\"{}\"]).",
        kind.name()
    );
    let what = match kind {
        ReportKind::Invalid(InvalidKind::Truncated | InvalidKind::UnexpectedContinuation) => {
            "A character was cut, or the file mixes in another encoding: \
             `utf8scope fix --invalid replace` marks the bytes with U+FFFD; \
             a file in another encoding should be converted to UTF-8."
        }
        ReportKind::Invalid(_) => {
            "These bytes are not UTF-8; the file may be in another encoding \
             (convert it), or damaged (`utf8scope fix --invalid replace`)."
        }
        ReportKind::Finding(FindingKind::Mojibake) => {
            "`utf8scope fix --in-place FILE` repairs it; the result carries the repair as a fix."
        }
        ReportKind::Finding(FindingKind::BidiControl) => {
            "Remove it unless the text is right-to-left prose that needs it; \
             in code it can hide what runs."
        }
        ReportKind::Finding(FindingKind::Bom) => {
            "`utf8scope fix --strip-bom` removes byte order marks."
        }
        ReportKind::Finding(_) => "Remove or replace the character, or the sequence.",
    };
    format!("{what} {look} {silence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_relative_uri_references() {
        assert_eq!(uri("./src/main.rs"), "src/main.rs");
        assert_eq!(uri("a b/café%.txt"), "a%20b/caf%C3%A9%25.txt");
        assert_eq!(uri("/tmp/x y"), "file:///tmp/x%20y");
    }

    #[test]
    fn the_gate_drops_only_the_first_comma() {
        let mut gate = CommaGate::new(Vec::new(), true);
        for part in [&b""[..], b",{\"a\":1}\n", b",{\"b\":2}\n"] {
            gate.write_all(part).unwrap();
        }
        assert_eq!(gate.out, b"{\"a\":1}\n,{\"b\":2}\n");
    }
}
