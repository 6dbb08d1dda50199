//! End to end: the `gomocup-match` binary plays `baseline` against itself, and Tengen
//! against itself.

mod common;

use std::path::Path;
use std::process::Command;
use tengen::core::Point;
use tengen::protocol::sgf::RenjuRecord;
use tengen::renju::Rule;

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
/// normally, the log says so, and their SGF files replay under renju rules.
fn two_games(engine1: &str, engine2: &str, turn_ms: u32) {
    let log =
        std::env::temp_dir().join(format!("tengen-match-{}-{turn_ms}.log", std::process::id()));
    let sgf_dir =
        std::env::temp_dir().join(format!("tengen-match-{}-{turn_ms}-sgf", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_gomocup-match"))
        .args(["--engine1", engine1])
        .args(["--engine2", engine2])
        .args(["--name1", "one", "--name2", "two"])
        .args(["--rule", "renju", "--size", "15", "--games", "2"])
        .args(["--turn-ms", &turn_ms.to_string(), "--tolerance-ms", "2000"])
        .args(["--log", log.to_str().unwrap()])
        .args(["--sgf-dir", sgf_dir.to_str().unwrap()])
        .output()
        .expect("run gomocup-match");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    check_sgf(&sgf_dir.join("game-001.sgf"), "one", "two");
    check_sgf(&sgf_dir.join("game-002.sgf"), "two", "one");
    let _ = std::fs::remove_dir_all(&sgf_dir);
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
        // A normal game between two sound engines: a five, a full board, or Black to move
        // with every empty point forbidden (check_sgf above has checked which).
        assert!(
            line.contains("reason=\"five\"")
                || line.contains("reason=\"board full\"")
                || line.contains("reason=\"no legal move for Black\""),
            "{line}"
        );
        assert!(
            line.contains("moves=7,7 7,6 7,5 "),
            "the opening comes first: {line}"
        );
    }
}

/// A game's SGF names its players and the rule, starts with the opening D1 and replays
/// under renju rules to a five (`B+`/`W+`) or a draw (`0`): a full board, or Black to
/// move with every empty point forbidden (the runner's "no legal move").
fn check_sgf(path: &Path, black: &str, white: &str) {
    let text = std::fs::read_to_string(path).expect("read the SGF");
    let record = RenjuRecord::from_sgf(&text).expect("a GM[4] record");
    assert!(text.starts_with("(;FF[4]GM[4]SZ[15]"), "{text}");
    assert_eq!(record.info.rules.as_deref(), Some("renju"), "{text}");
    assert_eq!(record.info.black_player.as_deref(), Some(black), "{text}");
    assert_eq!(record.info.white_player.as_deref(), Some(white), "{text}");
    let opening = [Point::new(7, 7), Point::new(7, 6), Point::new(7, 5)];
    assert_eq!(record.moves[..3], opening, "{text}");
    let board = record.replay(Rule::Renju).expect("the moves replay");
    let last = *record.moves.last().unwrap();
    let result = record.info.result.as_deref();
    if board.is_five_at(last) {
        let winner = if record.moves.len() % 2 == 1 {
            "B+"
        } else {
            "W+"
        };
        assert_eq!(result, Some(winner), "{text}");
    } else {
        let black_to_move = record.moves.len().is_multiple_of(2);
        let no_legal_move = black_to_move && board.forbidden_points() == board.empty_points();
        assert!(
            (board.is_full() || no_legal_move) && result == Some("0"),
            "{text}"
        );
    }
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    // Engine 1 answers every move request with the centre; engine 2 with garbage, so it
    // loses at its first move. With elo0=0, elo1=200 a win adds ln(0.7597 / 0.5) = 0.418
    // to the LLR: the eighth win (3.35) passes 2.94 and H1 is accepted.
    let winner = "while read cmd rest; do case \"$cmd\" in START) echo OK;; \
                  BEGIN|DONE|TURN) echo 7,7;; END) exit 0;; esac; done";
    let loser = "while read cmd rest; do case \"$cmd\" in START) echo OK;; \
                 BEGIN|DONE|TURN) echo nonsense;; END) exit 0;; esac; done";
    let output = Command::new(env!("CARGO_BIN_EXE_gomocup-match"))
        .args(["--shell", "--engine1", winner, "--engine2", loser])
        .args([
            "--name1",
            "winner",
            "--name2",
            "loser",
            "--openings",
            "empty",
        ])
        .args(["--games", "100", "--concurrency", "2", "--turn-ms", "2000"])
        .args(["--sprt", "elo0=0,elo1=200"])
        .output()
        .expect("run gomocup-match");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(
            "SPRT elo0=0 elo1=200 alpha=0.05 beta=0.05: H1 accepted after 8 games, LLR 3.3"
        ),
        "{stdout}"
    );
    // The game running beside the eighth may finish too.
    let played = stderr.matches("game ").count();
    assert!(played == 8 || played == 9, "{stderr}");
    assert!(stdout.contains(&format!("winner vs loser: {played} games, +{played} =0 -0")));
    assert!(
        stderr.contains("(100.0%) LLR 0.42 (-2.94, 2.94)"),
        "{stderr}"
    );
}

#[test]
fn bad_arguments_fail_cleanly() {
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gomocup-match"))
            .args(["--engine1", "x", "--engine2", "y"])
            .args(extra)
            .output()
            .expect("run gomocup-match")
    };
    for (args, message) in [
        (&["--size", "40"][..], "board size 40"),
        (&["--increment-ms", "100"], "--match-ms"),
        (
            &["--sprt", "elo0=0,elo1=10,beta"],
            "\"beta\" is not key=value",
        ),
        (
            &["--sprt", "elo0=0,elo1=10,gamma=1"],
            "unknown key \"gamma\"",
        ),
    ] {
        let out = run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn an_engine_that_cannot_start_stops_the_match() {
    // Twenty games would otherwise each be scored as a loss for the missing engine.
    let baseline = env!("CARGO_BIN_EXE_baseline");
    let out = Command::new(env!("CARGO_BIN_EXE_gomocup-match"))
        .args([
            "--engine1",
            "/nonexistent/pbrain-engine",
            "--engine2",
            baseline,
        ])
        .args(["--games", "20", "--turn-ms", "200"])
        .output()
        .expect("run gomocup-match");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("check the engine commands"), "{stderr}");
    assert!(stderr.contains("/nonexistent/pbrain-engine"), "{stderr}");
    assert!(!stderr.contains("game   2/20"), "{stderr}");
}
