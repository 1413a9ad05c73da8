//! `utf8scope FILE` without a terminal UI: a one-screen summary of the file.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use crate::display::{escape_for_terminal, thousands};
use crate::model::{InvalidKind, Scan, ScanState, Source, SourceError};

/// Opens the named input (`-` or `None` with piped stdin) for a front end.
pub fn open_input(file: Option<&str>) -> Result<Source, String> {
    let source = match file {
        Some("-") => Source::from_stdin(),
        Some(path) => Source::open(Path::new(path)),
        None if !io::stdin().is_terminal() => Source::from_stdin(),
        None => return Err("no file given (try `utf8scope --help`)".into()),
    };
    source.map_err(|e: SourceError| escape_for_terminal(&e.to_string()).into_owned())
}

/// Prints the summary of `file` and returns the exit status (2 if unreadable).
pub fn run(file: Option<&str>) -> ExitCode {
    let source = match open_input(file) {
        Ok(source) => Arc::new(source),
        Err(message) => {
            eprintln!("utf8scope: {message}");
            return ExitCode::from(2);
        }
    };
    let mut scan = Scan::start(Arc::clone(&source));
    scan.wait();
    let index = scan.index();
    if let ScanState::Failed(reason) = index.state() {
        eprintln!("utf8scope: {}", escape_for_terminal(reason));
        return ExitCode::from(2);
    }
    let counts = index.totals();
    println!("{}", escape_for_terminal(source.name()));
    println!("  size        {} bytes", thousands(source.len()));
    println!("  lines       {}", thousands(index.line_feeds() + 1));
    println!(
        "  characters  {} (ASCII {}, 2-byte {}, 3-byte {}, 4-byte {})",
        thousands(counts.chars()),
        thousands(counts.ascii),
        thousands(counts.two_byte),
        thousands(counts.three_byte),
        thousands(counts.four_byte)
    );
    if counts.invalid() == 0 {
        println!("  verdict     valid UTF-8");
        return ExitCode::SUCCESS;
    }
    println!(
        "  verdict     {} invalid spans",
        thousands(counts.invalid())
    );
    for kind in InvalidKind::ALL {
        let n = counts.invalid_by_kind[kind.index()];
        if n > 0 {
            println!("    {:<24}{}", kind.name(), thousands(n));
        }
    }
    drop(index);
    if let Ok(Some(first)) = scan.next_invalid(0) {
        println!(
            "  first       offset {:#010x} ({})",
            first.offset, first.kind
        );
    }
    println!(
        "  details     utf8scope check {}",
        escape_for_terminal(file.unwrap_or("-"))
    );
    ExitCode::from(1)
}
