//! Finding the input files (paths, directories searched recursively, standard input) and
//! opening one as UTF-8 text (decoded: see `kifu::encoding`). Cutting it into games and
//! loading them is the one input loop of `load`.

use kifu::collection::scan;
use kifu::encoding::{Choice, Decoder};
use kifu::load::Games as GamesOf;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

/// The inputs of a command that reads many records (`validate`, `convert`, `filter`,
/// `stats`).
#[derive(clap::Args)]
pub struct InputArgs {
    /// Files or directories (searched recursively); `-`: standard input. PSN/PGN records, or
    /// kifu's JSON (`convert --to json`: read as such when a text begins with `{"KEY":`). No
    /// path: standard input when it is a pipe, a socket or a file; otherwise (a terminal,
    /// /dev/null) the current directory.
    pub paths: Vec<PathBuf>,
    /// File extensions searched for in directories (repeat or comma-separate).
    #[arg(long, value_delimiter = ',', default_value = "psn,pgn")]
    pub ext: Vec<String>,
    /// Search hidden files and folders too (names starting with `.`).
    #[arg(long)]
    pub hidden: bool,
    /// Follow symbolic links in directories (loops are reported and not followed).
    #[arg(long, short = 'L')]
    pub follow: bool,
    /// Read the files that .gitignore (in a git repository), .ignore and git's exclude files
    /// leave out.
    #[arg(long)]
    pub no_ignore: bool,
    /// The text encoding. auto: UTF-16 if the file starts with a byte-order mark, else UTF-8
    /// if its first 64 KiB are UTF-8, else Shift_JIS (CP932) if they are that (with a
    /// warning). The others force one (utf-16: little-endian without a byte-order mark).
    #[arg(long, value_enum, default_value = "auto", value_name = "ENCODING")]
    pub encoding: EncodingArg,
}

impl InputArgs {
    /// The inputs, in order (see [`expand`]).
    pub fn expand(&self) -> Vec<Found> {
        expand(self)
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

/// An opened input's games.
pub type Games = GamesOf<BufReader<Box<dyn Read>>>;

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

/// Expands the command-line paths, in order: `-` is standard input; a file is read as given
/// (hidden, ignored or a link); a directory is searched recursively, in name order, for files
/// whose extension is in `--ext` (case-insensitive), skipping, as ripgrep and fd do, hidden
/// files and folders (`--hidden` keeps them), symbolic links (`--follow` follows them, and
/// reports loops) and what `.gitignore` (in a git repository), `.ignore` and git's exclude
/// files leave out (`--no-ignore` reads everything). No path at all: standard input when it
/// is a file, a pipe or a socket; otherwise (a terminal, `/dev/null`, no standard input) the
/// current directory is searched, as ripgrep does.
/// Whether standard input is something to read games from: a file, a pipe or a socket (as
/// ripgrep decides), not a terminal or a device such as `/dev/null`.
pub fn stdin_readable() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::FileTypeExt;
        let Ok(fd) = std::io::stdin().as_fd().try_clone_to_owned() else {
            return false;
        };
        match std::fs::File::from(fd).metadata() {
            Ok(m) => {
                let t = m.file_type();
                // A directory too: reading it is an error worth reporting.
                t.is_file() || t.is_fifo() || t.is_socket() || t.is_dir()
            }
            Err(_) => false,
        }
    }
    #[cfg(not(unix))]
    {
        use std::io::IsTerminal;
        !std::io::stdin().is_terminal()
    }
}

fn expand(a: &InputArgs) -> Vec<Found> {
    let mut found = Vec::new();
    if a.paths.is_empty() {
        if !stdin_readable() {
            walk(Path::new("."), a, &mut found);
            // Named as ripgrep names them: `a.psn`, not `./a.psn`.
            for f in &mut found {
                if let Ok(Input::File(p)) = f
                    && let Ok(short) = p.strip_prefix(".")
                {
                    *p = short.to_path_buf();
                }
            }
        } else {
            found.push(Ok(Input::Stdin));
        }
    }
    for p in &a.paths {
        if p.as_os_str() == "-" {
            found.push(Ok(Input::Stdin));
            continue;
        }
        match std::fs::metadata(p) {
            Err(e) => found.push(Err(InputError {
                path: p.display().to_string(),
                message: e.to_string(),
            })),
            Ok(m) if m.is_dir() => walk(p, a, &mut found),
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

/// The files under `root`, depth-first in name order (see [`expand`]).
fn walk(root: &Path, a: &InputArgs, found: &mut Vec<Found>) {
    let before = found.len();
    let mut b = ignore::WalkBuilder::new(root);
    b.standard_filters(!a.no_ignore)
        .hidden(!a.hidden)
        .follow_links(a.follow)
        .sort_by_file_name(|x, y| x.cmp(y));
    for entry in b.build() {
        match entry {
            Ok(e) => {
                let is_file = e.file_type().is_some_and(|t| t.is_file());
                if e.depth() > 0 && is_file && has_ext(e.path(), &a.ext) {
                    found.push(Ok(Input::File(e.into_path())));
                }
            }
            Err(e) => {
                let (path, message) = describe(&e);
                found.push(Err(InputError {
                    path: path.unwrap_or(root).display().to_string(),
                    message,
                }));
            }
        }
    }
    if !found[before..].iter().any(|f| f.is_ok()) {
        super::say::warning(
            "no_records",
            format_args!(
                "no files ending in .{} under {}",
                a.ext.join(", ."),
                root.display()
            ),
        );
    }
}

/// The path and the message of a walk error.
fn describe(e: &ignore::Error) -> (Option<&Path>, String) {
    match e {
        ignore::Error::WithPath { path, err } => (Some(path), describe(err).1),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            describe(err)
        }
        ignore::Error::Loop { ancestor, child } => (
            Some(child),
            format!(
                "a symbolic link loop (back to {}): not followed",
                ancestor.display()
            ),
        ),
        e => (None, e.to_string()),
    }
}

/// Opens an input to read its games (see [`kifu::load::open`]).
pub fn open(input: &Input, encoding: Choice) -> std::io::Result<Games> {
    Ok(Games::new(input.open(encoding)?))
}

/// The inputs as [`scan::scan`] reads them, in input order: each opened (decoded as `encoding`
/// says) when its turn comes on the scanner's reader thread, and cut into games by [`open`];
/// a path that could not be searched takes its place among them.
pub fn for_scan(
    found: &[Found],
    encoding: Choice,
) -> impl Iterator<Item = scan::Input<impl Iterator<Item = scan::Read>>> + Send + '_ {
    found.iter().map(move |found| {
        let input = match found {
            Ok(input) => input,
            Err(e) => {
                return scan::Input::Failed {
                    name: e.path.clone(),
                    message: e.message.clone(),
                };
            }
        };
        let name = input.display();
        match open(input, encoding) {
            Ok(games) => scan::Input::Opened { name, games },
            Err(e) => scan::Input::Failed {
                name,
                message: e.to_string(),
            },
        }
    })
}

/// A file's identity: its device and inode (through symbolic links), the same whatever path
/// or hard link names it.
#[cfg(unix)]
pub fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
pub fn identity(path: &Path) -> Option<(u64, u64)> {
    let _ = path;
    None
}

/// The identities of the input files (standard input's too, when it is a file).
pub fn identities(found: &[Found]) -> std::collections::HashSet<(u64, u64)> {
    found
        .iter()
        .flatten()
        .filter_map(|input| match input {
            Input::File(p) => identity(p),
            Input::Stdin => identity(Path::new("/dev/stdin"))
                .filter(|_| std::fs::metadata("/dev/stdin").is_ok_and(|m| m.is_file())),
        })
        .collect()
}
