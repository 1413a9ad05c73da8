//! The `utf8scope` command: parses arguments and hands over to a front end.

use std::ffi::{OsStr, OsString};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

use utf8scope::check::{self, Config, Format, KindFilter, ReportKind, ReportStyle, WalkOptions};
use utf8scope::display::{escape_for_terminal, path_text};
use utf8scope::dump::{self, DumpError, DumpOptions};
use utf8scope::explain::{self, ExplainFormat};
use utf8scope::fix::{self, Destination, FixError, FixOptions, InvalidPolicy, RepairOptions};
use utf8scope::input::{Input, open_input};
use utf8scope::model::Encoding;
use utf8scope::model::encoding::{DETECT_SAMPLE, RowEncoding, detect_bom, detect_head};
use utf8scope::model::findings::Repairer;
use utf8scope::model::findings::backend::Backend;
use utf8scope::model::scan::LinePlace;
use utf8scope::model::settings::Settings;
use utf8scope::model::{Scan, Source, StreamLoad};

/// The mojibake judgment makes many small strings and lists per garbled
/// line: with glibc's allocator, making and freeing them took about a fifth
/// of `fix`'s time, with mimalloc about a twentieth (perf). (Without
/// transparent huge pages: the kernel zeroed 2 MiB at every fault, again a
/// fifth of the time.)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use utf8scope::ui;

/// A terminal byte inspector for UTF-8: every byte as hex, bits and the
/// character it belongs to, and every invalid sequence explained.
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// File to inspect (`-` or none for piped standard input).
    file: Option<OsString>,
    /// Open with the cursor on the first invalid span.
    #[arg(long)]
    first_invalid: bool,
    /// When to use colour (NO_COLOR is honoured by `auto`).
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    color: ColorWhen,
    /// Bytes per row to start with (`<` and `>` change it; as many as fit by default).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    width: Option<u16>,
    /// Open at this byte offset (decimal, or hex as `check` prints it: `0x2a`).
    #[arg(long, value_name = "N", conflicts_with = "line", value_parser = parse_size)]
    offset: Option<u64>,
    /// Open at this line, or line and column (`12` or `12:5`), as `check` prints them.
    #[arg(long, value_name = "L[:C]", value_parser = parse_line_arg)]
    line: Option<(u64, u64)>,
    /// Open the inspector on this text instead of a file (`--text "Папа Hello"`).
    #[arg(long, value_name = "TEXT", conflicts_with = "file")]
    text: Option<String>,
    /// Read the file in this encoding (`utf-16le`, `windows-1252`, any WHATWG
    /// label) or `auto` (detected); by default a BOM decides, else UTF-8.
    /// `e` re-reads it in another.
    #[arg(long, value_name = "ENC", value_parser = parse_encoding_rule)]
    encoding: Option<check::EncodingRule>,
    /// Read at most this much of a pipe or device (`4G`, `512M`, `100k`, bytes).
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "4G")]
    max_read: u64,
}

#[derive(Subcommand)]
enum Command {
    /// Report every invalid UTF-8 sequence; exit 0 if all valid, 1 if not, 2 if unreadable.
    ///
    /// A directory is walked as ripgrep walks it: .gitignore, .ignore and
    /// git's exclude files are honoured, hidden files and binary files
    /// (a NUL byte in the first 64 KiB) are skipped, symbolic links are not
    /// followed. Files are checked in parallel and reported sorted by path.
    /// Settings can be kept in a .utf8scope.toml, found from the current
    /// directory upward.
    Check {
        /// Output format: text, jsonl, sarif (SARIF 2.1.0) or github
        /// (GitHub Actions annotations).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// When to colour the text output (NO_COLOR is honoured by `auto`).
        #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
        color: ColorWhen,
        /// Also report findings: mojibake, BOMs, bidi controls, invisible and
        /// control characters, …; warnings fail the check, info never does.
        #[arg(long)]
        findings: bool,
        /// Only these kinds count (comma-separated: `--select bidi-control,truncated`);
        /// naming a finding kind turns findings on.
        #[arg(long, value_name = "KIND,...")]
        select: Vec<String>,
        /// These kinds never count (`--ignore not-nfc,bom`).
        #[arg(long, value_name = "KIND,...")]
        ignore: Vec<String>,
        /// List at most N invalid spans per file (0: all). Default 100 in the
        /// text format, all in the others.
        #[arg(long, value_name = "N")]
        max_spans: Option<u64>,
        /// Say nothing of files without problems; end with one line totalling the run.
        #[arg(short, long)]
        quiet: bool,
        /// Walk hidden files and directories too.
        #[arg(long)]
        hidden: bool,
        /// Do not honour .gitignore, .ignore or git's exclude files.
        #[arg(long)]
        no_ignore: bool,
        /// Follow symbolic links in walks.
        #[arg(short = 'L', long = "follow")]
        follow: bool,
        /// Walk only files matching GLOB (gitignore syntax; `!GLOB` excludes); repeatable.
        #[arg(short, long, value_name = "GLOB")]
        glob: Vec<String>,
        /// Never walk files matching GLOB; repeatable.
        #[arg(long, value_name = "GLOB")]
        exclude: Vec<String>,
        /// Check walked files that look binary too.
        #[arg(long)]
        binary: bool,
        /// Read files in this encoding (`utf-16le`, `windows-1252`, `sjis`,
        /// any WHATWG label) or `auto` (detected per file). Without it files
        /// are checked as UTF-8 and one that is not says what it looks like.
        #[arg(long, value_name = "ENC", value_parser = parse_encoding_rule)]
        encoding: Option<check::EncodingRule>,
        /// Threads checking files (default: one per core).
        #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
        threads: usize,
        /// Read settings from this file instead of the nearest .utf8scope.toml.
        #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
        config: Option<PathBuf>,
        /// Read no .utf8scope.toml.
        #[arg(long)]
        no_config: bool,
        /// Files and directories to check (`-` is standard input; with none,
        /// piped standard input).
        files: Vec<OsString>,
    },
    /// Write the text with its mojibake repaired; say on stderr what changed.
    ///
    /// Nothing else changes unless asked (--invalid, --strip-bom). The input
    /// is never written over without --in-place. A file that looks binary
    /// (a NUL byte, or many invalid spans and control characters in its
    /// first 64 KiB) is left alone unless --binary is given.
    Fix {
        /// File to repair (`-` is standard input).
        file: OsString,
        /// Write to OUT instead of standard output: a regular file (or a
        /// symlink's target) is replaced atomically, keeping its mode,
        /// owner and group; a device or FIFO is written through.
        #[arg(short, long, value_name = "OUT", conflicts_with = "in_place")]
        output: Option<PathBuf>,
        /// Rewrite FILE itself, atomically: a failure leaves it untouched.
        #[arg(long)]
        in_place: bool,
        /// Write nothing: print what would change as a unified diff
        /// (`| patch -p0` applies it).
        #[arg(long, conflicts_with_all = ["output", "in_place"])]
        diff: bool,
        /// What to do with invalid spans: keep them, replace each with U+FFFD,
        /// drop them, or read them in a legacy encoding (`legacy`: per line,
        /// the one the line reads best in, or --from's).
        #[arg(long, value_enum, default_value_t = InvalidPolicy::Keep, value_name = "HOW")]
        invalid: InvalidPolicy,
        /// Leave out byte order marks (every U+FEFF).
        #[arg(long)]
        strip_bom: bool,
        /// Convert the whole file from this encoding to UTF-8 (`auto`: detect
        /// it); bytes it leaves undefined stop the conversion unless
        /// `--invalid replace`. With `--invalid legacy`: the encoding of the
        /// legacy rows.
        #[arg(long, value_name = "ENC", value_parser = parse_encoding_rule)]
        from: Option<check::EncodingRule>,
        /// Keep the byte order mark of a converted file (as EF BB BF).
        #[arg(long, requires = "from")]
        keep_bom: bool,
        /// Repair a file that looks binary too.
        #[arg(long)]
        binary: bool,
        /// Replace a file that has other hard links (they keep the old text).
        #[arg(long)]
        break_hard_links: bool,
    },
    /// Explain characters, code points or bytes: bits, payload, UTF-16, UTF-32.
    ///
    /// `utf8scope explain "Папа Hello"` explains every character (arguments
    /// are joined with spaces); `utf8scope explain U+10C0C U+1F600` explains
    /// code points; `utf8scope explain --bytes "E0 80 AF C3 A9"` explains a
    /// byte sequence as the decoder splits it, with the rule each invalid
    /// span broke.
    Explain {
        /// Read the arguments as hex bytes (`"E0 80 AF"`, `e080af`, `\xE0\x80`).
        #[arg(long)]
        bytes: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
        format: ExplainFormat,
        /// When to colour the text output (NO_COLOR is honoured by `auto`).
        #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
        color: ColorWhen,
        /// List the encodings `--encoding` and `--from` take, with their
        /// unit sizes and byte order marks.
        #[arg(long, conflicts_with = "bytes")]
        encodings: bool,
        /// The text, code points (`U+20AC`) or hex bytes.
        #[arg(required_unless_present = "encodings", value_name = "TEXT|U+XXXX|HEX")]
        items: Vec<String>,
    },
    /// Print the inspector's rows as static text, like hexyl or xxd.
    ///
    /// `utf8scope FILE` does this too when standard output is not a
    /// terminal (`utf8scope FILE | less -R`).
    Dump {
        /// File to dump (`-` or none for piped standard input).
        file: Option<OsString>,
        /// First byte to show.
        #[arg(short = 's', long = "skip", value_name = "OFFSET", value_parser = parse_size, default_value = "0")]
        start: u64,
        /// Bytes to show at most.
        #[arg(short = 'n', long, value_name = "LENGTH", value_parser = parse_size)]
        length: Option<u64>,
        /// Show the bits pane too.
        #[arg(long)]
        bits: bool,
        /// Bytes per row.
        #[arg(long, value_name = "BYTES", default_value_t = utf8scope::dump::DEFAULT_WIDTH,
              value_parser = clap::value_parser!(u16).range(1..=256))]
        width: u16,
        /// When to colour (NO_COLOR is honoured by `auto`).
        #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
        color: ColorWhen,
        /// Read the file in this encoding (any WHATWG label) or `auto`; by
        /// default a BOM decides, else UTF-8.
        #[arg(long, value_name = "ENC", value_parser = parse_encoding_rule)]
        encoding: Option<check::EncodingRule>,
    },
    /// Print a completion script for a shell (bash, zsh, fish, powershell, elvish).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), for `man -l -` or a man directory.
    Man,
}

/// The subcommands, for suggestions when a first argument is neither one
/// nor a file.
const SUBCOMMANDS: [&str; 6] = ["check", "fix", "explain", "dump", "completions", "man"];

/// A first argument that is no file but close to a subcommand's name
/// (`chekc`): the suggestion to print instead of clap's confusing error.
fn misspelled_subcommand(args: &[OsString]) -> Option<String> {
    let first = args.get(1)?.to_str()?;
    if first.starts_with('-') || first.chars().count() < 3 || Path::new(first).exists() {
        return None;
    }
    // Close: one edit in three letters at most (`chekc`, `fixx`), never a
    // short file name that happens to share a letter.
    SUBCOMMANDS
        .into_iter()
        .filter(|name| *name != first)
        .map(|name| (strsim::damerau_levenshtein(first, name), name))
        .filter(|&(distance, name)| distance <= 2 && distance * 3 <= name.len())
        .min()
        .map(|(_, name)| {
            format!(
                "utf8scope: '{}' is neither a file nor a subcommand; did you mean `utf8scope {name}`?",
                escape_for_terminal(first)
            )
        })
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

/// Parses `L` or `L:C` (1-based).
fn parse_line_arg(text: &str) -> Result<(u64, u64), String> {
    let with_column = if text.contains(':') {
        text.to_string()
    } else {
        format!("{text}:1")
    };
    ui::goto::parse_line_column(&with_column)
        .ok_or_else(|| "expected a line, or line:column, from 1 (12 or 12:5)".to_string())
}

/// `FILE:LINE:COL` or `FILE:LINE`, when FILE with that suffix is not itself
/// a file: the path and where to open it.
fn split_place(argument: &OsStr) -> Option<(OsString, u64, u64)> {
    if Path::new(argument).exists() {
        return None;
    }
    let text = argument.to_str()?;
    let number = |part: &str| part.parse::<u64>().ok().filter(|&n| n > 0);
    let (rest, last) = text.rsplit_once(':')?;
    let last = number(last)?;
    let (path, line, column) = match rest.rsplit_once(':') {
        Some((path, line)) if number(line).is_some() && Path::new(path).exists() => {
            (path, number(line)?, last)
        }
        _ => (rest, last, 1),
    };
    Path::new(path)
        .exists()
        .then(|| (OsString::from(path), line, column))
}

/// Parses a size or an offset: bytes (`1000000`, `1,000,000`), hex as
/// `check` prints offsets (`0x0000002a`), or a number with k, M, G or T
/// (powers of 1024).
fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        return u64::from_str_radix(hex, 16)
            .map_err(|_| "expected hex digits after 0x, as in 0x0000002a".to_string());
    }
    let text = text.replace(',', "");
    let text = text.as_str();
    let (digits, shift) = match text.char_indices().last() {
        Some((at, 'k' | 'K')) => (&text[..at], 10),
        Some((at, 'm' | 'M')) => (&text[..at], 20),
        Some((at, 'g' | 'G')) => (&text[..at], 30),
        Some((at, 't' | 'T')) => (&text[..at], 40),
        _ => (text, 0),
    };
    let number: u64 = digits
        .parse()
        .map_err(|_| "expected a size such as 4G, 512M, 100k, 1000000 or 0x2a".to_string())?;
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| "that size is too large".to_string())
}

/// Parses the command line. clap's own messages repeat arguments (and its
/// plain rendering strips what looks like an escape sequence, losing it),
/// so a message is made again from the arguments written out terminal-safe
/// (`\x1b]52;…`), and escaped once more on its way out.
fn parse_cli() -> Result<Cli, ExitCode> {
    Cli::try_parse().map_err(|error| match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            ExitCode::SUCCESS
        }
        _ => {
            let safe_args =
                std::env::args_os().map(|arg| escape_for_terminal(&path_text(&arg)).into_owned());
            let error = Cli::try_parse_from(safe_args).err().unwrap_or(error);
            let text = error.render().to_string();
            let safe: Vec<_> = text.lines().map(escape_for_terminal).collect();
            let _ = writeln!(io::stderr(), "{}", safe.join("\n").trim_end());
            ExitCode::from(2)
        }
    })
}

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
        }) => {
            let from = from.map(|rule| match rule {
                check::EncodingRule::Given(encoding) => Some(encoding),
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
                    settings: engine_settings(0),
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
            run_explain(&items, bytes, format, color)
        }
        Some(Command::Dump {
            file,
            start,
            length,
            bits,
            width,
            color,
            encoding,
        }) => {
            let options = DumpOptions {
                start,
                length,
                bits,
                width,
                color: color.enabled(io::stdout().is_terminal()),
                input_len: None,
                encoding: Encoding::UTF_8,
            };
            run_dump(file.as_deref(), options, None, encoding)
        }
        Some(Command::Completions { shell }) => {
            let mut command = Cli::command();
            clap_complete::generate(shell, &mut command, "utf8scope", &mut io::stdout());
            ExitCode::SUCCESS
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
                settings: engine_settings(0),
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
                let source = Arc::new(Source::from_bytes("<text>", text.into_bytes()));
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
    encoding: Option<check::EncodingRule>,
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
            let (encoding, note) = inspector_encoding(&head, encoding);
            options.encoding_note = Some(note);
            (Arc::new(source.in_encoding(encoding)), None)
        }
        // Someone typing: read it all first (one Ctrl-D ends it), since the
        // inspector needs the terminal for its keys.
        Input::Stream(stream) if stream.is_terminal => {
            eprintln!("utf8scope: reading {} until Ctrl-D…", stream.name);
            match Source::from_reader(stream.name, stream.reader) {
                Ok(source) => {
                    let head = source.read_range(0, DETECT_SAMPLE).unwrap_or_default();
                    let (encoding, note) = inspector_encoding(&head, encoding);
                    options.encoding_note = Some(note);
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
                Some(check::EncodingRule::Given(encoding)) => encoding,
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

/// The encoding the inspector opens a file starting with `head` in, and how
/// it was chosen: as asked, detected (`auto`), or by its BOM (else UTF-8).
fn inspector_encoding(head: &[u8], asked: Option<check::EncodingRule>) -> (Encoding, String) {
    match asked {
        Some(check::EncodingRule::Given(encoding)) => (encoding, encoding.name().to_string()),
        Some(check::EncodingRule::Auto) => {
            let found = detect_head(head);
            (
                found.encoding,
                format!("{} ({})", found.encoding, found.describe()),
            )
        }
        _ => match detect_bom(head) {
            Some((encoding, _)) => (encoding, format!("{encoding} (BOM)")),
            None => (Encoding::UTF_8, "UTF-8".to_string()),
        },
    }
}

/// `--select` and `--ignore` as a filter; the error names the bad kind.
fn kind_filter(select: &[String], ignore: &[String]) -> Result<KindFilter, String> {
    Ok(KindFilter {
        select: (!select.is_empty())
            .then(|| ReportKind::parse_list(select))
            .transpose()?,
        ignore: ReportKind::parse_list(ignore)?,
    })
}

/// `--encoding`: `auto` or an encoding's label.
fn parse_encoding_rule(value: &str) -> Result<check::EncodingRule, String> {
    if value.eq_ignore_ascii_case("auto") {
        return Ok(check::EncodingRule::Auto);
    }
    parse_encoding(value).map(check::EncodingRule::Given)
}

/// An encoding's label (`utf-16le`, `latin1`, `cp1251`, `sjis`, …).
fn parse_encoding(value: &str) -> Result<Encoding, String> {
    Encoding::for_label(value).ok_or_else(|| {
        "unknown encoding (try utf-8, utf-16le, utf-16be, utf-32le, utf-32be, windows-1252, \
         iso-8859-2, koi8-r, shift_jis, gbk, big5, euc-kr, or any WHATWG label; \
         `utf8scope explain --encodings` lists them)"
            .to_string()
    })
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

fn run_explain(items: &[String], bytes: bool, format: ExplainFormat, color: ColorWhen) -> ExitCode {
    let subject = match explain::parse_subject(items, bytes) {
        Ok(subject) => subject,
        Err(message) => {
            eprintln!("utf8scope: {message}");
            return ExitCode::from(2);
        }
    };
    let color = format == ExplainFormat::Text && color.enabled(io::stdout().is_terminal());
    let mut out = io::BufWriter::new(io::stdout().lock());
    match explain::explain(&subject, format, color, &mut out).and_then(|()| out.flush()) {
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
    encoding: Option<check::EncodingRule>,
) -> ExitCode {
    let input = match open_input(file) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("utf8scope: {message}");
            return ExitCode::from(2);
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
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
            dump::dump_from(from, fill, options, &mut out)
        }
        Input::Stream(mut stream) => {
            // A pipe is read once: its start decides as a file's would.
            let head = stream.peek(DETECT_SAMPLE).unwrap_or_default();
            options.encoding = inspector_encoding(&head, encoding).0;
            dump::dump(stream.fill(), options, &mut out)
        }
    };
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
