//! The interactive inspector, in The Elm Architecture: [`App`] is the state,
//! [`Message`] what happens, [`update`](fn@update) the only change (it returns the
//! [`Command`]s the [`Runtime`] carries out on the file and its jobs, whose
//! answers come back as messages), [`view`](fn@view) the drawing.

pub mod also;
pub mod app;
pub mod command;
pub mod describe;
pub mod goto;
pub mod keys;
pub mod message;
pub mod overlays;
pub mod panes;
pub mod repair;
pub mod runtime;
pub mod update;
pub mod view;

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Duration;

use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

pub use crate::draw::theme::Theme;
pub use app::App;
pub use command::Command;
pub use message::Message;
pub use runtime::{Runtime, dispatch};
pub use update::update;
pub use view::view;

use crate::model::settings::Settings;
use crate::model::text::Text;
use crate::model::{Encoding, StreamLoad};

/// How often the scan's progress is picked up while no key is pressed.
const TICK: Duration = Duration::from_millis(100);

/// Options the command line passes to the inspector.
#[derive(Clone)]
pub struct Options {
    /// Open with the cursor on the first invalid span.
    pub first_invalid: bool,
    /// Use colour.
    pub color: bool,
    /// Bytes per row to start with (as many as fit if none).
    pub bytes_per_row: Option<u16>,
    /// Where to open, if not at the start.
    pub start: Option<Start>,
    /// How the source's encoding was chosen, for the status bar
    /// (`UTF-16LE (BOM)`); `None` says just its name.
    pub encoding_note: Option<String>,
    /// Why detection chose the encoding (see [`app::App::encoding_reasons`]).
    pub encoding_reasons: Vec<String>,
    /// How the scan and the findings pass run.
    pub settings: Settings,
    /// The second reading's encoding to open with (`--also`).
    pub also: Option<Encoding>,
    /// What writes the repaired file (`W`): the program's `fix`.
    pub writer: Option<Arc<dyn repair::RepairWriter>>,
}

/// Where the inspector opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// At this offset (`--offset`).
    Offset(u64),
    /// At this 1-based line and column (`--line`, `FILE:LINE:COL`).
    Line(u64, u64),
}

/// Runs the inspector on `source` until the user quits; `load` is the
/// stream still being read into it, if any. The terminal is restored on
/// return, on suspend, on error and on panic.
pub fn run(source: Arc<Text>, load: Option<StreamLoad>, options: Options) -> io::Result<()> {
    let mut terminal = ratatui::init();
    // ratatui's panic hook restores the screen; mouse capture is ours to undo.
    let restore_screen = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        restore_screen(info);
    }));
    let result = execute!(io::stdout(), EnableMouseCapture).and_then(|()| {
        let size = terminal.size()?;
        let mut runtime = Runtime::new(source, load, options.settings);
        if let Some(writer) = &options.writer {
            runtime.set_writer(Arc::clone(writer));
        }
        let mut file = runtime.file();
        if file.encoding.is_some() && options.encoding_note.is_some() {
            file.encoding.clone_from(&options.encoding_note);
        }
        let mut app = App::new(file, size.width, size.height);
        app.encoding = runtime.encoding();
        app.encoding_reasons = options.encoding_reasons;
        app.view.wanted_bytes_per_row = options.bytes_per_row;
        app.view.also = options.also;
        let mut first = vec![runtime.progress()];
        if options.first_invalid {
            first.push(Message::FirstInvalid);
        }
        match options.start {
            Some(Start::Offset(offset)) => first.push(Message::JumpTo(offset)),
            Some(Start::Line(line, column)) => first.push(Message::GoToLine(line, column)),
            None => {}
        }
        for message in first {
            dispatch(&mut app, &mut runtime, message);
        }
        event_loop(
            &mut terminal,
            &mut app,
            &mut runtime,
            Theme::new(options.color),
        )
    });
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// Draws, waits for events (or a tick, which asks the runtime how the
/// background work stands), and dispatches them, until the user quits.
fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    runtime: &mut Runtime,
    theme: Theme,
) -> io::Result<()> {
    loop {
        terminal.draw(|frame| view(app, theme, frame))?;
        let mut left = Vec::new();
        if event::poll(TICK)? {
            // Apply every event already queued before drawing again.
            loop {
                let event = event::read()?;
                if let Some(message) = keys::message_for(&event, &app.mode) {
                    left.extend(dispatch(app, runtime, message));
                }
                if !left.is_empty() || !event::poll(Duration::ZERO)? {
                    break;
                }
            }
        } else {
            let progress = runtime.progress();
            left.extend(dispatch(app, runtime, progress));
        }
        for command in left {
            match command {
                Command::Quit => return Ok(()),
                Command::Suspend => suspend(terminal)?,
                Command::SetClipboard(sequence) => {
                    // Base64 and fixed text only: safe to write as it is.
                    let mut out = io::stdout();
                    out.write_all(sequence.as_bytes())?;
                    out.flush()?;
                }
                _ => {}
            }
        }
    }
}

/// Ctrl-z: gives the terminal back as it was, stops the process as the
/// shell's job control expects, and takes the screen again on `fg`.
fn suspend(terminal: &mut ratatui::DefaultTerminal) -> io::Result<()> {
    use ratatui::crossterm::terminal::{EnterAlternateScreen, enable_raw_mode};
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    // Stops here until the shell continues the process.
    nix::sys::signal::raise(nix::sys::signal::Signal::SIGTSTP).map_err(io::Error::from)?;
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    terminal.clear()
}
