//! End to end: the `gomocup-match` binary plays `baseline` against itself, and Tengen
//! against itself.

mod common;

use std::process::Command;

#[test]
fn baseline_vs_baseline_two_games() {
    let baseline = env!("CARGO_BIN_EXE_baseline");
    two_games(
        &format!("{baseline} --seed 1"),
        &format!("{baseline} --seed 2"),
        1000,
    );
}

#[test]
fn tengen_vs_tengen_two_games() {
    let tengen = common::tengen_binary();
    let engine = format!("{} gomocup", tengen.display());
    two_games(&engine, &engine, 200);
}

/// Two renju games from the opening D1, colours swapped, at `turn_ms` a move: both end
/// normally and the log says so.
fn two_games(engine1: &str, engine2: &str, turn_ms: u32) {
    let log =
        std::env::temp_dir().join(format!("tengen-match-{}-{turn_ms}.log", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_gomocup-match"))
        .args(["--engine1", engine1])
        .args(["--engine2", engine2])
        .args(["--name1", "one", "--name2", "two"])
        .args(["--rule", "renju", "--size", "15", "--games", "2"])
        .args(["--turn-ms", &turn_ms.to_string(), "--tolerance-ms", "2000"])
        .args(["--log", log.to_str().unwrap()])
        .output()
        .expect("run gomocup-match");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(stdout.contains("one vs two: 2 games"), "{stdout}");
    assert!(stdout.contains("Elo difference"), "{stdout}");
    assert_eq!(stderr.matches("game ").count(), 2, "{stderr}");

    let text = std::fs::read_to_string(&log).expect("read the log");
    let _ = std::fs::remove_file(&log);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    // Game 1: engine 1 Black on D1; game 2: colours swapped, same opening.
    assert!(lines
        .iter()
        .any(|l| l.starts_with("game=1 opening=D1 black=one white=two")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("game=2 opening=D1 black=two white=one")));
    for line in lines {
        // A normal game between two sound engines: a five or a full board.
        assert!(
            line.contains("reason=\"five\"") || line.contains("reason=\"board full\""),
            "{line}"
        );
        assert!(
            line.contains("moves=7,7 7,6 7,5 "),
            "the opening comes first: {line}"
        );
    }
}

#[test]
fn bad_arguments_fail_cleanly() {
    let output = Command::new(env!("CARGO_BIN_EXE_gomocup-match"))
        .args(["--engine1", "x", "--engine2", "y", "--size", "40"])
        .output()
        .expect("run gomocup-match");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("board size 40"));
}
