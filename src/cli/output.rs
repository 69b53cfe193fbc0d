//! Output that is written whole or not at all: a temporary file beside the target, renamed
//! over it once everything is written; or standard output.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Where output goes.
pub enum Sink {
    Stdout(BufWriter<io::Stdout>),
    /// A device or pipe named with -o (`/dev/null`...): written in place, never replaced.
    Direct(BufWriter<File>),
    File {
        w: BufWriter<File>,
        tmp: PathBuf,
        target: PathBuf,
        /// Moved into place: nothing to clean up.
        done: bool,
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
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| format!("{}: not a file name", path.display()))?;
        if path.is_dir() {
            return Err(format!("{} is a directory", path.display()));
        }
        let tmp = dir.join(format!(".{name}.kifu-{}.tmp", std::process::id()));
        let f = File::create(&tmp).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(Sink::File {
            w: BufWriter::new(f),
            tmp,
            target: path.to_path_buf(),
            done: false,
        })
    }

    /// Flushes and, for a file, moves it into place.
    pub fn finish(mut self) -> Result<(), String> {
        match &mut self {
            Sink::Stdout(w) => match w.flush() {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                    Err(format!("cannot write: {e}"))
                }
                _ => Ok(()),
            },
            Sink::Direct(w) => w.flush().map_err(|e| format!("cannot write: {e}")),
            Sink::File {
                w,
                tmp,
                target,
                done,
            } => {
                let r = w
                    .flush()
                    .and_then(|_| w.get_ref().sync_all())
                    .and_then(|_| std::fs::rename(&*tmp, &*target));
                match r {
                    Ok(()) => {
                        *done = true;
                        Ok(())
                    }
                    Err(e) => Err(format!("cannot write {}: {e}", target.display())),
                }
            }
        }
    }
}

impl Drop for Sink {
    /// An unfinished file sink leaves nothing behind.
    fn drop(&mut self) {
        if let Sink::File {
            tmp, done: false, ..
        } = self
        {
            let _ = std::fs::remove_file(tmp);
        }
    }
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
