//! A real GTP client: `tests/node/sabaki_gtp.js` drives `tengen gtp` with npm
//! `@sabaki/gtp@3.0.0`, the controller library of Sabaki, as Sabaki does (a pipelined board
//! sync, `genmove_analyze`, `analyze` stopped by `protocol_version`, `lz-analyze`,
//! `kata-analyze` with ownership) and checks the replies the library parses.
//!
//! Needs node and the package: `.ci/run` installs both (`npm ci --prefix tests/node`).
//! Without them the test fails and says so.

use std::path::Path;
use std::process::Command;

#[test]
fn sabaki_controller_drives_tengen_gtp() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node");
    if Command::new("node").arg("--version").output().is_err() {
        panic!("node is not installed: install nodejs and npm, then `npm ci --prefix tests/node` (as .ci/run does)");
    }
    assert!(
        dir.join("node_modules/@sabaki/gtp/package.json").exists(),
        "@sabaki/gtp is not installed: run `npm ci --prefix tests/node` (as .ci/run does)"
    );
    let out = Command::new("node")
        .arg(dir.join("sabaki_gtp.js"))
        .arg(env!("CARGO_BIN_EXE_tengen"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the Sabaki client failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(stdout.contains("sabaki gtp: ok"), "{stdout}");
}
