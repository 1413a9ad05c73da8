//! Which files `check` reads: files named on the command line, and the
//! files of named directories, walked with the rules ripgrep users expect
//! (the `ignore` crate: .gitignore, .ignore and git's exclude files, hidden
//! files skipped, symbolic links not followed).

use std::ffi::OsString;
use std::path::Path;

use ignore::WalkBuilder;
use ignore::overrides::OverrideBuilder;

use super::config::Config;
use crate::display::{escape_for_terminal, path_text};
use crate::model::source::io_reason;

/// How directories are walked.
#[derive(Debug, Clone, Default)]
pub struct WalkOptions {
    /// Also hidden files and directories (`--hidden`).
    pub hidden: bool,
    /// Ignore no file for .gitignore, .ignore or git's excludes (`--no-ignore`).
    pub no_ignore: bool,
    /// Follow symbolic links (`-L`).
    pub follow_links: bool,
    /// Only walked files that match one of these (`--glob`; `!GLOB` excludes).
    pub globs: Vec<String>,
    /// Walked files never checked (`--exclude`).
    pub excludes: Vec<String>,
}

/// A file to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The path (`-` for standard input).
    pub path: OsString,
    /// Whether it was found in a walk rather than named: a walked file that
    /// looks binary is skipped.
    pub walked: bool,
}

/// What expanding the command line's paths finds, in report order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A file to check.
    File(Target),
    /// A path that could not be walked (an unreadable directory, a symlink
    /// loop, a bad glob): one terminal-safe line.
    Error(String),
}

/// Whether any of `paths` is a directory, to be walked.
pub fn walks_any(paths: &[OsString]) -> bool {
    paths
        .iter()
        .any(|path| path != "-" && Path::new(path).is_dir())
}

/// Expands `paths`, lazily: a directory becomes its files, walked with
/// `options` and `config`'s excludes, sorted by path (component by
/// component: a directory's files together, `a/b` before `a.txt`);
/// anything else is checked as named.
pub fn expand<'a>(
    paths: &'a [OsString],
    options: &'a WalkOptions,
    config: Option<&'a Config>,
) -> impl Iterator<Item = Found> + Send + 'a {
    paths
        .iter()
        .flat_map(move |path| -> Box<dyn Iterator<Item = Found> + Send> {
            if path == "-" || !Path::new(path).is_dir() {
                return Box::new(std::iter::once(Found::File(Target {
                    path: path.clone(),
                    walked: false,
                })));
            }
            match walker(Path::new(path), options, config) {
                Ok(walk) => Box::new(walk.filter_map(|entry| match entry {
                    // Files, and with -L what links point at; never
                    // directories, sockets or devices met on the way.
                    Ok(entry) if entry.file_type().is_some_and(|t| t.is_file()) => {
                        Some(Found::File(Target {
                            path: entry.into_path().into_os_string(),
                            walked: true,
                        }))
                    }
                    Ok(_) => None,
                    Err(error) => Some(Found::Error(
                        escape_for_terminal(&walk_error(&error)).into_owned(),
                    )),
                })),
                Err(message) => Box::new(std::iter::once(Found::Error(message))),
            }
        })
}

/// One line for a path a walk could not read: the path once, then the
/// reason (`tree/locked: permission denied`), where ignore's own words name
/// the path twice.
fn walk_error(error: &ignore::Error) -> String {
    match error {
        ignore::Error::WithPath { path, err } => {
            format!("{}: {}", path_text(path.as_os_str()), walk_reason(err))
        }
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            walk_error(err)
        }
        ignore::Error::Partial(errors) if !errors.is_empty() => walk_error(&errors[0]),
        other => other.to_string(),
    }
}

/// The reason in a walk error, without the path it names.
fn walk_reason(error: &ignore::Error) -> String {
    match error {
        ignore::Error::Io(io) => io_reason(io),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithPath { err, .. } => {
            walk_reason(err)
        }
        other => other.to_string(),
    }
}

/// A sorted walk of `root`.
fn walker(
    root: &Path,
    options: &WalkOptions,
    config: Option<&Config>,
) -> Result<ignore::Walk, String> {
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(!options.hidden)
        .ignore(!options.no_ignore)
        .git_ignore(!options.no_ignore)
        .git_global(!options.no_ignore)
        .git_exclude(!options.no_ignore)
        .parents(!options.no_ignore)
        .follow_links(options.follow_links)
        // Names compared as bytes: with the walk depth-first, that is the
        // order of whole paths component by component.
        .sort_by_file_name(|a, b| a.cmp(b));
    if !options.globs.is_empty() || !options.excludes.is_empty() {
        let mut overrides = OverrideBuilder::new(root);
        let bad = |glob: &str, error: ignore::Error| {
            format!("bad glob '{}': {error}", escape_for_terminal(glob))
        };
        for glob in &options.globs {
            overrides.add(glob).map_err(|e| bad(glob, e))?;
        }
        for glob in &options.excludes {
            let negated = format!("!{glob}");
            overrides.add(&negated).map_err(|e| bad(glob, e))?;
        }
        builder.overrides(overrides.build().map_err(|e| bad("", e))?);
    }
    if let Some(excluded) = config.map(Config::walk_excludes) {
        // An excluded directory is not even entered; a root named on the
        // command line is walked all the same.
        builder.filter_entry(move |entry| {
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            entry.depth() == 0 || !excluded(entry.path(), is_dir)
        });
    }
    Ok(builder.build())
}

#[cfg(test)]
mod walk_error_tests {
    use super::*;

    #[test]
    fn an_unreadable_directory_is_named_once() {
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let error = ignore::Error::WithDepth {
            depth: 1,
            err: Box::new(ignore::Error::WithPath {
                path: "tree/locked".into(),
                err: Box::new(ignore::Error::Io(denied)),
            }),
        };
        let said = walk_error(&error);
        assert!(said.starts_with("tree/locked: "), "{said}");
        assert_eq!(said.matches("tree/locked").count(), 1, "{said}");
    }
}
