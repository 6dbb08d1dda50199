//! Every definition of `shared/rules/renju.md`, on hand-made and minimised positions.
//! Each expectation is checked on the fast core and on the slow referee from the rule
//! text; the recursive 9.3 positions were found by search, minimised, and confirmed by
//! PyPI `renju` (see tests/renju_oracle.rs for the bulk comparison).

mod common;

use common::{Grid, RefVerdict};
use tengen::core::{Color, Point};
use tengen::renju::{Board, Foul, Rule};

/// A 15x15 diagram, rows from the top: `X` Black, `O` White, `.` empty, `*` the empty
/// point under test. Rows may be left out at the bottom and shortened at the right.
fn position(rows: &[&str], rule: Rule) -> (Board, Point) {
    let mut board = Board::new(15, rule).unwrap();
    let mut star = None;
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match c {
                'X' => board.put(p, Color::Black).unwrap(),
                'O' => board.put(p, Color::White).unwrap(),
                '*' => star = Some(p),
                '.' => {}
                other => panic!("bad diagram cell {other:?}"),
            }
        }
    }
    (board, star.expect("diagram marks a point with *"))
}

/// Black's verdict on the marked point, from the fast core, after checking that the
/// referee agrees.
fn black(rows: &[&str]) -> RefVerdict {
    let (board, p) = position(rows, Rule::Renju);
    let fast = if board.makes_five(p, Color::Black) {
        assert_eq!(board.foul(p), None, "a five is never forbidden");
        RefVerdict::Five
    } else {
        board.foul(p).map_or(RefVerdict::Legal, RefVerdict::Foul)
    };
    let slow = Grid::from_board(&board).verdict(p.x as i32, p.y as i32);
    assert_eq!(fast, slow, "fast core and referee disagree on {rows:?}");
    // The whole map agrees with the single-point answer.
    let listed = board
        .forbidden_map()
        .into_iter()
        .find(|&(q, _)| q == p)
        .map(|(_, f)| f);
    assert_eq!(listed, board.foul(p));
    fast
}

const OVERLINE: RefVerdict = RefVerdict::Foul(Foul::Overline);
const DOUBLE_FOUR: RefVerdict = RefVerdict::Foul(Foul::DoubleFour);
const DOUBLE_THREE: RefVerdict = RefVerdict::Foul(Foul::DoubleThree);
use RefVerdict::{Five, Legal};

#[test]
fn five_is_exactly_five_for_black() {
    assert_eq!(black(&["", "", ".XX*XX."]), Five);
    assert_eq!(black(&["", "", "OXX*XXO"]), Five);
    assert_eq!(black(&["", "", "XX*XX"]), Five, "against the edge");
    assert_eq!(black(&["", "", ".XXX*XX"]), OVERLINE);
    assert_eq!(black(&["", "", "XXXX*XXXX"]), OVERLINE);
}

#[test]
fn overline_wins_for_white_and_in_freestyle_but_not_in_standard() {
    for (rule, white_wins, black_wins) in [
        (Rule::Renju, true, false),
        (Rule::Freestyle, true, true),
        (Rule::Standard, false, false),
    ] {
        let (mut board, p) = position(&["", "", ".XXX*XX"], rule);
        assert_eq!(board.makes_five(p, Color::Black), black_wins, "{rule}");
        assert_eq!(board.foul(p).is_some(), rule == Rule::Renju, "{rule}");
        // The same shape in White's stones.
        let (whites, _) = position(&["", "", ".OOO*OO"], rule);
        assert_eq!(whites.makes_five(p, Color::White), white_wins, "{rule}");
        board.put(p, Color::Black).unwrap();
        assert_eq!(board.is_five_at(p), black_wins);
    }
}

#[test]
fn a_five_wins_even_with_a_forbidden_shape_elsewhere() {
    // Horizontal five, vertical overline.
    let five_and_overline = [
        ".....X", ".....X", ".....X", "", ".XXXX*", ".....X", ".....X",
    ];
    assert_eq!(black(&five_and_overline), Five);
    // Horizontal five, two vertical and diagonal fours.
    let five_and_44 = ["", ".....X...X", ".....X..X", ".....X.X", "", ".XXXX*"];
    assert_eq!(black(&five_and_44), Five);
    // Without the five the same stone is a double-four.
    assert_eq!(
        black(&["", ".....X...X", ".....X..X", ".....X.X", "", "..XXX*"]),
        DOUBLE_FOUR
    );
}

#[test]
fn double_four_on_two_lines() {
    assert_eq!(
        black(&["", ".....X", ".....X", ".....X", "", "..XXX*"]),
        DOUBLE_FOUR
    );
    // Closed fours, blocked by White and by the edge, are fours all the same.
    assert_eq!(
        black(&["O", "...X", "...X", "...X", "", "XXX*"]),
        DOUBLE_FOUR
    );
    assert_eq!(black(&["", "*XXX.", "X", "X", "X", "O"]), DOUBLE_FOUR);
    // A straight four is one four, but it still makes a double-four with another.
    assert_eq!(
        black(&["", "...X", "...X", "...X", "", ".XX*X.", "...O"]),
        DOUBLE_FOUR
    );
}

#[test]
fn two_fours_on_one_line_are_a_double_four() {
    assert_eq!(black(&["", "", "X.X*X.X"]), DOUBLE_FOUR);
    assert_eq!(black(&["", "", "XX.*X.XX"]), DOUBLE_FOUR);
    assert_eq!(black(&["", "", "XXX.*.XXX"]), DOUBLE_FOUR);
    // When one gap would make an overline, that side is no four: a single four remains.
    assert_eq!(black(&["", "", "XX.X*X.X"]), Legal);
}

#[test]
fn straight_four_is_one_four() {
    assert_eq!(black(&["", "", ".XX*X."]), Legal);
    // Four and three: allowed.
    assert_eq!(black(&["", "...X", "...X", "", ".XX*X."]), Legal);
}

#[test]
fn double_three() {
    assert_eq!(black(&["", "", "..X", "..X", "", "..*XX"]), DOUBLE_THREE);
    // Split threes count too.
    assert_eq!(black(&["", "", "..X", "", "..X", "..*.XX"]), DOUBLE_THREE);
    assert_eq!(
        black(&["", "", "", "....X", "...X", "..*", "XX"]),
        Legal,
        "a diagonal three and a two"
    );
}

#[test]
fn threes_blocked_by_white_or_the_edge_are_not_threes() {
    // One of the two threes is closed by White: no double-three.
    assert_eq!(black(&["", "", "..X", "..X", "", "..*XX"]), DOUBLE_THREE);
    assert_eq!(
        black(&["", "", "..X", "..X", "", "O.*XX", "", ""]),
        DOUBLE_THREE
    );
    assert_eq!(black(&["", "", "..X", "..X", "", ".O*XX.", ""]), Legal);
    // XXX or X.XX against the edge cannot become a straight four.
    assert_eq!(black(&["", "", "..X", "..X", "", "XX*.."]), Legal);
    assert_eq!(black(&["", "", "...X", "...X", "", ".XX*.."]), DOUBLE_THREE);
    assert_eq!(black(&["", "", "X", "X", "", "*.XX"]), Legal);
    assert_eq!(black(&["", "X", "X", "*", "", "", ".XX"]), Legal);
    assert_eq!(black(&["X", "X", "*", "", "", "", "", ".X.X"]), Legal);
}

/// 9.3: a three is real only if one of its straight-four points is a legal Black move
/// with the candidate stone in place; five-making points do not count at all.
#[test]
fn three_whose_straight_four_point_makes_a_five_is_not_real() {
    // The horizontal three X.X* can only become a straight four at the gap, where Black
    // would complete the vertical five instead.
    let rows = [
        "",
        "",
        "",
        "......X",
        "......X",
        ".......X",
        "......XX",
        ".....X.*X",
        "",
        "",
    ];
    assert_eq!(black(&rows), Legal);
}

#[test]
fn false_double_three_its_straight_four_point_is_forbidden() {
    // Depth 1: one three's straight-four points are double-fours or overlines.
    let rows = [
        "",
        "",
        "",
        "",
        "",
        "........XXX",
        "..........X",
        ".........X",
        ".......X*X",
        "",
        "......O",
    ];
    assert_eq!(black(&rows), Legal);
    let rows = [
        "",
        "",
        "",
        ".........X",
        "",
        "...........X",
        "............*",
        "..........XX",
        "",
        ".........XX",
        "..........X",
    ];
    assert_eq!(black(&rows), Legal);
}

#[test]
fn nested_double_three_is_forbidden_again() {
    // Depth 2: the straight-four point of one three is itself a double-three, but a
    // false one, so the point is playable, the three is real and the move forbidden.
    let rows = [
        "",
        "",
        "",
        "",
        "........X",
        ".........X",
        "..........*",
        ".......X..X",
        "........XX",
        ".....X.X..X",
        "........X.O",
    ];
    assert_eq!(black(&rows), DOUBLE_THREE);
    let rows = [
        "",
        "",
        "......*",
        "...XXX.X",
        "........X",
        "...XX..X",
        "......X",
    ];
    assert_eq!(black(&rows), DOUBLE_THREE);
}

#[test]
fn recursion_three_and_four_levels_deep() {
    // Depth 3: allowed.
    let rows = [
        "",
        "",
        "",
        "........X",
        "........X.X",
        "..........XX",
        ".........XX.*",
        "",
        "...........X",
        ".........X",
    ];
    assert_eq!(black(&rows), Legal);
    // Depth 4: forbidden.
    let rows = [
        "",
        "",
        "",
        "",
        "",
        "",
        ".........X",
        ".....XX..XX",
        "....XX.*",
        ".....X..X",
        "....X.X",
    ];
    assert_eq!(black(&rows), DOUBLE_THREE);
}

#[test]
fn white_is_never_forbidden() {
    let (board, p) = position(
        &["", ".....O", ".....O", ".....O", "", "..OOO*"],
        Rule::Renju,
    );
    assert_eq!(board.four_count(p, Color::White), 2);
    assert!(
        board.forbidden_map().is_empty(),
        "Black has no stones, so nothing is forbidden"
    );
    assert!(!board.makes_five(p, Color::White));
}

#[test]
fn no_fouls_outside_renju() {
    for rule in [Rule::Freestyle, Rule::Standard] {
        let (board, p) = position(&["", ".....X", ".....X", ".....X", "", "..XXX*"], rule);
        assert_eq!(board.foul(p), None);
        assert!(board.forbidden_map().is_empty());
        assert_eq!(board.four_count(p, Color::Black), 2);
    }
}

#[test]
fn full_board_is_a_draw_position() {
    let mut board = Board::new(5, Rule::Standard).unwrap();
    // Rows alternate colours in pairs so that nothing makes five.
    for y in 0..5u8 {
        for x in 0..5u8 {
            let c = if (x / 2 + y) % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            board.put(Point::new(x, y), c).unwrap();
        }
    }
    assert!(board.is_full());
    assert!((0..25).all(|i| !board.is_five_at(board.point(i))));
}
