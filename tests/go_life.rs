//! Life and death against brute force on tiny boards and against hand-made positions whose
//! verdicts are reasoned from the rules (each reason is written next to the position).

use std::collections::HashSet;
use tengen::core::{Color, Point, SplitMix64};
use tengen::go::{pass_alive, BoardSize, Points, Position, Suicide};

/// A square diagram, rows from the top: `X` Black, `O` White, anything else empty.
fn position(rows: &[&str]) -> Position {
    let size = BoardSize::new(rows.len()).unwrap();
    let mut pos = Position::new(size);
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(
            row.chars().count(),
            rows.len(),
            "diagram rows must make a square"
        );
        for (x, c) in row.chars().enumerate() {
            let color = match c {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            let v = size.vertex(Point::new(x as u8, y as u8));
            pos.play(color, v, Suicide::Illegal).unwrap();
        }
    }
    assert_eq!(pos.captures(Color::Black) + pos.captures(Color::White), 0);
    pos
}

/// A position from the middle or the end of a random game (playouts keep one-point eyes,
/// so their ends are full of living groups).
fn random_position(n: usize, rng: &mut SplitMix64) -> Position {
    let mut pos = Position::new(BoardSize::new(n).unwrap());
    let moves = rng.below(3 * (n * n) as u64) as usize;
    let mut color = Color::Black;
    let mut passes = 0;
    for _ in 0..moves {
        let mv = pos.random_move(color, rng);
        pos.play(color, mv, Suicide::Illegal).unwrap();
        passes = if mv.is_some() { 0 } else { passes + 1 };
        if passes == 2 {
            break;
        }
        color = !color;
    }
    pos
}

/// The stones of `owner` that the opponent can take off the board by some sequence of
/// legal moves while `owner` passes throughout, by breadth-first search over every
/// position the opponent can reach; `None` when there are more than `cap` of them.
fn capturable_while_passing(pos: &Position, owner: Color, cap: usize) -> Option<Points> {
    let start = pos.stones(owner);
    let mut removed = Points::EMPTY;
    let mut seen = HashSet::from([pos.hash()]);
    let mut todo = vec![pos.clone()];
    while let Some(p) = todo.pop() {
        removed |= start - p.stones(owner);
        for v in p.legal_moves(!owner, Suicide::Illegal) {
            let mut next = p.clone();
            next.play(!owner, Some(v), Suicide::Illegal).unwrap();
            if seen.insert(next.hash()) {
                if seen.len() > cap {
                    return None;
                }
                todo.push(next);
            }
        }
    }
    Some(removed)
}

/// Benson against brute force: on random 4x4 and 5x5 positions, no pass-alive stone can be
/// captured by an opponent who plays alone, and (Benson's theorem is an equivalence) every
/// other stone can.
#[test]
fn pass_alive_chains_are_exactly_those_the_opponent_cannot_capture_alone() {
    let mut rng = SplitMix64::new(2024);
    let (mut checked, mut alive_seen, mut dead_seen) = (0, 0, 0);
    for round in 0..400 {
        let n = if round % 2 == 0 { 4 } else { 5 };
        let pos = random_position(n, &mut rng);
        for owner in Color::BOTH {
            let alive = pass_alive(&pos, owner).stones;
            let Some(removed) = capturable_while_passing(&pos, owner, 3_000) else {
                continue;
            };
            checked += 1;
            assert!(
                (alive & removed).is_empty(),
                "{owner} pass-alive stones were captured:\n{pos:?}"
            );
            assert_eq!(
                pos.stones(owner) - alive,
                removed,
                "{owner} stones that are not pass-alive survive:\n{pos:?}"
            );
            alive_seen += alive.len();
            dead_seen += removed.len();
        }
    }
    assert!(checked > 500, "only {checked} searches finished");
    assert!(
        alive_seen > 1000 && dead_seen > 300,
        "{alive_seen} {dead_seen}"
    );
}

#[test]
fn benson_on_hand_made_shapes() {
    // Black lives with the two eyes (0,0) and (2,0) on a 5x5 board; White's wall below
    // has no eye at all.
    let pos = position(&[".X.X.", "XXXXX", "OOOOO", ".....", "....."]);
    assert_eq!(
        pass_alive(&pos, Color::Black).stones,
        pos.stones(Color::Black)
    );
    assert!(pass_alive(&pos, Color::White).stones.is_empty());
    // A White stone inside Black's right-hand region does not spoil it: both empty
    // points of the region {(2,0),(3,0),(4,0)} are still Black liberties.
    let pos = position(&[".X..O", "XXXXX", "OOOOO", ".....", "....."]);
    assert_eq!(
        pass_alive(&pos, Color::Black).stones,
        pos.stones(Color::Black)
    );
}
