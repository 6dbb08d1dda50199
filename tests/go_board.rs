//! The Go board core against hand-made positions and against a slow referee written
//! straight from the rules (a grid and flood fills, nothing incremental): captures, suicide,
//! simple ko, superko, undo, hashing, eyes, playouts and area scoring.

mod common;

use common::grid;
use tengen::core::{Color, Point, SplitMix64};
use tengen::go::{
    area_score, Area, Board, BoardSize, Ko, Legality, PlayError, Position, Suicide, Vertex,
};

const JAPANESE: Legality = Legality {
    suicide: Suicide::Illegal,
    ko: Ko::Simple,
};

fn rules(suicide: Suicide, ko: Ko) -> Legality {
    Legality { suicide, ko }
}

fn size(n: usize) -> BoardSize {
    BoardSize::new(n).unwrap()
}

fn pt(x: u8, y: u8) -> Option<Point> {
    Some(Point::new(x, y))
}

/// A square diagram, rows from the top: `X` Black, `O` White, `.` empty. Stones are played
/// row by row (no capture may happen on the way); then White passes if needed so that
/// `to_move` is to move.
fn diagram(rows: &[&str], legality: Legality, to_move: Color) -> Board {
    let mut b = Board::new(size(rows.len()), legality);
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), rows.len(), "diagram rows must make a square");
        for (x, c) in row.chars().enumerate() {
            let color = match c {
                'X' => Color::Black,
                'O' => Color::White,
                '.' => continue,
                other => panic!("bad diagram cell {other:?}"),
            };
            b.play(color, pt(x as u8, y as u8)).unwrap();
        }
    }
    if b.to_move() != to_move {
        b.play(!to_move, None).unwrap();
    }
    let pos = b.position();
    assert_eq!(
        (pos.captures(Color::Black), pos.captures(Color::White)),
        (0, 0)
    );
    b
}

fn vertex(b: &Board, x: u8, y: u8) -> Vertex {
    b.position().size().vertex(Point::new(x, y)).unwrap()
}

fn points(b: &Board, moves: &[Vertex]) -> Vec<Point> {
    moves
        .iter()
        .map(|&v| b.position().size().point(v))
        .collect()
}

/// A slow referee: the rules applied to a plain grid.
#[derive(Clone, Debug)]
struct Referee {
    n: usize,
    grid: Vec<Option<Color>>,
    captures: [u32; 2],
    /// The grid before the last move, and who made it (`None` after a pass).
    before_last: Vec<Option<Color>>,
    last: Option<Color>,
}

impl Referee {
    fn new(n: usize) -> Referee {
        Referee {
            n,
            grid: vec![None; n * n],
            captures: [0; 2],
            before_last: vec![None; n * n],
            last: None,
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        grid::neighbours(self.n, i)
    }

    /// The chain through the stone on `i` and its number of liberties, by flood fill.
    fn group(&self, i: usize) -> (Vec<usize>, usize) {
        let color = self.grid[i];
        let mut stones = vec![i];
        let mut liberties = Vec::new();
        let mut k = 0;
        while k < stones.len() {
            for m in self.neighbours(stones[k]) {
                if self.grid[m] == color && !stones.contains(&m) {
                    stones.push(m);
                } else if self.grid[m].is_none() && !liberties.contains(&m) {
                    liberties.push(m);
                }
            }
            k += 1;
        }
        (stones, liberties.len())
    }

    /// The referee after `color` plays on `i`, or `None` if the move is illegal. Simple
    /// ko: no move may bring back the grid from before the opponent's last move when that
    /// move changed the grid.
    fn after(&self, color: Color, i: usize, suicide: Suicide) -> Option<Referee> {
        if self.grid[i].is_some() {
            return None;
        }
        let mut r = self.clone();
        r.grid[i] = Some(color);
        for m in self.neighbours(i) {
            if r.grid[m] == Some(!color) {
                let (stones, libs) = r.group(m);
                if libs == 0 {
                    r.captures[color.index()] += stones.len() as u32;
                    stones.iter().for_each(|&s| r.grid[s] = None);
                }
            }
        }
        let (stones, libs) = r.group(i);
        if libs == 0 {
            if suicide == Suicide::Illegal {
                return None;
            }
            r.captures[(!color).index()] += stones.len() as u32;
            stones.iter().for_each(|&s| r.grid[s] = None);
        }
        if self.last == Some(!color) && r.grid == self.before_last && self.before_last != self.grid
        {
            return None;
        }
        r.before_last = self.grid.clone();
        r.last = Some(color);
        Some(r)
    }

    fn legal_moves(&self, color: Color, suicide: Suicide) -> Vec<usize> {
        (0..self.n * self.n)
            .filter(|&i| self.after(color, i, suicide).is_some())
            .collect()
    }

    fn pass(&mut self) {
        self.before_last = self.grid.clone();
        self.last = None;
    }
}

/// Every observable of the fast board equals the referee's.
fn assert_agree(b: &Board, r: &Referee, suicide: Suicide) {
    let pos = b.position();
    let size = pos.size();
    for color in Color::BOTH {
        let stones: Vec<usize> = pos.stones(color).iter().collect();
        let expected: Vec<usize> = (0..r.n * r.n)
            .filter(|&i| r.grid[i] == Some(color))
            .collect();
        assert_eq!(stones, expected, "{color} stones\n{pos:?}");
        assert_eq!(pos.captures(color), r.captures[color.index()]);
        let fast: Vec<usize> = b.legal_moves(color).iter().map(|v| v.index()).collect();
        assert_eq!(
            fast,
            r.legal_moves(color, suicide),
            "{color} moves\n{pos:?}"
        );
    }
    for v in size.vertices() {
        if pos.stone(v).is_some() {
            let (mut stones, libs) = r.group(v.index());
            stones.sort();
            assert_eq!(pos.chain(v).iter().collect::<Vec<_>>(), stones);
            assert_eq!(pos.liberties(v).len(), libs);
        }
    }
}

#[test]
fn fast_board_agrees_with_the_referee_in_random_games() {
    let mut rng = SplitMix64::new(2024);
    for (n, suicide, games) in [
        (2, Suicide::Illegal, 30),
        (3, Suicide::Legal, 30),
        (4, Suicide::Illegal, 20),
        (5, Suicide::Legal, 10),
        (7, Suicide::Illegal, 4),
    ] {
        for _ in 0..games {
            let mut b = Board::new(size(n), rules(suicide, Ko::Simple));
            let mut r = Referee::new(n);
            let mut color = Color::Black;
            for _ in 0..3 * n * n {
                let moves = r.legal_moves(color, suicide);
                if moves.is_empty() || rng.below(10) == 0 {
                    b.play(color, None).unwrap();
                    r.pass();
                } else {
                    let i = moves[rng.below(moves.len() as u64) as usize];
                    b.play(color, Some(Point::new((i % n) as u8, (i / n) as u8)))
                        .unwrap();
                    r = r.after(color, i, suicide).unwrap();
                }
                assert_agree(&b, &r, suicide);
                color = !color;
            }
        }
    }
}

/// Leaf count of the tree of board moves (no passes) `depth` plies deep.
fn perft(b: &mut Board, color: Color, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let size = b.position().size();
    let mut total = 0;
    for v in b.legal_moves(color) {
        b.play(color, Some(size.point(v))).unwrap();
        total += perft(b, !color, depth - 1);
        b.undo();
    }
    total
}

fn referee_perft(r: &Referee, color: Color, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    r.legal_moves(color, Suicide::Illegal)
        .into_iter()
        .map(|i| {
            referee_perft(
                &r.after(color, i, Suicide::Illegal).unwrap(),
                !color,
                depth - 1,
            )
        })
        .sum()
}

#[test]
fn perft_counts_on_small_boards() {
    // By hand: on 2x2 every first move is legal, and so is every reply (each has a free
    // neighbour); on 3x3 the same for two plies.
    let mut b2 = Board::new(size(2), JAPANESE);
    assert_eq!(perft(&mut b2, Color::Black, 1), 4);
    assert_eq!(perft(&mut b2, Color::Black, 2), 12);
    // Third ply: two moves after each reply, one of them capturing an adjacent reply.
    assert_eq!(perft(&mut b2, Color::Black, 3), 24);
    let mut b3 = Board::new(size(3), JAPANESE);
    assert_eq!(perft(&mut b3, Color::Black, 1), 9);
    assert_eq!(perft(&mut b3, Color::Black, 2), 72);
    // Deeper, captures and suicides appear; the referee confirms the counts.
    for (n, depth, expected) in [(2, 6, 32), (2, 9, 192), (3, 5, 14_720), (3, 6, 56_176)] {
        let mut b = Board::new(size(n), JAPANESE);
        let count = perft(&mut b, Color::Black, depth);
        assert_eq!(count, referee_perft(&Referee::new(n), Color::Black, depth));
        assert_eq!(count, expected, "perft {n}x{n} depth {depth}");
    }
}

#[test]
fn legal_moves_of_hand_checked_positions() {
    // Black on a diagonal of 2x2: White's two points are suicide, Black's two connect.
    let b = diagram(&["X.", ".X"], JAPANESE, Color::White);
    assert!(b.legal_moves(Color::White).is_empty());
    assert_eq!(b.legal_moves(Color::Black).len(), 2);
    // With suicide legal, White may throw a stone in, unless positional superko
    // forbids it (the board would not change).
    let tt = diagram(
        &["X.", ".X"],
        rules(Suicide::Legal, Ko::Simple),
        Color::White,
    );
    assert_eq!(tt.legal_moves(Color::White).len(), 2);
    let tt = diagram(
        &["X.", ".X"],
        rules(Suicide::Legal, Ko::PositionalSuperko),
        Color::White,
    );
    assert!(tt.legal_moves(Color::White).is_empty());
    // 3x3, White's corner stone in atari: Black may take it; White may not extend it,
    // which would leave two stones without a liberty, unless suicide is legal.
    let rows = ["OX.", ".X.", "X.."];
    let b = diagram(&rows, JAPANESE, Color::Black);
    assert_eq!(b.legal_moves(Color::Black).len(), 5);
    let white = points(&b, &b.legal_moves(Color::White));
    assert_eq!(white.len(), 4);
    assert!(!white.contains(&Point::new(0, 1)));
    let tt = diagram(
        &rows,
        rules(Suicide::Legal, Ko::PositionalSuperko),
        Color::Black,
    );
    assert_eq!(tt.legal_moves(Color::White).len(), 5);
}

#[test]
fn random_games_undo_to_every_earlier_state_exactly() {
    let mut rng = SplitMix64::new(77);
    for (n, legality) in [
        (5, rules(Suicide::Legal, Ko::PositionalSuperko)),
        (9, rules(Suicide::Illegal, Ko::SituationalSuperko)),
        (13, JAPANESE),
        (19, rules(Suicide::Legal, Ko::Simple)),
    ] {
        let mut b = Board::new(size(n), legality);
        // The position and side to move after every move; the whole board (history
        // included) now and then, as copying it every move would be quadratic.
        let mut states = vec![(b.position().clone(), b.to_move(), Some(b.clone()))];
        let mut color = Color::Black;
        for k in 1..=2 * n * n {
            let moves = b.legal_moves(color);
            let mv = (!moves.is_empty() && rng.below(16) != 0).then(|| {
                b.position()
                    .size()
                    .point(moves[rng.below(moves.len() as u64) as usize])
            });
            b.play(color, mv).unwrap();
            let whole = (k % 37 == 0).then(|| b.clone());
            states.push((b.position().clone(), b.to_move(), whole));
            color = !color;
        }
        let pos = b.position();
        assert!(pos.captures(Color::Black) + pos.captures(Color::White) > 0);
        states.pop();
        while let Some((position, to_move, whole)) = states.pop() {
            assert!(b.undo().is_some());
            assert!(
                *b.position() == position,
                "undo differs at move {}",
                states.len()
            );
            assert_eq!(b.position().hash(), position.hash());
            assert_eq!((b.to_move(), b.move_count()), (to_move, states.len()));
            if let Some(whole) = whole {
                assert!(b == whole, "board differs at move {}", states.len());
            }
        }
        assert_eq!(b.undo(), None);
        assert_eq!(b.position().hash(), 0);
    }
}

#[test]
fn hash_and_chains_match_a_rebuild_from_the_stones() {
    let mut rng = SplitMix64::new(99);
    for n in [2, 6, 9, 19, 25] {
        let mut pos = Position::new(size(n));
        let mut color = Color::Black;
        for k in 0..n * n * 3 / 2 {
            match pos.random_move(color, &mut rng) {
                Some(v) => pos.play(color, Some(v), Suicide::Illegal).unwrap(),
                None => pos.play(color, None, Suicide::Illegal).unwrap(),
            }
            color = !color;
            if k % 7 != 0 {
                continue;
            }
            // Stones of a legal position can be put back in any order without a capture.
            let mut rebuilt = Position::new(size(n));
            for v in pos.size().vertices() {
                if let Some(c) = pos.stone(v) {
                    rebuilt.play(c, Some(v), Suicide::Illegal).unwrap();
                }
            }
            assert_eq!(rebuilt.hash(), pos.hash());
            for v in pos.size().vertices() {
                assert_eq!(rebuilt.chain(v), pos.chain(v));
                assert_eq!(rebuilt.liberties(v), pos.liberties(v));
                assert_eq!(rebuilt.in_atari(v), pos.in_atari(v));
            }
        }
    }
}

#[test]
fn simple_ko_forbids_only_the_immediate_recapture() {
    let rows = [
        ".XO..", //
        "XO.O.", //
        ".XO..", //
        ".....", //
        ".....",
    ];
    let mut b = diagram(&rows, JAPANESE, Color::Black);
    b.play(Color::Black, pt(2, 1)).unwrap();
    assert_eq!(b.position().captures(Color::Black), 1);
    assert_eq!(
        b.position().ko(),
        Some((vertex(&b, 1, 1), Color::White)),
        "White may not retake at once"
    );
    assert!(!points(&b, &b.legal_moves(Color::White)).contains(&Point::new(1, 1)));
    let before = b.clone();
    assert_eq!(
        b.play(Color::White, pt(1, 1)),
        Err(PlayError::Ko(Point::new(1, 1)))
    );
    assert!(b == before, "a refused move changes nothing");
    // A ko threat and its answer lift the ban.
    b.play(Color::White, pt(4, 4)).unwrap();
    b.play(Color::Black, pt(4, 3)).unwrap();
    b.play(Color::White, pt(1, 1)).unwrap();
    assert_eq!(b.position().captures(Color::White), 1);
    assert_eq!(b.position().ko(), Some((vertex(&b, 2, 1), Color::Black)));
    // So does a pass.
    b.play(Color::Black, None).unwrap();
    assert_eq!(b.position().ko(), None);
    // Taking two stones is no ko: the ban is for a lone stone taking a lone stone.
    let mut b = diagram(
        &[".XO..", "XO.O.", "XO.O.", ".XO..", "....."],
        JAPANESE,
        Color::Black,
    );
    b.play(Color::Black, pt(2, 1)).unwrap();
    b.play(Color::Black, pt(2, 2)).unwrap();
    assert_eq!(b.position().captures(Color::Black), 2);
    assert_eq!(b.position().ko(), None);
}

/// Three kos on 9x9, in the states White-Black-White: each side always has a ko to take,
/// and six takes bring back the first position.
const TRIPLE_KO: [&str; 9] = [
    ".XO...XO.",
    "XO.O.X.XO",
    ".XO...XO.",
    ".........",
    ".XO......",
    "XO.O.....",
    ".XO......",
    ".........",
    ".........",
];

#[test]
fn superko_stops_a_triple_ko_cycle_and_simple_ko_does_not() {
    let cycle = [
        (Color::Black, 2, 1),
        (Color::White, 6, 1),
        (Color::Black, 2, 5),
        (Color::White, 1, 1),
        (Color::Black, 7, 1),
        (Color::White, 1, 5),
    ];
    for ko in [Ko::Simple, Ko::PositionalSuperko, Ko::SituationalSuperko] {
        let mut b = diagram(&TRIPLE_KO, rules(Suicide::Illegal, ko), Color::Black);
        let start = b.position().hash();
        for &(color, x, y) in &cycle[..5] {
            b.play(color, pt(x, y)).unwrap();
            assert_ne!(b.position().hash(), start);
        }
        let (color, x, y) = cycle[5];
        let last = Point::new(x, y);
        let listed = points(&b, &b.legal_moves(color)).contains(&last);
        if ko == Ko::Simple {
            assert!(listed);
            b.play(color, Some(last)).unwrap();
            assert_eq!(b.position().hash(), start, "the cycle is closed");
            assert_eq!(b.position().captures(color), 3);
        } else {
            assert!(!listed, "{ko:?}");
            let count = b.move_count();
            assert_eq!(b.play(color, Some(last)), Err(PlayError::Superko(last)));
            assert_eq!(b.move_count(), count);
        }
    }
}

#[test]
fn single_stone_suicide_tells_positional_from_situational_superko() {
    // White throwing a stone into Black's corner changes nothing on the board.
    let rows = [".X.", "X..", "..."];
    let corner = pt(0, 0);
    let mut simple = diagram(&rows, rules(Suicide::Legal, Ko::Simple), Color::White);
    simple.play(Color::White, corner).unwrap();
    assert_eq!(simple.position().captures(Color::Black), 1);
    assert_eq!(simple.position().stones(Color::White).len(), 0);

    let mut positional = diagram(
        &rows,
        rules(Suicide::Legal, Ko::PositionalSuperko),
        Color::White,
    );
    assert_eq!(
        positional.play(Color::White, corner),
        Err(PlayError::Superko(Point::new(0, 0)))
    );

    // The same stones with Black to move are new once, not twice.
    let mut situational = diagram(
        &rows,
        rules(Suicide::Legal, Ko::SituationalSuperko),
        Color::White,
    );
    situational.play(Color::White, corner).unwrap();
    situational.play(Color::Black, None).unwrap();
    assert_eq!(
        situational.play(Color::White, corner),
        Err(PlayError::Superko(Point::new(0, 0)))
    );

    let mut illegal = diagram(&rows, JAPANESE, Color::White);
    assert_eq!(
        illegal.play(Color::White, corner),
        Err(PlayError::Suicide(Point::new(0, 0)))
    );
}

#[test]
fn multi_stone_suicide_removes_the_chain_when_legal() {
    let rows = ["O.X", "XX.", "..."];
    let mut b = diagram(&rows, JAPANESE, Color::White);
    assert_eq!(
        b.play(Color::White, pt(1, 0)),
        Err(PlayError::Suicide(Point::new(1, 0)))
    );
    let mut b = diagram(
        &rows,
        rules(Suicide::Legal, Ko::PositionalSuperko),
        Color::White,
    );
    b.play(Color::White, pt(1, 0)).unwrap();
    let pos = b.position();
    assert_eq!(pos.stones(Color::White).len(), 0);
    assert_eq!(pos.captures(Color::Black), 2);
    assert_eq!(pos.liberties(vertex(&b, 2, 0)).len(), 2);
    // Capturing makes a move legal even with no empty neighbour.
    let mut b = diagram(&[".XO", "XO.", "..."], JAPANESE, Color::Black);
    b.play(Color::White, pt(0, 0)).unwrap();
    assert_eq!(b.position().captures(Color::White), 1);
    assert_eq!(b.position().stone(vertex(&b, 1, 0)), None);
    assert_eq!(b.position().liberties(vertex(&b, 0, 0)).len(), 1);
}

#[test]
fn corner_and_edge_captures() {
    // Corner: one stone, two liberties.
    let mut b = diagram(
        &["XO...", ".....", ".....", ".....", "....."],
        JAPANESE,
        Color::White,
    );
    assert!(b.position().in_atari(vertex(&b, 0, 0)));
    b.play(Color::White, pt(0, 1)).unwrap();
    assert_eq!(b.position().stone(vertex(&b, 0, 0)), None);
    assert_eq!(b.position().captures(Color::White), 1);
    // Edge: two stones, four liberties, taken by the last one.
    let mut b = diagram(
        &[".XX..", "OOO..", ".....", ".....", "....."],
        JAPANESE,
        Color::White,
    );
    let group = vertex(&b, 1, 0);
    assert_eq!(b.position().chain(group).len(), 2);
    assert_eq!(b.position().liberties(group).len(), 2);
    b.play(Color::White, pt(3, 1)).unwrap();
    b.play(Color::White, pt(3, 0)).unwrap();
    assert!(b.position().in_atari(group));
    b.play(Color::White, pt(0, 0)).unwrap();
    assert_eq!(b.position().captures(Color::White), 2);
    assert_eq!(b.position().stones(Color::Black).len(), 0);
    // The capturing chain gained the two points as liberties: 2 + 4 others.
    assert_eq!(b.position().liberties(vertex(&b, 0, 0)).len(), 8);
}

#[test]
fn a_whole_board_group_is_captured_in_one_move() {
    let mut b = Board::new(size(9), JAPANESE);
    for y in 0..9 {
        for x in 0..9 {
            if (x, y) != (8, 8) {
                b.play(Color::Black, pt(x, y)).unwrap();
            }
        }
    }
    let last = vertex(&b, 8, 8);
    assert!(b.position().is_eye(Color::Black, last));
    assert!(b.position().in_atari(vertex(&b, 0, 0)));
    assert!(
        b.legal_moves(Color::Black).is_empty(),
        "filling the last eye is suicide"
    );
    assert_eq!(b.legal_moves(Color::White), vec![last]);
    b.play(Color::White, pt(8, 8)).unwrap();
    let pos = b.position();
    assert_eq!(pos.captures(Color::White), 80);
    assert_eq!(pos.stones(Color::Black).len(), 0);
    assert_eq!(pos.empty_points().len(), 80);
    assert_eq!(pos.liberties(last).len(), 2);
    assert_eq!(
        area_score(pos),
        Area {
            black: 0,
            white: 81
        }
    );
    b.undo();
    assert_eq!(b.position().stones(Color::Black).len(), 80);
}

#[test]
fn eyes_follow_the_diagonal_rule() {
    let centre = |rows: &[&str]| {
        let b = diagram(rows, JAPANESE, Color::Black);
        b.position().is_eye(Color::Black, vertex(&b, 2, 2))
    };
    assert!(centre(&[".....", "..X..", ".X.X.", "..X..", "....."]));
    assert!(centre(&[".....", ".OX..", ".X.X.", "..X..", "....."]));
    assert!(!centre(&[".....", ".OX..", ".X.X.", "..XO.", "....."]));
    assert!(!centre(&[".....", "..X..", ".X.O.", "..X..", "....."]));
    let edge = |rows: &[&str]| {
        let b = diagram(rows, JAPANESE, Color::Black);
        b.position().is_eye(Color::Black, vertex(&b, 2, 0))
    };
    assert!(edge(&[".X.X.", "..X..", ".....", ".....", "....."]));
    assert!(!edge(&[".X.X.", ".OX..", ".....", ".....", "....."]));
    let b = diagram(
        &[".X...", "X....", ".....", ".....", "....."],
        JAPANESE,
        Color::Black,
    );
    assert!(b.position().is_eye(Color::Black, vertex(&b, 0, 0)));
    assert!(!b.position().is_eye(Color::White, vertex(&b, 0, 0)));
    assert!(
        !b.position().is_eye(Color::Black, vertex(&b, 1, 0)),
        "occupied"
    );
}

#[test]
fn playouts_stop_when_only_eyes_are_left() {
    let mut rng = SplitMix64::new(3);
    let mut whole_board = 0;
    for n in [5, 9, 19] {
        for _ in 0..20 {
            let mut pos = Position::new(size(n));
            let moves = pos.playout(Color::Black, &mut rng);
            assert!(moves < 3 * n * n, "ended by passes");
            for color in Color::BOTH {
                assert_eq!(pos.clone().random_move(color, &mut rng), None);
                for v in pos.legal_moves(color, Suicide::Illegal) {
                    assert!(pos.is_eye(color, v), "{color} could still play {v:?}");
                }
            }
            let area = area_score(&pos);
            assert!(area.black + area.white <= n * n);
            whole_board += usize::from(area.black + area.white == n * n);
        }
    }
    assert!(
        whole_board >= 50,
        "seki is rare: {whole_board} of 60 decided every point"
    );
}

#[test]
fn random_moves_are_uniform() {
    // On an empty 3x3 board every point is a candidate: each should come up about 1/9.
    let pos = Position::new(size(3));
    let mut rng = SplitMix64::new(8);
    let mut counts = [0u32; 9];
    for _ in 0..9000 {
        counts[pos
            .clone()
            .random_move(Color::Black, &mut rng)
            .unwrap()
            .index()] += 1;
    }
    assert!(
        counts.iter().all(|&c| (850..1150).contains(&c)),
        "{counts:?}"
    );
    // A refused candidate (here: White's suicide point) does not bias the rest.
    let b = diagram(&[".X.", "X..", "..."], JAPANESE, Color::White);
    let mut counts = [0u32; 9];
    for _ in 0..6000 {
        let v = b
            .position()
            .clone()
            .random_move(Color::White, &mut rng)
            .unwrap();
        counts[v.index()] += 1;
    }
    assert_eq!([counts[0], counts[1], counts[3]], [0, 0, 0]);
    for i in [2, 4, 5, 6, 7, 8] {
        assert!((880..1120).contains(&counts[i]), "{counts:?}");
    }
}

#[test]
fn area_score_counts_regions_bordered_by_one_colour() {
    let b = diagram(
        &[".X.O.", ".X.O.", ".X.O.", ".X.O.", ".X.O."],
        JAPANESE,
        Color::Black,
    );
    assert_eq!(
        area_score(b.position()),
        Area {
            black: 10,
            white: 10
        }
    );
    let b = diagram(
        &[".X...", "XX...", ".....", "...OO", "...O."],
        JAPANESE,
        Color::Black,
    );
    assert_eq!(area_score(b.position()), Area { black: 4, white: 4 });
    assert_eq!(
        area_score(&Position::new(size(9))),
        Area { black: 0, white: 0 }
    );
}

#[test]
fn bad_sizes_and_off_board_moves_are_errors() {
    assert_eq!(BoardSize::new(1).map_err(|e| e.size), Err(1));
    assert_eq!(BoardSize::new(26).map_err(|e| e.size), Err(26));
    assert_eq!(BoardSize::default().get(), 19);
    let mut b = Board::new(size(9), JAPANESE);
    assert_eq!(
        b.play(Color::Black, pt(9, 0)),
        Err(PlayError::OffBoard(Point::new(9, 0)))
    );
    b.play(Color::Black, pt(4, 4)).unwrap();
    let before = b.clone();
    assert_eq!(
        b.play(Color::White, pt(4, 4)),
        Err(PlayError::Occupied(Point::new(4, 4)))
    );
    assert!(b == before);
    assert_eq!(b.to_move(), Color::White);
    assert_eq!(b.move_count(), 1);
}
