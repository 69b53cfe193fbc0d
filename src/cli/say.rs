//! How kifu speaks on standard error, in one style for every command, as compilers do:
//! `error[KIND]: message`, `warning[KIND]: message` and `note: message`, with the place first
//! when there is one (`path: ` or `path:line:col: `, as the record diagnostics write it).
//! The kinds outside a record: `usage` (the command line; clap's own errors too), `io` (an
//! input or output that cannot be read or written), `bad_position`, `png`, `engine`.
//!
//! Standard error that cannot be written (a closed pipe) is not an error: the message is lost,
//! the run goes on (`eprintln!` would panic).

use std::fmt::Display;
use std::io::Write;

/// Writes one line on standard error, quietly dropped if standard error is gone.
pub fn line(text: impl Display) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// `error[KIND]: message`.
pub fn error(kind: &str, message: impl Display) {
    line(format_args!("error[{kind}]: {message}"));
}

/// `warning[KIND]: message`.
pub fn warning(kind: &str, message: impl Display) {
    line(format_args!("warning[{kind}]: {message}"));
}

/// `note: message`: what was (not) done, for information.
pub fn note(message: impl Display) {
    line(format_args!("note: {message}"));
}

/// A clap error in kifu's style: `error: ...` becomes `error[usage]: ...`; help and version
/// texts are printed as they are, on standard output.
pub fn clap_error(e: &clap::Error) {
    if !e.use_stderr() {
        let _ = e.print();
        return;
    }
    let text = e.render().to_string();
    let text = match text.strip_prefix("error: ") {
        Some(rest) => format!("error[usage]: {rest}"),
        None => text,
    };
    let _ = write!(std::io::stderr().lock(), "{text}");
}

/// A malformed position string, in kifu's style: the message, then the string with a caret
/// under the character where it goes wrong (never a byte offset).
pub fn position_message(what: &str, text: &str, e: &kifu::rules::PositionError) -> String {
    let column = text
        .get(..e.offset)
        .map_or_else(|| text.chars().count(), |s| s.chars().count());
    format!(
        "error[bad_position]: bad {what}: {}\n  | {text}\n  | {}^",
        e.message,
        " ".repeat(column)
    )
}

/// Prints [`position_message`].
pub fn bad_position(what: &str, text: &str, e: &kifu::rules::PositionError) {
    line(position_message(what, text, e));
}
