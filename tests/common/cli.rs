//! The `tengen` binary run as a user runs it.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs `tengen args` with `input` on stdin; (exit code, stdout, stderr).
pub fn run(args: &[&str], input: &[u8]) -> (i32, String, String) {
    run_in(Path::new("."), args, input)
}

/// [`run`] with `dir` as the working directory.
pub fn run_in(dir: &Path, args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Written from a thread of its own, so that a long input cannot block on a full
    // stdout pipe; a command that fails on its arguments may exit before reading it.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
