//! The opening book: White's fourth move in each of the 26 standard renju openings, chosen
//! by long searches of Tengen's own (`opening-suite renju-book`, see `tuning/README.md`).
//!
//! The first free move decides many games between engines: at a second a move the search
//! reaches depth 13 or so there and changes its mind, at five seconds, in about half the
//! positions, and a wrong fourth move is often lost by force a few moves later. The book
//! holds what a search of many million nodes chose, in the orientation of
//! [`Opening::stones`]; [`fourth_move`] finds the opening under any of the eight symmetries
//! and turns the move to match the board.

use super::opening::board_with;
use super::Limits;
use crate::core::{Color, Point};
use crate::renju::opening::{classify, Opening, Symmetry};
use crate::renju::{Board, Rule};
use once_cell::sync::Lazy;

/// The shipped book (`name x,y ...` lines; see [`parse`]).
const SHIPPED: &str = include_str!("book.txt");

/// Board side the book's points are given on.
const BOOK_SIZE: usize = 15;

static BOOK: Lazy<Vec<(&'static str, Point)>> =
    Lazy::new(|| parse(SHIPPED).expect("the shipped book reads"));

/// The book's lines: `NAME x,y` (anything after is a comment, as are lines starting with
/// `#`), one per opening, `x,y` on a 15x15 board from the top-left in the orientation of
/// [`Opening::stones`].
///
/// ```
/// use tengen::renju::search::book;
/// let b = book::parse("# c\nD1 8,6 ev -4\n").unwrap();
/// assert_eq!(b.len(), 1);
/// assert!(book::parse("D1 8;6").is_err());
/// ```
pub fn parse(text: &str) -> Result<Vec<(&str, Point)>, String> {
    let mut book = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(name), Some(at)) = (words.next(), words.next()) else {
            return Err(format!("bad book line {line:?}"));
        };
        let point = at
            .split_once(',')
            .and_then(|(x, y)| Some(Point::new(x.parse().ok()?, y.parse().ok()?)))
            .filter(|p| usize::from(p.x) < BOOK_SIZE && usize::from(p.y) < BOOK_SIZE)
            .ok_or_else(|| format!("bad book point in {line:?}"))?;
        if Opening::named(name).is_none() {
            return Err(format!("no standard opening is named {name:?}"));
        }
        book.push((name, point));
    }
    Ok(book)
}

/// White's book move on `board`, `to_move` to play: when the game is renju on 15x15, the
/// board is one of the 26 openings (any orientation) and White is to move. The move is
/// empty and legal.
pub fn fourth_move(board: &Board, to_move: Color) -> Option<Point> {
    if board.rule() != Rule::Renju || board.size() != BOOK_SIZE || to_move != Color::White {
        return None;
    }
    let opening = classify(board)?;
    let &(_, book_move) = BOOK.iter().find(|(name, _)| *name == opening.name)?;
    let canonical = opening.stones(BOOK_SIZE);
    let colours = [Color::Black, Color::White, Color::Black];
    let symmetry = Symmetry::ALL.into_iter().find(|s| {
        canonical.iter().zip(colours).all(|(&p, c)| {
            s.apply(p, BOOK_SIZE)
                .is_some_and(|q| board.stone(q) == Some(c))
        })
    })?;
    symmetry
        .apply(book_move, BOOK_SIZE)
        .filter(|&p| board.stone(p).is_none())
}

/// The book's entry for `opening`, as `opening-suite renju-book` finds it: the best move of
/// a White search within `limits` on the opening's stones, with its score and depth.
pub fn search_fourth_move(
    engine: &super::Engine,
    opening: &Opening,
    limits: &Limits,
) -> super::SearchResult {
    let board =
        board_with(BOOK_SIZE, &opening.stones(BOOK_SIZE)).expect("the openings fit on 15x15");
    engine.search(
        &board,
        Color::White,
        limits,
        &std::sync::atomic::AtomicBool::new(false),
        &mut |_| {},
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::renju::opening::OPENINGS;

    /// Every opening has a book move, and on every orientation of every opening the move
    /// found is the book's turned the same way: empty and legal.
    #[test]
    fn every_opening_in_every_orientation_finds_its_move() {
        for opening in OPENINGS {
            let (_, book_move) = BOOK
                .iter()
                .find(|(n, _)| *n == opening.name)
                .unwrap_or_else(|| panic!("{} is not in the book", opening.name));
            for s in Symmetry::ALL {
                let turned = opening.stones(15).map(|p| s.apply(p, 15).unwrap());
                let board = board_with(15, &turned).unwrap();
                let found = fourth_move(&board, Color::White).unwrap();
                assert!(board.stone(found).is_none(), "{} {s:?}", opening.name);
                // A symmetric opening may map the move onto an image of it; the point is
                // the same up to the position's own symmetries.
                let expected = s.apply(*book_move, 15).unwrap();
                assert!(
                    crate::renju::opening::equivalent(&board, found, expected),
                    "{} {s:?}: {found:?} vs {expected:?}",
                    opening.name
                );
            }
        }
    }

    #[test]
    fn no_book_move_outside_its_openings() {
        let mut board = board_with(15, &OPENINGS[0].stones(15)).unwrap();
        assert!(fourth_move(&board, Color::Black).is_none(), "Black to move");
        let mut freestyle = Board::new(15, Rule::Freestyle).unwrap();
        for &(p, c) in board.history() {
            freestyle.put(p, c).unwrap();
        }
        assert!(fourth_move(&freestyle, Color::White).is_none(), "freestyle");
        board.put(Point::new(0, 0), Color::White).unwrap();
        assert!(fourth_move(&board, Color::White).is_none(), "four stones");
    }
}
