//! `tengen renju forbid` and the command line as a user meets them.

mod common;

use common::cli::run;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn tengen() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tengen"))
}

#[test]
fn answers_each_line_and_keeps_going_after_errors() {
    let input = "h8 a1 i8 a2 h9 a3 i10 a4\nh8 h8\n\nh8h9\nz99\nh8 p1\n";
    let (code, out, err) = run(&["renju", "forbid"], input.as_bytes());
    assert_eq!(code, 0);
    assert!(err.is_empty(), "nothing on stderr: {err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0], "g8=33");
    assert_eq!(lines[1], "error: h8 is already occupied");
    assert_eq!(lines[2], "-");
    assert_eq!(lines[3], "-");
    assert!(lines[4].starts_with("error: "));
    assert_eq!(lines[5], "error: p1 is off the board");
}

#[test]
fn board_strings_give_each_kind_of_foul() {
    // Row 8 is the 8th line of the string; rows 15..9 above it and 7..1 below are empty.
    let board = |row8: &str| format!("{}{row8}{}", ".".repeat(105), ".".repeat(105));
    let input = [
        board("xxx.xx........."), // d8 would make six
        board("x.x.x.x........"), // d8 would make two fours on one line
        board("xx.x..........."), // a split three alone is nothing
    ]
    .join("\n");
    let (code, out, _) = run(&["renju", "forbid"], format!("{input}\n").as_bytes());
    assert_eq!(code, 0);
    assert_eq!(out, "d8=6\nd8=44\n-\n");
}

#[test]
fn answers_are_flushed_line_by_line() {
    let mut child = tengen()
        .args(["renju", "forbid"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for (question, expected) in [("h8 a1 i8 a2 h9 a3 i10 a4", "g8=33"), ("h8", "-")] {
        writeln!(stdin, "{question}").unwrap();
        stdin.flush().unwrap();
        // Read the reply while stdin is still open: it must not wait for more input.
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        assert_eq!(line.trim_end(), expected);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn garbage_bytes_are_an_error_line_not_a_crash() {
    let (code, out, _) = run(&["renju", "forbid"], b"\xff\xfe h8\n\x00\x01\nh8\r\n");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("error: "));
    assert!(lines[1].starts_with("error: "));
    assert_eq!(lines[2], "-");
}

#[test]
fn other_board_sizes() {
    let (code, out, _) = run(
        &["renju", "forbid", "--size", "20"],
        b"t20 a1 s19 a2 r18 a3 q17\nt21\n",
    );
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "-");
    assert!(lines[1].starts_with("error: "));
    // An overline on a 7x7 board string.
    let seven = format!("{}xxx.xx.{}", ".".repeat(21), ".".repeat(21));
    let (_, out, _) = run(
        &["renju", "forbid", "--size", "7"],
        format!("{seven}\n").as_bytes(),
    );
    assert_eq!(out.trim_end(), "d4=6");
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for args in [
        &["renju", "forbid", "--size", "30"][..],
        &["renju", "forbid", "--size", "x"],
        &["renju", "nonsense"],
        &["--frobnicate"],
        &[],
    ] {
        let (code, out, err) = run(args, b"");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: nothing on stdout");
        assert!(!err.is_empty(), "{args:?}: a message on stderr");
    }
}

#[test]
fn help_names_the_commands() {
    let (code, out, _) = run(&["--help"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("renju"));
    let (_, out, _) = run(&["renju", "forbid", "--help"], b"");
    assert!(out.contains("--size") && out.contains("forbidden"));
}
