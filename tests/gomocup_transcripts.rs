//! Replays the conversations in `protocol/transcripts/*.txt` against `tengen gomocup`.
//!
//! Format, one directive a line:
//! - `> text`  send `text` to the engine. Consecutive `>` lines are sent together, before
//!   any reply is read, so the later ones arrive while the engine is still thinking.
//! - `< text`  the next reply must be exactly `text`.
//! - `<~ re`   the next reply must match the regular expression `re` (anchored).
//! - `# …` and blank lines are comments.
//!
//! `MESSAGE` lines are skipped unless the expected reply starts with `MESSAGE`. After the
//! last directive the engine must exit within a second and print nothing more.

use regex::Regex;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long one reply may take (the transcripts use short turn limits).
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
    fn wants_message(&self) -> bool {
        match self {
            Expect::Exact(s) => s.starts_with("MESSAGE"),
            Expect::Pattern(re) => re.as_str().starts_with("^(?:MESSAGE"),
        }
    }
    fn describe(&self) -> String {
        match self {
            Expect::Exact(s) => format!("'{s}'"),
            Expect::Pattern(re) => format!("/{}/", re.as_str()),
        }
    }
}

fn next_reply(rx: &Receiver<String>, keep_messages: bool, what: &str) -> String {
    let deadline = Instant::now() + REPLY_TIMEOUT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) if line.starts_with("MESSAGE") && !keep_messages => continue,
            Ok(line) => return line,
            Err(_) => panic!("no reply in {REPLY_TIMEOUT:?} while waiting for {what}"),
        }
    }
}

fn replay(path: &Path) {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("gomocup")
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
    for (n, raw) in text.lines().enumerate() {
        let at = format!("{name}:{}", n + 1);
        let line = raw.trim_end();
        if let Some(cmd) = line
            .strip_prefix("> ")
            .or(line.strip_prefix('>').filter(|s| s.is_empty()))
        {
            writeln!(stdin, "{cmd}").unwrap();
            stdin.flush().unwrap();
            continue;
        }
        let expect = if let Some(re) = line.strip_prefix("<~ ") {
            Expect::Pattern(Regex::new(&format!("^(?:{re})$")).unwrap())
        } else if let Some(s) = line.strip_prefix("< ") {
            Expect::Exact(s.to_string())
        } else if line.is_empty() || line.starts_with('#') {
            continue;
        } else {
            panic!("{at}: unreadable directive '{line}'");
        };
        let got = next_reply(
            &rx,
            expect.wants_message(),
            &format!("{} at {at}", expect.describe()),
        );
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
    let extra: Vec<String> = rx
        .try_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    assert!(
        extra.is_empty(),
        "{name}: unexpected output after the transcript: {extra:?}"
    );
}

#[test]
fn transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/transcripts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 8,
        "expected the transcript set in {}",
        dir.display()
    );
    for f in files {
        replay(&f);
    }
}

#[test]
fn pbrain_binary_speaks_gomocup_and_bad_arguments_exit_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"START 20\nABOUT\nEND\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("OK\nname=\"tengen\""), "{text}");
    for bad in [
        ["gomocup", "--threads", "0"],
        ["gomocup", "--threads", "65"],
        ["gomocup", "--hash-mb", "x"],
    ] {
        let status = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(bad)
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2), "{bad:?}");
    }
}
