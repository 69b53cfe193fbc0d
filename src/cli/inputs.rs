//! Finding the input files (paths, directories searched recursively, standard input) and
//! opening them (decoded to UTF-8: see `kifu::encoding`).

use kifu::encoding::{Choice, Decoder};
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

/// The inputs of a command that reads many records (`validate`, `convert`).
#[derive(clap::Args)]
pub struct InputArgs {
    /// Files or directories (searched recursively); `-` or nothing: standard input.
    pub paths: Vec<PathBuf>,
    /// File extensions searched for in directories (repeat or comma-separate).
    #[arg(long, value_delimiter = ',', default_value = "psn,pgn")]
    pub ext: Vec<String>,
    /// The text encoding. auto: UTF-16 if the file starts with a byte-order mark, else UTF-8
    /// if its first 64 KiB are UTF-8, else Shift_JIS (CP932) if they are that (with a
    /// warning). The others force one (utf-16: little-endian without a byte-order mark).
    #[arg(long, value_enum, default_value = "auto", value_name = "ENCODING")]
    pub encoding: EncodingArg,
}

impl InputArgs {
    /// The inputs, in order (see [`expand`]).
    pub fn expand(&self) -> Vec<Found> {
        expand(&self.paths, &self.ext)
    }
}

/// `--encoding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EncodingArg {
    Auto,
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[value(name = "utf-16", alias = "utf16")]
    Utf16,
    #[value(alias = "shift_jis", alias = "shift-jis", alias = "sjis")]
    Cp932,
}

impl EncodingArg {
    pub fn choice(self) -> Choice {
        match self {
            EncodingArg::Auto => Choice::Auto,
            EncodingArg::Utf8 => Choice::Utf8,
            EncodingArg::Utf16 => Choice::Utf16,
            EncodingArg::Cp932 => Choice::Cp932,
        }
    }
}

/// An opened input: its text as UTF-8, whatever its encoding.
pub type Reader = Decoder<BufReader<Box<dyn Read>>>;

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

    /// Opens the input, decoded as `encoding` says. The first 64 KiB are read here (to choose
    /// the encoding), so reading errors may show here.
    pub fn open(&self, encoding: Choice) -> std::io::Result<Reader> {
        let raw: Box<dyn Read> = match self {
            Input::Stdin => Box::new(std::io::stdin()),
            Input::File(p) => Box::new(std::fs::File::open(p)?),
        };
        Decoder::new(BufReader::with_capacity(1 << 16, raw), encoding)
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
