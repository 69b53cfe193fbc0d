//! Where output goes and how it is written: the `-o` rule, whole-or-nothing files, temporary
//! files that cannot be hijacked, closed pipes, and the order of what is printed.

mod cli_support;

use cli_support::*;
use std::io::Write;
use std::process::Stdio;

/// A symbolic link planted where the old scheme put its temporary file
/// (`.{name}.kifu-{pid}.tmp`) must not be followed: the file it points to stays as it was.
#[test]
fn a_planted_link_at_the_temporary_name_is_not_followed() {
    let dir = scratch("planted");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let out = dir.join("out.svg");
    let mut c = command(&["render", "-", "-o", out.to_str().unwrap()]);
    c.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    // kifu is waiting for its input: its pid, and so the old temporary name, is known.
    let planted = dir.join(format!(".out.svg.kifu-{}.tmp", child.id()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(GUFU.as_bytes()).unwrap();
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let now = std::fs::read_to_string(&victim).unwrap();
    assert!(
        now == "precious",
        "kifu wrote through a link planted at its temporary file's name ({} bytes now)",
        now.len()
    );
    let meta = std::fs::symlink_metadata(&out).unwrap();
    assert!(meta.file_type().is_file(), "out.svg is not a regular file");
    assert!(std::fs::read_to_string(&out).unwrap().contains("</svg>"));
    std::fs::remove_file(&planted).unwrap();
    assert_eq!(names(&dir), ["out.svg", "victim.txt"], "left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A replaced file keeps its permissions; a new one gets those of any new file.
#[test]
fn replaced_files_keep_their_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("modes");
    let private = dir.join("private.psn");
    std::fs::write(&private, "old").unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    let o = kifu(
        &["convert", "-", "-o", private.to_str().unwrap()],
        Some(GUFU.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&private), 0o600, "the replaced file's mode changed");
    assert!(
        std::fs::read_to_string(&private)
            .unwrap()
            .contains("K*2二>S")
    );
    // A new file: as the test's own new file (same umask).
    let fresh = dir.join("fresh.psn");
    let o = kifu(
        &["convert", "-", "-o", fresh.to_str().unwrap()],
        Some(GUFU.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mine = dir.join("mine");
    std::fs::write(&mine, "").unwrap();
    assert_eq!(mode(&fresh), mode(&mine), "a new output's mode");
    let _ = std::fs::remove_dir_all(&dir);
}
