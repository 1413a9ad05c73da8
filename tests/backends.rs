//! Every backend of the findings pass (AVX-512, AVX2, byte by byte) runs
//! end to end over the same inputs and finds the same things as the plain
//! character-by-character walk. A backend this CPU lacks is skipped, and
//! says so. A backend is a setting of the value that runs it, so they all
//! run at once, each on a thread of its own.

use std::sync::Arc;

use utf8scope::model::findings::backend::Backend;
use utf8scope::model::findings::{Finding, FindingsScanner, Repairer};
use utf8scope::model::settings::Settings;

/// Text with every kind of finding, in many scripts, at every alignment.
fn corpus() -> Vec<u8> {
    let pieces: [&str; 14] = [
        "plain ascii words ",
        "caf\u{c3}\u{a9} ",
        "РїСЂРёРІРµС‚ ",
        "привет Ελληνικά 日本語 한국어 ",
        "p\u{430}ypal ",
        "u\u{308} ",
        "“quoted” – ",
        "\u{feff}",
        "\u{202e}\u{2066}\u{200b}\u{ad}",
        "\u{1}\u{7f}\u{85}",
        "\u{fdd0}\u{10fffe}",
        "😀 ∑ ",
        "\r\n",
        "\n",
    ];
    let mut text = Vec::new();
    for (i, samples) in std::fs::read_dir("assets/samples").unwrap().enumerate() {
        text.extend(std::fs::read(samples.unwrap().path()).unwrap());
        for (j, piece) in pieces.iter().enumerate() {
            text.extend(std::iter::repeat_n(b'x', (i * 7 + j * 3) % 65));
            text.extend_from_slice(piece.as_bytes());
        }
    }
    text.repeat(8)
}

fn findings_of(bytes: &[u8], mut scanner: FindingsScanner) -> Vec<Finding> {
    scanner.feed(bytes);
    scanner.finish()
}

#[test]
fn every_backend_finds_what_the_plain_walk_finds() {
    let text = corpus();
    let plain = findings_of(&text, FindingsScanner::char_by_char());
    assert!(plain.len() > 100);
    std::thread::scope(|scope| {
        for backend in Backend::ALL {
            let Ok(settings) = Settings::default().with_backend(backend) else {
                eprintln!("skipped the {} backend: this CPU lacks it", backend.name());
                continue;
            };
            let (text, plain) = (&text, &plain);
            scope.spawn(move || {
                let repairer = Arc::new(Repairer::new(settings));
                assert_eq!(repairer.settings().backend, backend);
                let quick = findings_of(text, FindingsScanner::with_repairer(repairer));
                assert!(&quick == plain, "the {} backend differs", backend.name());
            });
        }
    });
}
