//! The engine's contract: a legal move (never a point forbidden to Black), forced wins
//! found, forced blocks played, with any number of threads from 1 to 64.

mod common;

use common::tactics::{four_wins, vcf_puzzles};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tengen::core::{Color, Point, SplitMix64};
use tengen::renju::search::{Engine, Limits};
use tengen::renju::{Board, Rule};

/// Renju positions with Black to move and at least one forbidden point near the stones.
fn positions_with_fouls(count: usize) -> Vec<Board> {
    let mut rng = SplitMix64::new(77);
    let mut out = Vec::new();
    while out.len() < count {
        let mut b = Board::new(15, Rule::Renju).unwrap();
        for _ in 0..(20 + rng.below(20)) {
            let p = Point::new(4 + rng.below(7) as u8, 4 + rng.below(7) as u8);
            let me = b.side_to_move();
            if b.stone(p).is_none()
                && (me == Color::White || b.foul(p).is_none())
                && !b.makes_five(p, me)
            {
                b.put(p, me).unwrap();
            }
        }
        if b.side_to_move() == Color::Black && !b.forbidden_points().is_empty() {
            out.push(b);
        }
    }
    out
}

#[test]
fn black_never_plays_a_forbidden_point() {
    let engine = Engine::new(8, 1);
    let stop = AtomicBool::new(false);
    for b in positions_with_fouls(30) {
        let r = engine.search(&b, Color::Black, &Limits::depth(3), &stop, &mut |_| {});
        let best = r.best.expect("an empty-enough board has a move");
        assert!(b.stone(best).is_none(), "{best:?} is occupied\n{b:?}");
        assert_eq!(b.foul(best), None, "{best:?} is forbidden\n{b:?}");
    }
}

#[test]
fn any_thread_count_finds_the_win_and_plays_legal_moves() {
    let stop = AtomicBool::new(false);
    let puzzles = vcf_puzzles(31, Rule::Renju, 3, 4);
    let boards = positions_with_fouls(3);
    for threads in [1, 2, 7, 64] {
        let engine = Engine::new(8, threads);
        assert_eq!(engine.threads(), threads);
        for p in &puzzles {
            let r = engine.search(&p.board, p.to_move, &Limits::depth(4), &stop, &mut |_| {});
            let mut b = p.board.clone();
            let best = r.best.unwrap();
            assert!(
                r.mate.is_some_and(|m| m > 0),
                "{threads} threads: no mate found"
            );
            assert!(
                four_wins(&mut b, p.to_move, best, p.depth + 2, true),
                "{threads} threads: {best:?}"
            );
        }
        for b in &boards {
            let limits = Limits::time(Duration::from_millis(30), Duration::from_millis(60));
            let r = engine.search(b, Color::Black, &limits, &stop, &mut |_| {});
            let best = r.best.unwrap();
            assert!(
                b.stone(best).is_none() && b.foul(best).is_none(),
                "{threads} threads: {best:?}"
            );
        }
    }
}

#[test]
fn a_four_is_blocked_and_a_raised_stop_flag_still_answers() {
    let mut b = Board::new(15, Rule::Freestyle).unwrap();
    // White has four in a row on row 3 (open at 3,3 only: 8,3 is Black); Black to move.
    for (x, y, c) in [
        (4, 3, Color::White),
        (7, 7, Color::Black),
        (5, 3, Color::White),
        (8, 3, Color::Black),
        (6, 3, Color::White),
        (9, 9, Color::Black),
        (7, 3, Color::White),
    ] {
        b.put(Point::new(x, y), c).unwrap();
    }
    let engine = Engine::new(1, 1);
    let r = engine.search(
        &b,
        Color::Black,
        &Limits::depth(3),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert_eq!(r.best, Some(Point::new(3, 3)));
    let stopped = engine.search(
        &b,
        Color::Black,
        &Limits::default(),
        &AtomicBool::new(true),
        &mut |_| {},
    );
    assert_eq!(stopped.best, Some(Point::new(3, 3)));
}

/// A renju board after `moves` ("x,y" each, Black first, alternating).
/// An aspiration window of one point misses at almost every iteration: the re-searches
/// that widen it must still end in one reported iteration per depth, and find the wins.
#[test]
fn a_narrow_aspiration_window_reports_each_depth_once_and_still_wins() {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(8, 1);
    let mut params = engine.params();
    params.search.aspiration_window = 1;
    engine.set_params(params);
    for p in &vcf_puzzles(32, Rule::Renju, 3, 4) {
        let mut depths = Vec::new();
        let r = engine.search(&p.board, p.to_move, &Limits::depth(4), &stop, &mut |it| {
            depths.push(it.depth)
        });
        let best = r.best.unwrap();
        assert!(r.mate.is_some_and(|m| m > 0), "no mate found");
        assert!(four_wins(
            &mut p.board.clone(),
            p.to_move,
            best,
            p.depth + 2,
            true
        ));
        assert!(depths.windows(2).all(|w| w[1] == w[0] + 1), "{depths:?}");
    }
    for b in positions_with_fouls(6) {
        let mut depths = Vec::new();
        let r = engine.search(&b, Color::Black, &Limits::depth(8), &stop, &mut |it| {
            depths.push(it.depth)
        });
        let best = r.best.unwrap();
        assert!(
            b.stone(best).is_none() && b.foul(best).is_none(),
            "{best:?}"
        );
        let decided = r.mate.is_some();
        assert!(
            decided || depths == (1..=8).collect::<Vec<_>>(),
            "{depths:?}"
        );
    }
}

fn board_after(moves: &str) -> Board {
    let mut b = Board::new(15, Rule::Renju).unwrap();
    for m in moves.split_whitespace() {
        let (x, y) = m.split_once(',').unwrap();
        let p = Point::new(x.parse().unwrap(), y.parse().unwrap());
        b.put(p, b.side_to_move()).unwrap();
    }
    b
}

/// Game 11 of a match against PentaZen 0.4.17 (renju, 1 s a move), Black (Tengen) to
/// move at ply 24. Black wins by 8,9 or 5,5, neither of them a three or a four (Rapfi:
/// White mated 14 and 16 plies later), so the threat-space search cannot see it; only
/// the alpha-beta can. With every unforced node searching up to 24 moves it needed over
/// 950k nodes (6,5 at 800k and 950k; in the game too, and the win was gone); with
/// move-count pruning (few moves near the horizon and where nothing threatens) 720k.
/// Measured with the protocol's default 64 MiB table (the table's size changes the tree).
#[test]
fn a_win_that_starts_with_a_quiet_move_is_found_in_800k_nodes() {
    let b = board_after(
        "7,7 7,6 8,7 9,7 6,7 4,7 8,8 8,6 6,6 9,9 7,5 9,6 9,8 6,8 10,6 4,4 8,4 9,3 9,5 11,7 \
         10,8 11,8 10,7 10,5",
    );
    assert_eq!(b.side_to_move(), Color::Black);
    let limits = Limits {
        nodes: Some(800_000),
        ..Limits::default()
    };
    let r = Engine::new(64, 1).search(
        &b,
        Color::Black,
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let wins = [Point::new(8, 9), Point::new(5, 5)];
    assert!(
        r.mate.is_some_and(|m| m > 0) && r.best.is_some_and(|p| wins.contains(&p)),
        "played {:?} (mate {:?}, depth {}, {} nodes)",
        r.best,
        r.mate,
        r.depth,
        r.nodes
    );
}

/// A raised stop flag ends a threat search within a few thousand nodes (a millisecond or
/// two), on positions rich in threes and fours where a VCT search would otherwise spend its
/// whole budget of ten million. (Not at once: the defender's quick counter-VCF check has
/// 200 nodes of its own each time.)
#[test]
fn a_raised_stop_ends_a_threat_search_within_a_few_thousand_nodes() {
    use tengen::renju::search::{Mode, Position, ThreatSearch};
    let raised = AtomicBool::new(true);
    for b in positions_with_fouls(10) {
        let mut pos = Position::new(b, Color::Black);
        let mut search = ThreatSearch::new(&raised);
        // A win within the first nodes may still be found; nothing more is searched.
        search.find(&mut pos, Mode::Vct, 20, 10_000_000);
        assert!(
            search.nodes() < 5_000,
            "{} nodes after stop",
            search.nodes()
        );
    }
}
