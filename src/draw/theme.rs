//! The styles of the inspector, with and without colour, in the colours of
//! [`crate::palette`] (which `check` shares). Without colour every
//! distinction is still drawn with bold, dim, underline or reverse video.

use ratatui::style::{Color, Modifier, Style};

use crate::model::ByteRole;
use crate::model::findings::Severity;
use crate::palette;

/// The styles in use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    color: bool,
}

impl Theme {
    /// A theme; `color` false gives the monochrome one (NO_COLOR).
    pub fn new(color: bool) -> Theme {
        Theme { color }
    }

    fn fg(&self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    /// A byte in the hex pane, by role.
    pub fn role(&self, role: ByteRole) -> Style {
        match role {
            ByteRole::Ascii => Style::new(),
            ByteRole::Lead { .. } => self
                .fg(palette::LABEL.ratatui())
                .add_modifier(Modifier::BOLD),
            ByteRole::Continuation { .. } => self.fg(palette::CONTINUATION.ratatui()),
            ByteRole::Invalid => self.error(),
        }
    }

    /// Invalid spans: reverse red, underlined so it shows without colour too.
    pub fn error(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
        if self.color {
            style.fg(Color::White).bg(palette::ERROR.ratatui())
        } else {
            style.add_modifier(Modifier::REVERSED)
        }
    }

    /// Stand-ins for controls, bidi and invisible characters.
    pub fn warning(&self) -> Style {
        if self.color {
            Style::new().fg(Color::Black).bg(palette::WARNING.ratatui())
        } else {
            Style::new().add_modifier(Modifier::UNDERLINED)
        }
    }

    /// A text cell inside a finding: underlined, coloured by severity (a
    /// warning yellow, info blue) on top of its own style.
    pub fn finding_mark(&self, severity: Severity, style: Style) -> Style {
        let style = style.add_modifier(Modifier::UNDERLINED);
        match (self.color, severity) {
            (false, _) => style,
            (true, Severity::Warning) => {
                let warning = palette::WARNING.ratatui();
                style.underline_color(warning).fg(warning)
            }
            (true, Severity::Info) => style.underline_color(palette::INFO.ratatui()),
        }
    }

    /// What a mojibake finding's bytes were meant to say, in the second
    /// reading: green, and italic so it shows without colour too.
    pub fn repaired(&self) -> Style {
        self.fg(palette::OK.ratatui())
            .add_modifier(Modifier::ITALIC)
    }

    /// What the info panel and the findings list say about a finding.
    pub fn notice(&self) -> Style {
        self.fg(palette::WARNING.ratatui())
            .add_modifier(Modifier::BOLD)
    }

    /// Quiet things: fillers, offsets, marker bits, labels.
    pub fn quiet(&self) -> Style {
        self.fg(Color::DarkGray).add_modifier(Modifier::DIM)
    }

    /// Payload bits of the `n`-th unit on screen.
    pub fn payload(&self, n: usize) -> Style {
        let style = self.fg(palette::PAYLOAD[n % palette::PAYLOAD.len()].ratatui());
        // Without colour, alternate bold and plain so neighbours still differ.
        if !self.color && n.is_multiple_of(2) {
            style.add_modifier(Modifier::BOLD)
        } else {
            style
        }
    }

    /// The unit under the cursor, in every pane.
    pub fn cursor_unit(&self, style: Style) -> Style {
        if self.color {
            style.bg(Color::DarkGray)
        } else {
            style.add_modifier(Modifier::UNDERLINED)
        }
    }

    /// The selected bytes (`v`).
    pub fn selection(&self, style: Style) -> Style {
        if self.color {
            style.bg(Color::Magenta)
        } else {
            style.add_modifier(Modifier::REVERSED)
        }
    }

    /// The bytes of the last search match (besides the cursor's unit).
    pub fn search_match(&self, style: Style) -> Style {
        if self.color {
            style.bg(Color::Blue).add_modifier(Modifier::BOLD)
        } else {
            style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
        }
    }

    /// The byte under the cursor.
    pub fn cursor_byte(&self, style: Style) -> Style {
        style.add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    /// The status bar.
    pub fn status(&self) -> Style {
        if self.color {
            Style::new().fg(Color::Black).bg(Color::Gray)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// Headings and labels.
    pub fn label(&self) -> Style {
        self.fg(palette::LABEL.ratatui())
    }
}
