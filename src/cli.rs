//! The command line: every argument, subcommand and value parser, as clap
//! reads them, and the one-line errors made of what clap cannot read. What
//! a command then does is in `main.rs` and the front ends.

use std::ffi::{OsStr, OsString};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand, ValueEnum};

use utf8scope::check::{Format, KindFilter, ReportKind};
use utf8scope::display::{escape_for_terminal, path_text};
use utf8scope::explain::ExplainFormat;
use utf8scope::fix::InvalidPolicy;
use utf8scope::model::Encoding;
use utf8scope::model::encoding::EncodingRule;
use utf8scope::ui;

/// A terminal byte inspector for UTF-8: every byte as hex, bits and the
/// character it belongs to, and every invalid sequence explained.
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
    /// File to inspect (`-` or none for piped standard input).
    pub(crate) file: Option<OsString>,
    /// Open with the cursor on the first invalid span.
    #[arg(long)]
    pub(crate) first_invalid: bool,
    /// When to use colour (NO_COLOR is honoured by `auto`).
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub(crate) color: ColorWhen,
    /// Bytes per row to start with (`<` and `>` change it; as many as fit by default).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(crate) width: Option<u16>,
    /// Open at this byte offset (decimal, or hex as `check` prints it: `0x2a`).
    #[arg(long, value_name = "N", conflicts_with = "line", value_parser = parse_size)]
    pub(crate) offset: Option<u64>,
    /// Open at this line, or line and column (`12` or `12:5`), as `check` prints them.
    #[arg(long, value_name = "L[:C]", value_parser = parse_line_arg)]
    pub(crate) line: Option<(u64, u64)>,
    /// Open the inspector on this text instead of a file (`--text "Папа Hello"`).
    #[arg(long, value_name = "TEXT", conflicts_with = "file")]
    pub(crate) text: Option<String>,
    /// Read the file in this encoding (`utf-16le`, `windows-1252`, any WHATWG
    /// label) or `auto` (detected); by default a BOM decides, else UTF-8.
    /// `e` re-reads it in another.
    #[arg(long, value_name = "ENC", value_parser = parse_encoding_rule)]
    pub(crate) encoding: Option<EncodingRule>,
    /// Read at most this much of a pipe or device (`4G`, `512M`, `100k`, bytes).
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "4G")]
    pub(crate) max_read: u64,
    /// Open with a second reading of the bytes in this encoding beside the
    /// text pane (`r` shows or hides it, `R` reads in the next encoding).
    #[arg(long, value_name = "ENC", value_parser = parse_encoding)]
    pub(crate) also: Option<Encoding>,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
        /// Say why each file's encoding was chosen (with `--encoding auto`): the
        /// bytes and facts for the winner and against each other candidate.
        #[arg(long)]
        explain: bool,
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
        encoding: Option<EncodingRule>,
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
        from: Option<EncodingRule>,
        /// Keep the byte order mark of a converted file (as EF BB BF).
        #[arg(long, requires = "from")]
        keep_bom: bool,
        /// Repair a file that looks binary too.
        #[arg(long)]
        binary: bool,
        /// Replace a file that has other hard links (they keep the old text).
        #[arg(long)]
        break_hard_links: bool,
        /// Threads judging the text for mojibake (default: one per core).
        #[arg(short = 'j', long, value_name = "N", default_value_t = 0)]
        threads: usize,
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
        /// The page's or picture's colours (`--format html` or `svg`).
        #[arg(long, value_enum, default_value_t = utf8scope::dump::PageTheme::Light, value_name = "THEME")]
        theme: utf8scope::dump::PageTheme,
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
        encoding: Option<EncodingRule>,
        /// Write the rows as text, or as a self-contained HTML page or SVG
        /// picture with the inspector's colours and a legend (for slides and
        /// handouts).
        #[arg(long, value_enum, default_value_t = DumpFormatArg::Text, value_name = "FORMAT")]
        format: DumpFormatArg,
        /// The page's or picture's colours (`--format html` or `svg`).
        #[arg(long, value_enum, default_value_t = utf8scope::dump::PageTheme::Light, value_name = "THEME")]
        theme: utf8scope::dump::PageTheme,
        /// A second reading of the bytes beside the text, in this encoding
        /// (as the inspector's `r`); at most 16 MiB of them.
        #[arg(long, value_name = "ENC", value_parser = parse_encoding)]
        also: Option<Encoding>,
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

/// What `dump` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum DumpFormatArg {
    /// Lines of text (coloured as `--color` says).
    Text,
    /// A self-contained HTML page.
    Html,
    /// A self-contained SVG picture (at most 16 MiB of rows).
    Svg,
}

/// The subcommands, for suggestions when a first argument is neither one
/// nor a file.
pub(crate) const SUBCOMMANDS: [&str; 6] = ["check", "fix", "explain", "dump", "completions", "man"];

/// A first argument that is no file but close to a subcommand's name
/// (`chekc`): the suggestion to print instead of clap's confusing error.
pub(crate) fn misspelled_subcommand(args: &[OsString]) -> Option<String> {
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
pub(crate) enum ColorWhen {
    Auto,
    Always,
    Never,
}

impl ColorWhen {
    pub(crate) fn enabled(self, stream_is_terminal: bool) -> bool {
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
pub(crate) fn parse_line_arg(text: &str) -> Result<(u64, u64), String> {
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
pub(crate) fn split_place(argument: &OsStr) -> Option<(OsString, u64, u64)> {
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
pub(crate) fn parse_size(text: &str) -> Result<u64, String> {
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
pub(crate) fn parse_cli() -> Result<Cli, ExitCode> {
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

/// `--select` and `--ignore` as a filter; the error names the bad kind.
pub(crate) fn kind_filter(select: &[String], ignore: &[String]) -> Result<KindFilter, String> {
    Ok(KindFilter {
        select: (!select.is_empty())
            .then(|| ReportKind::parse_list(select))
            .transpose()?,
        ignore: ReportKind::parse_list(ignore)?,
    })
}

/// `--encoding`: `auto` or an encoding's label.
pub(crate) fn parse_encoding_rule(value: &str) -> Result<EncodingRule, String> {
    if value.eq_ignore_ascii_case("auto") {
        return Ok(EncodingRule::Auto);
    }
    parse_encoding(value).map(EncodingRule::Given)
}

/// An encoding's label (`utf-16le`, `latin1`, `cp1251`, `sjis`, …).
pub(crate) fn parse_encoding(value: &str) -> Result<Encoding, String> {
    Encoding::for_label(value).ok_or_else(|| {
        "unknown encoding (try utf-8, utf-16le, utf-16be, utf-32le, utf-32be, windows-1252, \
         iso-8859-2, koi8-r, shift_jis, gbk, big5, euc-kr, or any WHATWG label; \
         `utf8scope explain --encodings` lists them)"
            .to_string()
    })
}
