//! Fixed-size sets of board points.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// A set of point indices `0..64*W`, one bit each.
///
/// Each game chooses its own index layout (renju: `y * size + x`); the bitboard only
/// stores bits.
///
/// ```
/// use tengen::core::Bitboard;
/// let mut b = Bitboard::<2>::EMPTY;
/// b.insert(70);
/// assert!(b.contains(70) && b.len() == 1);
/// assert_eq!(b.iter().collect::<Vec<_>>(), vec![70]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bitboard<const W: usize>(pub [u64; W]);

impl<const W: usize> Bitboard<W> {
    pub const EMPTY: Self = Bitboard([0; W]);
    /// Number of indices the set can hold.
    pub const CAPACITY: usize = 64 * W;

    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Inserts `i` if `on`, else removes it (without a branch on `on`).
    #[inline]
    pub fn set(&mut self, i: usize, on: bool) {
        let bit = 1 << (i & 63);
        let w = &mut self.0[i >> 6];
        *w = *w & !bit | u64::from(on) << (i & 63);
    }

    /// Inserts `i` if absent, else removes it.
    #[inline]
    pub fn toggle(&mut self, i: usize) {
        self.0[i >> 6] ^= 1 << (i & 63);
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The set with the indices `0..n` (`n <= CAPACITY`).
    pub fn first_n(n: usize) -> Self {
        let mut b = Self::EMPTY;
        for (k, w) in b.0.iter_mut().enumerate() {
            let lo = k * 64;
            *w = match n.saturating_sub(lo) {
                0 => 0,
                r if r >= 64 => u64::MAX,
                r => (1u64 << r) - 1,
            };
        }
        b
    }

    /// The set with every index moved up by `k` (`k < 64`); indices pushed past the
    /// capacity drop out.
    ///
    /// ```
    /// use tengen::core::Bitboard;
    /// let mut b = Bitboard::<2>::EMPTY;
    /// b.insert(62);
    /// assert_eq!(b.shifted_up(3).iter().collect::<Vec<_>>(), vec![65]);
    /// ```
    #[inline]
    pub fn shifted_up(&self, k: u32) -> Self {
        debug_assert!(k < 64);
        let mut out = Self::EMPTY;
        let mut carry = 0;
        for (o, &w) in out.0.iter_mut().zip(&self.0) {
            *o = w << k | carry;
            // The bits leaving this word enter the next one (none when k == 0).
            carry = w.checked_shr(64 - k).unwrap_or(0);
        }
        out
    }

    /// The set with every index moved down by `k` (`k < 64`); indices below `k` drop out.
    ///
    /// ```
    /// use tengen::core::Bitboard;
    /// let mut b = Bitboard::<2>::EMPTY;
    /// b.insert(65);
    /// b.insert(1);
    /// assert_eq!(b.shifted_down(3).iter().collect::<Vec<_>>(), vec![62]);
    /// ```
    #[inline]
    pub fn shifted_down(&self, k: u32) -> Self {
        debug_assert!(k < 64);
        let mut out = Self::EMPTY;
        let mut carry = 0;
        for (o, &w) in out.0.iter_mut().zip(&self.0).rev() {
            *o = w >> k | carry;
            carry = w.checked_shl(64 - k).unwrap_or(0);
        }
        out
    }

    /// The lowest index, if any.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        self.iter().next()
    }

    /// The indices in increasing order.
    #[inline]
    pub fn iter(&self) -> BitIter<W> {
        BitIter {
            words: self.0,
            word: 0,
        }
    }
}

/// The set of the collected indices (each below the capacity).
impl<const W: usize> FromIterator<usize> for Bitboard<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut b = Self::EMPTY;
        for i in iter {
            b.insert(i);
        }
        b
    }
}

impl<const W: usize> Default for Bitboard<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> std::fmt::Debug for Bitboard<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the indices of a [`Bitboard`], lowest first.
pub struct BitIter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for BitIter<W> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

macro_rules! bitwise {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<const W: usize> $tr for Bitboard<W> {
            type Output = Self;
            #[inline]
            fn $f(mut self, rhs: Self) -> Self {
                self.$fa(rhs);
                self
            }
        }
        impl<const W: usize> $tra for Bitboard<W> {
            #[inline]
            fn $fa(&mut self, rhs: Self) {
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a $op b;
                }
            }
        }
    };
}
bitwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
bitwise!(BitOr, bitor, BitOrAssign, bitor_assign, |=);

impl<const W: usize> Sub for Bitboard<W> {
    type Output = Self;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        self & !rhs
    }
}

impl<const W: usize> Not for Bitboard<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for w in &mut self.0 {
            *w = !*w;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_agree_with_a_vec_model() {
        let mut a = Bitboard::<3>::EMPTY;
        let mut b = Bitboard::<3>::EMPTY;
        for i in (0..192).step_by(3) {
            a.insert(i);
        }
        for i in (0..192).step_by(5) {
            b.insert(i);
        }
        let both: Vec<_> = (0..192).filter(|i| i % 15 == 0).collect();
        assert_eq!((a & b).iter().collect::<Vec<_>>(), both);
        assert_eq!((a | b).len(), 64 + 39 - 13);
        assert_eq!((a - b).len(), 64 - 13);
        a.remove(3);
        assert!(!a.contains(3) && a.contains(6));
    }

    #[test]
    fn shifts_agree_with_moving_each_index() {
        let mut b = Bitboard::<3>::EMPTY;
        for i in [0, 5, 63, 64, 100, 127, 128, 191] {
            b.insert(i);
        }
        for k in [0, 1, 7, 25, 63] {
            let up: Vec<_> = b.iter().map(|i| i + k).filter(|&i| i < 192).collect();
            let down: Vec<_> = b.iter().filter(|&i| i >= k).map(|i| i - k).collect();
            assert_eq!(
                b.shifted_up(k as u32).iter().collect::<Vec<_>>(),
                up,
                "up {k}"
            );
            assert_eq!(
                b.shifted_down(k as u32).iter().collect::<Vec<_>>(),
                down,
                "down {k}"
            );
        }
        assert_eq!(b.first(), Some(0));
        assert_eq!(Bitboard::<3>::EMPTY.first(), None);
    }

    #[test]
    fn first_n_has_exactly_n_bits() {
        for n in [0, 1, 63, 64, 65, 127, 128, 150, 192] {
            let b = Bitboard::<3>::first_n(n);
            assert_eq!(b.len(), n);
            assert_eq!(b.iter().last(), n.checked_sub(1));
        }
    }
}
