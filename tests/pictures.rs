//! `dump --format html` as a person sees it: the page rendered by headless
//! Chromium. A screenshot's pixels show the bits in the legend's colours,
//! and the page's text (Chromium's `--dump-dom`) holds every character of
//! the input in order.
//!
//! Chromium comes from the system's packages (`.ci/run` installs it). Where
//! it is missing the test says so; in CI (`UTF8SCOPE_REQUIRE_CHROMIUM=1`)
//! that is a failure.

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

/// The page `utf8scope dump --format html --bits` writes of `text`.
fn page_of(text: &str, dir: &Path) -> String {
    let file = dir.join("input.txt");
    std::fs::write(&file, text).unwrap();
    let output = assert_cmd::Command::cargo_bin("utf8scope")
        .unwrap()
        .args(["dump", "--format", "html", "--bits", "--width", "8"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
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

/// Whether some pixel of `rows` (each `width` long) is within `slack` of
/// `colour` in every channel.
fn shows(pixels: &[[u8; 3]], colour: [u8; 3], slack: u8) -> bool {
    pixels
        .iter()
        .any(|p| (0..3).all(|i| p[i].abs_diff(colour[i]) <= slack))
}

#[test]
fn the_page_shows_the_bits_in_the_legend_s_colours_and_every_character() {
    let Some(chromium) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let text = "Папа Hello, 日本\n";
    let page = page_of(text, dir.path());
    // Big type, so that the strokes' cores are the ink's own colour.
    let big = page.replace("</style>", "pre,.legend{font-size:44px}\n</style>");
    let html = dir.path().join("page.html");
    std::fs::write(&html, &big).unwrap();

    let shot = dir.path().join("shot.png");
    let screenshot = format!("--screenshot={}", shot.display());
    run_chromium(&chromium, &html, &[&screenshot, "--window-size=4200,900"]);
    let (width, all) = pixels(&shot);
    // The rows (two lines of type) above the legend.
    let row_band = &all[..width * 150];
    let legend_band = &all[width * 150..];
    let payload = theme_colour(&page, "yellow");
    let marker = over_white(theme_colour(&page, "dark-gray"), 0.6);
    for (what, colour) in [("a payload bit", payload), ("a marker bit", marker)] {
        assert!(
            shows(row_band, colour, 10),
            "{what} in the rows: {colour:?}"
        );
        assert!(
            shows(legend_band, colour, 10),
            "{what} in the legend: {colour:?}"
        );
    }

    // What the page says, as text: every character in order.
    let dom = run_chromium(&chromium, &html, &["--dump-dom"]);
    let rows_start = dom
        .find("<pre class=\"rows\">")
        .expect("the rows in the DOM");
    let rows = &dom[rows_start..dom[rows_start..].find("</pre>").unwrap() + rows_start];
    let mut shown = String::new();
    let mut in_tag = false;
    for c in rows.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => shown.push(c),
            _ => {}
        }
    }
    // The input's characters among what the rows say (hex digits are
    // upper case, bits are 0 and 1: neither is among them), in order.
    let expected: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let found: String = shown.chars().filter(|c| expected.contains(*c)).collect();
    assert_eq!(found, expected, "the page's text: {shown}");
}
