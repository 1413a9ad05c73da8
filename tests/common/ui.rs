//! Building inspector states for tests: the state, and a runtime on bytes
//! in memory whose scan and findings pass are done before it is handed
//! over (no file on disk, no thread to wait for).

#![allow(dead_code)]

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use utf8scope::model::Text;
use utf8scope::model::settings::Settings;
use utf8scope::ui::{App, Command, Message, Runtime, Theme, dispatch, view};

/// The inspector as the event loop drives it: state and runtime.
pub struct Inspector {
    /// The state.
    pub app: App,
    /// The file and its jobs.
    pub runtime: Runtime,
}

impl Inspector {
    /// An inspector on `source` at `width` × `height`, its first frame loaded.
    pub fn on(source: Text, width: u16, height: u16) -> Inspector {
        let runtime = Runtime::inline(Arc::new(source), Settings::default());
        let mut app = App::new(runtime.file(), width, height);
        app.encoding = runtime.encoding();
        let mut inspector = Inspector { app, runtime };
        inspector.tick();
        inspector
    }

    /// An inspector whose scan and findings pass run in the background, as
    /// they do for the user.
    pub fn in_background(source: Text, width: u16, height: u16) -> Inspector {
        let runtime = Runtime::new(Arc::new(source), None, Settings::default());
        let mut app = App::new(runtime.file(), width, height);
        app.encoding = runtime.encoding();
        let mut inspector = Inspector { app, runtime };
        inspector.tick();
        inspector
    }

    /// Applies `message` and all it leads to; the commands left for the
    /// event loop (quit, suspend).
    pub fn send(&mut self, message: Message) -> Vec<Command> {
        dispatch(&mut self.app, &mut self.runtime, message)
    }

    /// A tick: the runtime reports how the background work stands.
    pub fn tick(&mut self) {
        let progress = self.runtime.progress();
        self.send(progress);
    }

    /// Lets a background search end, and the next tick pick up its outcome.
    pub fn finish_search(&mut self) {
        self.runtime.wait_for_search();
        self.tick();
    }

    /// Opens the prompt of `kind`, types `text`, presses Enter, and lets a
    /// search it starts end.
    pub fn type_into_prompt(&mut self, kind: utf8scope::ui::message::PromptKind, text: &str) {
        self.send(Message::OpenPrompt(kind));
        for c in text.chars() {
            self.send(Message::PromptChar(c));
        }
        self.send(Message::PromptSubmit);
        self.finish_search();
    }
}

impl Deref for Inspector {
    type Target = App;
    fn deref(&self) -> &App {
        &self.app
    }
}

impl DerefMut for Inspector {
    fn deref_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

/// An inspector on `bytes` at `width` × `height`.
pub fn app_on(bytes: &[u8], width: u16, height: u16) -> Inspector {
    Inspector::on(
        Text::from_bytes("sample.txt", bytes.to_vec()),
        width,
        height,
    )
}

/// An inspector on a shipped sample.
pub fn app_on_sample(name: &str, width: u16, height: u16) -> Inspector {
    let bytes = std::fs::read(format!("assets/samples/{name}")).unwrap();
    Inspector::on(Text::from_bytes(name, bytes), width, height)
}

/// Draws `app` on a test terminal of its size and returns the terminal.
pub fn draw(app: &App, color: bool) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.view.width, app.view.height)).unwrap();
    terminal
        .draw(|frame| view(app, Theme::new(color), frame))
        .unwrap();
    terminal
}

/// The screen as plain text lines.
pub fn screen_text(app: &App) -> Vec<String> {
    let terminal = draw(app, false);
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}
