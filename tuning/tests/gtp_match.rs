//! The GTP match runner: adjudication against scripted engines that misbehave, and a
//! short real match of `tengen gtp` against itself through the `gtp-match` binary.

mod common;

use common::tengen_binary;
use std::process::Command;
use std::time::{Duration, Instant};
use tengen::core::{Color, Point};
use tengen::go::{BoardSize, GameResult, Rules};
use tengen::protocol::sgf::GoRecord;
use tengen_tuning::engine::{EngineSpec, EngineStderr};
use tengen_tuning::gtp::scoring::{Agreement, DeadSource};
use tengen_tuning::gtp::{
    play_game, EndReason, GameRecord, GtpMatchConfig, ScoreAgreement, TimeLimit,
};
use tengen_tuning::openings::parse_go_openings;
use tengen_tuning::summary::{MatchSummary, Outcome};

/// What a scripted engine does besides playing its moves.
#[derive(Clone, Copy)]
struct Script<'a> {
    /// `genmove` answers in order. Special words: `CRASH` exits, `SLEEP` hangs, `NOISE`
    /// prints a line that is no GTP reply, `FAIL` answers `? cannot`.
    moves: &'a [&'a str],
    /// The reply to `final_status_list dead`.
    dead: &'a str,
    /// The reply to `final_score`.
    score: &'a str,
    /// Answer `play` with `? illegal move`.
    refuse_play: bool,
    /// Never answer `play` (a dropped command).
    drop_play: bool,
    /// Answer `boardsize` with `? unacceptable size`.
    refuse_size: bool,
    /// Seconds to think before each `genmove` answer (`sleep` argument).
    delay: &'a str,
}

const QUIET: Script = Script {
    moves: &[],
    dead: "",
    score: "0",
    refuse_play: false,
    drop_play: false,
    refuse_size: false,
    delay: "0",
};

/// A GTP engine in `sh` that plays `script`. It lists `time_left` and writes every
/// `time_left` it gets to its standard error.
fn fake(name: &str, script: Script) -> EngineSpec {
    let play = if script.refuse_play {
        "printf '?%s illegal move\\n\\n' \"$id\""
    } else if script.drop_play {
        ":"
    } else {
        "printf '=%s\\n\\n' \"$id\""
    };
    let size = if script.refuse_size {
        "printf '?%s unacceptable size\\n\\n' \"$id\""
    } else {
        "printf '=%s\\n\\n' \"$id\""
    };
    let text = format!(
        "moves='{moves}'; \
         while read id cmd rest; do case \"$cmd\" in \
         list_commands) printf '=%s boardsize\\nclear_board\\nkomi\\nplay\\ngenmove\\ntime_left\\n\\n' \"$id\";; \
         time_left) echo \"time_left $rest\" >&2; printf '=%s\\n\\n' \"$id\";; \
         boardsize) {size};; \
         play) {play};; \
         genmove) sleep {delay}; set -- $moves; m=$1; shift; moves=\"$*\"; case \"$m\" in \
           CRASH) exit 3;; SLEEP) exec sleep 30;; NOISE) echo hello;; \
           FAIL) printf '?%s cannot\\n\\n' \"$id\";; \
           *) printf '=%s %s\\n\\n' \"$id\" \"$m\";; esac;; \
         final_status_list) printf '=%s {dead}\\n\\n' \"$id\";; \
         final_score) printf '=%s {score}\\n\\n' \"$id\";; \
         quit) printf '=%s\\n\\n' \"$id\"; exit 0;; \
         *) printf '=%s\\n\\n' \"$id\";; esac; done",
        moves = script.moves.join(" "),
        dead = script.dead,
        score = script.score,
        delay = script.delay,
    );
    EngineSpec::shell(name, &text)
}

fn config(size: usize) -> GtpMatchConfig {
    GtpMatchConfig {
        size: BoardSize::new(size).unwrap(),
        rules: Rules::chinese(),
        time: TimeLimit::PerMove(Duration::from_secs(1)),
        openings: Vec::new(),
        tolerance: Duration::from_millis(200),
        command_timeout: Duration::from_secs(2),
        max_moves: 100,
        referee: None,
        stderr: EngineStderr::Null,
    }
}

/// Game 0: engine 1 (`black`) has Black.
fn game(config: &GtpMatchConfig, black: Script, white: Script) -> GameRecord {
    play_game(config, &fake("one", black), &fake("two", white), 0)
}

fn with_moves<'a>(moves: &'a [&'a str]) -> Script<'a> {
    Script { moves, ..QUIET }
}

#[test]
fn illegal_moves_lose() {
    let cfg = config(5);
    // White answers a point Black holds.
    let rec = game(&cfg, with_moves(&["C3"]), with_moves(&["c3"]));
    assert_eq!(rec.winner, Some(Color::Black), "{rec:?}");
    assert_eq!(rec.reason.category(), "illegal (occupied)");
    assert_eq!(rec.result(), "B+F");

    // A ko: White takes at C3, Black retakes at once at D3.
    let black = ["C4", "B3", "C2", "D3", "D3"];
    let white = ["D4", "E3", "D2", "C3"];
    let rec = game(&cfg, with_moves(&black), with_moves(&white));
    assert_eq!(rec.winner, Some(Color::White), "{rec:?}");
    assert!(
        matches!(rec.reason.category(), "illegal (ko)" | "illegal (superko)"),
        "{rec:?}"
    );
    assert_eq!(rec.moves.len(), 8, "the refused move is not recorded");
    assert_eq!(rec.engine1_points(), 0.0);
}

#[test]
fn bad_answers_lose() {
    let cfg = config(5);
    for (answer, category) in [
        ("hello", "bad answer"),
        ("Z9", "bad answer"),
        ("FAIL", "genmove failed"),
        ("NOISE", "protocol error"),
        ("CRASH", "crash"),
        ("resign", "resign"),
    ] {
        let rec = game(&cfg, with_moves(&["C3", answer]), with_moves(&["D4", "E5"]));
        assert_eq!(rec.winner, Some(Color::White), "{answer}: {rec:?}");
        assert_eq!(rec.reason.category(), category, "{answer}: {rec:?}");
        assert_eq!(rec.moves.len(), 2, "{answer}");
    }
}

#[test]
fn hangs_and_refusals_lose() {
    let cfg = config(5);
    let t = Instant::now();
    let rec = game(&cfg, with_moves(&["C3"]), with_moves(&["SLEEP"]));
    assert_eq!(rec.winner, Some(Color::Black), "{rec:?}");
    assert_eq!(rec.reason.category(), "timeout (move)");
    assert!(rec.longest_move_ms[1] >= 1200, "{rec:?}");
    assert_eq!(rec.result(), "B+T");
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "the sleeper is killed"
    );

    // White refuses Black's legal first move.
    let refuser = Script {
        refuse_play: true,
        ..with_moves(&["D4"])
    };
    let rec = game(&cfg, with_moves(&["C3"]), refuser);
    assert_eq!(rec.winner, Some(Color::Black));
    assert_eq!(rec.reason.category(), "refused a legal move", "{rec:?}");

    // White drops the command that tells it Black's move: it loses when the command
    // times out.
    let mut quick = config(5);
    quick.command_timeout = Duration::from_millis(300);
    let dropper = Script {
        drop_play: true,
        ..with_moves(&["D4"])
    };
    let rec = game(&quick, with_moves(&["C3"]), dropper);
    assert_eq!(rec.winner, Some(Color::Black));
    assert_eq!(rec.reason.category(), "timeout (command)", "{rec:?}");

    // Black will not take the board size; a missing program cannot start.
    let picky = Script {
        refuse_size: true,
        ..QUIET
    };
    let rec = game(&cfg, picky, with_moves(&["D4"]));
    assert_eq!(
        (rec.winner, rec.reason.category()),
        (Some(Color::White), "start failed")
    );
    let missing = EngineSpec::from_command_line("missing", "/nonexistent/gtp").unwrap();
    let rec = play_game(&cfg, &missing, &missing, 1);
    assert_eq!((rec.winner, rec.reason.category()), (None, "both failed"));
    assert_eq!(rec.engine1_points(), 0.5);
}

#[test]
fn game_time_runs_out_for_a_slow_engine_only() {
    // 1 s a game, 0.2 s tolerance. Black answers at once; White takes 0.4 s a move, so
    // its third move would take it to 1.2 s: it is killed at 1.2 s and loses on time.
    let stderr = std::env::temp_dir().join(format!("tengen-gtp-clock-{}", std::process::id()));
    let _ = std::fs::remove_file(&stderr);
    let mut cfg = config(5);
    cfg.time = TimeLimit::PerGame {
        main: Duration::from_secs(1),
        increment: Duration::ZERO,
    };
    cfg.stderr = EngineStderr::File(stderr.clone());
    let black = with_moves(&["C3", "B2", "A1", "pass"]);
    let slow = Script {
        delay: "0.4",
        ..with_moves(&["D4", "E5", "pass"])
    };
    let rec = game(&cfg, black, slow);
    assert_eq!(rec.reason.category(), "timeout (game)", "{rec:?}");
    assert_eq!(
        (rec.winner, rec.result().as_str()),
        (Some(Color::Black), "B+T")
    );
    assert!(rec.time_used_ms[1] >= 1200, "{rec:?}");
    assert_eq!(rec.moves.len(), 5, "{rec:?}");

    // With 2 s added after each move White never runs short: both pass after three
    // moves each and the board is counted. Its clock before each move: 1 s, then
    // 1 - 0.4 + 2 = 2.6 s, then 4.2 s, sent in whole seconds (a loaded machine may make
    // each move take longer than the 0.4 s sleep, hence the lower bounds).
    let _ = std::fs::remove_file(&stderr);
    cfg.time = TimeLimit::PerGame {
        main: Duration::from_secs(1),
        increment: Duration::from_secs(2),
    };
    let rec = game(&cfg, black, slow);
    assert_eq!(
        rec.reason,
        EndReason::Counted(tengen::go::Stop::Passes),
        "{rec:?}"
    );
    assert!(rec.time_used_ms[1] >= 1200, "{rec:?}");
    let told = std::fs::read_to_string(&stderr).expect("the engines' stderr");
    let _ = std::fs::remove_file(&stderr);
    let white: Vec<u32> = told
        .lines()
        .filter_map(|l| l.strip_prefix("time_left white "))
        .map(|rest| {
            let (seconds, stones) = rest.split_once(' ').expect("time_left COLOR S N");
            assert_eq!(stones, "0", "{told}");
            seconds.parse().expect("whole seconds")
        })
        .collect();
    assert_eq!(white.len(), 3, "{told}");
    assert!(
        white[0] == 1 && white[1] >= 2 && white[2] >= 3 && white[2] <= 4,
        "{told}"
    );
    assert_eq!(told.lines().filter(|l| l.contains("black")).count(), 4);
}

#[test]
fn counted_games_use_agreed_or_referee_dead_stones() {
    // Black C3, then both pass: one black stone on an empty 5x5 board.
    let black = Script {
        moves: &["C3", "pass"],
        dead: "",
        score: "B+17.5",
        ..QUIET
    };
    let white = Script {
        moves: &["pass"],
        dead: "C3",
        score: "W+7.5",
        ..QUIET
    };
    // Black calls its stone alive, White calls it dead: no referee, so the stones both
    // call dead (none) are taken off, and Black owns the board: 25 - 7.5.
    let cfg = config(5);
    let rec = game(&cfg, black, white);
    assert_eq!(rec.reason, EndReason::Counted(tengen::go::Stop::Passes));
    let count = rec.count.clone().expect("counted");
    let black_win = GameResult::Win {
        winner: Color::Black,
        half_points: Some(35),
    };
    assert_eq!(
        (count.ours, count.dead_from),
        (black_win, DeadSource::Common)
    );
    assert_eq!(rec.result(), "B+17.5");
    assert_eq!(rec.winner, Some(Color::Black));

    // A referee that calls the stone dead settles it: the board is empty, White wins
    // by komi.
    let mut with_referee = config(5);
    with_referee.referee = Some(fake(
        "referee",
        Script {
            dead: "c3",
            score: "W+7.5",
            ..QUIET
        },
    ));
    let rec2 = game(&with_referee, black, white);
    let count2 = rec2.count.clone().expect("counted");
    assert_eq!(count2.dead_from, DeadSource::Referee);
    assert_eq!(rec2.result(), "W+7.5");
    assert!(rec2.referee_followed);

    // Agreement, from engine 1's side (Black): its B+17.5 matched the first count, and
    // White's W+7.5 and the referee's matched the second.
    let s = ScoreAgreement::new(&[rec.clone(), rec2.clone()]);
    assert_eq!(s.counted, 2);
    assert_eq!(s.table[&Agreement::Same], [1, 1, 1]);
    assert_eq!(s.table[&Agreement::Different], [1, 1, 0]);
    assert_eq!(s.table[&Agreement::NoAnswer], [0, 0, 1]);
    let summary = MatchSummary::new(&[rec, rec2]);
    assert_eq!(summary.reasons["two passes"], [1, 1, 0]);

    // A referee that refuses a move is dropped; the game goes on and is counted
    // without it.
    let mut bad_referee = config(5);
    bad_referee.referee = Some(fake(
        "referee",
        Script {
            refuse_play: true,
            ..QUIET
        },
    ));
    let rec3 = game(&bad_referee, black, white);
    assert!(!rec3.referee_followed);
    assert!(rec3
        .notes
        .iter()
        .any(|n| n.starts_with("referee: play black C3")));
    let count3 = rec3.count.expect("counted");
    assert_eq!(
        (count3.dead_from, count3.referee_score),
        (DeadSource::Common, None)
    );
    assert_eq!(rec3.winner, Some(Color::Black));
}

#[test]
fn move_limit_counts_the_board() {
    let mut cfg = config(5);
    cfg.max_moves = 3;
    let rec = game(
        &cfg,
        with_moves(&["C3", "B2", "A1"]),
        with_moves(&["D4", "E5"]),
    );
    assert_eq!(rec.reason, EndReason::MoveLimit, "{rec:?}");
    assert_eq!(rec.moves.len(), 3);
    // Two black stones and one white one, nothing dead: Black's area touches White's
    // stone everywhere, so only stones count: 2 - 1 - 7.5.
    assert_eq!(rec.result(), "W+6.5");
}

/// Runs `gtp-match` with the arguments in `groups`, which must succeed: its stdout and
/// stderr.
fn gtp_match_ok(groups: &[&[&str]]) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_gtp-match"))
        .args(groups.concat())
        .output()
        .expect("run gtp-match");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(
        output.status.success(),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    (stdout, stderr)
}

#[test]
fn tengen_against_itself_on_7x7() {
    let tengen = tengen_binary();
    let tengen = tengen.to_str().unwrap();
    let dir = std::env::temp_dir().join(format!("tengen-gtp-match-{}", std::process::id()));
    let log = dir.join("log");
    let engine = |seed: u32| {
        format!("{tengen} gtp --rules chinese --playouts 200 --resign-below 0 --seed {seed}")
    };
    let (stdout, _) = gtp_match_ok(&[
        &["--engine1", &engine(1), "--name1", "one"],
        &["--engine2", &engine(2), "--name2", "two"],
        &["--referee", &engine(3)],
        &[
            "--size", "7", "--komi", "7.5", "--rules", "chinese", "--games", "2",
        ],
        &["--time-per-move", "5", "--engine-stderr", "null"],
        &[
            "--sgf-dir",
            dir.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
        ],
    ]);
    assert!(stdout.contains("one vs two: 2 games"), "{stdout}");
    assert!(stdout.contains("Elo difference"), "{stdout}");
    assert!(
        stdout.contains("final_score against our count (2 counted games)"),
        "{stdout}"
    );

    let text = std::fs::read_to_string(&log).expect("read the log");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("game=1 black=one white=two"), "{text}");
    assert!(lines[1].starts_with("game=2 black=two white=one"), "{text}");
    for (i, line) in lines.iter().enumerate() {
        // Sound engines that never resign: every game ends with two passes and is
        // counted, and Tengen's own count is ours.
        assert!(line.contains("reason=\"two passes\""), "{line}");
        let result = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("result="))
            .expect("a result");
        for who in ["black_score", "white_score", "referee_score"] {
            assert!(line.contains(&format!("{who}={result} ")), "{who}: {line}");
        }
        // The SGF replays under the rules, to the same number of moves.
        let sgf = std::fs::read_to_string(dir.join(format!("game-{:03}.sgf", i + 1))).unwrap();
        let record = GoRecord::from_sgf(&sgf).expect("SGF parses");
        assert_eq!(record.info.result.as_deref(), Some(result));
        let board = record.replay(Rules::chinese().legality).expect("replays");
        let plies: usize = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("plies="))
            .and_then(|n| n.parse().ok())
            .expect("plies");
        assert_eq!(board.move_count(), plies);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn openings_are_played_first_with_colours_swapped() {
    let mut cfg = config(5);
    cfg.openings =
        parse_go_openings("corner: B2 D4\nside: C2 pass\n", cfg.size, cfg.rules).unwrap();
    let black = with_moves(&["C3", "pass"]);
    let white = with_moves(&["pass"]);
    // Games 0 and 1 play the first opening, engine 1 Black then White; game 2 the next.
    for (index, engine1_color, opening) in [
        (0, Color::Black, "corner"),
        (1, Color::White, "corner"),
        (2, Color::Black, "side"),
    ] {
        let (one, two) = if engine1_color == Color::Black {
            (black, white)
        } else {
            (white, black)
        };
        let rec = play_game(&cfg, &fake("one", one), &fake("two", two), index);
        assert_eq!(rec.engine1_color, engine1_color, "{rec:?}");
        assert_eq!(rec.opening.as_deref(), Some(opening));
        assert_eq!(rec.opening_len, 2);
        let expected = &cfg.openings[index / 2];
        let played: Vec<_> = expected.coloured_moves().collect();
        assert_eq!(rec.moves[..2], played[..], "{rec:?}");
        // Then the engines take over: Black C3, and three passes would be one too many.
        assert_eq!(
            rec.moves[2],
            (Color::Black, Some(Point::new(2, 2))),
            "{rec:?}"
        );
        assert_eq!(rec.reason, EndReason::Counted(tengen::go::Stop::Passes));
        let log = rec.log_line(cfg.size, "one", "two");
        assert!(
            log.starts_with(&format!("game={} opening={opening} ", index + 1)),
            "{log}"
        );
        // The SGF starts with the opening.
        let sgf = GoRecord::from_sgf(rec.to_sgf(&cfg, "b", "w")).expect("SGF parses");
        assert_eq!(sgf.moves[..2], played[..]);
    }

    // Each opening move goes to both engines, the one whose colour it is included: an
    // engine that refuses it loses before any genmove.
    let refuser = Script {
        refuse_play: true,
        ..with_moves(&["C3"])
    };
    for (black, white, winner) in [
        (refuser, white, Color::White),
        (black, refuser, Color::Black),
    ] {
        let rec = play_game(&cfg, &fake("one", black), &fake("two", white), 0);
        assert_eq!(rec.winner, Some(winner), "{rec:?}");
        assert_eq!(
            rec.reason,
            EndReason::RefusedMove {
                mv: "play black B2".to_string(),
                reply: "illegal move".to_string()
            }
        );
        assert_eq!(rec.moves.len(), 1);
    }
}

#[test]
fn tengen_plays_an_opening_pair_on_7x7() {
    let tengen = tengen_binary();
    let tengen = tengen.to_str().unwrap();
    let dir = std::env::temp_dir().join(format!("tengen-gtp-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (openings, log) = (dir.join("openings.txt"), dir.join("log"));
    std::fs::write(&openings, "# one opening\nknight: C3 E4\n").unwrap();
    let engine = |seed: u32| format!("{tengen} gtp --playouts 100 --resign-below 0 --seed {seed}");
    let (stdout, _) = gtp_match_ok(&[
        &["--engine1", &engine(1), "--name1", "one"],
        &["--engine2", &engine(2), "--name2", "two"],
        &["--size", "7", "--openings", openings.to_str().unwrap()],
        &["--time-per-move", "5", "--engine-stderr", "null"],
        &[
            "--sgf-dir",
            dir.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
        ],
    ]);
    // Two games by default: the opening with each engine Black once.
    assert!(stdout.contains("one vs two: 2 games"), "{stdout}");
    let text = std::fs::read_to_string(&log).expect("read the log");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("game=1 opening=knight black=one white=two"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("game=2 opening=knight black=two white=one"),
        "{text}"
    );
    let size = BoardSize::new(7).unwrap();
    for (i, line) in lines.iter().enumerate() {
        assert!(line.contains(" moves=C3 E4 "), "{line}");
        let sgf = std::fs::read_to_string(dir.join(format!("game-{:03}.sgf", i + 1))).unwrap();
        let record = GoRecord::from_sgf(&sgf).expect("SGF parses");
        let vertex = |name: &str| size.parse_vertex(name).unwrap().map(|v| size.point(v));
        assert_eq!(
            record.moves[..2],
            [(Color::Black, vertex("C3")), (Color::White, vertex("E4"))],
            "{sgf}"
        );
        assert!(record.moves.len() > 2, "the engines played on: {sgf}");
    }

    // A file with an illegal opening is refused with its line number.
    std::fs::write(&openings, "ok: C3\nbad: C3 C3\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gtp-match"))
        .args(["--engine1", "x", "--engine2", "y", "--size", "7"])
        .args(["--openings", openings.to_str().unwrap()])
        .output()
        .expect("run gtp-match");
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("openings line 2: C3"), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    // Engine 1 resigns at once; engine 2 plays a move. Every game is a loss for engine 1:
    // with elo0=0, elo1=200 a loss adds ln(0.2403 / 0.5) = -0.733 to the LLR, so the fifth
    // loss (-3.66) passes -2.94 and H0 is accepted; the game still running then finishes.
    let command = |spec: EngineSpec| spec.args[1].clone();
    let (stdout, stderr) = gtp_match_ok(&[
        &["--shell", "--engine-stderr", "null"],
        &[
            "--engine1",
            &command(fake("one", with_moves(&["resign"; 5]))),
        ],
        &["--engine2", &command(fake("two", with_moves(&["C3"; 5])))],
        &["--name1", "loser", "--name2", "winner", "--size", "5"],
        &["--games", "100", "--concurrency", "2"],
        &["--sprt", "elo0=0,elo1=200,alpha=0.05,beta=0.05"],
    ]);
    assert!(
        stdout.contains("H0 accepted after 5 games, LLR -3.6"),
        "{stdout}"
    );
    let played = stderr.matches("game ").count();
    assert!(played == 5 || played == 6, "{stderr}");
    assert!(stdout.contains(&format!("loser vs winner: {played} games, +0 =0 -{played}")));
    assert!(stderr.contains("LLR -0.73 (-2.94, 2.94)"), "{stderr}");
    assert!(stdout.contains(" (-2.94, 2.94)"), "{stdout}");
}

#[test]
fn bad_arguments_fail_cleanly() {
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gtp-match"))
            .args(["--engine1", "x", "--engine2", "y"])
            .args(extra)
            .output()
            .expect("run gtp-match")
    };
    let out = run(&["--size", "40"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("40"));
    let out = run(&["--rules", "aga"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown rules"));
    for (args, message) in [
        (
            &["--sprt", "elo0=10,elo1=0"][..],
            "elo0 (10) must be below elo1 (0)",
        ),
        (
            &["--sprt", "elo0=0,elo1=5,alpha=2"],
            "alpha (2) and beta (0.05)",
        ),
        (&["--sprt", "elo1=5"], "elo0 is missing"),
        (&["--increment", "1"], "--time-per-game"),
        (
            &["--time-per-game", "10", "--time-per-move", "3"],
            "cannot be used with",
        ),
        (&["--time-per-game", "0"], "0"),
        (
            &["--time-per-game", "10", "--increment", "x"],
            "not a number of seconds",
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
    let out = Command::new(env!("CARGO_BIN_EXE_gtp-match"))
        .args([
            "--engine1",
            "/nonexistent/gtp-engine",
            "--engine2",
            "/nonexistent/other",
        ])
        .args(["--games", "20", "--size", "9"])
        .output()
        .expect("run gtp-match");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("check the engine commands"), "{stderr}");
    assert!(!stderr.contains("game   2/20"), "{stderr}");
}
