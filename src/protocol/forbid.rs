//! `tengen renju forbid`: Black's forbidden points for positions read one per line.
//!
//! Each input line is a position (see [`crate::renju::notation`]); each answer is one line,
//! flushed at once: the forbidden points in board order (rows from the top, columns from
//! the left) as `<point>=<kind>` with kind `6` (overline), `44` (double-four) or `33`
//! (double-three), separated by single spaces; `-` when there are none; `error: <why>`
//! for a line that is not a position.

use crate::renju::notation::{parse_position, point_name};
use crate::renju::Rule;
use std::io::{self, BufRead, Write};

/// The answer line (without newline) for one position on a `size` board.
///
/// ```
/// use tengen::protocol::forbid::answer;
/// // g8 would make two threes: g8-h8-i8 and g8-h9-i10.
/// assert_eq!(answer("h8 a1 i8 a2 h9 a3 i10 a4", 15), "g8=33");
/// assert_eq!(answer("h8", 15), "-");
/// assert!(answer("h8 h8", 15).starts_with("error: "));
/// ```
pub fn answer(line: &str, size: usize) -> String {
    match parse_position(line, size, Rule::Renju) {
        Err(e) => format!("error: {e}"),
        Ok(board) => {
            let fouls: Vec<String> = board
                .forbidden_map()
                .into_iter()
                .map(|(p, foul)| format!("{}={}", point_name(p, size), foul.code()))
                .collect();
            if fouls.is_empty() {
                "-".to_string()
            } else {
                fouls.join(" ")
            }
        }
    }
}

/// Answers every line of `input` on `output` until end of input.
pub fn run(input: impl BufRead, mut output: impl Write, size: usize) -> io::Result<()> {
    for line in input.split(b'\n') {
        // Invalid UTF-8 is answered as an error like any other unreadable line.
        let line = line?;
        let reply = match std::str::from_utf8(&line) {
            Ok(text) => answer(text.trim_end_matches('\r'), size),
            Err(_) => "error: line is not valid UTF-8".to_string(),
        };
        writeln!(output, "{reply}")?;
        output.flush()?;
    }
    Ok(())
}
