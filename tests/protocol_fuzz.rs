//! Random input against both protocol front ends, run as a user runs them: hundreds of
//! commands with arguments drawn from what is valid, nearly valid and garbage (bad
//! vertices and coordinates, huge and negative numbers, `nan`, control characters,
//! truncated blocks, lower case, stray `\r`). The engine must never panic, must exit
//! cleanly at the end, and must keep the protocol's shape on stdout:
//! - GTP: exactly one reply (`=` or `?`) for every command line, in order;
//! - Gomocup: every line one of the protocol's reply forms.
//!
//! Files the commands write (`printsgf NAME`) land in a directory of the test's own.

mod common;

use std::path::{Path, PathBuf};
use tengen::core::SplitMix64;

fn pick<'a>(rng: &mut SplitMix64, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len() as u64) as usize]
}

/// A directory of this test's own, where the engine may write what it is told to.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-fuzz-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the engine with `args` on `input`; fails on a panic or an unclean exit, and
/// returns stdout.
fn run(args: &[&str], input: &[u8], dir: &Path) -> String {
    let (code, stdout, stderr) = common::cli::run_in(dir, args, input);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert_eq!(code, 0, "{args:?}: {stderr}");
    stdout
}

fn gtp_vertex(rng: &mut SplitMix64) -> String {
    if rng.below(10) < 6 {
        let letters = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        let letter = letters[rng.below(26) as usize] as char;
        format!("{letter}{}", rng.below(28))
    } else {
        pick(
            rng,
            &[
                "pass", "PASS", "resign", "a0", "Z99", "B", "-1", "tt", "A1A1", "ä5", "0x1",
            ],
        )
        .to_string()
    }
}

fn gtp_argument(rng: &mut SplitMix64) -> String {
    match rng.below(10) {
        0..=2 => gtp_vertex(rng),
        3..=4 => pick(rng, &["b", "w", "black", "white", "B", "W", "x", "both"]).to_string(),
        5..=6 => pick(
            rng,
            &[
                "0",
                "1",
                "2",
                "3",
                "5",
                "9",
                "13",
                "19",
                "25",
                "26",
                "-1",
                "100",
                "1e9",
                "0.5",
                "6.5",
                "nan",
                "inf",
                "1e400",
                "99999999999999999999",
            ],
        )
        .to_string(),
        7 => pick(
            rng,
            &[
                "alive",
                "dead",
                "seki",
                "japanese",
                "chinese",
                "op",
                "korean",
                "tromp-taylor",
                "aga",
                "none",
                "absolute",
                "byoyomi",
                "canadian",
            ],
        )
        .to_string(),
        _ => (0..rng.below(6))
            .map(|_| pick(rng, &["a", "0", ",", ".", "=", "\t", "\x01", "\x7f", "é"]))
            .collect(),
    }
}

#[test]
fn random_gtp_input_gets_one_reply_per_command_and_no_crash() {
    let dir = scratch("gtp");
    let listed = run(&["gtp"], b"list_commands\n", &dir);
    let commands: Vec<&str> = listed
        .lines()
        .map(|l| l.trim_start_matches("= "))
        .filter(|c| !c.is_empty() && *c != "quit")
        .collect();
    assert!(commands.len() > 30, "{listed}");
    // The last run ponders after its moves: every next line must stop it.
    for (seed, rules, ponder) in [
        (1, "japanese", false),
        (2, "chinese", false),
        (3, "op", false),
        (4, "korean", true),
    ] {
        let mut rng = SplitMix64::new(seed);
        let mut input = String::new();
        let count = 250;
        for _ in 0..count {
            let mut command = pick(&mut rng, &commands).to_string();
            if rng.below(10) == 0 {
                command = command.to_uppercase();
            }
            let mut line = if rng.below(5) == 0 {
                format!("{} {command}", rng.below(100))
            } else {
                command.clone()
            };
            for _ in 0..rng.below(5) {
                line.push(' ');
                line.push_str(&gtp_argument(&mut rng));
            }
            if command.ends_with("analyze") {
                line.push_str(pick(
                    &mut rng,
                    &[" 1", " 10", " interval 5", " B 5 ownership true"],
                ));
            }
            input.push_str(&line);
            input.push('\n');
        }
        input.push_str("quit\n");
        let mut args = vec!["gtp", "--playouts", "50", "--rules", rules];
        if ponder {
            args.push("--ponder");
        }
        let out = run(&args, input.as_bytes(), &dir);
        let replies = out
            .lines()
            .filter(|l| l.starts_with('=') || l.starts_with('?'))
            .count();
        assert_eq!(replies, count + 1, "seed {seed}: {out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

fn gomocup_coordinate(rng: &mut SplitMix64) -> String {
    if rng.below(10) < 8 {
        format!("{},{}", rng.below(17), rng.below(17))
    } else {
        pick(
            rng,
            &[
                "-1,3",
                "3",
                "3,,4",
                "a,b",
                "99999999999,1",
                "7,7,1",
                "",
                "7 , 7",
                "1e3,2",
            ],
        )
        .to_string()
    }
}

fn gomocup_number(rng: &mut SplitMix64) -> String {
    pick(
        rng,
        &[
            "0",
            "1",
            "2",
            "3",
            "4",
            "5",
            "8",
            "12",
            "15",
            "20",
            "22",
            "23",
            "100",
            "-1",
            "2147483647",
            "99999999999999",
            "x",
            "",
        ],
    )
    .to_string()
}

fn gomocup_line(rng: &mut SplitMix64) -> String {
    const COMMANDS: [&str; 24] = [
        "START",
        "RECTSTART",
        "RESTART",
        "BEGIN",
        "TURN",
        "BOARD",
        "YXBOARD",
        "TAKEBACK",
        "PLAY",
        "ABOUT",
        "INFO",
        "SWAP2BOARD",
        "YXSHOWFORBID",
        "YXSTOP",
        "STOP",
        "YXNBEST",
        "YXHASHCLEAR",
        "YXSHOWINFO",
        "YXBALANCEONE",
        "YXBALANCETWO",
        "OPENING",
        "SUGGEST",
        "FOO",
        "",
    ];
    let command = pick(rng, &COMMANDS);
    match command {
        "START" => format!("START {}", gomocup_number(rng)),
        "RECTSTART" => format!("RECTSTART {},{}", gomocup_number(rng), gomocup_number(rng)),
        "TURN" | "PLAY" | "TAKEBACK" => format!("{command} {}", gomocup_coordinate(rng)),
        "BOARD" | "YXBOARD" | "SWAP2BOARD" => {
            let mut block = command.to_string();
            for _ in 0..rng.below(8) {
                block.push('\n');
                block.push_str(&gomocup_coordinate(rng));
                if command != "SWAP2BOARD" {
                    block.push_str(&format!(",{}", rng.below(5)));
                }
            }
            if rng.below(10) != 0 {
                block.push_str("\nDONE");
            }
            block
        }
        "INFO" => {
            let key = pick(
                rng,
                &[
                    "timeout_turn",
                    "timeout_match",
                    "time_left",
                    "max_memory",
                    "game_type",
                    "rule",
                    "thread_num",
                    "hash_size",
                    "folder",
                    "show_detail",
                    "max_depth",
                    "max_node",
                    "param_four",
                    "param_open_three",
                    "param_bogus",
                    "weird",
                ],
            );
            let value = match key {
                // Searches stay short: a few hundredths of a second, a few thousand nodes.
                "timeout_turn" | "timeout_match" | "time_left" => rng.below(60).to_string(),
                "max_node" => rng.below(5000).to_string(),
                // A big table or many threads is allowed (and tested elsewhere) but slow
                // to set up: gigabytes of table, 64 threads' tables.
                "thread_num" => pick(rng, &["0", "1", "2", "-1", "x", ""]).to_string(),
                "hash_size" | "max_memory" => {
                    pick(rng, &["0", "1", "1024", "65536", "-1", "x", ""]).to_string()
                }
                _ => gomocup_number(rng),
            };
            format!("INFO {key} {value}")
        }
        "YXNBEST" | "YXBALANCEONE" | "YXBALANCETWO" => {
            format!("{command} {}", gomocup_number(rng))
        }
        "OPENING" => {
            let rule = pick(
                rng,
                &["rif", "yamaguchi", "soosorv8", "taraguchi10", "swap2", "x"],
            );
            let phase = pick(rng, &["OPEN", "SWAP", "MOVE", "OFFER", "CHOOSE", "BAD"]);
            let mut line = format!("OPENING {rule} {phase}");
            for _ in 0..rng.below(5) {
                line.push(' ');
                if rng.below(2) == 0 {
                    line.push_str(&gomocup_coordinate(rng));
                } else {
                    line.push_str(&gomocup_number(rng));
                }
            }
            line
        }
        _ if rng.below(3) == 0 => format!("{command} {}", gomocup_number(rng)),
        _ => command.to_string(),
    }
}

/// `x,y`: a move.
fn is_move(line: &str) -> bool {
    line.split_once(',').is_some_and(|(x, y)| {
        [x, y]
            .iter()
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

#[test]
fn random_gomocup_input_keeps_the_reply_forms_and_no_crash() {
    let dir = scratch("gomocup");
    let reply = regex::Regex::new(
        r"^(OK|ERROR .*|UNKNOWN.*|MESSAGE .*|SWAP|NOSWAP|FORBID [0-9]*\.|name=.*|[0-9]+,[0-9]+( [0-9]+,[0-9]+)*( [0-9]+)?)$",
    )
    .unwrap();
    for seed in 1..=4 {
        let mut rng = SplitMix64::new(seed);
        let mut input = String::from("INFO timeout_turn 30\nINFO max_node 3000\nSTART 15\n");
        for _ in 0..250 {
            let mut line = gomocup_line(&mut rng);
            if rng.below(20) == 0 {
                line = line.to_lowercase();
            }
            if rng.below(30) == 0 {
                line.push('\r');
            }
            input.push_str(&line);
            input.push('\n');
        }
        input.push_str("END\n");
        let out = run(&["gomocup"], input.as_bytes(), &dir);
        let bad: Vec<&str> = out.lines().filter(|l| !reply.is_match(l)).collect();
        assert!(bad.is_empty(), "seed {seed}: not protocol lines: {bad:?}");
        assert!(out.lines().any(|l| l.starts_with("ERROR")), "seed {seed}");
        let moves = out.lines().filter(|l| is_move(l)).count();
        assert!(moves > 0, "seed {seed}: no move was played");
    }
    std::fs::remove_dir_all(&dir).ok();
}
