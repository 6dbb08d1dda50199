//! `tengen bench`: its one-thread signature is the one recorded in
//! tests/bench_signature.txt, so that a change of search behaviour is always a conscious
//! one, and `--threads` runs a second pass with its speed-up but no second signature.
//!
//! The binary is the test profile's (opt-level 2), which computes the same signature as a
//! release build: nothing in a one-thread bench depends on time or the build.

mod common;

use common::cli::run;
use std::path::Path;

const RECORD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bench_signature.txt");
const UPDATE: &str = "UPDATE_BENCH_SIGNATURE";

/// The `GAME signature: N` lines of a bench's output or of the record.
fn signatures(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && l.contains(" signature: "))
        .collect()
}

#[test]
fn the_signature_is_the_recorded_one_and_threads_add_a_speed_up() {
    let (code, out, err) = run(&["bench", "--threads", "2"], b"");
    assert_eq!(code, 0, "{err}");
    let got = signatures(&out);
    assert_eq!(
        got.len(),
        2,
        "one signature per game, the one-thread pass's:\n{out}"
    );
    for game in ["renju", "go"] {
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("{game} speed-up with 2 threads: "))),
            "{out}"
        );
        assert!(out.contains(&format!("{game} total, 2 threads: ")), "{out}");
    }

    let record = std::fs::read_to_string(RECORD).unwrap();
    if std::env::var_os(UPDATE).is_some() {
        let comments: String = record
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        let lines: String = got.iter().map(|l| format!("{l}\n")).collect();
        std::fs::write(RECORD, comments + &lines).unwrap();
        eprintln!("recorded in {}:\n{lines}", Path::new(RECORD).display());
        return;
    }
    let recorded = signatures(&record);
    assert!(
        got == recorded,
        "the bench signature changed:\n  recorded: {recorded:?}\n  now:      {got:?}\n\
         If the change of search behaviour is intended, record the new signature with\n  \
         {UPDATE}=1 cargo test --test bench\nand commit tests/bench_signature.txt, saying why \
         it changed.\nThe bench's output:\n{out}"
    );
}

#[test]
fn an_unknown_game_is_a_usage_error() {
    let (code, out, err) = run(&["bench", "chess"], b"");
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("chess"), "{err}");
}
