//! Which files `check` reads: files named on the command line, and the
//! files of named directories, walked with the rules ripgrep users expect
//! (the `ignore` crate: .gitignore, .ignore and git's exclude files, hidden
//! files skipped, symbolic links not followed).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use ignore::overrides::OverrideBuilder;
use ignore::{WalkBuilder, WalkState};

use super::config::Config;
use crate::display::escape_for_terminal;

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
    /// Threads for the walk.
    pub threads: usize,
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

/// What the command line named, expanded: the files in order, and one
/// terminal-safe line per path that could not be walked.
#[derive(Debug, Default)]
pub struct Targets {
    /// Files to check: named ones where they were named, each directory's
    /// files sorted by path.
    pub files: Vec<Target>,
    /// Errors met on the way (an unreadable directory, a symlink loop).
    pub errors: Vec<String>,
    /// Whether some directory was walked.
    pub walked_any: bool,
}

/// Expands `paths`: a directory becomes its files, walked with `options`
/// and `config`'s excludes; anything else is checked as named.
pub fn expand(paths: &[OsString], options: &WalkOptions, config: Option<&Config>) -> Targets {
    let mut targets = Targets::default();
    for path in paths {
        let is_dir = path != "-" && Path::new(path).is_dir();
        if !is_dir {
            targets.files.push(Target {
                path: path.clone(),
                walked: false,
            });
            continue;
        }
        targets.walked_any = true;
        match walk(Path::new(path), options, config) {
            Ok((files, errors)) => {
                targets.files.extend(files.into_iter().map(|path| Target {
                    path: path.into_os_string(),
                    walked: true,
                }));
                targets.errors.extend(errors);
            }
            Err(message) => targets.errors.push(message),
        }
    }
    targets
}

/// The order of paths in a report: component by component (a directory's
/// files together, `a/b` before `a.txt`), compared as bytes with the
/// separator below every other byte, which is that order without splitting
/// paths into components (a tree has tens of thousands to sort).
fn path_order(a: &Path, b: &Path) -> std::cmp::Ordering {
    use std::os::unix::ffi::OsStrExt;
    let key = |byte: &u8| {
        if *byte == b'/' {
            0
        } else {
            u16::from(*byte) + 1
        }
    };
    let (a, b) = (a.as_os_str().as_bytes(), b.as_os_str().as_bytes());
    a.iter().map(key).cmp(b.iter().map(key))
}

/// The files under `root`, sorted, and the errors met.
fn walk(
    root: &Path,
    options: &WalkOptions,
    config: Option<&Config>,
) -> Result<(Vec<PathBuf>, Vec<String>), String> {
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(!options.hidden)
        .ignore(!options.no_ignore)
        .git_ignore(!options.no_ignore)
        .git_global(!options.no_ignore)
        .git_exclude(!options.no_ignore)
        .parents(!options.no_ignore)
        .follow_links(options.follow_links)
        .threads(options.threads.max(1));
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
    let found = Mutex::new((Vec::new(), Vec::new()));
    builder.build_parallel().run(|| {
        let found = &found;
        Box::new(move |entry| {
            match entry {
                Ok(entry) => {
                    let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
                    // An excluded directory is not even entered; a root
                    // named on the command line is walked all the same.
                    let below_root = entry.depth() > 0;
                    if below_root && config.is_some_and(|c| c.excludes(entry.path(), is_dir)) {
                        return if is_dir {
                            WalkState::Skip
                        } else {
                            WalkState::Continue
                        };
                    }
                    // Files, and with -L what links point at; never
                    // directories, sockets or devices met on the way.
                    if entry.file_type().is_some_and(|t| t.is_file()) {
                        found.lock().expect("no panics").0.push(entry.into_path());
                    }
                }
                Err(error) => {
                    let message = escape_for_terminal(&error.to_string()).into_owned();
                    found.lock().expect("no panics").1.push(message);
                }
            }
            WalkState::Continue
        })
    });
    let (mut files, mut errors) = found.into_inner().expect("no panics");
    files.sort_unstable_by(|a, b| path_order(a, b));
    errors.sort();
    Ok((files, errors))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_sort_by_component_as_std_sorts_them() {
        let mut paths: Vec<PathBuf> = [
            "a.txt", "a/b", "a/b/c", "a-b", "a", "b", "a/B", "./x", "a/b.c",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        let mut by_std = paths.clone();
        by_std.sort();
        paths.sort_unstable_by(|a, b| path_order(a, b));
        assert_eq!(paths, by_std);
    }
}
