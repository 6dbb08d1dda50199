//! Good local shape: the 3x3 patterns, centred on an empty point, in which placing a stone
//! there is a natural answer to a contact fight (a hane, a cut, a block on the edge), as
//! MoGo's playouts use them (Gelly, Wang, Munos and Teytaud 2006).
//!
//! The rules below say what each shape is; a table built once from them answers for
//! every one of the 4^8 surroundings, in every rotation and reflection, with one lookup.

use crate::core::Color;
use crate::go::position::EMPTY;
use crate::go::{Position, Vertex};
use once_cell::sync::Lazy;

/// What a point around the centre holds, seen by the player about to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty = 0,
    Own = 1,
    Theirs = 2,
    Off = 3,
}

impl Cell {
    fn from_bits(bits: u32) -> Cell {
        match bits & 3 {
            0 => Cell::Empty,
            1 => Cell::Own,
            2 => Cell::Theirs,
            _ => Cell::Off,
        }
    }
}

/// The eight points around the centre as `(dx, dy)`, y downwards, in the order of the
/// two bits each holds in a surroundings code: the order of the board geometry's
/// neighbours, then of its diagonals.
pub(super) const AROUND: [(i8, i8); 8] = [
    (0, -1),
    (-1, 0),
    (1, 0),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// A surroundings code read in one orientation: `at(dx, dy)` is the cell there.
struct View {
    code: u32,
    /// Maps a direction of the rule to the direction in the code.
    turn: Turn,
}

impl View {
    fn at(&self, dx: i8, dy: i8) -> Cell {
        let (x, y) = (self.turn)(dx, dy);
        let k = AROUND
            .iter()
            .position(|&d| d == (x, y))
            .expect("a direction around the centre");
        Cell::from_bits(self.code >> (2 * k))
    }
}

/// A symmetry of the square, as a map of directions `(dx, dy)`.
pub(super) type Turn = fn(i8, i8) -> (i8, i8);

/// The eight symmetries of the square.
pub(super) const SYMMETRIES: [Turn; 8] = [
    |x, y| (x, y),
    |x, y| (-y, x),
    |x, y| (-x, -y),
    |x, y| (y, -x),
    |x, y| (-x, y),
    |x, y| (y, x),
    |x, y| (x, -y),
    |x, y| (-y, -x),
];

/// The shape rules, for one orientation: the opponent's stone is above the centre.
fn good_in(v: &View) -> bool {
    use Cell::*;
    if v.at(0, -1) != Theirs {
        return false;
    }
    // Hane: our stone diagonally beside theirs, bending round it; the point between our
    // stone and the centre empty (else this is a solid bend, not a hane).
    let hane = v.at(-1, -1) == Own && v.at(-1, 0) == Empty && v.at(1, -1) != Own;
    // Cut: their two stones above and to the left, our stone between them diagonally, so
    // the centre is their only link.
    let cut = v.at(-1, 0) == Theirs && v.at(-1, -1) == Own;
    // On the first line, blocking their stone beside ours.
    let edge_block = v.at(0, 1) == Off && (v.at(-1, 0) == Own || v.at(1, 0) == Own);
    hane || cut || edge_block
}

/// `GOOD[code]`, for the surroundings `code` of raw point contents
/// ([`raw_surroundings`]): bit `c` set when the centre is a good point for the colour of
/// index `c`. One table for both colours spares the reading of the surroundings a
/// translation per point.
static GOOD: Lazy<Vec<u8>> = Lazy::new(|| {
    let good: Vec<bool> = (0..1u32 << 16)
        .map(|code| SYMMETRIES.iter().any(|&turn| good_in(&View { code, turn })))
        .collect();
    (0..1u32 << 16)
        .map(|raw| (0..2).fold(0, |bits, c| bits | u8::from(good[seen_by(raw, c)]) << c))
        .collect()
});

/// The surroundings code of [`View`] that the raw surroundings `raw` are for the colour
/// of index `own` to move.
fn seen_by(raw: u32, own: u8) -> usize {
    (0..8).fold(0, |code, k| {
        // The raw contents: colour indices, `EMPTY`, and above it the off-board sentinel.
        let cell = match (raw >> (2 * k) & 3) as u8 {
            EMPTY => Cell::Empty,
            c if c == own => Cell::Own,
            c if c < EMPTY => Cell::Theirs,
            _ => Cell::Off,
        };
        code | (cell as usize) << (2 * k)
    })
}

/// The raw surroundings of `v`: the content of each point around it, two bits each, in
/// the order of [`AROUND`].
pub(super) fn raw_surroundings(position: &Position, v: Vertex) -> usize {
    let geometry = position.size().geometry();
    let around = geometry.neighbours_of(v.index()).iter();
    let around = around.chain(geometry.diagonals_of(v.index()));
    around.enumerate().fold(0, |code, (k, &n)| {
        code | usize::from(position.content(usize::from(n))) << (2 * k)
    })
}

/// Is placing `color` on the empty point `v` good shape?
pub(super) fn is_good_shape(position: &Position, color: Color, v: Vertex) -> bool {
    // Every shape answers an opponent stone beside the point: without one, no need to
    // read the surroundings.
    let beside_theirs = position.neighbour_tally(v)[(!color).index()] > 0;
    beside_theirs && GOOD[raw_surroundings(position, v)] >> color.index() & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Point;
    use crate::go::parse_diagram;

    fn good(rows: &str, color: Color, x: u8, y: u8) -> bool {
        let pos = parse_diagram(rows).unwrap();
        let v = pos.size().vertex(Point::new(x, y)).unwrap();
        is_good_shape(&pos, color, v)
    }

    #[test]
    fn hane_cut_and_edge_block_in_any_orientation() {
        // Black's hane at (2,2) under White's (2,1), beside Black's (1,1).
        let hane = ".....\n.XO..\n.....\n.....\n.....";
        assert!(good(hane, Color::Black, 2, 2));
        // The same turned a quarter and mirrored.
        assert!(good(
            ".....\n..X..\n..O..\n.....\n.....",
            Color::Black,
            3,
            2
        ));
        assert!(good(
            ".....\n..OX.\n.....\n.....\n.....",
            Color::Black,
            2,
            2
        ));
        // For White the same point is nothing: the stones are the other way round.
        assert!(!good(hane, Color::White, 2, 2));
        // A cut: White (2,1) and (1,2) touch at (1,1)? No: Black holds (1,1), so (2,2)
        // is their only link.
        assert!(good(
            ".....\n.XO..\n.O...\n.....\n.....",
            Color::Black,
            2,
            2
        ));
        // On the edge, blocking White's (2,3) beside Black's (1,4).
        assert!(good(
            ".....\n.....\n.....\n..O..\n.X...",
            Color::Black,
            2,
            4
        ));
        // Nothing around, or only own stones: no shape.
        assert!(!good(
            ".....\n.....\n.....\n.....\n.....",
            Color::Black,
            2,
            2
        ));
        assert!(!good(
            ".....\n.XX..\n.....\n.....\n.....",
            Color::Black,
            2,
            2
        ));
    }

    #[test]
    fn the_table_is_symmetric() {
        // Every code and its mirror image answer alike.
        let mirror = |code: u32| {
            let view = View {
                code,
                turn: SYMMETRIES[4],
            };
            AROUND.iter().enumerate().fold(0, |m, (k, &(dx, dy))| {
                m | (view.at(dx, dy) as u32) << (2 * k)
            })
        };
        for code in (0..1u32 << 16).step_by(7) {
            assert_eq!(
                GOOD[code as usize],
                GOOD[mirror(code) as usize],
                "{code:016b}"
            );
        }
    }
}
