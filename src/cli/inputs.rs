//! Finding the input files: paths, directories searched recursively, standard input.

use std::path::{Path, PathBuf};

/// One input: a file or standard input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// The name used in messages (`<stdin>` for standard input).
    pub fn display(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(p) => p.display().to_string(),
        }
    }
}

/// A path that could not be searched.
#[derive(Clone, Debug)]
pub struct InputError {
    pub path: String,
    pub message: String,
}

/// What a command-line path gave: an input, or a path that could not be searched, in the
/// order of the command line (and of the walk inside a directory), so that every line kifu
/// prints follows the input order.
pub type Found = Result<Input, InputError>;

/// Expands the command-line paths: files as given, directories searched recursively (in
/// name order, symbolic links inside them not followed, so loops cannot happen) for files
/// whose extension is in `exts` (case-insensitive). No path: standard input.
pub fn expand(paths: &[PathBuf], exts: &[String]) -> Vec<Found> {
    let mut found = Vec::new();
    if paths.is_empty() {
        found.push(Ok(Input::Stdin));
    }
    for p in paths {
        if p.as_os_str() == "-" {
            found.push(Ok(Input::Stdin));
            continue;
        }
        match std::fs::metadata(p) {
            Err(e) => found.push(Err(InputError {
                path: p.display().to_string(),
                message: e.to_string(),
            })),
            Ok(m) if m.is_dir() => {
                let before = found.len();
                walk(p, exts, &mut found);
                if !found[before..].iter().any(|f| f.is_ok()) {
                    eprintln!(
                        "kifu: warning: no files ending in .{} under {}",
                        exts.join(", ."),
                        p.display()
                    );
                }
            }
            Ok(_) => found.push(Ok(Input::File(p.clone()))),
        }
    }
    found
}

fn has_ext(p: &Path, exts: &[String]) -> bool {
    p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        exts.iter()
            .any(|x| x.trim_start_matches('.').eq_ignore_ascii_case(e))
    })
}

/// Depth-first, without recursion, in name order.
fn walk(root: &Path, exts: &[String], found: &mut Vec<Found>) {
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(r) => r,
            Err(e) => {
                found.push(Err(InputError {
                    path: dir.display().to_string(),
                    message: e.to_string(),
                }));
                continue;
            }
        };
        let mut files = Vec::new();
        let mut dirs = Vec::new();
        for entry in entries {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    found.push(Err(InputError {
                        path: dir.display().to_string(),
                        message: e.to_string(),
                    }));
                    continue;
                }
            };
            let path = entry.path();
            // file_type() does not follow symbolic links: a link to a file is read, a link to
            // a directory is not followed.
            let is_file = match entry.file_type() {
                Ok(t) if t.is_dir() => {
                    dirs.push(path);
                    continue;
                }
                Ok(t) if t.is_file() => true,
                Ok(t) if t.is_symlink() => std::fs::metadata(&path).is_ok_and(|m| m.is_file()),
                _ => false,
            };
            if is_file && has_ext(&path, exts) {
                files.push(path);
            }
        }
        files.sort();
        dirs.sort();
        // Files of this directory first, then its subdirectories in name order.
        found.extend(files.into_iter().map(|f| Ok(Input::File(f))));
        stack.extend(dirs.into_iter().rev());
    }
}
