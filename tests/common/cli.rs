//! Running the `kifu` binary from the tests.

use std::process::{Command, Output, Stdio};

/// Runs `kifu ARGS` in the crate's directory, with `stdin` (if given) on its standard input.
pub fn kifu(args: &[&str], stdin: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_kifu"));
    c.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    match stdin {
        None => c.output().unwrap(),
        Some(text) => {
            use std::io::Write;
            c.stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            let mut child = c.spawn().unwrap();
            // kifu may exit before reading (usage errors): a broken pipe is fine.
            let _ = child.stdin.take().unwrap().write_all(text.as_bytes());
            child.wait_with_output().unwrap()
        }
    }
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}
