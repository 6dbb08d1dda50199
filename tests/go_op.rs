//! The rule-driven game record ([`Game`]) under the OP rules and the other presets: stones
//! in hand, stones returned and confiscated, placements that lose by rule, the end of play,
//! undo; then random games played to the end, checked against a slow referee of the OP
//! removal rules written from the articles (grid diffs, a record of placements and a set
//! of removed shapes).

mod common;

use common::grid;
use std::collections::HashSet;
use tengen::core::{Color, Point, SplitMix64};
use tengen::go::{
    BoardSize, Forfeit, Game, GameOver, GameResult, MoveError, PlayError, Points, Position, Rules,
    StoneSupply, Stop, Vertex,
};

fn pt(x: u8, y: u8) -> Option<Point> {
    Some(Point::new(x, y))
}

/// A game on an `n`x`n` board whose top-left corner holds `rows` (`X` Black, `O` White,
/// `.` empty), played row by row (no removal may happen on the way), then White passes if
/// needed so that `to_move` is to move.
fn diagram(n: usize, rules: Rules, rows: &[&str], to_move: Color) -> Game {
    let mut game = Game::new(BoardSize::new(n).unwrap(), rules);
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let color = match c {
                'X' => Color::Black,
                'O' => Color::White,
                '.' => continue,
                other => panic!("bad diagram cell {other:?}"),
            };
            game.play(color, pt(x as u8, y as u8)).unwrap();
        }
    }
    if game.to_move() != to_move {
        game.play(!to_move, None).unwrap();
    }
    assert_eq!(game.is_over(), None);
    game
}

fn on_board(game: &Game, c: Color) -> u32 {
    game.position().stones(c).len() as u32
}

/// Every stone of a finite supply is in hand, on the board, confiscated or a prisoner.
fn assert_stones_accounted_for(game: &Game) {
    let StoneSupply::Each(supply) = game.rules().stone_supply else {
        assert_eq!(game.stones_in_hand(Color::Black), None);
        return;
    };
    for c in Color::BOTH {
        let hand = u32::from(game.stones_in_hand(c).unwrap());
        let held = on_board(game, c) + game.confiscated(c) + game.prisoners()[(!c).index()];
        assert_eq!(hand + held, u32::from(supply), "{c:?}'s stones");
    }
}

fn forfeit(loser: Color, why: Forfeit) -> Option<GameOver> {
    Some(GameOver::Forfeit { loser, why })
}

#[test]
fn captured_stones_go_back_to_their_owner_or_become_prisoners() {
    for rules in [Rules::op(), Rules::japanese()] {
        let mut game = Game::new(BoardSize::new(19).unwrap(), rules);
        for (c, mv) in [
            (Color::Black, pt(0, 0)),
            (Color::White, pt(1, 0)),
            (Color::Black, pt(9, 9)),
            (Color::White, pt(0, 1)),
        ] {
            game.play(c, mv).unwrap();
            assert_stones_accounted_for(&game);
        }
        assert_eq!(on_board(&game, Color::Black), 1);
        if rules == Rules::op() {
            // Two placed, one back in hand.
            assert_eq!(game.stones_in_hand(Color::Black), Some(179));
            assert_eq!(game.stones_in_hand(Color::White), Some(178));
            assert_eq!(game.prisoners(), [0, 0]);
        } else {
            assert_eq!(game.stones_in_hand(Color::Black), None);
            assert_eq!(game.prisoners(), [0, 1]);
        }
        assert_eq!(game.confiscated(Color::Black), 0);
    }
}

#[test]
fn a_side_with_no_stone_in_hand_stops_play_or_can_only_pass() {
    let few = Rules {
        stone_supply: StoneSupply::Each(2),
        ..Rules::op()
    };
    let mut game = Game::new(BoardSize::new(9).unwrap(), few);
    for (c, mv) in [
        (Color::Black, pt(0, 0)),
        (Color::White, pt(1, 0)),
        (Color::Black, pt(5, 5)),
    ] {
        game.play(c, mv).unwrap();
    }
    assert_eq!(game.stones_in_hand(Color::Black), Some(0));
    // White's capture gives Black a stone back: the right still goes round.
    game.play(Color::White, pt(0, 1)).unwrap();
    assert_eq!(game.stones_in_hand(Color::Black), Some(1));
    assert_eq!(game.stones_in_hand(Color::White), Some(0));
    assert_eq!(game.is_over(), None);
    game.play(Color::Black, pt(7, 7)).unwrap();
    // White, to move, has nothing to place: play stops, to be counted (OP 6.2).
    assert_eq!(
        game.is_over(),
        Some(GameOver::Stopped(Stop::CannotPlace(Color::White)))
    );
    assert_eq!(game.is_over().unwrap().result(), None);
    assert!(game.legal_moves(Color::White).is_empty());
    assert_eq!(game.play(Color::White, None), Err(MoveError::GameOver));
    // The big empty region touches both colours: no point for anybody.
    let count = game.score(Points::EMPTY).unwrap();
    assert_eq!(
        (count.black.total(), count.white.total()),
        (0, 1),
        "the corner is White's"
    );

    // Without the stop, the side without stones can only pass.
    let passing = Rules {
        ending: tengen::go::Ending {
            cannot_place_stops: false,
            ..few.ending
        },
        ..few
    };
    let mut game = Game::new(BoardSize::new(9).unwrap(), passing);
    for (c, mv) in [
        (Color::Black, pt(0, 0)),
        (Color::White, pt(8, 8)),
        (Color::Black, pt(4, 4)),
        (Color::White, pt(6, 6)),
    ] {
        game.play(c, mv).unwrap();
    }
    assert_eq!(game.is_over(), None);
    assert!(!game.may_place(Color::Black));
    assert!(game.legal_moves(Color::Black).is_empty());
    assert_eq!(
        game.play(Color::Black, pt(2, 2)),
        Err(MoveError::NoStonesLeft(Color::Black))
    );
    game.play(Color::Black, None).unwrap();
    game.play(Color::White, None).unwrap();
    assert_eq!(game.is_over(), Some(GameOver::Stopped(Stop::Passes)));
    assert_stones_accounted_for(&game);
}

#[test]
fn a_multi_stone_self_fill_is_confiscated() {
    let mut game = diagram(
        19,
        Rules::op(),
        &[
            "XXO", //
            ".O.", //
            "O..", //
        ],
        Color::Black,
    );
    game.play(Color::Black, pt(9, 9)).unwrap();
    game.play(Color::White, pt(15, 15)).unwrap();
    assert!(!game.loses_by_rule(Color::Black, vertex(&game, 0, 1)));
    game.play(Color::Black, pt(0, 1)).unwrap();
    assert_eq!(on_board(&game, Color::Black), 1);
    assert_eq!(game.confiscated(Color::Black), 3);
    assert_eq!(game.stones_in_hand(Color::Black), Some(176));
    assert_eq!(game.is_over(), None);
    assert_stones_accounted_for(&game);

    // Under Tromp-Taylor rules the same self-fill gives White three prisoners.
    let mut game = diagram(
        19,
        Rules::tromp_taylor(),
        &["XXO", ".O.", "O.."],
        Color::Black,
    );
    game.play(Color::Black, pt(0, 1)).unwrap();
    assert_eq!(
        (game.prisoners(), game.confiscated(Color::Black)),
        ([0, 3], 0)
    );
}

fn vertex(game: &Game, x: u8, y: u8) -> Vertex {
    game.position().size().vertex(Point::new(x, y)).unwrap()
}

/// A ko in the top-left corner: Black takes at (2,1), White retakes at (1,1).
const KO: [&str; 3] = [
    ".XO.", //
    "XO.O", //
    ".XO.", //
];

#[test]
fn a_ko_retaken_after_threats_is_a_repeated_removal_and_confiscated() {
    let mut game = diagram(19, Rules::op(), &KO, Color::Black);
    let hand = |game: &Game| Color::BOTH.map(|c| game.stones_in_hand(c).unwrap());
    let start = hand(&game);
    game.play(Color::Black, pt(2, 1)).unwrap(); // takes W(1,1): first removal
    assert_eq!(hand(&game), [start[0] - 1, start[1] + 1]);
    game.play(Color::White, pt(10, 10)).unwrap(); // a threat, answered
    game.play(Color::Black, pt(10, 11)).unwrap();
    game.play(Color::White, pt(1, 1)).unwrap(); // takes B(2,1): its first removal
    assert_eq!(game.confiscated(Color::Black), 0);
    game.play(Color::Black, pt(12, 12)).unwrap();
    game.play(Color::White, pt(12, 13)).unwrap();
    let before = hand(&game);
    game.play(Color::Black, pt(2, 1)).unwrap(); // W(1,1) removed a second time
    assert_eq!(game.confiscated(Color::White), 1);
    assert_eq!(hand(&game), [before[0] - 1, before[1]], "not given back");
    game.play(Color::White, pt(14, 14)).unwrap();
    game.play(Color::Black, pt(14, 15)).unwrap();
    game.play(Color::White, pt(1, 1)).unwrap(); // B(2,1) removed a second time
    assert_eq!(game.confiscated(Color::Black), 1);
    assert_eq!(game.is_over(), None);
    assert_stones_accounted_for(&game);
    // Undo gives the first confiscation back its place in the record.
    game.undo();
    assert_eq!(game.confiscated(Color::Black), 0);
    assert_eq!(game.confiscated(Color::White), 1);
}

#[test]
fn retaking_a_ko_at_once_loses_under_op_and_is_refused_elsewhere() {
    let mut game = diagram(19, Rules::op(), &KO, Color::Black);
    game.play(Color::Black, pt(2, 1)).unwrap();
    let retake = vertex(&game, 1, 1);
    assert!(game.loses_by_rule(Color::White, retake));
    // Every empty point but two: the retake, and the corner, a one-stone suicide.
    let legal = game.legal_moves(Color::White);
    let mut left_out: Vec<Vertex> = game
        .position()
        .empty_points()
        .iter()
        .map(|i| game.position().size().vertex_at(i).unwrap())
        .filter(|v| !legal.contains(v))
        .collect();
    left_out.sort();
    assert_eq!(left_out, [vertex(&game, 0, 0), retake]);
    let before = game.position().clone();
    game.play(Color::White, pt(1, 1)).unwrap();
    let over = game.is_over();
    assert_eq!(
        over,
        forfeit(Color::White, Forfeit::PlaceAndRemove(Point::new(1, 1)))
    );
    assert_eq!(
        over.unwrap().result(),
        Some(GameResult::Win {
            winner: Color::Black,
            half_points: None
        })
    );
    // The removal is not made; nobody may place any more.
    assert_eq!(game.position(), &before);
    assert!(game.legal_moves(Color::Black).is_empty());
    assert_eq!(game.play(Color::Black, pt(5, 5)), Err(MoveError::GameOver));
    assert_eq!(game.undo(), Some((Color::White, pt(1, 1))));
    assert_eq!(game.is_over(), None);
    assert_eq!(game.position(), &before);

    for rules in [Rules::japanese(), Rules::chinese()] {
        let mut game = diagram(19, rules, &KO, Color::Black);
        game.play(Color::Black, pt(2, 1)).unwrap();
        assert!(!game.loses_by_rule(Color::White, retake));
        let refused = game.play(Color::White, pt(1, 1)).unwrap_err();
        assert_eq!(refused, MoveError::Illegal(PlayError::Ko(Point::new(1, 1))));
    }
}

#[test]
fn a_one_stone_suicide_loses_under_op_and_is_refused_elsewhere() {
    let mut game = diagram(19, Rules::op(), &[".X", "X."], Color::White);
    assert!(game.loses_by_rule(Color::White, vertex(&game, 0, 0)));
    let before = game.position().clone();
    game.play(Color::White, pt(0, 0)).unwrap();
    assert_eq!(
        game.is_over(),
        forfeit(Color::White, Forfeit::PlaceAndRemove(Point::new(0, 0)))
    );
    assert_eq!(game.position(), &before);
    for (rules, refusal) in [
        (Rules::japanese(), PlayError::Suicide(Point::new(0, 0))),
        (Rules::tromp_taylor(), PlayError::Superko(Point::new(0, 0))),
    ] {
        let mut game = diagram(19, rules, &[".X", "X."], Color::White);
        assert_eq!(
            game.play(Color::White, pt(0, 0)),
            Err(MoveError::Illegal(refusal))
        );
    }
}

#[test]
fn a_removal_that_gives_back_an_older_position_loses_too() {
    // Black (2,0), White passes, Black (1,0) takes (0,0), White (0,0) takes both: the
    // board is again the one from before Black's (2,0), placed three moves earlier.
    let rows = ["O..O", "XOO.", "...."];
    let mut game = diagram(19, Rules::op(), &rows, Color::Black);
    let start = game.position().hash();
    game.play(Color::Black, pt(2, 0)).unwrap();
    game.play(Color::White, None).unwrap();
    game.play(Color::Black, pt(1, 0)).unwrap();
    assert!(game.loses_by_rule(Color::White, vertex(&game, 0, 0)));
    game.play(Color::White, pt(0, 0)).unwrap();
    assert_eq!(
        game.is_over(),
        forfeit(Color::White, Forfeit::PlaceAndRemove(Point::new(0, 0)))
    );
    // Japanese rules have no such article: the retake is an ordinary capture.
    let mut game = diagram(19, Rules::japanese(), &rows, Color::Black);
    for (c, mv) in [
        (Color::Black, pt(2, 0)),
        (Color::White, None),
        (Color::Black, pt(1, 0)),
        (Color::White, pt(0, 0)),
    ] {
        game.play(c, mv).unwrap();
    }
    assert_eq!((game.is_over(), game.position().hash()), (None, start));
}

#[test]
fn black_passing_first_loses_and_two_passes_stop_play() {
    let size = BoardSize::new(19).unwrap();
    let mut game = Game::new(size, Rules::op());
    game.play(Color::Black, None).unwrap();
    assert_eq!(
        game.is_over(),
        forfeit(Color::Black, Forfeit::FirstMovePass)
    );
    assert_eq!(game.is_over().unwrap().result().unwrap().to_string(), "W+F");
    assert_eq!(game.play(Color::White, pt(3, 3)), Err(MoveError::GameOver));
    game.undo();
    assert_eq!(game.is_over(), None);

    let mut japanese = Game::new(size, Rules::japanese());
    japanese.play(Color::Black, None).unwrap();
    assert_eq!(japanese.is_over(), None);

    for rules in [Rules::op(), Rules::japanese()] {
        let mut game = Game::new(size, rules);
        game.play(Color::Black, pt(3, 3)).unwrap();
        game.play(Color::White, None).unwrap();
        assert_eq!(game.is_over(), None);
        game.play(Color::Black, None).unwrap();
        assert_eq!(game.is_over(), Some(GameOver::Stopped(Stop::Passes)));
        let count = game.score(Points::EMPTY).unwrap();
        assert!(matches!(
            count.result,
            GameResult::Win {
                winner: Color::Black,
                ..
            }
        ));
    }
}

#[test]
fn a_wiped_out_colour_may_not_place_again() {
    let mut game = Game::new(BoardSize::new(19).unwrap(), Rules::op());
    game.play(Color::Black, pt(0, 0)).unwrap();
    // White has no stone on the board yet, and is not barred.
    assert!(game.may_place(Color::White));
    game.play(Color::White, pt(1, 0)).unwrap();
    game.play(Color::Black, None).unwrap();
    game.play(Color::White, pt(0, 1)).unwrap();
    assert_eq!(
        game.is_over(),
        Some(GameOver::Stopped(Stop::CannotPlace(Color::Black)))
    );
    let count = game.score(Points::EMPTY).unwrap();
    assert_eq!((count.black.total(), count.white.total()), (0, 361));
    assert!(matches!(
        count.result,
        GameResult::Win {
            winner: Color::White,
            ..
        }
    ));

    let mut rules = Rules::op();
    rules.ending.cannot_place_stops = false;
    let mut game = Game::new(BoardSize::new(19).unwrap(), rules);
    for (c, mv) in [
        (Color::Black, pt(0, 0)),
        (Color::White, pt(1, 0)),
        (Color::Black, None),
        (Color::White, pt(0, 1)),
    ] {
        game.play(c, mv).unwrap();
    }
    assert_eq!(game.is_over(), None);
    assert_eq!(
        game.play(Color::Black, pt(9, 9)),
        Err(MoveError::WipedOut(Color::Black))
    );
    assert!(game.legal_moves(Color::Black).is_empty());
    game.play(Color::Black, None).unwrap();
    game.play(Color::White, pt(9, 9)).unwrap();
}

/// A slow referee of the OP removal rules, from the articles: the stones each removal
/// takes are found by diffing grids, a removal breaks reg. 4 when the grid after it is
/// the grid from before a removed stone was last placed, a shape is repeated when the set
/// of removed shapes already holds it.
struct Referee {
    /// The stone grid before each move of the game, and the move.
    record: Vec<(Grid, Option<Vertex>)>,
    shapes: HashSet<(Color, Vec<usize>)>,
    in_hand: [u32; 2],
    confiscated: [u32; 2],
}

/// The stones of a board, point by point.
type Grid = Vec<Option<Color>>;

/// A group a placement takes off.
struct Taken {
    owner: Color,
    /// Its points, sorted.
    points: Vec<usize>,
    self_filled: bool,
}

fn grid(pos: &Position) -> Grid {
    pos.size().vertices().map(|v| pos.stone(v)).collect()
}

impl Referee {
    fn new(supply: u16) -> Referee {
        Referee {
            record: Vec::new(),
            shapes: HashSet::new(),
            in_hand: [u32::from(supply); 2],
            confiscated: [0; 2],
        }
    }

    /// The grid from right before the stone now on `s` was placed.
    fn before_placing(&self, s: usize) -> &Grid {
        let (grid, _) = self
            .record
            .iter()
            .rev()
            .find(|(_, mv)| mv.is_some_and(|v| v.index() == s))
            .expect("every stone was placed");
        grid
    }

    /// The groups `color` on `v` takes off, and the grid after: flood fills on a plain
    /// grid.
    fn removals(&self, pos: &Position, color: Color, v: Vertex) -> (Vec<Taken>, Grid) {
        let n = pos.size().get();
        let neighbours = |i: usize| grid::neighbours(n, i);
        // The group through `i` if it has no liberty.
        let filled = |grid: &[Option<Color>], i: usize| {
            let mut group = vec![i];
            let mut k = 0;
            while k < group.len() {
                for m in neighbours(group[k]) {
                    match grid[m] {
                        None => return None,
                        c if c == grid[i] && !group.contains(&m) => group.push(m),
                        _ => {}
                    }
                }
                k += 1;
            }
            group.sort();
            Some(group)
        };
        let mut now = grid(pos);
        now[v.index()] = Some(color);
        let mut groups = Vec::new();
        for m in neighbours(v.index()) {
            if now[m] == Some(!color) {
                if let Some(group) = filled(&now, m) {
                    group.iter().for_each(|&s| now[s] = None);
                    groups.push(Taken {
                        owner: !color,
                        points: group,
                        self_filled: false,
                    });
                }
            }
        }
        if let Some(group) = filled(&now, v.index()) {
            group.iter().for_each(|&s| now[s] = None);
            groups.push(Taken {
                owner: color,
                points: group,
                self_filled: true,
            });
        }
        (groups, now)
    }

    /// Does `color` on `v` break reg. 4?
    fn loses(&self, pos: &Position, color: Color, v: Vertex) -> bool {
        let (groups, now) = self.removals(pos, color, v);
        groups.iter().flat_map(|g| &g.points).any(|&s| {
            if s == v.index() {
                grid(pos) == now
            } else {
                *self.before_placing(s) == now
            }
        })
    }

    fn play(&mut self, pos: &Position, color: Color, mv: Option<Vertex>) {
        if let Some(v) = mv {
            self.in_hand[color.index()] -= 1;
            for taken in self.removals(pos, color, v).0 {
                let (owner, n) = (taken.owner, taken.points.len() as u32);
                if !self.shapes.insert((owner, taken.points)) || taken.self_filled {
                    self.confiscated[owner.index()] += n;
                } else {
                    self.in_hand[owner.index()] += n;
                }
            }
        }
        self.record.push((grid(pos), mv));
    }
}

/// What random games showed.
#[derive(Debug, Default)]
struct Seen {
    games: usize,
    moves: usize,
    longest: usize,
    confiscated: u32,
    /// Points the referee found losing by reg. 4 (so the cross-check is not vacuous).
    losing_points: usize,
    by_passes: usize,
    cannot_place: usize,
}

/// The moves of a random game: uniform among the placements that do not lose, a pass one
/// time in `pass_one_in` (never as Black's first move, which loses) and when nothing else
/// is left.
fn random_move(game: &Game, rng: &mut SplitMix64, pass_one_in: u64) -> Option<Point> {
    let moves = game.legal_moves(game.to_move());
    let pass = moves.is_empty() || (game.move_count() > 0 && rng.below(pass_one_in) == 0);
    let size = game.position().size();
    (!pass).then(|| size.point(moves[rng.below(moves.len() as u64) as usize]))
}

/// What undo must give back, as seen from outside.
type Snapshot = (
    Position,
    [Option<u16>; 2],
    [u32; 2],
    [u32; 2],
    Option<GameOver>,
);

fn snapshot(game: &Game) -> Snapshot {
    let both = |f: &dyn Fn(Color) -> u32| Color::BOTH.map(f);
    (
        game.position().clone(),
        Color::BOTH.map(|c| game.stones_in_hand(c)),
        both(&|c| game.confiscated(c)),
        game.prisoners(),
        game.is_over(),
    )
}

/// Plays a random game under OP-like `rules` to the end, at most ten board-fulls of moves
/// (see the tests for why that is enough), passing one time in `pass_one_in`, checking
/// every move against the referee, and every `check_every` moves every empty point's
/// fate; with `exact_undo`, before every move a random placement (losing ones included)
/// or pass is played and undone and the game must be exactly as before. At the end the
/// game is undone back to the start, every position as it was.
fn random_op_game(
    rules: Rules,
    n: usize,
    seed: u64,
    check_every: usize,
    exact_undo: bool,
    pass_one_in: u64,
    seen: &mut Seen,
) {
    let StoneSupply::Each(supply) = rules.stone_supply else {
        unreachable!("OP-like rules have a finite supply");
    };
    let mut rng = SplitMix64::new(seed);
    let size = BoardSize::new(n).unwrap();
    let mut game = Game::new(size, rules);
    let mut referee = Referee::new(supply);
    let mut snapshots = vec![snapshot(&game)];
    let cap = 10 * n * n;
    while game.is_over().is_none() {
        assert!(game.move_count() < cap, "no end after {cap} moves");
        let color = game.to_move();
        if game.move_count() % check_every == 0 {
            let moves = game.legal_moves(color);
            for v in game.position().empty_points().iter() {
                let v = size.vertex_at(v).unwrap();
                let loses = referee.loses(game.position(), color, v);
                seen.losing_points += usize::from(loses);
                assert_eq!(game.loses_by_rule(color, v), loses, "{v:?}");
                assert_eq!(moves.contains(&v), game.may_place(color) && !loses);
            }
        }
        if exact_undo {
            let before = game.clone();
            let empty: Vec<usize> = game.position().empty_points().iter().collect();
            let k = rng.below(empty.len() as u64 + 1) as usize;
            let mv = empty
                .get(k)
                .map(|&i| size.point(size.vertex_at(i).unwrap()));
            match game.play(color, mv) {
                Ok(()) => assert_eq!(game.undo(), Some((color, mv))),
                Err(e) => assert!(!game.may_place(color), "{e}"),
            }
            assert!(game == before, "undo after {mv:?}");
        }
        let mv = random_move(&game, &mut rng, pass_one_in);
        referee.play(game.position(), color, mv.and_then(|p| size.vertex(p)));
        game.play(color, mv).unwrap();
        assert_stones_accounted_for(&game);
        for c in Color::BOTH {
            let hand = u32::from(game.stones_in_hand(c).unwrap());
            assert_eq!(hand, referee.in_hand[c.index()]);
            assert_eq!(game.confiscated(c), referee.confiscated[c.index()]);
        }
        snapshots.push(snapshot(&game));
    }
    match game.is_over().unwrap() {
        GameOver::Stopped(Stop::Passes) => seen.by_passes += 1,
        GameOver::Stopped(Stop::CannotPlace(_)) => seen.cannot_place += 1,
        over => panic!("random moves never lose by rule: {over:?}"),
    }
    game.score(Points::EMPTY).unwrap();
    seen.games += 1;
    seen.moves += game.move_count();
    seen.longest = seen.longest.max(game.move_count());
    seen.confiscated += game.confiscated(Color::Black) + game.confiscated(Color::White);
    while let Some(expected) = snapshots.pop() {
        assert!(
            snapshot(&game) == expected,
            "undo at move {}",
            game.move_count()
        );
        game.undo();
    }
    assert!(game == Game::new(size, rules));
}

/// Random OP games end. Every placement takes a stone from a hand of 180, and a removal
/// gives stones back only the first time its shape is removed (a repeat and a self-fill
/// confiscate): a side's placements are at most 180 plus the stones of the distinct shapes
/// removed from it, finite but far too many for a useful bound. In random play the board
/// fills after about 360 moves and the hands then run dry: 370 to 480 moves in 200 games
/// without passes, up to 493 here. The cap of ten board-fulls (3610 moves) is far above
/// that; reaching it would mean a loop that spends no stones, a bug.
#[test]
fn random_op_games_end_and_keep_every_stone_accounted_for() {
    let mut seen = Seen::default();
    for seed in 0..24 {
        random_op_game(Rules::op(), 19, seed, 10, false, 40, &mut seen);
    }
    eprintln!("19x19: {seen:?}");
    assert!(seen.confiscated > 0, "{seen:?}");
    assert!(seen.losing_points > 0, "{seen:?}");
    assert!(seen.by_passes > 0 && seen.cannot_place > 0, "{seen:?}");
}

/// The same on small boards with the fixed quantity scaled to half the points, every
/// point put to the referee at every move, and every move's undo exact.
#[test]
fn random_op_games_on_small_boards_undo_exactly() {
    let mut seen = Seen::default();
    for (n, games) in [(5, 60), (9, 30)] {
        let rules = Rules {
            stone_supply: StoneSupply::Each((n * n / 2) as u16),
            ..Rules::op()
        };
        for seed in 0..games {
            random_op_game(rules, n, seed, 1, true, 8, &mut seen);
        }
    }
    eprintln!("5x5 and 9x9: {seen:?}");
    assert!(seen.confiscated > 0, "{seen:?}");
    assert!(seen.losing_points > 0, "{seen:?}");
    assert!(seen.by_passes > 0 && seen.cannot_place > 0, "{seen:?}");
}

/// Under the other presets a game is the board's game: the same legal moves, prisoners as
/// the position counts captures, no supply, no confiscation, and an end by passes only.
#[test]
fn other_presets_play_as_the_board_does() {
    for rules in [
        Rules::japanese(),
        Rules::korean(),
        Rules::chinese(),
        Rules::tromp_taylor(),
    ] {
        for seed in 0..10 {
            let size = BoardSize::new(9).unwrap();
            let mut rng = SplitMix64::new(seed);
            let mut game = Game::new(size, rules);
            let mut board = tengen::go::Board::new(size, rules.legality);
            while game.is_over().is_none() {
                assert!(game.move_count() < 2000);
                let color = game.to_move();
                assert_eq!(game.legal_moves(color), board.legal_moves(color));
                let mv = random_move(&game, &mut rng, 8);
                game.play(color, mv).unwrap();
                board.play(color, mv).unwrap();
                let captures = Color::BOTH.map(|c| board.position().captures(c));
                assert_eq!(game.prisoners(), captures);
                assert_eq!(game.position(), board.position());
                assert_eq!(game.stones_in_hand(color), None);
                assert_eq!(
                    game.confiscated(Color::Black) + game.confiscated(Color::White),
                    0
                );
            }
            assert_eq!(game.is_over(), Some(GameOver::Stopped(Stop::Passes)));
        }
    }
}
