//! Scratch directories for the tests that run the binary, and what is in them.

use std::path::{Path, PathBuf};

/// A fresh, empty scratch directory for one test (`kifu-test-NAME-PID` in the temporary
/// directory: the test binaries, which run at the same time, each have their own), removed
/// with what is in it when the guard is dropped (so a test run leaves nothing behind; a
/// failing test's directory goes too, its assertion message says what was in it).
pub fn scratch(name: &str) -> Scratch {
    Scratch::new(name)
}

/// How the name of every scratch directory starts.
pub const PREFIX: &str = "kifu-test-";

/// A scratch directory, removed when dropped; it derefs to its path.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("{PREFIX}{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }
}

impl std::ops::Deref for Scratch {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
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
