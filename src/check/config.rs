//! `.utf8scope.toml`: the settings of `check` kept with a repository, found
//! from the current directory upward (as rustfmt.toml and ruff.toml are).
//!
//! ```toml
//! findings = true
//! ignore = ["not-nfc", "bom"]
//! exclude = ["vendor/", "*.min.js"]
//!
//! [[overrides]]
//! glob = "*.md"
//! ignore = ["invisible"]
//! ```
//!
//! Globs follow .gitignore's rules, relative to the directory that holds
//! the file, and a file outside that directory is not governed by it.
//! Unknown keys and unknown kinds are errors naming the file and the line.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use serde::Deserialize;
use toml::Spanned;

use super::kinds::{KindFilter, ReportKind};
use crate::display::{escape_for_terminal, path_text};

/// The file's name.
pub const CONFIG_NAME: &str = ".utf8scope.toml";

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    findings: Option<bool>,
    select: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    ignore: Vec<Spanned<String>>,
    #[serde(default)]
    exclude: Vec<Spanned<String>>,
    #[serde(default)]
    overrides: Vec<RawOverride>,
}

/// One `[[overrides]]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOverride {
    glob: Spanned<OneOrMany>,
    findings: Option<bool>,
    select: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    ignore: Vec<Spanned<String>>,
}

/// `glob = "*.md"` or `glob = ["*.md", "docs/"]`.
#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

/// The settings a config file gives.
#[derive(Debug)]
pub struct Config {
    /// `findings = true`.
    pub findings: Option<bool>,
    /// `select` and `ignore`.
    pub kinds: KindFilter,
    /// Files a walk leaves out (a file named on the command line is
    /// always checked).
    exclude: Gitignore,
    /// Per-glob settings, in the file's order (later ones win).
    overrides: Vec<Override>,
    /// The current directory when the file was read, which relative paths
    /// are taken from (asked once, not once per file).
    cwd: PathBuf,
    /// The directory the globs are relative to.
    root: PathBuf,
    /// [`Config::directory_matches`] so far.
    by_directory: Mutex<HashMap<PathBuf, Vec<bool>>>,
}

/// An `[[overrides]]` table.
#[derive(Debug)]
struct Override {
    globs: Gitignore,
    findings: Option<bool>,
    kinds: KindFilter,
}

/// What a config says for one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileSettings {
    /// Whether its findings are looked for (`None`: as the command line says).
    pub findings: Option<bool>,
    /// Which kinds count.
    pub kinds: KindFilter,
}

impl Config {
    /// The nearest `.utf8scope.toml` from `start` upward, read; `Ok(None)`
    /// when there is none.
    pub fn discover(start: &Path) -> Result<Option<Config>, String> {
        for dir in start.ancestors() {
            let candidate = dir.join(CONFIG_NAME);
            if candidate.is_file() {
                return Config::load(&candidate).map(Some);
            }
        }
        Ok(None)
    }

    /// Reads the config file at `path`; the error is one line naming the
    /// file, the line and what is wrong.
    pub fn load(path: &Path) -> Result<Config, String> {
        let name = escape_for_terminal(&path_text(path.as_os_str())).into_owned();
        let text = std::fs::read_to_string(path).map_err(|error| {
            format!(
                "{name}: cannot read the config file: {}",
                crate::model::source::io_reason(&error)
            )
        })?;
        let root = path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        Config::parse(&text, &root).map_err(|(span, message)| match span {
            Some(span) => format!(
                "{name}:{}: {}",
                line_of(&text, span.start),
                escape_for_terminal(&message)
            ),
            None => format!("{name}: {}", escape_for_terminal(&message)),
        })
    }

    /// Parses a config's text; globs are relative to `root`.
    fn parse(text: &str, root: &Path) -> Result<Config, (Option<Range<usize>>, String)> {
        let raw: RawConfig = toml::from_str(text)
            .map_err(|error| (error.span(), error.message().trim().to_string()))?;
        let overrides = raw
            .overrides
            .into_iter()
            .map(|table| {
                let span = table.glob.span();
                let globs = match table.glob.into_inner() {
                    OneOrMany::One(glob) => vec![glob],
                    OneOrMany::Many(globs) => globs,
                };
                let globs: Vec<_> = globs
                    .into_iter()
                    .map(|glob| Spanned::new(span.clone(), glob))
                    .collect();
                Ok(Override {
                    globs: gitignore(root, &globs)?,
                    findings: table.findings,
                    kinds: kind_filter(table.select, &table.ignore)?,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Config {
            findings: raw.findings,
            kinds: kind_filter(raw.select, &raw.ignore)?,
            exclude: gitignore(root, &raw.exclude)?,
            overrides,
            cwd: std::env::current_dir().unwrap_or_default(),
            root: normalize(&std::env::current_dir().unwrap_or_default().join(root)),
            by_directory: Mutex::default(),
        })
    }

    /// Whether a walk leaves out a path, an entry below its root (the
    /// directories above it, already walked into, were not left out): as
    /// a function a walk can keep (`'static`).
    pub fn walk_excludes(&self) -> impl Fn(&Path, bool) -> bool + Send + Sync + 'static {
        let (exclude, cwd, root) = (self.exclude.clone(), self.cwd.clone(), self.root.clone());
        move |path, is_dir| {
            if exclude.is_empty() {
                return false;
            }
            let absolute = normalize(&cwd.join(path));
            match absolute.strip_prefix(&root) {
                Ok(relative) if !relative.as_os_str().is_empty() => {
                    exclude.matched(relative, is_dir).is_ignore()
                }
                _ => false,
            }
        }
    }

    /// The settings for the file at `path`: the top-level ones with every
    /// matching override applied in order.
    pub fn settings_for(&self, path: &Path) -> FileSettings {
        let mut settings = FileSettings {
            findings: self.findings,
            kinds: self.kinds.clone(),
        };
        if self.overrides.is_empty() {
            return settings;
        }
        let Some(relative) = self.relative(path) else {
            return settings;
        };
        let directory_matches = self.directory_matches(relative.parent());
        for (layer, directory_match) in self.overrides.iter().zip(directory_matches) {
            // The file's own match decides (a `!glob` can take it back);
            // else whether its directory or one above it matched.
            let own = layer.globs.matched(&relative, false);
            let matched = if own.is_none() {
                directory_match
            } else {
                own.is_ignore()
            };
            if matched {
                settings.findings = layer.findings.or(settings.findings);
                settings.kinds = settings.kinds.then(&layer.kinds);
            }
        }
        settings
    }

    /// For each override, whether `directory` (relative to the config's
    /// directory) or one above it matches: asked once per directory, since
    /// a tree has tens of thousands of files in far fewer directories.
    fn directory_matches(&self, directory: Option<&Path>) -> Vec<bool> {
        let Some(directory) = directory.filter(|d| !d.as_os_str().is_empty()) else {
            return vec![false; self.overrides.len()];
        };
        if let Some(known) = self.by_directory.lock().expect("no panics").get(directory) {
            return known.clone();
        }
        let matches: Vec<bool> = self
            .overrides
            .iter()
            .map(|layer| {
                layer
                    .globs
                    .matched_path_or_any_parents(directory, true)
                    .is_ignore()
            })
            .collect();
        self.by_directory
            .lock()
            .expect("no panics")
            .insert(directory.to_path_buf(), matches.clone());
        matches
    }

    /// `path` relative to the config's directory; `None` outside it.
    fn relative(&self, path: &Path) -> Option<PathBuf> {
        let absolute = normalize(&self.cwd.join(path));
        let relative = absolute.strip_prefix(&self.root).ok()?;
        (!relative.as_os_str().is_empty()).then(|| relative.to_path_buf())
    }
}

/// `path` without `.` components and with `..` taken back, as far as it
/// can be done without the file system (so a config's root and a walked
/// path compare).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// A gitignore-style matcher of `globs`, rooted at `root`.
fn gitignore(
    root: &Path,
    globs: &[Spanned<String>],
) -> Result<Gitignore, (Option<Range<usize>>, String)> {
    let root = std::env::current_dir().unwrap_or_default().join(root);
    let mut builder = GitignoreBuilder::new(normalize(&root));
    for glob in globs {
        builder
            .add_line(None, glob.get_ref())
            .map_err(|error| (Some(glob.span()), format!("bad glob: {error}")))?;
    }
    builder
        .build()
        .map_err(|error| (None, format!("bad glob: {error}")))
}

/// A kind filter from `select` and `ignore` lists, each name checked.
fn kind_filter(
    select: Option<Vec<Spanned<String>>>,
    ignore: &[Spanned<String>],
) -> Result<KindFilter, (Option<Range<usize>>, String)> {
    let parse = |names: &[Spanned<String>]| {
        names
            .iter()
            .map(|name| ReportKind::parse(name.get_ref()).map_err(|e| (Some(name.span()), e)))
            .collect::<Result<_, _>>()
    };
    Ok(KindFilter {
        select: select.as_deref().map(parse).transpose()?,
        ignore: parse(ignore)?,
    })
}

/// The 1-based line of byte `at` in `text`.
fn line_of(text: &str, at: usize) -> usize {
    1 + memchr::memchr_iter(b'\n', &text.as_bytes()[..at.min(text.len())]).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, String> {
        let root = std::env::temp_dir().join("utf8scope-config-test");
        Config::parse(text, &root).map_err(|(span, message)| {
            format!(
                "{}: {message}",
                span.map_or(0, |span| line_of(text, span.start))
            )
        })
    }

    #[test]
    fn unknown_keys_and_kinds_name_their_line() {
        let error = parse("findings = true\nignroe = [\"bom\"]\n").unwrap_err();
        assert!(error.starts_with("2: unknown field `ignroe`"), "{error}");
        let error = parse("ignore = [\n  \"bom\",\n  \"zwj\",\n]\n").unwrap_err();
        assert!(error.starts_with("3: unknown kind 'zwj'"), "{error}");
        let error = parse("[[overrides]]\nglob = \"*.md\"\ncolour = 1\n").unwrap_err();
        assert!(error.starts_with("3: unknown field `colour`"), "{error}");
    }

    #[test]
    fn overrides_apply_by_glob_in_order() {
        let root = std::env::temp_dir().join("utf8scope-config-test");
        let config = parse(
            "ignore = [\"bom\"]\nexclude = [\"vendor/\"]\n\
             [[overrides]]\nglob = \"*.md\"\nignore = [\"invisible\"]\n\
             [[overrides]]\nglob = [\"docs/\"]\nfindings = false\n",
        )
        .unwrap();
        let kind = |name| ReportKind::parse(name).unwrap();
        let readme = config.settings_for(&root.join("README.md"));
        assert!(!readme.kinds.counts(kind("invisible")));
        assert!(!readme.kinds.counts(kind("bom")));
        let code = config.settings_for(&root.join("src/main.rs"));
        assert!(code.kinds.counts(kind("invisible")));
        assert_eq!(
            config.settings_for(&root.join("docs/a.txt")).findings,
            Some(false)
        );
        let excludes = config.walk_excludes();
        assert!(excludes(&root.join("vendor"), true));
        assert!(excludes(&root.join("lib/vendor"), true));
        assert!(!excludes(&root.join("src/vendor.c"), false));
    }
}
