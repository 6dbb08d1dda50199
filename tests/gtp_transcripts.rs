//! Replays the conversations in `protocol/transcripts/gtp/*.txt` against `tengen gtp`
//! (format: `tests/common/transcript.rs`; a transcript's `@` line may set other options).
//! Searches use few playouts: where a reply depends on the search, the transcripts match
//! its shape, not the move.

mod common;

use std::path::Path;

#[test]
fn transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/transcripts/gtp");
    for f in common::transcript::files(&dir, 10) {
        common::transcript::replay(&f, &["gtp", "--playouts", "60"], None);
    }
}
