//! The `utf8scope` command: parses arguments and hands over to a front end.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use std::sync::Arc;

use utf8scope::check::{self, Format, Reporter};
use utf8scope::display::escape_for_terminal;
use utf8scope::fix::{self, Destination, FixError, InvalidPolicy, RepairOptions};
use utf8scope::input::open_input;
use utf8scope::ui;

/// A terminal byte inspector for UTF-8: every byte as hex, bits and the
/// character it belongs to, and every invalid sequence explained.
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// File to inspect (`-` or none for piped standard input).
    file: Option<String>,
    /// Open with the cursor on the first invalid span.
    #[arg(long)]
    first_invalid: bool,
    /// When to use colour (NO_COLOR is honoured by `auto`).
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    color: ColorWhen,
}

#[derive(Subcommand)]
enum Command {
    /// Report every invalid UTF-8 sequence; exit 0 if all valid, 1 if not, 2 if unreadable.
    Check {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// When to colour the text output (NO_COLOR is honoured by `auto`).
        #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
        color: ColorWhen,
        /// Also report findings: mojibake, BOMs, bidi controls, invisible and
        /// control characters, …; warnings fail the check, info never does.
        #[arg(long)]
        findings: bool,
        /// Files to check (`-` is standard input; with none, piped standard input).
        files: Vec<String>,
    },
    /// Write the text with its mojibake repaired; say on stderr what changed.
    ///
    /// Nothing else changes unless asked (--invalid, --strip-bom). The input
    /// is never written over without --in-place.
    Fix {
        /// File to repair (`-` is standard input).
        file: String,
        /// Write to OUT (replaced atomically) instead of standard output.
        #[arg(short, long, value_name = "OUT", conflicts_with = "in_place")]
        output: Option<PathBuf>,
        /// Rewrite FILE itself, atomically: a failure leaves it untouched.
        #[arg(long)]
        in_place: bool,
        /// What to do with invalid spans: keep them, replace each with U+FFFD, or drop them.
        #[arg(long, value_enum, default_value_t = InvalidPolicy::Keep, value_name = "HOW")]
        invalid: InvalidPolicy,
        /// Leave out byte order marks (every U+FEFF).
        #[arg(long)]
        strip_bom: bool,
    },
}

/// When to use colour.
#[derive(Clone, Copy, ValueEnum)]
enum ColorWhen {
    Auto,
    Always,
    Never,
}

impl ColorWhen {
    fn enabled(self, stream_is_terminal: bool) -> bool {
        match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => {
                stream_is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check {
            format,
            color,
            findings,
            files,
        }) => run_check(&files, format, color, findings),
        Some(Command::Fix {
            file,
            output,
            in_place,
            invalid,
            strip_bom,
        }) => {
            let destination = match (output, in_place) {
                (Some(path), _) => Destination::File(path),
                (None, true) => Destination::InPlace,
                (None, false) => Destination::Stdout,
            };
            let options = RepairOptions { invalid, strip_bom };
            run_fix(&file, &destination, options)
        }
        None => run_inspector(cli.file.as_deref(), cli.first_invalid, cli.color),
    }
}

fn run_inspector(file: Option<&str>, first_invalid: bool, color: ColorWhen) -> ExitCode {
    // Open before touching the terminal, so a bad path leaves the screen alone.
    let source = match open_input(file) {
        Ok(source) => Arc::new(source),
        Err(message) => {
            eprintln!("utf8scope: {message}");
            return ExitCode::from(2);
        }
    };
    if !io::stdout().is_terminal() {
        eprintln!(
            "utf8scope: standard output is not a terminal; the inspector needs one \
             (for scripts and pipes use `utf8scope check FILE`)"
        );
        return ExitCode::from(2);
    }
    let options = ui::Options {
        first_invalid,
        color: color.enabled(true),
    };
    match ui::run(source, options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("utf8scope: terminal error: {error}");
            ExitCode::from(2)
        }
    }
}

fn run_check(files: &[String], format: Format, color: ColorWhen, findings: bool) -> ExitCode {
    let stdin_only = ["-".to_string()];
    let files = match files {
        [] if !io::stdin().is_terminal() => &stdin_only[..],
        [] => {
            eprintln!(
                "utf8scope: check needs a FILE, or standard input piped in (see `utf8scope check --help`)"
            );
            return ExitCode::from(2);
        }
        files => files,
    };
    let stdout = io::stdout();
    let color = format == Format::Text && color.enabled(stdout.is_terminal());
    let mut reporter =
        Reporter::new(io::BufWriter::new(stdout.lock()), format, color).with_findings(findings);
    match check::run(files, &mut reporter, &mut io::stderr()) {
        Ok(verdict) => ExitCode::from(verdict as u8),
        // A reader that went away (`| head`) is not an error worth a message.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(error) => {
            let _ = writeln!(io::stderr(), "utf8scope: cannot write the report: {error}");
            ExitCode::from(2)
        }
    }
}

fn run_fix(file: &str, destination: &Destination, options: RepairOptions) -> ExitCode {
    if *destination == Destination::Stdout && io::stdout().is_terminal() {
        eprintln!(
            "utf8scope: fix writes the repaired file to standard output, which is a terminal; \
             redirect it, or give -o OUT or --in-place"
        );
        return ExitCode::from(2);
    }
    let source = match open_input(Some(file)) {
        Ok(source) => source,
        Err(message) => {
            eprintln!("utf8scope: {message}");
            return ExitCode::from(2);
        }
    };
    let input_path = (file != "-").then(|| Path::new(file));
    match fix::run(&source, input_path, destination, options) {
        Ok(log) => match log.write_summary(source.name(), &mut io::stderr()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::from(2),
        },
        Err(FixError::BrokenPipe) => ExitCode::from(1),
        Err(error) => {
            eprintln!("utf8scope: {}", escape_for_terminal(&error.to_string()));
            ExitCode::from(2)
        }
    }
}
