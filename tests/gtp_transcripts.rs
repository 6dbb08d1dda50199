//! Replays the conversations in `protocol/transcripts/gtp/*.txt` against `tengen gtp`
//! (format: `tests/common/transcript.rs`; a transcript's `@` line may set other options).
//! Searches use few playouts: where a reply depends on the search, the transcripts match
//! its shape, not the move.

mod common;

use std::path::Path;

#[test]
fn transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/transcripts/gtp");
    for f in common::transcript::files(&dir, 10) {
        common::transcript::replay(&f, &["gtp", "--playouts", "60"], None);
    }
}

/// The game clock reaches the search: a move under byo-yomi of one second per move, or a
/// short absolute clock, comes well within the time (and takes some of it).
#[test]
fn moves_keep_to_the_clock() {
    use common::gtp_client::GtpClient;
    use std::time::{Duration, Instant};
    let mut engine = GtpClient::spawn(Path::new(env!("CARGO_BIN_EXE_tengen")), &["gtp"]).unwrap();
    engine.ok("boardsize 9");
    engine.ok("kgs-time_settings byoyomi 0 1 1");
    engine.ok("time_left b 1 1");
    let start = Instant::now();
    engine.ok("genmove b");
    let took = start.elapsed();
    assert!(
        // The budget is 0.65 s of the 1 s period (0.35 s kept back for lag).
        took > Duration::from_millis(100) && took < Duration::from_millis(900),
        "byo-yomi move took {took:?}"
    );
    engine.ok("time_settings 10 0 0");
    let start = Instant::now();
    engine.ok("genmove w");
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(1),
        "absolute-time move took {took:?}"
    );
}

#[test]
fn bad_search_parameters_are_command_line_errors() {
    for bad in [
        "bogus=1",
        "exploration=x",
        "exploration=11",
        "rave_equivalence=0",
        "exploration",
    ] {
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(["gtp", "--param", bad])
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2), "{bad}");
    }
}
