//! UTF-8 text put back together from the bytes a misreading turned into
//! chars, where some bytes may have been lost (to U+FFFD).

/// Text rebuilt from bytes, a byte at a time: it stops at the first byte
/// that cannot be part of UTF-8 text, so that a word that was never
/// garbled is given up on within its first chars.
#[derive(Debug, Default)]
pub struct Rebuilt {
    /// The text so far: lost bytes, and the partial sequences beside
    /// them, as one U+FFFD.
    pub text: String,
    /// How many sequences of two bytes or more it holds.
    pub sequences: usize,
    /// How many places bytes were lost at.
    pub lost: usize,
    /// The sequence being read.
    pending: [u8; 4],
    have: usize,
    need: usize,
    /// Whether the last thing read was a loss (its U+FFFD written).
    after_loss: bool,
}

impl Rebuilt {
    /// Takes the next byte (`None`: one or more lost there). False when the
    /// bytes cannot be UTF-8 text.
    pub fn push(&mut self, byte: Option<u8>) -> bool {
        let Some(byte) = byte else {
            // A sequence cut short by the loss is part of it.
            self.have = 0;
            self.need = 0;
            self.lose();
            return true;
        };
        if self.need > 0 {
            if !(0x80..0xC0).contains(&byte) {
                return false;
            }
            self.pending[self.have] = byte;
            self.have += 1;
            if self.have == self.need {
                let Ok(sequence) = std::str::from_utf8(&self.pending[..self.need]) else {
                    return false;
                };
                self.text.push_str(sequence);
                self.sequences += 1;
                self.need = 0;
                self.after_loss = false;
            }
            return true;
        }
        let need = match byte {
            0x00..=0x7F => {
                self.text.push(char::from(byte));
                self.after_loss = false;
                return true;
            }
            // A continuation byte alone: the rest of a sequence whose
            // start was lost.
            0x80..=0xBF => return self.after_loss,
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return false,
        };
        self.pending[0] = byte;
        self.have = 1;
        self.need = need;
        true
    }

    /// Ends the text: false if it ends inside a sequence.
    pub fn finish(&mut self) -> bool {
        self.need == 0
    }

    fn lose(&mut self) {
        if !self.after_loss {
            self.text.push('\u{FFFD}');
            self.lost += 1;
            self.after_loss = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rebuilt(bytes: &[Option<u8>]) -> Option<(String, usize, usize)> {
        let mut r = Rebuilt::default();
        (bytes.iter().all(|&b| r.push(b)) && r.finish()).then_some((r.text, r.sequences, r.lost))
    }

    #[test]
    fn bytes_make_text_and_losses_one_replacement_char_each() {
        let ko = [0xE3, 0x81, 0x93].map(Some);
        assert_eq!(rebuilt(&ko), Some(("こ".into(), 1, 0)));
        // こ, then ん with its first byte lost, then に.
        let bytes = [
            Some(0xE3),
            Some(0x81),
            Some(0x93),
            None,
            Some(0x82),
            Some(0x93),
            Some(0xE3),
            Some(0x81),
            Some(0xAB),
        ];
        assert_eq!(rebuilt(&bytes), Some(("こ\u{FFFD}に".into(), 2, 1)));
        // Cut short by a loss.
        let cut = [Some(0xE3), Some(0x81), None, Some(b'a')];
        assert_eq!(rebuilt(&cut), Some(("\u{FFFD}a".into(), 0, 1)));
        // Not UTF-8.
        assert_eq!(rebuilt(&[Some(0x93), Some(0xE3)]), None);
        assert_eq!(rebuilt(&[Some(0xE3), Some(0x81)]), None);
        assert_eq!(rebuilt(&[Some(0xC0), Some(0x80)]), None);
    }
}
