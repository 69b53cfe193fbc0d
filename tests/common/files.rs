//! Scratch directories for the tests that run the binary, and what is in them.

use std::path::{Path, PathBuf};

/// A fresh, empty scratch directory for one test (`kifu-test-NAME-PID` in the temporary
/// directory: the test binaries, which run at the same time, each have their own).
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kifu-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The names in a directory, sorted (nothing if it does not exist).
pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}
