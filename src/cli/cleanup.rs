//! Nothing left behind when a run is stopped: every temporary file and every directory a run
//! creates for its output is registered here while it exists, and removed if the run is
//! stopped before it is put in place.
//!
//! - **SIGINT, SIGTERM, SIGHUP**: a thread of its own (signal-hook) waits for them; it removes
//!   what is registered and exits with status 128 + the signal (130, 143, 129), as shells
//!   report a command stopped by one. The handlers are installed when the first temporary file
//!   or directory is made, so a run that writes only to standard output keeps the default
//!   behaviour.
//! - **An abort** (Rust aborts when an allocation fails, after printing `memory allocation of N
//!   bytes failed`): a SIGABRT handler unlinks the registered paths from C strings built when
//!   they were registered (no allocation, no lock wait in the handler), then the abort goes on.
//!   This was chosen over a global allocator that cleans up when an allocation fails because
//!   a failed allocation is not always fatal (`try_reserve` reports it): only the abort is.
//!
//! Creating, renaming and removing a registered path happen inside [`locked`], so that a signal
//! arriving at any moment finds the registry and the file system agreeing (a file created but
//! not yet registered cannot be missed).

use std::cell::{Cell, UnsafeCell};
use std::ffi::CString;
use std::path::Path;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

/// A registered path.
struct Entry {
    id: u64,
    path: CString,
    /// A directory (removed after the files, newest first).
    dir: bool,
    /// Still to be removed if the run is stopped (else forgotten, dropped at the next
    /// compaction).
    live: bool,
}

/// The paths to remove if the run is stopped, in the order they were made (by id).
pub struct Registry {
    next: u64,
    entries: Vec<Entry>,
    /// Entries forgotten but not yet dropped.
    dead: usize,
}

/// The registry behind a small lock of its own (a flag), so that the abort handler can tell
/// whether this very thread holds it (it then reads the registry, consistent between two
/// calls) or another does (it then waits a moment for it).
struct Shared {
    locked: AtomicBool,
    registry: UnsafeCell<Registry>,
}

// SAFETY: the registry is only reached through `locked` (the flag held), or by the cleanup of a
// process that is about to end, which takes the flag too (see `emergency`).
unsafe impl Sync for Shared {}

static SHARED: Shared = Shared {
    locked: AtomicBool::new(false),
    registry: UnsafeCell::new(Registry {
        next: 0,
        entries: Vec::new(),
        dead: 0,
    }),
};

thread_local! {
    /// Whether this thread holds the registry's lock.
    static HOLDING: Cell<bool> = const { Cell::new(false) };
}

fn acquire() {
    while SHARED
        .locked
        .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
        .is_err()
    {
        std::thread::yield_now();
    }
    HOLDING.with(|h| h.set(true));
}

fn release() {
    HOLDING.with(|h| h.set(false));
    SHARED.locked.store(false, Ordering::Release);
}

/// Runs `f` with the registry locked: create, rename or remove a registered path inside it.
/// (Not to be nested.)
pub fn locked<R>(f: impl FnOnce(&mut Registry) -> R) -> R {
    // Before anything is created: a signal from now on finds the handlers.
    install();
    struct Unlock;
    impl Drop for Unlock {
        fn drop(&mut self) {
            release();
        }
    }
    acquire();
    let _unlock = Unlock;
    // SAFETY: the lock is held.
    f(unsafe { &mut *SHARED.registry.get() })
}

impl Registry {
    /// Registers a path just created (a file, or a directory): its id for [`Registry::forget`].
    pub fn add(&mut self, path: &Path, dir: bool) -> u64 {
        self.next += 1;
        if let Some(path) = c_path(path) {
            self.entries.push(Entry {
                id: self.next,
                path,
                dir,
                live: true,
            });
        }
        self.next
    }

    /// The path is gone, or is kept (put in place): not to be removed.
    /// (A run may register thousands of files, a page per game: found by binary search,
    /// dropped in batches.)
    pub fn forget(&mut self, id: u64) {
        if let Ok(i) = self.entries.binary_search_by_key(&id, |e| e.id)
            && self.entries[i].live
        {
            self.entries[i].live = false;
            self.dead += 1;
        }
        if self.dead > 64 && self.dead * 2 > self.entries.len() {
            // In place: no allocation.
            self.entries.retain(|e| e.live);
            self.dead = 0;
        }
    }

    /// Removes every registered path: the files, then the directories, newest first. No
    /// allocation (safe in a signal handler).
    fn remove_all(&self) {
        for e in self.entries.iter().filter(|e| e.live && !e.dir) {
            // SAFETY: a NUL-terminated path.
            unsafe { libc::unlink(e.path.as_ptr()) };
        }
        for e in self.entries.iter().rev().filter(|e| e.live && e.dir) {
            // SAFETY: as above.
            unsafe { libc::rmdir(e.path.as_ptr()) };
        }
    }
}

#[cfg(unix)]
fn c_path(path: &Path) -> Option<CString> {
    use std::os::unix::ffi::OsStrExt;
    CString::new(path.as_os_str().as_bytes()).ok()
}

#[cfg(not(unix))]
fn c_path(path: &Path) -> Option<CString> {
    CString::new(path.to_str()?).ok()
}

/// Installs the handlers, once.
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        #[cfg(unix)]
        unix::install();
    });
}

#[cfg(unix)]
mod unix {
    use super::{HOLDING, SHARED, acquire};
    use signal_hook::consts::{SIGABRT, SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    use std::sync::atomic::Ordering;

    pub fn install() {
        // If the handlers cannot be installed, the run goes on as before (a signal then
        // leaves its temporary files).
        if let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) {
            let spawned = std::thread::Builder::new()
                .name("kifu-signals".into())
                .spawn(move || {
                    if let Some(sig) = signals.forever().next() {
                        // Held until the process ends: nothing new is created meanwhile.
                        acquire();
                        // SAFETY: the lock is held.
                        unsafe { (*SHARED.registry.get()).remove_all() };
                        // SAFETY: ends the process at once, as a signal would.
                        unsafe { libc::_exit(128 + sig) };
                    }
                });
            drop(spawned);
        }
        // SAFETY: `emergency` is async-signal-safe: atomics, thread-local flag, unlink, rmdir.
        let _ = unsafe { signal_hook::low_level::register(SIGABRT, emergency) };
    }

    /// The abort handler: removes the registered paths if the registry can be read safely
    /// (this thread holds its lock, or it is free within a moment), then lets the abort go on.
    fn emergency() {
        let mine = HOLDING.with(|h| h.get());
        let mut free = mine;
        for _ in 0..100_000 {
            if free {
                break;
            }
            free = SHARED
                .locked
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_ok();
            if !free {
                // SAFETY: a plain system call.
                unsafe { libc::sched_yield() };
            }
        }
        if free {
            // SAFETY: the lock is held (by this thread, or just taken and never released: the
            // process is ending). A thread that held it while allocating left the registry
            // whole: entries are built before they are pushed.
            unsafe { (*SHARED.registry.get()).remove_all() };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What is registered and not forgotten is removed: the files, then the directories
    /// (innermost first); forgetting thousands stays correct through the compactions.
    #[test]
    fn removes_what_is_registered_and_not_forgotten() {
        let top = std::env::temp_dir().join(format!("kifu-cleanup-{}", std::process::id()));
        let inner = top.join("inner");
        std::fs::create_dir_all(&inner).unwrap();
        let mut r = Registry {
            next: 0,
            entries: Vec::new(),
            dead: 0,
        };
        r.add(&top, true);
        r.add(&inner, true);
        let mut keep = Vec::new();
        for i in 0..1000 {
            let p = inner.join(format!("f{i}"));
            std::fs::write(&p, "x").unwrap();
            let id = r.add(&p, false);
            if i % 10 == 0 {
                keep.push(p);
            } else {
                std::fs::remove_file(&p).unwrap();
                r.forget(id);
            }
        }
        assert!(r.entries.len() < 1000, "never compacted");
        let kept = std::fs::read_dir(&inner).unwrap().count();
        assert_eq!(kept, keep.len());
        r.remove_all();
        assert!(!top.exists(), "left behind");
    }
}
