//! The real binary in a real terminal (tmux): open Kuhn's stress test, press
//! `n`, read the first invalid span's offset from the status bar; and check
//! the terminal is restored after quitting. Needs tmux (.ci/run installs it).

use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of our own, so tests never touch the user's sessions.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(name: &str, width: u16, height: u16, command: &str) -> Tmux {
        let tmux = Tmux {
            socket: format!("utf8scope-{name}-{}", std::process::id()),
        };
        let size = [width.to_string(), height.to_string()];
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            &size[0],
            "-y",
            &size[1],
            command,
        ]);
        tmux
    }

    fn run(&self, args: &[&str]) -> String {
        let output = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux must be installed to run the end-to-end tests");
        assert!(
            output.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t"])
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Waits until the screen satisfies `ready`, or fails with the screen.
    fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn format(&self, variable: &str) -> String {
        self.run(&["display-message", "-p", "-t", "t", variable])
            .trim()
            .to_string()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
    }
}

fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_utf8scope")
}

#[test]
fn pressing_n_shows_the_first_invalid_span_in_the_status_bar() {
    let command = format!("{} assets/samples/kuhn-utf8-stress-test.txt", binary());
    let tmux = Tmux::start("first-invalid", 100, 30, &command);
    tmux.wait_for("the scan verdict", |s| s.contains("378 invalid spans"));
    tmux.keys(&["n"]);
    // Wait for the whole frame: tmux may be read while a frame is half drawn.
    tmux.wait_for("the status bar and info panel at the span", |s| {
        let status = s.lines().rfind(|l| !l.trim().is_empty()).unwrap_or("");
        status.contains("│ 0x0000116d │ line 75:38 │") && s.contains("invalid-byte: F8")
    });
    tmux.keys(&["q"]);
}

#[test]
fn first_invalid_opens_on_the_first_span() {
    let command = format!(
        "{} --first-invalid assets/samples/kuhn-utf8-stress-test.txt",
        binary()
    );
    let tmux = Tmux::start("open-first", 100, 30, &command);
    // Wait for the whole frame: tmux may be read while a frame is half drawn.
    tmux.wait_for("the first span named in the status bar", |s| {
        s.contains("0x0000116d") && s.contains("first invalid span: invalid-byte")
    });
    tmux.keys(&["q"]);
}

#[test]
fn check_at_a_terminal_with_no_file_says_what_it_needs() {
    let tmux = Tmux::start("check-tty", 100, 10, "bash --norc --noprofile");
    tmux.keys(&[&format!("{} check; echo status=$?", binary()), "Enter"]);
    let screen = tmux.wait_for("the status", |s| s.contains("status=2"));
    assert!(
        screen.contains("check needs a FILE or a directory, or standard input piped in"),
        "{screen}"
    );
}

#[test]
fn quitting_restores_the_terminal() {
    let tmux = Tmux::start("restore", 80, 24, "bash --norc --noprofile");
    tmux.keys(&["PS1='READY$ '", "Enter"]);
    tmux.wait_for("the shell", |s| s.contains("READY$"));
    tmux.keys(&[
        &format!("{} assets/samples/multilingual.txt", binary()),
        "Enter",
    ]);
    tmux.wait_for("the inspector", |s| s.contains("valid UTF-8"));
    assert_eq!(
        tmux.format("#{alternate_on}"),
        "1",
        "the inspector uses the alternate screen"
    );
    assert_eq!(
        tmux.format("#{mouse_any_flag}"),
        "1",
        "and captures the mouse"
    );
    tmux.keys(&["q"]);
    let screen = tmux.wait_for("the shell again", |s| {
        s.lines().filter(|l| l.starts_with("READY$")).count() >= 2
    });
    assert_eq!(
        tmux.format("#{alternate_on}"),
        "0",
        "alternate screen left:\n{screen}"
    );
    assert_eq!(
        tmux.format("#{mouse_any_flag}"),
        "0",
        "mouse capture released"
    );
    assert_eq!(tmux.format("#{cursor_flag}"), "1", "cursor shown again");
    // Typed text echoes again: the terminal is out of raw mode.
    tmux.keys(&["echo back-to-normal", "Enter"]);
    tmux.wait_for("cooked mode", |s| s.contains("\nback-to-normal"));
}

/// A shell in tmux with a recognisable prompt.
fn shell(name: &str, width: u16, height: u16) -> Tmux {
    let tmux = Tmux::start(name, width, height, "bash --norc --noprofile");
    tmux.keys(&["PS1='READY$ '", "Enter"]);
    tmux.wait_for("the shell", |s| s.contains("READY$"));
    tmux
}

#[test]
fn piped_input_is_shown_while_it_arrives_and_q_quits_at_once() {
    let tmux = shell("pipe", 100, 30);
    tmux.keys(&[
        &format!("(echo hi; sleep 30) | {}; echo quit=$?", binary()),
        "Enter",
    ]);
    let screen = tmux.wait_for("the bytes so far", |s| {
        s.contains("reading… 3 bytes") && s.contains("U+0068")
    });
    assert!(screen.contains("<stdin>"), "{screen}");
    let asked = Instant::now();
    tmux.keys(&["q"]);
    // The inspector leaves at once; the shell then waits for `sleep`, so
    // the alternate screen being left is what tells.
    let deadline = Instant::now() + Duration::from_secs(10);
    while tmux.format("#{alternate_on}") == "1" {
        assert!(Instant::now() < deadline, "q did not quit while reading");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(asked.elapsed() < Duration::from_secs(10));
}

#[test]
fn esc_never_quits_and_ctrl_z_suspends_until_fg() {
    let tmux = shell("esc-suspend", 100, 30);
    tmux.keys(&[
        &format!("{} assets/samples/multilingual.txt", binary()),
        "Enter",
    ]);
    tmux.wait_for("the inspector", |s| s.contains("valid UTF-8"));
    tmux.keys(&["Escape"]);
    tmux.keys(&["Escape"]);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(tmux.format("#{alternate_on}"), "1", "Esc did not quit");
    tmux.keys(&["C-z"]);
    let screen = tmux.wait_for("the job stopped", |s| s.contains("Stopped"));
    assert_eq!(tmux.format("#{alternate_on}"), "0", "{screen}");
    tmux.keys(&["fg", "Enter"]);
    tmux.wait_for("the inspector again", |s| s.contains("valid UTF-8"));
    assert_eq!(tmux.format("#{alternate_on}"), "1");
    tmux.keys(&["q"]);
    tmux.wait_for("the shell again", |s| {
        s.lines().filter(|l| l.starts_with("READY$")).count() >= 2
    });
}

#[test]
fn one_ctrl_d_ends_input_typed_at_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("typed.txt");
    let tmux = shell("ctrl-d", 100, 10);
    tmux.keys(&[
        &format!("{} fix - -o {}; echo status=$?", binary(), out.display()),
        "Enter",
    ]);
    // Typed only once fix reads the terminal: keys that arrive while the
    // shell still has it in raw mode would not be a line and a Ctrl-D.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !Command::new("pgrep")
        .args(["-f", &out.display().to_string()])
        .output()
        .is_ok_and(|o| o.status.success())
    {
        assert!(Instant::now() < deadline, "fix did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    tmux.keys(&["cafÃ©", "Enter"]);
    tmux.keys(&["C-d"]);
    tmux.wait_for("fix to end after one Ctrl-D", |s| s.contains("status=0"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "café\n");
}

#[test]
fn file_line_col_opens_at_the_byte_check_names() {
    let command = format!("{} assets/samples/invalid-kinds.txt:3:28", binary());
    let tmux = Tmux::start("file-line-col", 100, 30, &command);
    tmux.wait_for("the cursor at 3:28", |s| {
        s.contains("│ 0x00000077 │ line 3:28 │") && s.contains("overlong: C0")
    });
    tmux.keys(&["q"]);
}

#[test]
fn q_quits_at_once_while_a_file_of_nuls_is_still_being_looked_at() {
    // 64 MiB of NULs, each a control character: the findings pass and the
    // scan are still running when q is pressed (this took 13–30 s and
    // ~6 GB when each NUL was a finding of its own and quitting waited).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("zeros.bin");
    std::fs::File::create(&path)
        .unwrap()
        .set_len(64 << 20)
        .unwrap();
    let tmux = shell("nuls", 100, 30);
    tmux.keys(&[
        &format!("{} {}; echo quit=$?", binary(), path.display()),
        "Enter",
    ]);
    tmux.wait_for("the inspector", |s| s.contains("zeros.bin"));
    let asked = Instant::now();
    tmux.keys(&["q"]);
    tmux.wait_for("the shell again", |s| s.contains("quit=0"));
    let took = asked.elapsed();
    println!("q took {took:?}");
    // (The budget is 0.2 s; tmux's own round trips are allowed for.)
    assert!(took < Duration::from_secs(1), "q took {took:?}");
}

#[test]
fn the_second_reading_shows_a_shift_jis_page_beside_its_utf8_reading() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("page.txt");
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode("日本語のページです。「こんにちは」");
    std::fs::write(&path, &bytes).unwrap();
    let command = format!("{} {}", binary(), path.display());
    for (name, width, height) in [("also-80", 80, 24), ("also-200", 200, 50)] {
        let tmux = Tmux::start(name, width, height, &command);
        tmux.wait_for("the file", |s| s.contains("0x00000000"));
        tmux.keys(&["r"]);
        let screen = tmux.wait_for("the Shift_JIS reading beside", |s| {
            s.lines().next().is_some_and(|l| l.contains("Shift_JIS")) && s.contains("日本")
        });
        // The UTF-8 reading stays in the text pane beside it.
        assert!(screen.lines().next().unwrap().contains("UTF-8"), "{screen}");
        tmux.keys(&["R"]);
        tmux.wait_for("the next encoding", |s| {
            s.lines().next().is_some_and(|l| l.contains("EUC-JP"))
        });
        tmux.keys(&["r"]);
        tmux.wait_for("the second reading gone", |s| {
            !s.lines().next().is_some_and(|l| l.contains("EUC-JP"))
        });
        tmux.keys(&["q"]);
    }
}

/// Waits until the findings pass is done: keys that move to a finding,
/// pressed while it still looks, say "no findings yet" (a debug build on a
/// busy machine takes a while to build its tables).
fn wait_for_findings(tmux: &Tmux) {
    tmux.wait_for("the findings", |s| {
        let status = s.lines().rfind(|l| !l.trim().is_empty()).unwrap_or("");
        status.contains("finding") && !status.contains("…")
    });
}

/// Opens `file` (in `dir`) in the inspector, presses `keys` to mark
/// repairs, writes them with `W` to the path it offers, and quits.
fn repair_from_the_screen(name: &str, dir: &std::path::Path, file: &str, keys: &[&str]) {
    let command = format!("cd {} && {} {file}", dir.display(), binary());
    let tmux = Tmux::start(name, 120, 30, &command);
    tmux.wait_for("the file", |s| s.contains("0x00000000"));
    wait_for_findings(&tmux);
    for key in keys {
        tmux.keys(&[key]);
    }
    tmux.wait_for("the mark", |s| s.contains("; marked "));
    tmux.keys(&["W"]);
    tmux.wait_for("the path offered", |s| s.contains(".fixed.txt▏"));
    tmux.keys(&["Enter"]);
    tmux.wait_for("the file written", |s| s.contains("wrote "));
    tmux.keys(&["q"]);
}

/// What `utf8scope fix ARGS` writes to standard output.
fn fixed_by_the_command(dir: &std::path::Path, args: &[&str]) -> Vec<u8> {
    let output = Command::new(binary())
        .current_dir(dir)
        .arg("fix")
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    output.stdout
}

#[test]
fn repairs_written_from_the_screen_are_what_fix_writes() {
    let dir = tempfile::tempdir().unwrap();
    // Mojibake: A on a finding (every line's), W.
    std::fs::copy("assets/samples/findings.txt", dir.path().join("m.txt")).unwrap();
    repair_from_the_screen("repair-mojibake", dir.path(), "m.txt", &["m", "A"]);
    let fixed = fixed_by_the_command(dir.path(), &["m.txt"]);
    assert_eq!(
        std::fs::read(dir.path().join("m.fixed.txt")).unwrap(),
        fixed
    );
    // a: the first finding's line only, as fix writes it; the rest as it was.
    std::fs::copy("assets/samples/findings.txt", dir.path().join("o.txt")).unwrap();
    repair_from_the_screen("repair-one", dir.path(), "o.txt", &["m", "a"]);
    let original = std::fs::read_to_string(dir.path().join("o.txt")).unwrap();
    let fixed = String::from_utf8(fixed).unwrap();
    let written = std::fs::read_to_string(dir.path().join("o.fixed.txt")).unwrap();
    let changed: Vec<usize> = (written.lines().zip(original.lines()).enumerate())
        .filter(|(_, (w, o))| w != o)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(changed.len(), 1, "{written}");
    assert_eq!(
        written.lines().nth(changed[0]),
        fixed.lines().nth(changed[0])
    );
    assert_eq!(written.lines().count(), original.lines().count());
    // A UTF-8 file with windows-1251 rows: a on an invalid span, W.
    let mut mixed = "Письмо от Ивана, строки в UTF-8.\n".as_bytes().to_vec();
    let (row, _, _) = encoding_rs::WINDOWS_1251.encode("Привет, как дела? Всё хорошо.\n");
    mixed.extend_from_slice(&row);
    mixed.extend_from_slice("Конец письма.\n".as_bytes());
    std::fs::write(dir.path().join("l.txt"), &mixed).unwrap();
    repair_from_the_screen("repair-legacy", dir.path(), "l.txt", &["n", "a"]);
    let written = std::fs::read(dir.path().join("l.fixed.txt")).unwrap();
    assert_eq!(
        written,
        fixed_by_the_command(dir.path(), &["--invalid", "legacy", "l.txt"])
    );
    assert!(
        String::from_utf8(written)
            .unwrap()
            .contains("Привет, как дела?")
    );
}

/// Presses `W`, types the file's own name `file` over the path offered, and
/// waits for the question whether to rewrite it.
fn ask_to_write_over(tmux: &Tmux, file: &str) {
    tmux.keys(&["W"]);
    tmux.wait_for("the path offered", |s| s.contains(".fixed.txt▏"));
    for _ in 0..20 {
        tmux.keys(&["BSpace"]);
    }
    tmux.keys(&[file, "Enter"]);
    let question = format!("rewrite {file} itself?");
    tmux.wait_for("the question", |s| s.contains(&question));
}

#[test]
fn quitting_with_unwritten_repairs_asks_once_and_the_file_itself_needs_a_yes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("assets/samples/findings.txt", dir.path().join("f.txt")).unwrap();
    let original = std::fs::read(dir.path().join("f.txt")).unwrap();
    let tmux = shell("repair-ask", 120, 30);
    let command = format!(
        "cd {} && {} f.txt; echo quit=$?",
        dir.path().display(),
        binary()
    );
    tmux.keys(&[&command, "Enter"]);
    tmux.wait_for("the file", |s| s.contains("0x00000000"));
    wait_for_findings(&tmux);
    tmux.keys(&["m", "A"]);
    tmux.wait_for("the mark", |s| s.contains("marked every"));
    tmux.keys(&["q"]);
    tmux.wait_for("the question", |s| s.contains("not written: W writes them"));
    // The file's own name: nothing is written without a y.
    ask_to_write_over(&tmux, "f.txt");
    tmux.keys(&["n"]);
    tmux.wait_for("nothing written", |s| s.contains("nothing written"));
    assert_eq!(std::fs::read(dir.path().join("f.txt")).unwrap(), original);
    ask_to_write_over(&tmux, "f.txt");
    tmux.keys(&["y"]);
    tmux.wait_for("the file rewritten", |s| s.contains("--in-place f.txt"));
    let expected = {
        std::fs::write(dir.path().join("g.txt"), &original).unwrap();
        fixed_by_the_command(dir.path(), &["g.txt"])
    };
    assert_eq!(std::fs::read(dir.path().join("f.txt")).unwrap(), expected);
    // Written: q quits at once.
    tmux.keys(&["q"]);
    tmux.wait_for("the shell", |s| s.contains("quit=0"));
}
