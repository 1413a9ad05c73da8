//! The colours of utf8scope, by what they mean: `check`'s text output
//! (ANSI styles through anstyle) and the inspector (ratatui styles) both
//! take theirs from here, so an error or a warning looks the same in both.

/// A terminal colour, as both front ends can name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hue {
    /// Red.
    Red,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
    /// Blue.
    Blue,
    /// Magenta.
    Magenta,
    /// Cyan.
    Cyan,
}

/// Invalid spans.
pub const ERROR: Hue = Hue::Red;
/// Findings that are warnings, and stand-ins for controls.
pub const WARNING: Hue = Hue::Yellow;
/// Findings that are only information.
pub const INFO: Hue = Hue::Cyan;
/// A verdict of "valid".
pub const OK: Hue = Hue::Green;
/// Labels and headings; lead bytes.
pub const LABEL: Hue = Hue::Cyan;
/// Continuation bytes.
pub const CONTINUATION: Hue = Hue::Blue;
/// Payload bits of neighbouring characters, in turn.
pub const PAYLOAD: [Hue; 3] = [Hue::Yellow, Hue::Green, Hue::Magenta];

impl Hue {
    /// As an ANSI colour (for `check`'s text output).
    pub const fn ansi(self) -> anstyle::Color {
        use anstyle::AnsiColor;
        anstyle::Color::Ansi(match self {
            Hue::Red => AnsiColor::Red,
            Hue::Yellow => AnsiColor::Yellow,
            Hue::Green => AnsiColor::Green,
            Hue::Blue => AnsiColor::Blue,
            Hue::Magenta => AnsiColor::Magenta,
            Hue::Cyan => AnsiColor::Cyan,
        })
    }

    /// As a ratatui colour (for the inspector).
    pub const fn ratatui(self) -> ratatui::style::Color {
        use ratatui::style::Color;
        match self {
            Hue::Red => Color::Red,
            Hue::Yellow => Color::Yellow,
            Hue::Green => Color::Green,
            Hue::Blue => Color::Blue,
            Hue::Magenta => Color::Magenta,
            Hue::Cyan => Color::Cyan,
        }
    }
}
