//! Line codes: what lies on the ten points around a point along one direction.
//!
//! For every point and each of the four directions the board keeps a 20-bit code of its
//! neighbours at offsets -5..=-1 and 1..=5 along that direction: two bits a neighbour,
//! `00` empty, `01` Black, `10` White, `11` off the board. Placing a stone ORs its bits
//! into the codes of the (up to) forty points that see it; removing it XORs them out.
//! Five neighbours a side is exactly what the rules need: a five through the centre and
//! the points next to it, or a straight four and the points beyond its ends, never reach
//! farther.

use crate::core::Color;

/// Neighbours seen on each side of the centre.
pub const HALF: usize = 5;
/// Number of neighbour slots in a code.
pub const SLOTS: usize = 2 * HALF;
/// Number of distinct codes.
pub const CODES: usize = 1 << (2 * SLOTS);

/// Bits a neighbour at the wall takes.
pub const WALL: u32 = 0b11;

/// The four line directions, as `(dx, dy)`: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// Slot of the neighbour at `offset` (`-5..=5`, not 0) along the line.
#[inline]
pub const fn slot(offset: i32) -> usize {
    if offset < 0 {
        (offset + HALF as i32) as usize
    } else {
        (offset + HALF as i32 - 1) as usize
    }
}

/// Offset along the line of the neighbour in `slot`.
#[inline]
pub const fn offset(slot: usize) -> i32 {
    if slot < HALF {
        slot as i32 - HALF as i32
    } else {
        slot as i32 - HALF as i32 + 1
    }
}

/// The bits a `color` stone at `offset` sets in a code.
#[inline]
pub const fn stone_bits(offset: i32, color: Color) -> u32 {
    (1 + color as u32) << (2 * slot(offset))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_and_offsets_are_inverse() {
        for s in 0..SLOTS {
            assert_eq!(slot(offset(s)), s);
            assert_ne!(offset(s), 0);
            assert!(offset(s).unsigned_abs() as usize <= HALF);
        }
    }
}
