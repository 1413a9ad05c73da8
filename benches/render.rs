//! Full frames on ratatui's TestBackend while the cursor moves: the cost of a
//! keypress (update + view) at 80×24 and 200×50.

#[path = "inputs.rs"]
mod inputs;

use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use inputs::{InputKind, generate};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use utf8scope::model::Text;
use utf8scope::model::settings::Settings;
use utf8scope::ui::{App, Message, Runtime, Theme, dispatch, view};

fn bench_render(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame");
    for kind in [InputKind::Multilingual, InputKind::RandomBinary] {
        let source = Arc::new(Text::from_bytes(kind.name(), generate(kind, 4 << 20)));
        for (width, height) in [(80u16, 24u16), (200, 50)] {
            let mut runtime = Runtime::inline(Arc::clone(&source), Settings::default());
            let mut app = App::new(runtime.file(), width, height);
            let first = runtime.progress();
            dispatch(&mut app, &mut runtime, first);
            let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
            let theme = Theme::new(true);
            let id = BenchmarkId::new(kind.name(), format!("{width}x{height}"));
            group.bench_function(id, |b| {
                b.iter(|| {
                    // Step down a row, or back to the start at the end: a
                    // keypress, then the frame it causes.
                    let message = if app.view.cursor + 1024 >= source.len() {
                        Message::Start
                    } else {
                        Message::MoveRows(1)
                    };
                    dispatch(&mut app, &mut runtime, message);
                    terminal.draw(|frame| view(&app, theme, frame)).unwrap();
                })
            });
        }
    }
    group.finish();
}

/// From opening a 4 GiB file to its first frame, with the scan just started
/// (it is cancelled when the runtime is dropped, outside the timing).
fn bench_first_frame(c: &mut Criterion) {
    let file = tempfile::NamedTempFile::new().unwrap();
    file.as_file().set_len(4 << 30).unwrap();
    let mut terminal = Terminal::new(TestBackend::new(200, 50)).unwrap();
    c.bench_function("first-frame/4GiB-sparse/200x50", |b| {
        b.iter_with_large_drop(|| {
            let source = Arc::new(Text::open(file.path()).unwrap());
            let mut runtime = Runtime::new(source, None, Settings::default());
            let mut app = App::new(runtime.file(), 200, 50);
            let first = runtime.progress();
            dispatch(&mut app, &mut runtime, first);
            terminal
                .draw(|frame| view(&app, Theme::new(true), frame))
                .unwrap();
            (app, runtime)
        })
    });
}

criterion_group!(benches, bench_render, bench_first_frame);
criterion_main!(benches);
