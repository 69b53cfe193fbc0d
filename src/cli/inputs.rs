//! Finding the input files: paths, directories searched recursively, standard input; and the
//! arguments that name them, shared by the commands that read records.

use super::{EXIT_ERROR, EXIT_OK};
use kifu::Variant;
use std::path::{Path, PathBuf};

/// The arguments of a command that reads records: the inputs, the extensions searched for in
/// directories, the variant of records without a Variant tag.
#[derive(clap::Args, Clone, Debug)]
pub struct InputArgs {
    /// Files or directories (searched recursively); `-` or nothing: standard input.
    pub paths: Vec<PathBuf>,
    /// The variant of records without a Variant tag: wa, wa-nodrop or gufu.
    #[arg(long, short = 'v')]
    pub variant: Option<Variant>,
    /// File extensions searched for in directories (repeat or comma-separate).
    #[arg(long, value_delimiter = ',', default_value = "psn,pgn")]
    pub ext: Vec<String>,
}

impl InputArgs {
    /// The inputs the paths name (see [`expand`]).
    pub fn expand(&self) -> (Vec<Input>, Vec<InputError>) {
        expand(&self.paths, &self.ext)
    }

    /// The inputs, each path that could not be searched reported on standard error
    /// (`path: error[io]: message`); with the exit status so far: 2 if there was one, else 0.
    pub fn inputs(&self) -> (Vec<Input>, i32) {
        let (inputs, errors) = self.expand();
        for e in &errors {
            eprintln!("{}: error[io]: {}", e.path, e.message);
        }
        let status = if errors.is_empty() {
            EXIT_OK
        } else {
            EXIT_ERROR
        };
        (inputs, status)
    }
}

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

/// Expands the command-line paths: files as given, directories searched recursively (in
/// name order, symbolic links inside them not followed, so loops cannot happen) for files
/// whose extension is in `exts` (case-insensitive). No path: standard input.
pub fn expand(paths: &[PathBuf], exts: &[String]) -> (Vec<Input>, Vec<InputError>) {
    let mut inputs = Vec::new();
    let mut errors = Vec::new();
    if paths.is_empty() {
        inputs.push(Input::Stdin);
    }
    for p in paths {
        if p.as_os_str() == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        match std::fs::metadata(p) {
            Err(e) => errors.push(InputError {
                path: p.display().to_string(),
                message: e.to_string(),
            }),
            Ok(m) if m.is_dir() => {
                let before = inputs.len();
                walk(p, exts, &mut inputs, &mut errors);
                if inputs.len() == before {
                    eprintln!(
                        "kifu: warning: no files ending in .{} under {}",
                        exts.join(", ."),
                        p.display()
                    );
                }
            }
            Ok(_) => inputs.push(Input::File(p.clone())),
        }
    }
    (inputs, errors)
}

fn has_ext(p: &Path, exts: &[String]) -> bool {
    p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        exts.iter()
            .any(|x| x.trim_start_matches('.').eq_ignore_ascii_case(e))
    })
}

/// Depth-first, without recursion, in name order.
fn walk(root: &Path, exts: &[String], inputs: &mut Vec<Input>, errors: &mut Vec<InputError>) {
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(r) => r,
            Err(e) => {
                errors.push(InputError {
                    path: dir.display().to_string(),
                    message: e.to_string(),
                });
                continue;
            }
        };
        let mut files = Vec::new();
        let mut dirs = Vec::new();
        for entry in entries {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    errors.push(InputError {
                        path: dir.display().to_string(),
                        message: e.to_string(),
                    });
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
        inputs.extend(files.into_iter().map(Input::File));
        stack.extend(dirs.into_iter().rev());
    }
}
