//! Counting final Go positions: the seed's OP example, `tengen go score` as a user meets
//! it, and the scorer against a slow reference written from the rule texts.

mod common;

use common::cli::run;
use common::grid;
use tengen::core::{Color, SplitMix64};
use tengen::go::{area_score, parse_diagram, score, BoardSize, Points, Position, Rules, Suicide};

/// The last full board of the OP seed, marked "100-93 無勝負" (100 to 93: no win), as the
/// seed prints it: one line, rows between `|` bars, `#` Black and `O` White.
fn op_seed_board() -> String {
    let seed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/seeds/004_132b229a11479efd.txt"
    ))
    .expect("the seeds live in ../shared beside the checkout");
    let line = seed
        .lines()
        .find(|l| l.trim_end().ends_with("100-93"))
        .expect("the seed has a board marked 100-93");
    let body = &line[line.find('|').unwrap()..=line.rfind('|').unwrap()];
    body.split("| |")
        .map(|row| row.trim_matches(|c| c == '|' || c == ' '))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_op_seed_example_is_black_100_white_93_a_draw() {
    let board = op_seed_board();
    assert_eq!(board.lines().count(), 19);
    let (code, out, err) = run(&["go", "score", "--rules", "op"], board.as_bytes());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "draw");
    assert!(
        lines[1].starts_with("black: ") && lines[1].ends_with(" = 100"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("white: ") && lines[2].ends_with(" = 93"),
        "{out}"
    );
    // One point more for Black is a win, one fewer a loss: the 7-point baseline.
    let pos = parse_diagram(&board).unwrap();
    let s = score(&pos, Points::EMPTY, [0, 0], &Rules::op()).unwrap();
    assert_eq!((s.black.total(), s.white.total()), (100, 93));
}

#[test]
fn the_tool_prints_the_result_and_each_sides_parts() {
    let board = "\
        . . X O .\n\
        . O X O .\n\
        X X X O .\n\
        . . X O .\n\
        . . X O .\n";
    // B4 is the White stone at (1,1), dead inside Black's corner.
    let args = [
        "go",
        "score",
        "--rules",
        "japanese",
        "--dead",
        "B4",
        "--prisoners",
        "2,3",
    ];
    let (code, out, _) = run(&args, board.as_bytes());
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "W+3.5\n\
         black: territory 8 + prisoners 2 + dead 1 = 11\n\
         white: territory 5 + prisoners 3 + dead 0 = 8\n\
         komi: 6.5\n"
    );
    let chinese = [
        "go", "score", "--rules", "chinese", "--dead", "b4", "--komi", "0",
    ];
    let (_, out, _) = run(&chinese, board.as_bytes());
    assert!(
        out.starts_with("B+5\nblack: territory 8 + stones 7 = 15\n"),
        "{out}"
    );
}

#[test]
fn an_sgf_record_is_replayed_and_gives_its_captures_and_komi() {
    // Black captures White's corner stone: one prisoner, and all the board is Black's.
    let record = "(;GM[1]FF[4]SZ[5]KM[0.5];B[ba];W[aa];B[ab])";
    let (code, out, _) = run(&["go", "score"], record.as_bytes());
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "B+23.5\n\
         black: territory 23 + prisoners 1 + dead 0 = 24\n\
         white: territory 0 + prisoners 0 + dead 0 = 0\n\
         komi: 0.5\n"
    );
    let overridden = ["go", "score", "--prisoners", "0,3", "--komi", "-1"];
    let (_, out, _) = run(&overridden, record.as_bytes());
    assert!(out.starts_with("B+21\n"), "{out}");
    for (bad, why) in [
        ("(;GM[1]SZ[5]KM[2.25];B[ba])", "komi"),
        ("(;GM[1]SZ[5];B[ba];W[ba])", "move 2"),
        ("(;GM[1]SZ[5];B[ba]", "never closed"),
        ("(;GM[4]SZ[15];B[hh])", "GM"),
    ] {
        let (code, out, _) = run(&["go", "score"], bad.as_bytes());
        assert_eq!(code, 1, "{bad}");
        assert!(
            out.starts_with("error: SGF") && out.contains(why),
            "{bad}: {out}"
        );
    }
}

#[test]
fn bad_input_is_an_error_line_and_exit_code_1() {
    let board = ". X\nO .\n";
    for (args, why) in [
        (vec!["--dead", "A2"], "holds no stone"),
        (vec!["--dead", "Z9"], "off the board"),
        (vec!["--dead", "pass"], "not a stone"),
        (
            vec!["--rules", "tromp-taylor", "--dead", "B2"],
            "dead stones must be captured",
        ),
        (vec!["--rules", "op", "--prisoners", "1,0"], "no prisoners"),
    ] {
        let mut full = vec!["go", "score"];
        full.extend(args);
        let (code, out, _) = run(&full, board.as_bytes());
        assert_eq!(code, 1, "{full:?}");
        assert!(
            out.starts_with("error: ") && out.contains(why),
            "{full:?}: {out}"
        );
    }
    for input in [
        "",
        "X O\n. . .\n",
        "X ?\n. .\n",
        "\u{0}\u{1}",
        "X O .\nO . .\n. . .\n",
    ] {
        let (code, out, _) = run(&["go", "score"], input.as_bytes());
        assert_eq!(code, 1, "{input:?}");
        assert!(out.starts_with("error: "), "{input:?}: {out}");
    }
    for args in [["--rules", "aga"], ["--komi", "6.3"], ["--prisoners", "1"]] {
        let mut full = vec!["go", "score"];
        full.extend(args);
        assert_eq!(run(&full, board.as_bytes()).0, 2, "{args:?}");
    }
}

/// The classes of the rule texts, computed point by point with plain searches.
struct Reference {
    /// Per point: the colour of a living stone there, if any.
    alive: Vec<Option<Color>>,
    /// Per empty point (dead stones removed): the colours its region touches.
    touches: Vec<[bool; 2]>,
    /// Per point: a living stone whose chain touches a dame, or an eye region of seki
    /// stones.
    seki: Vec<bool>,
    /// Per empty point: its region touches a seki stone.
    seki_eye: Vec<bool>,
}

impl Reference {
    fn new(pos: &Position, dead: &[bool]) -> Reference {
        let size = pos.size();
        let n = size.get();
        let neighbours = |i: usize| grid::neighbours(n, i);
        let alive: Vec<Option<Color>> = size
            .vertices()
            .map(|v| pos.stone(v).filter(|_| !dead[v.index()]))
            .collect();
        // The set of points connected to `i` through points `same` accepts.
        let flood = |i: usize, same: &dyn Fn(usize) -> bool| {
            let mut seen = vec![false; n * n];
            let mut stack = vec![i];
            seen[i] = true;
            while let Some(p) = stack.pop() {
                for q in neighbours(p) {
                    if !seen[q] && same(q) {
                        seen[q] = true;
                        stack.push(q);
                    }
                }
            }
            seen
        };
        let mut touches = vec![[false; 2]; n * n];
        for i in 0..n * n {
            if alive[i].is_none() {
                let region = flood(i, &|q| alive[q].is_none());
                for p in (0..n * n).filter(|&p| region[p]) {
                    for q in neighbours(p) {
                        if let Some(c) = alive[q] {
                            touches[i][c.index()] = true;
                        }
                    }
                }
            }
        }
        let is_dame = |p: usize| {
            alive[p].is_none() && touches[p] != [true, false] && touches[p] != [false, true]
        };
        // Seki stones: chains touching a dame, then (until nothing changes) chains
        // touching an eye region that touches seki stones.
        let mut seki = vec![false; n * n];
        let mut seki_eye = vec![false; n * n];
        loop {
            let mut changed = false;
            for i in 0..n * n {
                if let Some(c) = alive[i] {
                    let chain = flood(i, &|q| alive[q] == Some(c));
                    let touches = (0..n * n)
                        .filter(|&p| chain[p])
                        .any(|p| neighbours(p).into_iter().any(|q| is_dame(q) || seki_eye[q]));
                    if touches && !seki[i] {
                        seki[i] = true;
                        changed = true;
                    }
                }
            }
            for i in 0..n * n {
                if alive[i].is_none() {
                    let region = flood(i, &|q| alive[q].is_none());
                    seki_eye[i] = (0..n * n)
                        .filter(|&p| region[p])
                        .any(|p| neighbours(p).into_iter().any(|q| seki[q]));
                }
            }
            if !changed {
                break;
            }
        }
        Reference {
            alive,
            touches,
            seki,
            seki_eye,
        }
    }

    fn eye_of(&self, p: usize) -> Option<Color> {
        match (self.alive[p], self.touches[p]) {
            (None, [true, false]) => Some(Color::Black),
            (None, [false, true]) => Some(Color::White),
            _ => None,
        }
    }

    /// Japanese art. 8 and 10: eye points of non-seki stones, plus prisoners and dead.
    fn territory(&self, c: Color) -> u32 {
        (0..self.alive.len())
            .filter(|&p| self.eye_of(p) == Some(c) && !self.seki_eye[p])
            .count() as u32
    }

    /// Area: living stones plus eye points.
    fn area(&self, c: Color) -> u32 {
        (0..self.alive.len())
            .filter(|&p| self.alive[p] == Some(c) || self.eye_of(p) == Some(c))
            .count() as u32
    }
}

/// A random position: a random game of `moves` moves with random passes, so that both
/// crowded and open boards, captures and single eyes come up.
fn random_position(rng: &mut SplitMix64, n: usize, moves: usize) -> Position {
    let size = BoardSize::new(n).unwrap();
    let mut pos = Position::new(size);
    for k in 0..moves {
        let color = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mv = pos.random_move(color, rng);
        pos.play(color, mv, Suicide::Illegal).unwrap();
    }
    pos
}

#[test]
fn the_scorer_agrees_with_a_reference_written_from_the_rule_texts() {
    let mut rng = SplitMix64::new(2024);
    for game in 0..400 {
        let n = [4, 5, 7, 9][game % 4];
        let moves = rng.below((n * n * 2) as u64) as usize;
        let pos = random_position(&mut rng, n, moves);
        let size = pos.size();
        // Random chains called dead.
        let mut dead = vec![false; n * n];
        for v in size.vertices() {
            if pos.stone(v).is_some() && !dead[v.index()] && rng.below(5) == 0 {
                for i in pos.chain(v).iter() {
                    dead[i] = true;
                }
            }
        }
        let dead_set: Points = (0..n * n).filter(|&i| dead[i]).collect();
        let reference = Reference::new(&pos, &dead);
        let prisoners = [rng.below(10) as u32, rng.below(10) as u32];
        let japanese = score(&pos, dead_set, prisoners, &Rules::japanese()).unwrap();
        let chinese = score(&pos, dead_set, [0, 0], &Rules::chinese()).unwrap();
        for c in Color::BOTH {
            let dead_of_opponent = size
                .vertices()
                .filter(|v| dead[v.index()] && pos.stone(*v) == Some(!c))
                .count() as u32;
            let want = reference.territory(c) + prisoners[c.index()] + dead_of_opponent;
            assert_eq!(
                japanese.count(c).total(),
                want,
                "game {game} {c:?}\n{pos:?}"
            );
            assert_eq!(
                chinese.count(c).total(),
                reference.area(c),
                "game {game} {c:?}"
            );
        }
        let seki: Points = (0..n * n).filter(|&i| reference.seki[i]).collect();
        assert_eq!(japanese.regions.seki, seki, "game {game}");
    }
}

#[test]
fn tromp_taylor_counts_finished_playouts_as_the_playout_score_does() {
    let mut rng = SplitMix64::new(7);
    for n in [5, 9, 13, 19] {
        for _ in 0..10 {
            let mut pos = Position::new(BoardSize::new(n).unwrap());
            pos.playout(Color::Black, &mut rng);
            let area = area_score(&pos);
            let s = score(&pos, Points::EMPTY, [0, 0], &Rules::tromp_taylor()).unwrap();
            assert_eq!(
                (s.black.total() as usize, s.white.total() as usize),
                (area.black, area.white)
            );
        }
    }
}

#[test]
fn op_points_count_stones_that_touch_only_their_own_colour() {
    // Black's stones at the left touch only Black's region; those facing White do not score.
    let board = "\
        . X O . .\n\
        X X O . .\n\
        . X O . .\n\
        X X O O O\n\
        . X O . .\n";
    let pos = parse_diagram(board).unwrap();
    let s = score(&pos, Points::EMPTY, [0, 0], &Rules::op()).unwrap();
    // Black: the empty (0,0) (0,2) (0,4) and the stones (0,1) (0,3). White: the 8 empty
    // points on the right and the stones (3,3) (4,3); the rest of each wall faces the
    // other colour.
    assert_eq!((s.black.territory, s.black.stones), (3, 2));
    assert_eq!((s.white.territory, s.white.stones), (8, 2));
}
