//! Which encoding a file is read in: one decision, made the same way for
//! every front end (`check --encoding`, `fix --from`, the inspector's and
//! `dump`'s `--encoding`) from what was asked and the file's first bytes.
//! A [`Source`](crate::model::Source) is bytes; the encoding chosen here is
//! what reads them.

use super::{Detection, Encoding, Evidence, detect_bom, detect_head};

/// What was asked of the encoding a file is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EncodingRule {
    /// UTF-8, whatever the file starts with (`check`'s default: a file
    /// that is not UTF-8 says what it looks like).
    #[default]
    Utf8,
    /// The encoding a byte order mark names, else UTF-8 (the inspector's
    /// and `dump`'s default).
    BomOrUtf8,
    /// The encoding detected from the file's start (`auto`).
    Auto,
    /// This one, named by the user.
    Given(Encoding),
}

impl EncodingRule {
    /// Whether the choice looks at the file's start at all.
    pub fn reads_head(self) -> bool {
        self != EncodingRule::Utf8
    }

    /// The encoding a file starting with `head` is read in and why; `None`
    /// for UTF-8 read as the default (nothing asked, no BOM).
    pub fn choose(self, head: &[u8]) -> Option<Detection> {
        match self {
            EncodingRule::Utf8 => None,
            EncodingRule::BomOrUtf8 => {
                detect_bom(head).map(|(encoding, _)| Detection::certain(encoding, Evidence::Bom))
            }
            EncodingRule::Auto => Some(detect_head(head)),
            EncodingRule::Given(encoding) => Some(Detection::certain(encoding, Evidence::Given)),
        }
    }
}

/// How a choice is shown beside the encoding's name: `UTF-16LE (BOM)`,
/// `windows-1251 (guessed, confident)`, or the name alone when it was
/// named by the user (or nothing chose anything: `UTF-8`).
pub fn choice_note(chosen: Option<&Detection>) -> String {
    match chosen {
        None => Encoding::UTF_8.name().to_string(),
        Some(found) if found.evidence == Evidence::Given => found.encoding.name().to_string(),
        Some(found) => format!("{} ({})", found.encoding, found.describe()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_chooses_as_its_front_ends_expect() {
        let bom16 = b"\xFF\xFEa\x00b\x00";
        let windows_1251 = Encoding::for_label("windows-1251").unwrap();
        let cyrillic = windows_1251
            .encode(&"Привет, как дела? Всё хорошо, спасибо.\n".repeat(20))
            .unwrap();
        assert_eq!(EncodingRule::Utf8.choose(bom16), None);
        let by_bom = EncodingRule::BomOrUtf8.choose(bom16).unwrap();
        assert_eq!(
            (by_bom.encoding, by_bom.evidence),
            (Encoding::UTF_16LE, Evidence::Bom)
        );
        assert_eq!(EncodingRule::BomOrUtf8.choose(&cyrillic), None);
        let auto = EncodingRule::Auto.choose(&cyrillic).unwrap();
        assert_eq!(auto.encoding, windows_1251);
        let given = EncodingRule::Given(Encoding::UTF_16BE)
            .choose(bom16)
            .unwrap();
        assert_eq!(given.evidence, Evidence::Given);
        assert_eq!(choice_note(Some(&by_bom)), "UTF-16LE (BOM)");
        assert_eq!(choice_note(Some(&given)), "UTF-16BE");
        assert_eq!(choice_note(None), "UTF-8");
        assert!(!EncodingRule::Utf8.reads_head() && EncodingRule::Auto.reads_head());
    }
}
