//! Which kinds count: `--select` and `--ignore` over invalid kinds and
//! finding kinds, as the command line and `.utf8scope.toml` give them.

use std::collections::BTreeSet;

use crate::model::InvalidKind;
use crate::model::findings::FindingKind;

/// A kind `check` can report: an invalid span's or a finding's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ReportKind {
    /// An invalid UTF-8 span.
    Invalid(InvalidKind),
    /// A finding (`--findings`).
    Finding(FindingKind),
}

impl ReportKind {
    /// Every kind: invalid kinds first, then finding kinds (the order of
    /// SARIF's rules).
    pub fn all() -> impl Iterator<Item = ReportKind> {
        InvalidKind::ALL
            .into_iter()
            .map(ReportKind::Invalid)
            .chain(FindingKind::ALL.into_iter().map(ReportKind::Finding))
    }

    /// The kind's stable name (`truncated`, `bidi-control`).
    pub fn name(self) -> &'static str {
        match self {
            ReportKind::Invalid(kind) => kind.name(),
            ReportKind::Finding(kind) => kind.name(),
        }
    }

    /// What the kind means, in one sentence.
    pub fn explanation(self) -> &'static str {
        match self {
            ReportKind::Invalid(kind) => kind.explanation(),
            ReportKind::Finding(kind) => kind.explanation(),
        }
    }

    /// The kind's position in [`ReportKind::all`].
    pub fn index(self) -> usize {
        match self {
            ReportKind::Invalid(kind) => kind.index(),
            ReportKind::Finding(kind) => {
                InvalidKind::ALL.len()
                    + FindingKind::ALL
                        .iter()
                        .position(|k| *k == kind)
                        .expect("ALL lists every finding kind")
            }
        }
    }

    /// The kind named `name`, or a one-line error listing the names.
    pub fn parse(name: &str) -> Result<ReportKind, String> {
        ReportKind::all()
            .find(|kind| kind.name() == name.trim())
            .ok_or_else(|| {
                let names: Vec<&str> = ReportKind::all().map(ReportKind::name).collect();
                format!(
                    "unknown kind '{}' (kinds: {})",
                    crate::display::escape_for_terminal(name.trim()),
                    names.join(", ")
                )
            })
    }

    /// Parses a list of names, each perhaps itself a comma-separated list
    /// (`--ignore not-nfc,bom --ignore invisible`).
    pub fn parse_list<S: AsRef<str>>(names: &[S]) -> Result<BTreeSet<ReportKind>, String> {
        names
            .iter()
            .flat_map(|names| names.as_ref().split(','))
            .filter(|name| !name.trim().is_empty())
            .map(ReportKind::parse)
            .collect()
    }
}

/// Which kinds are reported: those selected (all when no selection is
/// given) less those ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KindFilter {
    /// Only these count (`None`: all).
    pub select: Option<BTreeSet<ReportKind>>,
    /// These never count.
    pub ignore: BTreeSet<ReportKind>,
}

impl KindFilter {
    /// Whether spans or findings of `kind` are reported and counted.
    pub fn counts(&self, kind: ReportKind) -> bool {
        self.select.as_ref().is_none_or(|set| set.contains(&kind)) && !self.ignore.contains(&kind)
    }

    /// Whether any finding kind is selected by name, which turns the
    /// findings pass on (`--select bidi-control`).
    pub fn selects_findings(&self) -> bool {
        self.select
            .as_ref()
            .is_some_and(|set| set.iter().any(|k| matches!(k, ReportKind::Finding(_))))
    }

    /// This filter with `other`'s choices on top: its selection replaces
    /// ours, its ignored kinds join ours.
    pub fn then(&self, other: &KindFilter) -> KindFilter {
        KindFilter {
            select: other.select.clone().or_else(|| self.select.clone()),
            ignore: self.ignore.union(&other.ignore).copied().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_parses_from_its_name_and_indexes_in_order() {
        for (at, kind) in ReportKind::all().enumerate() {
            assert_eq!(ReportKind::parse(kind.name()), Ok(kind));
            assert_eq!(kind.index(), at);
        }
        assert!(
            ReportKind::parse("bidi")
                .unwrap_err()
                .contains("bidi-control")
        );
    }

    #[test]
    fn selection_then_ignore() {
        let base = KindFilter {
            select: None,
            ignore: ReportKind::parse_list(&["bom"]).unwrap(),
        };
        let layer = KindFilter {
            select: Some(ReportKind::parse_list(&["bom,invisible,truncated"]).unwrap()),
            ignore: ReportKind::parse_list(&["invisible"]).unwrap(),
        };
        let both = base.then(&layer);
        let counts = |name| both.counts(ReportKind::parse(name).unwrap());
        assert!(counts("truncated"));
        assert!(!counts("bom"));
        assert!(!counts("invisible"));
        assert!(!counts("overlong"));
        assert!(both.selects_findings());
    }
}
