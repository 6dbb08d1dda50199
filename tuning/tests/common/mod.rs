//! Shared by the match tests.

use std::path::PathBuf;

/// The `tengen` binary, built next to this test's own directory (`cargo test
/// --workspace` builds it; so does `cargo build -p tengen`).
pub fn tengen_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("test path");
    let dir = exe.parent().and_then(|d| d.parent()).expect("target dir");
    let tengen = dir.join(format!("tengen{}", std::env::consts::EXE_SUFFIX));
    assert!(
        tengen.exists(),
        "{} is missing: run `cargo build -p tengen` (or `cargo test --workspace`)",
        tengen.display()
    );
    tengen
}
