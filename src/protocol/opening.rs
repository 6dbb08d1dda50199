//! `OPENING <rule> <phase> …`: the opening-rule commands of the Gomocup front end (see
//! `protocol/gomocup.md`, "Opening-rule extensions"). Parsing and formatting only; the
//! rules are in [`crate::renju::opening`], the decisions in [`crate::renju::search::opening`].
//!
//! | phase | arguments | reply |
//! |---|---|---|
//! | `OPEN` | — | `x,y x,y x,y` (Yamaguchi: `… N`; Taraguchi-10: `x,y`) |
//! | `SWAP` | optional `N`, the number of 5th-move offers when known | `SWAP` or `NOSWAP` |
//! | `MOVE` | — | `x,y` (Soosõrv-8's 4th move: `x,y N`) |
//! | `OFFER` | `n` | `n` points `x,y` |
//! | `CHOOSE` | the offered points `x,y …` | `x,y` |

use crate::core::Point;
use crate::renju::opening::{OpeningError, OpeningRule, Phase};
use crate::renju::search::{opening as decide, Engine};
use crate::renju::Board;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The reply to `OPENING <args>` on `board` (stones Black, White, … in move order), or the
/// reason it cannot be given (the caller prints `ERROR <reason>`). Never changes the board.
///
/// ```
/// use tengen::protocol::opening::answer;
/// use tengen::renju::search::Engine;
/// use tengen::renju::{Board, Rule};
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
/// let (b, e, stop) = (Board::new(15, Rule::Renju).unwrap(), Engine::new(1, 1), AtomicBool::new(false));
/// let t = Duration::from_millis(20);
/// assert_eq!(answer("taraguchi10 OPEN", &b, &e, t, &stop), Ok("7,7".to_string()));
/// assert!(answer("rif OFFER 2", &b, &e, t, &stop).is_err());
/// assert!(answer("renju OPEN", &b, &e, t, &stop).is_err());
/// ```
pub fn answer(
    args: &str,
    board: &Board,
    engine: &Engine,
    budget: Duration,
    stop: &AtomicBool,
) -> Result<String, String> {
    reply(args, board, engine, budget, stop).map_err(|e| e.to_string())
}

fn reply(
    args: &str,
    board: &Board,
    engine: &Engine,
    budget: Duration,
    stop: &AtomicBool,
) -> Result<String, OpeningError> {
    let mut words = args.split_whitespace();
    let rule: OpeningRule = words
        .next()
        .ok_or(OpeningError::Missing("opening rule"))?
        .parse()?;
    let phase: Phase = words
        .next()
        .ok_or(OpeningError::Missing("opening phase"))?
        .parse()?;
    let rest: Vec<&str> = words.collect();
    match phase {
        Phase::Open => {
            no_more(&rest)?;
            rule.check_phase(Phase::Open, board)?;
            let c = decide::choose_opening(engine, rule, board.size(), budget, stop);
            let mut out = points(&c.stones);
            if let Some(n) = c.offers {
                out.push_str(&format!(" {n}"));
            }
            Ok(out)
        }
        Phase::Swap => {
            let offers = match rest.as_slice() {
                [] => None,
                [n] => Some(number(n)?),
                [_, extra, ..] => return Err(OpeningError::Unexpected(extra.to_string())),
            };
            let s = decide::decide_swap(engine, board, rule, offers, budget, stop)?;
            Ok(if s.swap { "SWAP" } else { "NOSWAP" }.to_string())
        }
        Phase::Move => {
            no_more(&rest)?;
            let m = decide::next_move(engine, board, rule, budget, stop)?;
            Ok(match m.offers {
                Some(n) => format!("{} {n}", points(&[m.point])),
                None => points(&[m.point]),
            })
        }
        Phase::Offer => {
            let n = match rest.as_slice() {
                [] => return Err(OpeningError::Missing("number of offers")),
                [n] => number(n)?,
                [_, extra, ..] => return Err(OpeningError::Unexpected(extra.to_string())),
            };
            let offers = decide::offer_fifth(engine, board, rule, n, budget, stop)?;
            Ok(points(&offers))
        }
        Phase::Choose => {
            if rest.is_empty() {
                return Err(OpeningError::Missing("offered points"));
            }
            let offers = rest
                .iter()
                .map(|w| point(w))
                .collect::<Result<Vec<Point>, _>>()?;
            let p = decide::choose_fifth(engine, board, rule, &offers, budget, stop)?;
            Ok(points(&[p]))
        }
    }
}

/// No argument may follow.
fn no_more(rest: &[&str]) -> Result<(), OpeningError> {
    match rest.first() {
        Some(w) => Err(OpeningError::Unexpected(w.to_string())),
        None => Ok(()),
    }
}

/// A count such as `2`.
fn number(word: &str) -> Result<usize, OpeningError> {
    word.parse()
        .map_err(|_| OpeningError::BadNumber(word.to_string()))
}

/// A point `x,y` (range is checked against the board later).
fn point(word: &str) -> Result<Point, OpeningError> {
    let bad = || OpeningError::BadPoint(word.to_string());
    let (x, y) = word.split_once(',').ok_or_else(bad)?;
    Ok(Point::new(
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

/// Points as `x,y x,y …`.
fn points(ps: &[Point]) -> String {
    ps.iter()
        .map(|p| format!("{},{}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(" ")
}
