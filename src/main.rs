//! The `utf8scope` command: parses arguments and hands over to a front end.

mod cli;
mod writer;

use std::ffi::{OsStr, OsString};
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use clap::CommandFactory;

use cli::{
    Cli, ColorWhen, Command, DumpFormatArg, kind_filter, misspelled_subcommand, parse_cli,
    split_place,
};
use utf8scope::check::{self, Config, Format, ReportStyle, WalkOptions};
use utf8scope::display::{escape_for_terminal, path_text};
use utf8scope::dump::{self, DumpError, DumpFormat, DumpOptions, PageTheme};
use utf8scope::explain::{self, ExplainFormat};
use utf8scope::fix::{self, Destination, FixError, FixOptions, InvalidPolicy, RepairOptions};
use utf8scope::input::{Input, open_input};
use utf8scope::model::Encoding;
use utf8scope::model::encoding::{DETECT_SAMPLE, EncodingRule, Evidence, RowEncoding, choice_note};
use utf8scope::model::findings::Repairer;
use utf8scope::model::findings::backend::Backend;
use utf8scope::model::scan::LinePlace;
use utf8scope::model::settings::Settings;
use utf8scope::model::{Scan, Source, StreamLoad, Text};

/// The mojibake judgment makes many small strings and lists per garbled
/// line: with glibc's allocator, making and freeing them took about a fifth
/// of `fix`'s time, with mimalloc about a twentieth (perf). (Without
/// transparent huge pages: the kernel zeroed 2 MiB at every fault, again a
/// fifth of the time.)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use utf8scope::ui;

/// How the engine runs: on `threads` threads (0: every core), with the
/// best vector backend the CPU has unless `UTF8SCOPE_BACKEND` names
/// another (for benchmarks and tests of the vector code; a backend the CPU
/// lacks, or a name that is none, leaves the best one).
fn engine_settings(threads: usize) -> Settings {
    let settings = Settings::default().with_threads(threads);
    std::env::var("UTF8SCOPE_BACKEND")
        .ok()
        .and_then(|name| Backend::named(&name))
        .and_then(|backend| settings.with_backend(backend).ok())
        .unwrap_or(settings)
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if let Some(suggestion) = misspelled_subcommand(&args) {
        eprintln!("{suggestion}");
        return ExitCode::from(2);
    }
    let cli = match parse_cli() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match cli.command {
        Some(Command::Check {
            format,
            color,
            findings,
            select,
            ignore,
            max_spans,
            quiet,
            explain,
            hidden,
            no_ignore,
            follow,
            glob,
            exclude,
            binary,
            encoding,
            threads,
            config,
            no_config,
            files,
        }) => {
            let max_spans = match (max_spans, format) {
                (Some(0), _) => None,
                (Some(n), _) => Some(n),
                (None, Format::Text) => Some(100),
                (None, _) => None,
            };
            let kinds = match kind_filter(&select, &ignore) {
                Ok(kinds) => kinds,
                Err(message) => {
                    eprintln!("utf8scope: {message}");
                    return ExitCode::from(2);
                }
            };
            let config = match load_config(config.as_deref(), no_config) {
                Ok(config) => config,
                Err(message) => {
                    eprintln!("utf8scope: {message}");
                    return ExitCode::from(2);
                }
            };
            let color = format == Format::Text && color.enabled(io::stdout().is_terminal());
            let settings = engine_settings(threads);
            let options = check::CheckOptions {
                style: ReportStyle {
                    format,
                    color,
                    max_spans,
                    quiet,
                    explain,
                },
                findings,
                kinds,
                binary,
                walk: WalkOptions {
                    hidden,
                    no_ignore,
                    follow_links: follow,
                    globs: glob,
                    excludes: exclude,
                },
                threads: settings.threads.get(),
                repairer: Arc::new(Repairer::new(settings)),
                encoding: encoding.unwrap_or_default(),
            };
            run_check(&files, &options, config.as_ref())
        }
        Some(Command::Fix {
            file,
            output,
            in_place,
            diff,
            invalid,
            strip_bom,
            from,
            keep_bom,
            binary,
            break_hard_links,
            threads,
        }) => {
            let from = from.map(|rule| match rule {
                EncodingRule::Given(encoding) => Some(encoding),
                _ => None,
            });
            if invalid == InvalidPolicy::Legacy && binary && from.flatten().is_none() {
                eprintln!(
                    "utf8scope: fix --invalid legacy does not guess on files that look binary; \
                     name the encoding with --from"
                );
                return ExitCode::from(2);
            }
            let destination = match (output, in_place, diff) {
                (_, _, true) => Destination::Diff,
                // `-o -` is standard output, as `-` is everywhere else.
                (Some(path), _, _) if path.as_os_str() == "-" => Destination::Stdout,
                (Some(path), _, _) => Destination::File(path),
                (None, true, _) => Destination::InPlace,
                (None, false, _) => Destination::Stdout,
            };
            let options = FixOptions {
                repair: RepairOptions {
                    invalid,
                    strip_bom,
                    legacy: from
                        .flatten()
                        .map_or(RowEncoding::PerRow, RowEncoding::Given),
                    settings: engine_settings(threads),
                    selection: None,
                    process_ends_after: true,
                },
                binary,
                break_links: break_hard_links,
                from,
                keep_bom,
            };
            run_fix(&file, &destination, options)
        }
        Some(Command::Explain {
            bytes,
            format,
            color,
            theme,
            encodings,
            items,
        }) => {
            if encodings {
                let mut out = io::stdout().lock();
                return match explain::list_encodings(&mut out) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                    Err(error) => {
                        eprintln!("utf8scope: cannot write the list: {error}");
                        ExitCode::from(2)
                    }
                };
            }
            run_explain(&items, bytes, format, (color, theme))
        }
        Some(Command::Dump {
            file,
            start,
            length,
            bits,
            width,
            color,
            encoding,
            format,
            theme,
            also,
        }) => {
            let options = DumpOptions {
                start,
                length,
                bits,
                width,
                color: color.enabled(io::stdout().is_terminal()),
                input_len: None,
                encoding: Encoding::UTF_8,
                format: match format {
                    DumpFormatArg::Text => DumpFormat::Text,
                    DumpFormatArg::Html => DumpFormat::Html(theme),
                    DumpFormatArg::Svg => DumpFormat::Svg(theme),
                },
                also,
            };
            run_dump(file.as_deref(), options, None, encoding)
        }
        Some(Command::Completions { shell }) => {
            // Made in memory first: clap_complete panics on a failed write
            // (`utf8scope completions fish | head -1`).
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "utf8scope", &mut script);
            match io::stdout().write_all(&script) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("utf8scope: cannot write the completion script: {error}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Man) => match clap_mangen::Man::new(Cli::command()).render(&mut io::stdout())
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("utf8scope: cannot write the manual page: {error}");
                ExitCode::from(2)
            }
        },
        None => {
            // `FILE:LINE:COL` (as check prints it) when no such file exists.
            let (file, place) = match cli.file {
                Some(file) => match split_place(&file) {
                    Some((path, line, column)) => (Some(path), Some(ui::Start::Line(line, column))),
                    None => (Some(file), None),
                },
                None => (None, None),
            };
            let start = cli
                .offset
                .map(ui::Start::Offset)
                .or(cli.line.map(|(line, column)| ui::Start::Line(line, column)))
                .or(place);
            let options = ui::Options {
                first_invalid: cli.first_invalid,
                color: cli.color.enabled(true),
                bytes_per_row: cli.width,
                start,
                encoding_note: None,
                encoding_reasons: Vec::new(),
                settings: engine_settings(0),
                also: cli.also,
                writer: file
                    .as_ref()
                    .filter(|file| *file != "-" && cli.text.is_none())
                    .map(|file| writer::for_file(file, engine_settings(0))),
            };
            if !io::stdout().is_terminal() {
                // Piped or redirected: the rows as text, as hexyl and bat do.
                let options = DumpOptions {
                    start: cli.offset.unwrap_or(0),
                    length: None,
                    bits: false,
                    width: cli.width.unwrap_or(utf8scope::dump::DEFAULT_WIDTH),
                    color: cli.color.enabled(false),
                    input_len: None,
                    encoding: Encoding::UTF_8,
                    format: DumpFormat::Text,
                    also: cli.also,
                };
                return match cli.text {
                    Some(text) => dump_text(&text, options),
                    None => {
                        let line = cli.line.or(match start {
                            Some(ui::Start::Line(line, column)) => Some((line, column)),
                            _ => None,
                        });
                        run_dump(file.as_deref(), options, line, cli.encoding)
                    }
                };
            }
            if let Some(text) = cli.text {
                let source = Arc::new(Text::from_bytes("<text>", text.into_bytes()));
                return match ui::run(source, None, options) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(error) => {
                        eprintln!("utf8scope: terminal error: {error}");
                        ExitCode::from(2)
                    }
                };
            }
            run_inspector(file.as_deref(), options, cli.max_read, cli.encoding)
        }
    }
}

fn run_inspector(
    file: Option<&OsStr>,
    mut options: ui::Options,
    max_read: u64,
    encoding: Option<EncodingRule>,
) -> ExitCode {
    // Open before touching the terminal, so a bad path leaves the screen alone.
    let input = match open_input(file) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("utf8scope: {message}");
            return ExitCode::from(2);
        }
    };
    let (source, load) = match input {
        Input::File(source) => {
            let head = source.read_range(0, DETECT_SAMPLE).unwrap_or_default();
            let (encoding, note, reasons) = inspector_encoding(&head, encoding);
            options.encoding_note = Some(note);
            options.encoding_reasons = reasons;
            (Arc::new(source.in_encoding(encoding)), None)
        }
        // Someone typing: read it all first (one Ctrl-D ends it), since the
        // inspector needs the terminal for its keys.
        Input::Stream(stream) if stream.is_terminal => {
            eprintln!("utf8scope: reading {} until Ctrl-D…", stream.name);
            match Source::from_reader(stream.name, stream.reader) {
                Ok(source) => {
                    let head = source.read_range(0, DETECT_SAMPLE).unwrap_or_default();
                    let (encoding, note, reasons) = inspector_encoding(&head, encoding);
                    options.encoding_note = Some(note);
                    options.encoding_reasons = reasons;
                    (Arc::new(source.in_encoding(encoding)), None)
                }
                Err(error) => {
                    eprintln!("utf8scope: {}", escape_for_terminal(&error.to_string()));
                    return ExitCode::from(2);
                }
            }
        }
        // A pipe is shown as it arrives: only an encoding named outright
        // applies from the start (`e` re-reads it once it has been read).
        Input::Stream(stream) => match StreamLoad::start(
            stream.name,
            stream.reader,
            max_read,
            match encoding {
                Some(EncodingRule::Given(encoding)) => encoding,
                _ => Encoding::UTF_8,
            },
        ) {
            Ok((source, load)) => (source, Some(load)),
            Err(error) => {
                eprintln!("utf8scope: {}", escape_for_terminal(&error.to_string()));
                return ExitCode::from(2);
            }
        },
    };
    match ui::run(source, load, options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("utf8scope: terminal error: {error}");
            ExitCode::from(2)
        }
    }
}

/// The encoding the inspector and `dump` open a file starting with `head`
/// in, and how it was chosen: as asked, detected (`auto`), or by its BOM
/// (else UTF-8).
fn inspector_encoding(head: &[u8], asked: Option<EncodingRule>) -> (Encoding, String, Vec<String>) {
    let chosen = asked.unwrap_or(EncodingRule::BomOrUtf8).choose(head);
    let encoding = chosen
        .as_ref()
        .map_or(Encoding::UTF_8, |found| found.encoding);
    // Why, for the info panel, where the bytes did not say it outright.
    let reasons = chosen
        .as_ref()
        .filter(|found| !matches!(found.evidence, Evidence::Given | Evidence::Bom))
        .map(|found| {
            let facts = found.reasons.iter();
            facts
                .map(|r| escape_for_terminal(&r.to_string()).into_owned())
                .collect()
        })
        .unwrap_or_default();
    (encoding, choice_note(chosen.as_ref()), reasons)
}

/// The config file `check` follows: the one given, none, or the nearest
/// `.utf8scope.toml` from the current directory upward.
fn load_config(path: Option<&Path>, none: bool) -> Result<Option<Config>, String> {
    match (path, none) {
        (_, true) => Ok(None),
        (Some(path), false) => Config::load(path).map(Some),
        (None, false) => {
            let here = std::env::current_dir().map_err(|error| {
                format!("cannot find the current directory to look for .utf8scope.toml: {error}")
            })?;
            Config::discover(&here)
        }
    }
}

fn run_check(
    files: &[OsString],
    options: &check::CheckOptions,
    config: Option<&Config>,
) -> ExitCode {
    let stdin_only = [OsString::from("-")];
    let files = match files {
        [] if !io::stdin().is_terminal() => &stdin_only[..],
        [] => {
            eprintln!(
                "utf8scope: check needs a FILE or a directory, or standard input piped in \
                 (`utf8scope check .` checks this directory; see `utf8scope check --help`)"
            );
            return ExitCode::from(2);
        }
        files => files,
    };
    let stdout = io::stdout();
    match check::run(
        files,
        options,
        config,
        io::BufWriter::new(stdout.lock()),
        &mut io::stderr(),
    ) {
        Ok(verdict) => ExitCode::from(verdict as u8),
        // A reader that went away (`| head`) is not an error worth a message.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(error) => {
            let _ = writeln!(io::stderr(), "utf8scope: cannot write the report: {error}");
            ExitCode::from(2)
        }
    }
}

/// Explains `items` (hex bytes if `bytes`) as `format` says, coloured as
/// `look` says: when, for text; the theme, for a page or picture.
fn run_explain(
    items: &[String],
    bytes: bool,
    format: ExplainFormat,
    look: (ColorWhen, PageTheme),
) -> ExitCode {
    let (color, theme) = look;
    let subject = match explain::parse_subject(items, bytes) {
        Ok(subject) => subject,
        Err(message) => {
            eprintln!("utf8scope: {message}");
            return ExitCode::from(2);
        }
    };
    let color = format == ExplainFormat::Text && color.enabled(io::stdout().is_terminal());
    let mut out = io::BufWriter::new(io::stdout().lock());
    match explain::explain(&subject, format, color, theme, &mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("utf8scope: cannot write the explanation: {error}");
            ExitCode::from(2)
        }
    }
}

/// Dumps a file or standard input to standard output.
/// Dumps `file` (standard input if `None`) from `options.start`, or from
/// `line` (and column) when it is given, as the inspector would open there.
fn run_dump(
    file: Option<&OsStr>,
    mut options: DumpOptions,
    line: Option<(u64, u64)>,
    encoding: Option<EncodingRule>,
) -> ExitCode {
    let input = match open_input(file) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("utf8scope: {message}");
            return ExitCode::from(2);
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let title = match &input {
        Input::File(source) => format!("{} (utf8scope dump)", source.name()),
        Input::Stream(_) => "utf8scope dump".to_string(),
    };
    if let Err(error) = dump::begin(options, &title, &mut out) {
        return finish_dump(Err(error.into()));
    }
    // A picture's rows are kept until their number, its height, is known.
    let mut svg_rows = dump::SvgRows::default();
    let mut rows_to: &mut dyn Write = match options.format {
        DumpFormat::Svg(_) => &mut svg_rows,
        DumpFormat::Text | DumpFormat::Html(_) => &mut out,
    };
    let result = match input {
        Input::File(source) => {
            options.input_len = Some(source.len());
            let head = source.read_range(0, DETECT_SAMPLE).unwrap_or_default();
            options.encoding = inspector_encoding(&head, encoding).0;
            let source = Arc::new(source.in_encoding(options.encoding));
            if let Some((line, column)) = line {
                match Scan::inline(Arc::clone(&source)).offset_of(line, column) {
                    Ok(Some(LinePlace::At(offset))) => options.start = offset,
                    Ok(_) => {
                        eprintln!(
                            "utf8scope: {}: has fewer than {} lines",
                            escape_for_terminal(source.name()),
                            line
                        );
                        return ExitCode::from(2);
                    }
                    Err(error) => {
                        eprintln!("utf8scope: {}", escape_for_terminal(&error.to_string()));
                        return ExitCode::from(2);
                    }
                }
            }
            if options.start > 0 && options.start >= source.len() {
                eprintln!(
                    "utf8scope: {}: offset {} is past the end (it has {} bytes)",
                    escape_for_terminal(source.name()),
                    options.start,
                    source.len()
                );
                return ExitCode::from(2);
            }
            // Positioned reads from just before the start, not a skip.
            let from = options
                .start
                .saturating_sub(dump::lookback(options.encoding));
            let mut position = from;
            let fill = |buf: &mut [u8]| {
                let n = source.read_at(position, buf)?;
                position += n as u64;
                Ok(n)
            };
            dump::dump_from(from, fill, options, &mut rows_to)
        }
        Input::Stream(mut stream) => {
            // A pipe is read once: its start decides as a file's would.
            let head = stream.peek(DETECT_SAMPLE).unwrap_or_default();
            options.encoding = inspector_encoding(&head, encoding).0;
            dump::dump(stream.fill(), options, &mut rows_to)
        }
    };
    let result = result.and_then(|()| dump::end(options, &mut out).map_err(DumpError::from));
    let result = result.and_then(|()| match options.format {
        DumpFormat::Svg(theme) => out
            .write_all(svg_rows.picture(options, theme, &title).as_bytes())
            .map_err(DumpError::from),
        DumpFormat::Text | DumpFormat::Html(_) => Ok(()),
    });
    finish_dump(result.and_then(|()| out.flush().map_err(DumpError::from)))
}

/// Dumps `--text` when standard output is not a terminal.
fn dump_text(text: &str, mut options: DumpOptions) -> ExitCode {
    options.input_len = Some(text.len() as u64);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = dump::dump_bytes(text.as_bytes(), options, &mut out);
    finish_dump(result.and_then(|()| out.flush().map_err(DumpError::from)))
}

/// The exit status of a dump; a reader that went away is no error.
fn finish_dump(result: Result<(), DumpError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(DumpError::Output(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("utf8scope: {}", escape_for_terminal(&error.to_string()));
            ExitCode::from(2)
        }
    }
}

fn run_fix(file: &OsStr, destination: &Destination, options: FixOptions) -> ExitCode {
    if *destination == Destination::Stdout && io::stdout().is_terminal() {
        eprintln!(
            "utf8scope: fix writes the repaired file to standard output, which is a terminal; \
             redirect it, or give -o OUT or --in-place"
        );
        return ExitCode::from(2);
    }
    // Refused before opening: opening a FIFO with no writer blocks.
    if *destination == Destination::InPlace
        && let Ok(metadata) = std::fs::metadata(file)
        && !metadata.is_file()
    {
        eprintln!(
            "utf8scope: {}: --in-place needs a regular file, not a stream",
            path_text(file)
        );
        return ExitCode::from(2);
    }
    let input = match open_input(Some(file)) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("utf8scope: {message}");
            return ExitCode::from(2);
        }
    };
    let name = input.name().to_string();
    let input_path = (file != "-").then(|| Path::new(file));
    match fix::run(input, input_path, destination, options) {
        Ok(log) => match log.write_summary(&name, &mut io::stderr()) {
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
