//! Replays the conversations in `protocol/transcripts/*.txt` against `tengen gomocup`
//! (format: `tests/common/transcript.rs`). `MESSAGE` lines are skipped unless the
//! transcript expects one.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/transcripts");
    for f in common::transcript::files(&dir, 8) {
        common::transcript::replay(&f, &["gomocup"], Some("MESSAGE"));
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
        ["gomocup", "--param", "bogus=1"],
        ["gomocup", "--param", "white_tempo=x"],
        ["gomocup", "--param", "white_tempo=99999"],
        ["gomocup", "--param", "white_tempo"],
    ] {
        let status = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(bad)
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2), "{bad:?}");
    }
}
