//! Replays a protocol conversation file (`protocol/transcripts/`) against the `tengen`
//! binary.
//!
//! Format, one directive a line:
//! - `@ arg …`  (first directive only) the command line after `tengen`, instead of the
//!   caller's default.
//! - `> text`  send `text` to the engine (`>` alone sends an empty line; `$TMP` becomes a
//!   fresh temporary directory). Consecutive `>` lines are sent together, before any reply
//!   is read, so the later ones arrive while the engine is still busy.
//! - `< text`  the next line must be exactly `text`; `<` alone: the next line is empty.
//! - `<~ re`   the next line must match the regular expression `re` (anchored).
//! - `<* re`   any number of lines (none too) matching `re` come next.
//! - `# …` and blank lines are comments.
//!
//! Lines that start with the caller's `unsolicited` prefix (Gomocup's `MESSAGE`) are
//! skipped unless the expected line starts with it. After the last directive the input is
//! closed; the engine must exit within a second, successfully, and print nothing more.

use regex::Regex;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long one line may take (the transcripts use small search limits).
const REPLY_TIMEOUT: Duration = Duration::from_secs(20);

enum Expect {
    Exact(String),
    Pattern(Regex),
}

impl Expect {
    fn matches(&self, line: &str) -> bool {
        match self {
            Expect::Exact(s) => s == line,
            Expect::Pattern(re) => re.is_match(line),
        }
    }

    fn starts_with(&self, prefix: &str) -> bool {
        match self {
            Expect::Exact(s) => s.starts_with(prefix),
            Expect::Pattern(re) => re.as_str().starts_with(&format!("^(?:{prefix}")),
        }
    }

    fn describe(&self) -> String {
        match self {
            Expect::Exact(s) => format!("'{s}'"),
            Expect::Pattern(re) => format!("/{}/", re.as_str()),
        }
    }
}

fn anchored(re: &str) -> Regex {
    Regex::new(&format!("^(?:{re})$")).unwrap()
}

/// The engine's output lines, with one line of look-ahead.
struct Lines {
    rx: Receiver<String>,
    peeked: Option<String>,
    unsolicited: Option<&'static str>,
}

impl Lines {
    /// The next line; lines of the unsolicited kind are dropped unless `keep`.
    fn next(&mut self, keep: bool, what: &str) -> String {
        if let Some(line) = self.peeked.take() {
            return line;
        }
        let deadline = Instant::now() + REPLY_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(line) if !keep && self.unsolicited.is_some_and(|p| line.starts_with(p)) => {
                    continue
                }
                Ok(line) => return line,
                Err(_) => panic!("no line in {REPLY_TIMEOUT:?} while waiting for {what}"),
            }
        }
    }
}

/// A temporary directory of its own for one transcript.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Replays the transcript at `path` against `tengen default_args` (run in the crate's
/// directory, so transcripts name fixtures by their path in the repository).
pub fn replay(path: &Path, default_args: &[&str], unsolicited: Option<&'static str>) {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let args: Vec<String> = match text.lines().find(|l| l.starts_with('@')) {
        Some(line) => line[1..].split_whitespace().map(str::to_string).collect(),
        None => default_args.iter().map(|s| s.to_string()).collect(),
    };
    let tmp = temp_dir(&name);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Lines {
        rx,
        peeked: None,
        unsolicited,
    };
    for (n, raw) in text.lines().enumerate() {
        let at = format!("{name}:{}", n + 1);
        let line = raw.trim_end();
        if let Some(cmd) = line
            .strip_prefix("> ")
            .or(line.strip_prefix('>').filter(|s| s.is_empty()))
        {
            let cmd = cmd.replace("$TMP", &tmp.to_string_lossy());
            writeln!(stdin, "{cmd}").unwrap();
            stdin.flush().unwrap();
            continue;
        }
        if let Some(re) = line.strip_prefix("<* ") {
            let re = anchored(re);
            loop {
                let got = lines.next(false, &format!("/{re}/* at {at}"));
                if !re.is_match(&got) {
                    lines.peeked = Some(got);
                    break;
                }
            }
            continue;
        }
        let expect = if let Some(re) = line.strip_prefix("<~ ") {
            Expect::Pattern(anchored(re))
        } else if let Some(s) = line.strip_prefix("< ") {
            Expect::Exact(s.to_string())
        } else if line == "<" {
            Expect::Exact(String::new())
        } else if line.is_empty() || line.starts_with('#') || line.starts_with('@') {
            continue;
        } else {
            panic!("{at}: unreadable directive '{line}'");
        };
        let keep = unsolicited.is_some_and(|p| expect.starts_with(p));
        let got = lines.next(keep, &format!("{} at {at}", expect.describe()));
        assert!(
            expect.matches(&got),
            "{at}: expected {}, got '{got}'",
            expect.describe()
        );
    }
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(1);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "{name}: the engine did not exit within 1 s"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(status.success(), "{name}: exit status {status}");
    let extra: Vec<String> = lines
        .peeked
        .into_iter()
        .chain(lines.rx.try_iter())
        .filter(|l| !unsolicited.is_some_and(|p| l.starts_with(p)))
        .collect();
    assert!(
        extra.is_empty(),
        "{name}: unexpected output after the transcript: {extra:?}"
    );
    let _ = std::fs::remove_dir_all(tmp);
}

/// The `*.txt` transcripts directly in `dir`, sorted; at least `at_least` of them.
pub fn files(dir: &Path, at_least: usize) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(
        files.len() >= at_least,
        "expected the transcript set in {}",
        dir.display()
    );
    files
}
