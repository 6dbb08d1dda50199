//! Go rules core: board sizes and vertices, positions with chains and liberties, legal
//! moves under the suicide and ko choices of each rule set, a game record with undo and
//! superko, rule sets as data with a game that carries them out (stones in hand,
//! confiscation, losses by rule, the end of play), scoring, and random playouts with area
//! scoring.
//!
//! ```
//! use tengen::go::{Board, BoardSize, Ko, Legality, PlayError, Suicide};
//! use tengen::core::{Color, Point};
//! let rules = Legality { suicide: Suicide::Illegal, ko: Ko::Simple };
//! let mut b = Board::new(BoardSize::new(5).unwrap(), rules);
//! b.play(Color::Black, Some(Point::new(1, 0))).unwrap();
//! b.play(Color::Black, Some(Point::new(0, 1))).unwrap();
//! assert_eq!(
//!     b.play(Color::White, Some(Point::new(0, 0))),
//!     Err(PlayError::Suicide(Point::new(0, 0)))
//! );
//! ```
#![warn(missing_docs)]

mod board;
mod diagram;
mod game;
mod legality;
mod life;
mod notation;
mod playout;
mod position;
mod rules;
mod score;
pub mod search;
mod setup;
mod vertex;

pub use board::Board;
pub use diagram::{diagram, parse_diagram, DiagramError};
pub use game::{Forfeit, Game, GameOver, MoveError, Stop, NO_RESULT_REPETITIONS};
pub use legality::{Ko, Legality, PlayError, Suicide};
pub use life::{
    eye_spaces, is_false_eye, pass_alive, EyeSpace, EyeValue, LifeAndDeath, LifeOptions, PassAlive,
    Status, MAX_AREA_POINTS, MAX_EYE_SPACE,
};
pub use notation::VertexError;
pub use playout::{area_score, Area};
pub use position::Position;
pub use rules::{
    BadKomi, Captures, Confirmation, Confiscation, Cycle, DeadStones, Ending, Komi, NoPoints,
    PlaceAndRemove, Rules, Scoring, SekiEyes, StoneSupply, Tie, UnknownRules, PRESET_NAMES,
};
pub use score::{score, Count, GameResult, Regions, Score, ScoreError};
pub use setup::StonesError;
pub use vertex::{BadSize, BoardSize, Points, Vertex, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
