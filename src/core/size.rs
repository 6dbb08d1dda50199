//! The one error every game's board constructor shares.

use std::fmt;

/// A board side outside the sizes a game allows (`min..=max`).
///
/// ```
/// use tengen::core::BadSize;
/// let e = BadSize { size: 30, min: 5, max: 22 };
/// assert_eq!(e.to_string(), "board size 30 is outside 5..=22");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadSize {
    pub size: usize,
    pub min: usize,
    pub max: usize,
}

impl fmt::Display for BadSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is outside {}..={}",
            self.size, self.min, self.max
        )
    }
}

impl std::error::Error for BadSize {}
