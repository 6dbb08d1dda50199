//! `baseline`: a 1-ply greedy Gomocup engine to measure stronger engines against.
//!
//! Each move: make five if possible; else take the opponent's five point; else play the
//! point with the best sum of the shapes it makes for itself and the shapes it takes
//! away from the opponent (from the line patterns of [`tengen::renju`]), ties broken by
//! a small random number. Black never plays a forbidden point under renju rules.
//!
//! Speaks the Gomocup protocol (`START`, `RESTART`, `RECTSTART`, `BEGIN`, `TURN`,
//! `BOARD`/`DONE`, `TAKEBACK`, `PLAY`, `INFO` (keeps `rule`), `ABOUT`, `END`; anything
//! else gets `UNKNOWN`). Options: `--seed N` (else `TENGEN_BASELINE_SEED`, else the clock
//! and process id).

use std::io::{self, BufRead, Write};
use std::time::{SystemTime, UNIX_EPOCH};
use tengen::core::{Color, Point, SplitMix64};
use tengen::renju::{Board, Rule, Shape, MAX_SIZE, MIN_SIZE};
use tengen_tuning::referee::parse_move;

/// Points for what a move makes for the mover on one line.
fn attack_value(shape: Shape) -> i64 {
    match shape {
        Shape::None | Shape::Overline => 0,
        Shape::ClosedTwo => 10,
        Shape::OpenTwo => 60,
        Shape::ClosedThree => 80,
        Shape::OpenThree => 700,
        Shape::Four => 900,
        Shape::FlexFour => 20_000,
        Shape::Five => 1_000_000,
    }
}

/// Points for taking away what the opponent would make on one line by moving there.
fn defence_value(shape: Shape) -> i64 {
    match shape {
        Shape::None | Shape::Overline => 0,
        Shape::ClosedTwo => 6,
        Shape::OpenTwo => 40,
        Shape::ClosedThree => 50,
        Shape::OpenThree => 400,
        Shape::Four => 500,
        Shape::FlexFour => 6_000,
        Shape::Five => 500_000,
    }
}

/// Bonus for moves that make two threats at once (double four, four-three, double three).
fn combination_bonus(fours: u32, threes: u32, winning: i64) -> i64 {
    if fours >= 2 || (fours >= 1 && threes >= 1) {
        winning
    } else if threes >= 2 {
        winning / 3
    } else {
        0
    }
}

/// What a `color` stone on `p` makes: summed line values plus combination bonus.
fn shape_score(board: &Board, p: Point, color: Color, attack: bool) -> i64 {
    let patterns = board.patterns(p, color);
    let mut total = 0;
    let (mut fours, mut threes) = (0, 0);
    for line in patterns {
        let shape = line.shape();
        total += if attack {
            attack_value(shape)
        } else {
            defence_value(shape)
        };
        fours += u32::from(line.four_count());
        threes += u32::from(shape == Shape::OpenThree);
    }
    total + combination_bonus(fours, threes, if attack { 15_000 } else { 5_000 })
}

/// Empty points within two steps of a stone (all empty points on an empty neighbourhood).
fn candidates(board: &Board) -> Vec<Point> {
    let size = board.size() as i32;
    let mut near = vec![false; board.size() * board.size()];
    for color in Color::BOTH {
        for i in board.stones(color).iter() {
            let p = board.point(i);
            for dy in -2..=2 {
                for dx in -2..=2 {
                    let (x, y) = (i32::from(p.x) + dx, i32::from(p.y) + dy);
                    if (0..size).contains(&x) && (0..size).contains(&y) {
                        near[(y * size + x) as usize] = true;
                    }
                }
            }
        }
    }
    let empty: Vec<Point> = board
        .empty_points()
        .iter()
        .map(|i| board.point(i))
        .collect();
    let close: Vec<Point> = empty
        .iter()
        .copied()
        .filter(|&p| near[board.index(p)])
        .collect();
    if close.is_empty() {
        empty
    } else {
        close
    }
}

/// May `color` play on the empty point `p`?
fn is_legal(board: &Board, p: Point, color: Color) -> bool {
    !(board.rule().has_fouls(color) && board.foul(p).is_some())
}

/// The baseline's move for the side to move, `None` on a full board.
fn choose_move(board: &Board, rng: &mut SplitMix64) -> Option<Point> {
    if board.is_empty() {
        let c = (board.size() / 2) as u8;
        return Some(Point::new(c, c));
    }
    let me = board.side_to_move();
    let opp = !me;
    let points = candidates(board);
    // A five never is a foul.
    if let Some(&p) = points.iter().find(|&&p| board.makes_five(p, me)) {
        return Some(p);
    }
    if let Some(&p) = points
        .iter()
        .find(|&&p| board.makes_five(p, opp) && is_legal(board, p, me))
    {
        return Some(p);
    }
    let opp_has_fouls = board.rule().has_fouls(opp);
    let mut scored: Vec<(f64, Point)> = points
        .iter()
        .map(|&p| {
            let mut defence = shape_score(board, p, opp, false);
            // The opponent cannot take a point forbidden to it: no need to deny it.
            if opp_has_fouls && defence >= 400 && board.foul(p).is_some() {
                defence = 0;
            }
            let score = shape_score(board, p, me, true) + defence;
            (score as f64 + rng.unit(), p)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
        .iter()
        .map(|&(_, p)| p)
        .find(|&p| is_legal(board, p, me))
        // Every nearby point forbidden: any legal point, else any point at all.
        .or_else(|| {
            let all: Vec<Point> = board
                .empty_points()
                .iter()
                .map(|i| board.point(i))
                .collect();
            all.iter()
                .copied()
                .find(|&p| is_legal(board, p, me))
                .or(all.first().copied())
        })
}

/// The engine's state between commands.
struct Engine {
    board: Option<Board>,
    rule: Rule,
    rng: SplitMix64,
    /// `BOARD` lines being collected until `DONE`: (point, field).
    pending: Option<Vec<(Point, u8)>>,
}

impl Engine {
    fn new(seed: u64) -> Engine {
        Engine {
            board: None,
            rule: Rule::Freestyle,
            rng: SplitMix64::new(seed),
            pending: None,
        }
    }

    /// Rebuilds the board under a new rule, keeping the stones.
    fn set_rule(&mut self, rule: Rule) {
        self.rule = rule;
        if let Some(old) = &self.board {
            if let Ok(mut b) = Board::new(old.size(), rule) {
                for &(p, c) in old.history() {
                    let _ = b.put(p, c);
                }
                self.board = Some(b);
            }
        }
    }

    /// Chooses, plays and formats a move.
    fn think(&mut self) -> String {
        let Some(board) = self.board.as_mut() else {
            return "ERROR no board: send START first".to_string();
        };
        match choose_move(board, &mut self.rng) {
            Some(p) => {
                let color = board.side_to_move();
                let _ = board.put(p, color);
                format!("{},{}", p.x, p.y)
            }
            None => "ERROR the board is full".to_string(),
        }
    }

    /// Handles one input line; returns the lines to answer and whether to quit.
    fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        let line = line.trim();
        if let Some(pending) = self.pending.as_mut() {
            if line.eq_ignore_ascii_case("DONE") {
                let stones = self.pending.take().unwrap_or_default();
                return (self.load_board(&stones), false);
            }
            match parse_board_line(line) {
                Some(entry) => pending.push(entry),
                None => return (vec![format!("ERROR bad BOARD line {line:?}")], false),
            }
            return (Vec::new(), false);
        }
        let (command, args) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        let reply = |s: String| (vec![s], false);
        match command.to_ascii_uppercase().as_str() {
            "" => (Vec::new(), false),
            "START" => match args.parse::<usize>() {
                Ok(size) if (MIN_SIZE..=MAX_SIZE).contains(&size) => {
                    self.board = Board::new(size, self.rule).ok();
                    reply("OK".to_string())
                }
                _ => reply(format!("ERROR unsupported size {args:?}")),
            },
            "RECTSTART" => {
                let dims: Vec<usize> = args
                    .split(',')
                    .filter_map(|s| s.trim().parse().ok())
                    .collect();
                match dims[..] {
                    [w, h] if w == h && (MIN_SIZE..=MAX_SIZE).contains(&w) => {
                        self.board = Board::new(w, self.rule).ok();
                        reply("OK".to_string())
                    }
                    _ => reply("ERROR only square boards are supported".to_string()),
                }
            }
            "RESTART" => match self.board.as_ref().map(Board::size) {
                Some(size) => {
                    self.board = Board::new(size, self.rule).ok();
                    reply("OK".to_string())
                }
                None => reply("ERROR no board: send START first".to_string()),
            },
            "BEGIN" => reply(self.think()),
            "TURN" => match (parse_move(args), self.board.as_mut()) {
                (Some(p), Some(board)) => {
                    let color = board.side_to_move();
                    match board.put(p, color) {
                        Ok(()) => reply(self.think()),
                        Err(e) => reply(format!("ERROR {e}")),
                    }
                }
                (None, _) => reply(format!("ERROR bad TURN {args:?}")),
                (_, None) => reply("ERROR no board: send START first".to_string()),
            },
            "PLAY" => match (parse_move(args), self.board.as_mut()) {
                (Some(p), Some(board)) => {
                    let color = board.side_to_move();
                    match board.put(p, color) {
                        Ok(()) => reply(format!("{},{}", p.x, p.y)),
                        Err(e) => reply(format!("ERROR {e}")),
                    }
                }
                _ => reply(format!("ERROR bad PLAY {args:?}")),
            },
            "TAKEBACK" => match (parse_move(args), self.board.as_mut()) {
                (Some(p), Some(board)) => {
                    let rest: Vec<(Point, Color)> = board
                        .history()
                        .iter()
                        .copied()
                        .filter(|&(q, _)| q != p)
                        .collect();
                    if let Ok(mut b) = Board::new(board.size(), board.rule()) {
                        for (q, c) in rest {
                            let _ = b.put(q, c);
                        }
                        *board = b;
                    }
                    reply("OK".to_string())
                }
                _ => reply(format!("ERROR bad TAKEBACK {args:?}")),
            },
            "BOARD" => {
                self.pending = Some(Vec::new());
                (Vec::new(), false)
            }
            "INFO" => {
                let (key, value) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
                if key.eq_ignore_ascii_case("rule") {
                    if let Ok(code) = value.trim().parse::<u32>() {
                        self.set_rule(rule_of_code(code));
                    }
                }
                (Vec::new(), false)
            }
            "ABOUT" => reply(
                "name=\"tengen-baseline\", version=\"0.1\", author=\"Tengen\", \
                 country=\"-\", www=\"-\""
                    .to_string(),
            ),
            "END" => (Vec::new(), true),
            _ => reply(format!("UNKNOWN command {command:?}")),
        }
    }

    /// Sets up the `BOARD` position and moves. Colours: the side to move has as many
    /// stones as its opponent (it is Black) or one fewer (White).
    fn load_board(&mut self, stones: &[(Point, u8)]) -> Vec<String> {
        let Some(old) = self.board.as_ref() else {
            return vec!["ERROR no board: send START first".to_string()];
        };
        let own = stones.iter().filter(|s| s.1 == 1).count();
        let others = stones.len() - own;
        let me = if own >= others {
            Color::Black
        } else {
            Color::White
        };
        let Ok(mut board) = Board::new(old.size(), self.rule) else {
            return vec!["ERROR cannot make the board".to_string()];
        };
        for &(p, field) in stones {
            let color = if field == 1 { me } else { !me };
            let _ = board.put(p, color);
        }
        self.board = Some(board);
        vec![self.think()]
    }
}

/// The `INFO rule` bits: 4 renju, else 1 exactly five, else freestyle.
fn rule_of_code(code: u32) -> Rule {
    if code & 4 != 0 {
        Rule::Renju
    } else if code & 1 != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    }
}

fn parse_board_line(s: &str) -> Option<(Point, u8)> {
    let mut parts = s.split(',').map(str::trim);
    let x = parts.next()?.parse().ok()?;
    let y = parts.next()?.parse().ok()?;
    let field = parts.next()?.parse().ok()?;
    Some((Point::new(x, y), field))
}

fn seed_from_args() -> u64 {
    let args: Vec<String> = std::env::args().collect();
    let from_args = args
        .windows(2)
        .find(|w| w[0] == "--seed")
        .and_then(|w| w[1].parse().ok());
    let from_env = || {
        std::env::var("TENGEN_BASELINE_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
    };
    from_args.or_else(from_env).unwrap_or_else(|| {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos ^ (u64::from(std::process::id()) << 32)
    })
}

fn main() {
    let mut engine = Engine::new(seed_from_args());
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let (replies, quit) = engine.handle(&line);
        for reply in replies {
            if writeln!(stdout, "{reply}")
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return;
            }
        }
        if quit {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(engine: &mut Engine, lines: &[&str]) -> Vec<String> {
        lines.iter().flat_map(|l| engine.handle(l).0).collect()
    }

    #[test]
    fn protocol_basics() {
        let mut e = Engine::new(1);
        assert_eq!(run(&mut e, &["START 15"]), vec!["OK"]);
        assert_eq!(
            run(&mut e, &["INFO rule 4", "INFO timeout_turn 1000"]),
            Vec::<String>::new()
        );
        assert_eq!(e.rule, Rule::Renju);
        assert_eq!(run(&mut e, &["BEGIN"]), vec!["7,7"]);
        let reply = run(&mut e, &["TURN 7,6"]);
        assert!(parse_move(&reply[0]).is_some(), "{reply:?}");
        assert!(run(&mut e, &["FOO"])[0].starts_with("UNKNOWN"));
        assert_eq!(
            run(&mut e, &["START 40"])[0],
            "ERROR unsupported size \"40\""
        );
        assert!(run(&mut e, &["ABOUT"])[0].starts_with("name="));
        assert!(e.handle("END").1);
    }

    #[test]
    fn wins_blocks_and_avoids_fouls() {
        // Own four on row 7: complete it.
        let mut e = Engine::new(2);
        run(&mut e, &["START 15"]);
        let win = run(
            &mut e,
            &[
                "BOARD", "3,7,1", "0,0,2", "4,7,1", "0,2,2", "5,7,1", "0,4,2", "6,7,1", "9,9,2",
                "DONE",
            ],
        );
        assert!(win == vec!["7,7"] || win == vec!["2,7"], "{win:?}");
        // Opponent four on row 7: block it.
        let mut e = Engine::new(3);
        run(&mut e, &["START 15"]);
        let block = run(
            &mut e,
            &[
                "BOARD", "3,7,2", "0,0,1", "4,7,2", "0,2,1", "5,7,2", "0,4,1", "6,7,2", "DONE",
            ],
        );
        assert!(block == vec!["7,7"] || block == vec!["2,7"], "{block:?}");
        // Renju: Black's only attractive point 7,7 is a double-three; it plays elsewhere.
        let mut e = Engine::new(4);
        run(&mut e, &["START 15", "INFO rule 4"]);
        let reply = run(
            &mut e,
            &[
                "BOARD", "5,7,1", "0,0,2", "6,7,1", "0,14,2", "7,5,1", "14,0,2", "7,6,1",
                "14,14,2", "DONE",
            ],
        );
        assert_ne!(reply, vec!["7,7"]);
        assert!(parse_move(&reply[0]).is_some());
    }

    #[test]
    fn fast_enough_on_a_busy_board() {
        let mut board = Board::new(15, Rule::Renju).unwrap();
        let mut rng = SplitMix64::new(5);
        let start = std::time::Instant::now();
        let mut moves = 0;
        while !board.is_full() && moves < 120 {
            let Some(p) = choose_move(&board, &mut rng) else {
                break;
            };
            let color = board.side_to_move();
            board.put(p, color).unwrap();
            moves += 1;
            if board.is_five_at(p) {
                break;
            }
        }
        assert!(moves > 5);
        let per_move = start.elapsed() / moves;
        assert!(per_move.as_millis() < 50, "{per_move:?} per move");
    }
}
