//! `dump` and `explain` as pages and pictures, as a person sees them:
//! rendered by headless Chromium. A screenshot's pixels show the bits in
//! the legend's colours, and the page's text (Chromium's `--dump-dom`)
//! holds every character of the input in order.
//!
//! Chromium comes from the system's packages (`.ci/run` installs it). Where
//! it is missing the test says so; in CI (`UTF8SCOPE_REQUIRE_CHROMIUM=1`)
//! that is a failure.

#[path = "common/markup.rs"]
mod markup;

use markup::text_of;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Chromium's path, or `None` (said on stderr) where it is not installed
/// and not required.
fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            let output = Command::new("which").arg(name).output().ok()?;
            output
                .status
                .success()
                .then(|| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
        });
    if found.is_none() {
        let required = std::env::var_os("UTF8SCOPE_REQUIRE_CHROMIUM").is_some();
        assert!(!required, "Chromium is not installed, and CI requires it");
        eprintln!("skipped: Chromium is not installed (apt-get install chromium)");
    }
    found
}

/// Runs headless Chromium on `page` with `args`; returns its stdout.
fn run_chromium(chromium: &Path, page: &Path, args: &[&str]) -> String {
    let output = Command::new("timeout")
        .arg("120")
        .arg(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
        ])
        .args(args)
        .arg(page)
        .output()
        .unwrap();
    assert!(output.status.success(), "chromium: {output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What `utf8scope dump --format FORMAT --bits` writes of `text`.
fn picture_of(format: &str, text: &str, dir: &Path) -> String {
    let file = dir.join("input.txt");
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    utf8scope(&["dump", "--format", format, "--bits", "--width", "8", file])
}

/// What `utf8scope ARGS` writes, successfully.
fn utf8scope(args: &[&str]) -> String {
    let output = assert_cmd::Command::cargo_bin("utf8scope")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// A screenshot of `page` (in `dir`, as `name`) at three pixels a point,
/// where the strokes' cores are the ink's own colour: its width and pixels.
fn screenshot(chromium: &Path, page: &Path, dir: &Path, name: &str) -> (usize, Vec<[u8; 3]>) {
    let shot = dir.join(format!("{name}.png"));
    let screenshot = format!("--screenshot={}", shot.display());
    run_chromium(
        chromium,
        page,
        &[
            &screenshot,
            "--window-size=1400,700",
            "--force-device-scale-factor=3",
        ],
    );
    pixels(&shot)
}

/// A colour of the page's light theme, as `#rrggbb` in its stylesheet.
fn theme_colour(page: &str, name: &str) -> [u8; 3] {
    let at = page.find(&format!("--{name}:#")).unwrap() + name.len() + 4;
    let hex = &page[at..at + 6];
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
    [byte(0), byte(2), byte(4)]
}

/// `ink` drawn at `opacity` over white.
fn over_white(ink: [u8; 3], opacity: f64) -> [u8; 3] {
    ink.map(|c| (f64::from(c) * opacity + 255.0 * (1.0 - opacity)).round() as u8)
}

/// The pixels of a PNG screenshot, row by row, as RGB.
fn pixels(png_file: &Path) -> (usize, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(png_file).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    let step = info.color_type.samples();
    let pixels = buffer[..info.buffer_size()]
        .chunks(step)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    (info.width as usize, pixels)
}

/// Whether some pixel of `pixels` is within `slack` of `colour` in every
/// channel.
fn shows(pixels: &[[u8; 3]], colour: [u8; 3], slack: u8) -> bool {
    pixels
        .iter()
        .any(|p| (0..3).all(|i| p[i].abs_diff(colour[i]) <= slack))
}

/// The screenshot cut in two where the widest blank band between inked
/// rows of pixels is: the rows above, the legend below.
fn rows_and_legend(width: usize, pixels: &[[u8; 3]]) -> (&[[u8; 3]], &[[u8; 3]]) {
    let background = pixels[0];
    let inked: Vec<usize> = (0..pixels.len() / width)
        .filter(|&y| {
            pixels[y * width..(y + 1) * width]
                .iter()
                .any(|p| *p != background)
        })
        .collect();
    let (gap_start, _) = inked
        .windows(2)
        .map(|pair| (pair[0], pair[1] - pair[0]))
        .max_by_key(|&(_, gap)| gap)
        .expect("ink on the picture");
    pixels.split_at((gap_start + 1) * width)
}

/// Renders `picture` (written at `path`, a page or picture in `format`)
/// and asserts that its rows and its legend both show a payload bit's
/// colour and a marker bit's (the colour named `marker`, dimmed).
fn assert_bits_in_legend_colours(
    chromium: &Path,
    picture: &str,
    path: &Path,
    format: &str,
    marker: &str,
) {
    let dir = path.parent().unwrap();
    let (width, all) = screenshot(chromium, path, dir, format);
    let (rows, legend) = rows_and_legend(width, &all);
    let payload = theme_colour(picture, "yellow");
    let marker = over_white(theme_colour(picture, marker), 0.6);
    for (what, colour) in [("a payload bit", payload), ("a marker bit", marker)] {
        assert!(
            shows(rows, colour, 12),
            "{format}: {what} in the rows: {colour:?}"
        );
        assert!(
            shows(legend, colour, 12),
            "{format}: {what} in the legend: {colour:?}"
        );
    }
}

#[test]
fn pictures_show_the_bits_in_the_legend_s_colours_and_every_character() {
    let Some(chromium) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let text = "Папа Hello, 日本\n";
    for (format, file) in [("html", "page.html"), ("svg", "picture.svg")] {
        let picture = picture_of(format, text, dir.path());
        let path = dir.path().join(file);
        std::fs::write(&path, &picture).unwrap();

        // Marker bits dark grey, dimmed.
        assert_bits_in_legend_colours(&chromium, &picture, &path, format, "dark-gray");

        // What the picture says, as text: the input's characters, in order
        // (hex digits are upper case and bits are 0 and 1: none of them).
        let dom = run_chromium(&chromium, &path, &["--dump-dom"]);
        let expected: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let rows_start = (dom.find("<pre class=\"rows\">"))
            .or_else(|| dom.find("<text "))
            .expect("the rows in the DOM");
        let found: String = text_of(&dom[rows_start..])
            .split("lead byte")
            .next()
            .unwrap()
            .chars()
            .filter(|c| expected.contains(*c))
            .collect();
        assert_eq!(found, expected, "{format}: the text of {dom}");
    }
}

#[test]
fn explanations_show_the_bits_in_the_legend_s_colours_and_every_line() {
    let Some(chromium) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let args = ["é€", "U+10C0C"];
    let plain = utf8scope(&["explain", "--color", "never", args[0], args[1]]);
    for (format, file) in [("html", "page.html"), ("svg", "picture.svg")] {
        let picture = utf8scope(&["explain", "--format", format, args[0], args[1]]);
        let path = dir.path().join(file);
        std::fs::write(&path, &picture).unwrap();

        // Marker bits in the text's colour, dimmed.
        assert_bits_in_legend_colours(&chromium, &picture, &path, format, "fg");

        // Every line of the text explanation, as the page's text (bits
        // told apart there by colour, not by `|`).
        let dom = run_chromium(&chromium, &path, &["--dump-dom"]);
        let shown = text_of(&dom);
        for line in plain.lines() {
            let line = line.replace('|', "");
            assert!(shown.contains(&line), "{format}: {line:?} in {shown}");
        }
    }
}
