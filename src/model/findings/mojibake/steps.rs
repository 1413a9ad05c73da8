//! How a run of mojibake came about, char by char: for each layer, the
//! chars that show each UTF-8 sequence, the bytes they stand for in the
//! encoding, and the char those bytes spell ("Ã = C3, © = A9 → C3 A9 = é").

use super::Chain;
use super::cjk;
use super::undo::{Layer, Sequence, Shown, sequences, undo};

/// How many different sequences a layer's step names before "and N more".
const SHOWN_SEQUENCES: usize = 4;

/// One layer of garbling undone: the layer, the distinct sequences it
/// undid (up to four), and how many more there were.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The layer.
    pub layer: Layer,
    /// The sequences it undid: the chars that showed each, the bytes they
    /// stand for, and the char those bytes spell.
    pub sequences: Vec<Sequence>,
    /// How many other distinct sequences it undid.
    pub more: usize,
}

impl Step {
    /// The step in words: "UTF-8 read as windows-1252: Ã = C3, © = A9 →
    /// C3 A9 = é". Raw text: escape it before printing.
    pub fn describe(&self) -> String {
        let mut step = format!(
            "{}: {}",
            layer_name(self.layer),
            self.sequences
                .iter()
                .map(|sequence| describe_sequence(sequence, self.layer))
                .collect::<Vec<_>>()
                .join("; ")
        );
        if self.more > 0 {
            step.push_str(&format!("; and {} more", self.more));
        }
        step
    }
}

/// The steps by which `seen` undoes through `chain`, one per layer, the
/// last layer added first.
pub fn steps(seen: &str, chain: &Chain) -> Vec<Step> {
    let mut text = Shown::new(seen);
    let mut steps = Vec::new();
    for (i, &layer) in chain.0.iter().enumerate() {
        // A run that a later pass took further starts that pass's layers
        // as the outermost again (bytes lost to `?` or U+FFFD count there):
        // an inner layer that undoes nothing otherwise is such a start.
        let outermost = i == 0 || sequences(&text, layer, false).is_empty();
        let mut distinct: Vec<Sequence> = Vec::new();
        let mut more = 0;
        for sequence in sequences(&text, layer, outermost) {
            if distinct.contains(&sequence) {
                continue;
            }
            if distinct.len() < SHOWN_SEQUENCES {
                distinct.push(sequence);
            } else {
                more += 1;
            }
        }
        if distinct.is_empty() {
            break;
        }
        steps.push(Step {
            layer,
            sequences: distinct,
            more,
        });
        let Some(undone) = undo(&text, layer, outermost) else {
            break;
        };
        text = Shown::new(&undone.text);
    }
    steps
}

/// The layer in words: "UTF-8 read as windows-1252".
fn layer_name(layer: Layer) -> String {
    match layer {
        Layer::Utf8As(..) | Layer::Utf8AsCjk(_) => format!("UTF-8 read as {}", layer.read_as()),
        Layer::Windows1252AsLatin1 => "windows-1252 read as ISO-8859-1".to_string(),
        Layer::CjkAsWindows1252(codec, _) => format!("{} read as {}", codec.name, layer.read_as()),
    }
}

/// "Ã = C3, © = A9 → C3 A9 = é"; a char that shows two bytes (through a
/// CJK encoding) named once for both: "縺 = E3 81, 薙 = 93 → E3 81 93 = こ".
fn describe_sequence(sequence: &Sequence, layer: Layer) -> String {
    let byte = |b: Option<u8>| b.map_or("lost".to_string(), |b| format!("{b:02X}"));
    let mut shown: Vec<String> = Vec::new();
    let mut entries = sequence.shown.iter().peekable();
    while let Some(&(c, b)) = entries.next() {
        let mut named = format!("{} = {}", char_shown(c), byte(b));
        if cjk::shows_two_bytes(layer, c)
            && let Some(&&(next, second)) = entries.peek()
            && next == c
        {
            named.push_str(&format!(" {}", byte(second)));
            entries.next();
        }
        shown.push(named);
    }
    let bytes: Vec<String> = sequence
        .shown
        .iter()
        .map(|&(_, b)| b.map_or("?".to_string(), |b| format!("{b:02X}")))
        .collect();
    format!(
        "{} → {} = {}",
        shown.join(", "),
        bytes.join(" "),
        char_shown(sequence.meant)
    )
}

/// A char as a step shows it: itself, or its code point when it would not
/// show (controls, spaces, format chars, the no-break space put back).
fn char_shown(c: char) -> String {
    let invisible = c.is_control()
        || c.is_whitespace()
        || matches!(c, '\u{AD}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}')
        || ('\u{E000}'..='\u{F8FF}').contains(&c);
    if invisible {
        format!("U+{:04X}", c as u32)
    } else {
        c.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::super::find_mojibake;
    use super::*;

    fn steps_of(text: &str) -> Vec<String> {
        let runs = find_mojibake(text);
        assert_eq!(runs.len(), 1, "{runs:?}");
        steps(&text[runs[0].range.clone()], &runs[0].readings[0].chain)
            .iter()
            .map(Step::describe)
            .collect()
    }

    #[test]
    fn each_layer_is_shown_char_by_char() {
        assert_eq!(
            steps_of("cafÃ©"),
            ["UTF-8 read as windows-1252: Ã = C3, © = A9 → C3 A9 = é"]
        );
        assert_eq!(
            steps_of("Iggy Pop (nÃƒÂ© Jim)"),
            [
                "UTF-8 read as windows-1252: Ã = C3, ƒ = 83 → C3 83 = Ã; Â = C2, © = A9 → C2 A9 = ©",
                "UTF-8 read as windows-1252: Ã = C3, © = A9 → C3 A9 = é"
            ]
        );
        assert_eq!(
            steps_of("привет: РїСЂРёРІРµС‚"),
            [
                "UTF-8 read as windows-1251: Р = D0, ї = BF → D0 BF = п; С = D1, Ђ = 80 → D1 80 = р; Р = D0, ё = B8 → D0 B8 = и; Р = D0, І = B2 → D0 B2 = в; and 2 more"
            ]
        );
        let c1 = steps_of("\u{93}Hallo\u{94}");
        assert_eq!(
            c1,
            ["windows-1252 read as ISO-8859-1: U+0093 = 93 → 93 = “; U+0094 = 94 → 94 = ”"]
        );
        // A byte lost to `?` is named lost, not as the question mark's 3F.
        assert_eq!(
            steps_of("ItÃ?Â¢â?¬s"),
            [
                "UTF-8 read as windows-1252: Ã = C3, ? = lost → C3 ? = �; Â = C2, ¢ = A2 → C2 A2 = ¢; â = E2, ? = lost, ¬ = AC → E2 ? AC = �"
            ]
        );
    }
}
