//! Output that is written whole or not at all: a temporary file beside the target (a random
//! name, created exclusively: nothing planted there can be followed), renamed over it once
//! everything is written; or standard output.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// Where output goes.
pub enum Sink {
    Stdout(BufWriter<io::Stdout>),
    /// A device or pipe named with -o (`/dev/null`...): written in place, never replaced.
    Direct(BufWriter<File>),
    /// A temporary file (removed when dropped) to be moved over `target`.
    File {
        w: BufWriter<NamedTempFile>,
        target: PathBuf,
    },
}

impl Sink {
    /// Standard output for None, else a temporary file next to `path`.
    pub fn open(path: Option<&Path>) -> Result<Sink, String> {
        let Some(path) = path else {
            return Ok(Sink::Stdout(BufWriter::new(io::stdout())));
        };
        // Through symbolic links to their target (which may not exist yet), so that a link
        // stays a link.
        let mut resolved = path.to_path_buf();
        for _ in 0..40 {
            match std::fs::symlink_metadata(&resolved) {
                Ok(m) if m.file_type().is_symlink() => match std::fs::read_link(&resolved) {
                    Ok(t) if t.is_absolute() => resolved = t,
                    Ok(t) => {
                        resolved = match resolved.parent() {
                            Some(dir) => dir.join(t),
                            None => t,
                        }
                    }
                    Err(_) => break,
                },
                _ => break,
            }
        }
        let path = resolved.as_path();
        if let Ok(m) = std::fs::metadata(path)
            && !m.is_file()
            && !m.is_dir()
        {
            let f = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            return Ok(Sink::Direct(BufWriter::new(f)));
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if path.file_name().is_none() {
            return Err(format!("{}: not a file name", path.display()));
        }
        if path.is_dir() {
            return Err(format!("{} is a directory", path.display()));
        }
        let keep = std::fs::metadata(path).ok().map(|m| m.permissions());
        let tmp =
            temp_file(&dir, keep).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(Sink::File {
            w: BufWriter::new(tmp),
            target: path.to_path_buf(),
        })
    }

    /// Flushes and, for a file, moves it into place.
    pub fn finish(self) -> Result<(), String> {
        match self {
            Sink::Stdout(mut w) => match w.flush() {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                    Err(format!("cannot write: {e}"))
                }
                _ => Ok(()),
            },
            Sink::Direct(mut w) => w.flush().map_err(|e| format!("cannot write: {e}")),
            Sink::File { w, target } => {
                let fail =
                    |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", target.display());
                let tmp = w.into_inner().map_err(|e| fail(e.error()))?;
                tmp.as_file().sync_all().map_err(|e| fail(&e))?;
                tmp.persist(&target).map_err(|e| fail(&e.error))?;
                Ok(())
            }
        }
    }
}

/// A new temporary file in `dir`: random name, created exclusively, with the permissions of
/// the file it replaces or those of any new file (0666 less the umask).
fn temp_file(dir: &Path, keep: Option<std::fs::Permissions>) -> io::Result<NamedTempFile> {
    let mut b = tempfile::Builder::new();
    b.prefix(".kifu-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        b.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let tmp = b.tempfile_in(dir)?;
    if let Some(p) = keep {
        tmp.as_file().set_permissions(p)?;
    }
    Ok(tmp)
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(w) => w.write(buf),
            Sink::Direct(w) => w.write(buf),
            Sink::File { w, .. } => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::Direct(w) => w.flush(),
            Sink::File { w, .. } => w.flush(),
        }
    }
}
