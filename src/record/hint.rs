//! Hints for syntax errors: what the writer of a word that is not a token probably meant.
//!
//! Only what the grammar alone can tell (pieces are not known here): a Hodges move in the wrong
//! case (`sp-4e`, `SP-8G`), and a Hodges move whose file is off the board (`SP-12g`). A hint is
//! given only when the corrected word is a move for the grammar.

use super::grammar::{RecordParser, Rule};
use super::token::digits_value;
use pest::Parser as _;

/// Words longer than this get no hint (no copy or parse of a huge run of garbage).
const MAX_WORD: usize = 64;

/// A hint for a word that failed to read as a token.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Hint {
    /// A help text for the error.
    Help(String),
    /// A file number off the board, at these bytes of the word: the error itself.
    OffBoardFile { file: u64, start: usize, end: usize },
    /// Chess's castling (`O-O`, `O-O-O`, or with zeros): a chess game read by mistake.
    Chess,
}

/// What kifu says of a record that looks like a chess game (castling, a knight, bishop or
/// queen move, chess's start position, a chess variant's name).
pub const LOOKS_LIKE_CHESS: &str =
    "this looks like a chess game; kifu reads Wa shogi and Gufū shōgi";

/// Whether `word` is castling as chess writes it, maybe with a check, mate or annotation mark.
fn is_castling(word: &str) -> bool {
    let bare = word.trim_end_matches(['+', '#', '!', '?']);
    ["O-O", "O-O-O", "0-0", "0-0-0"].contains(&bare)
}

/// The word at the start of `text` (where a token failed to read): up to whitespace or a
/// character that ends a move.
pub(super) fn word(text: &str) -> &str {
    let end = text
        .find(|c: char| c.is_whitespace() || "{}();$[".contains(c))
        .unwrap_or(text.len());
    &text[..end]
}

/// What the writer of `word` probably meant, if that is clear.
pub(super) fn hint(word: &str) -> Option<Hint> {
    if word.is_empty() || word.len() > MAX_WORD {
        return None;
    }
    if is_castling(word) {
        return Some(Hint::Chess);
    }
    // A piece has one or two letters: `kx2三` is `K` and `x`, `sp-4e` is `SP`.
    for letters in [2, 1] {
        let (fixed, slips) = fix_case(word, letters);
        if slips != 0 && is_hodges(&fixed) {
            return Some(Hint::Help(format!("{}: {fixed}", case_rules(slips))));
        }
    }
    off_board_file(word)
}

/// The letters [`fix_case`] changed, as bits: a piece's, a facing's, the capture `x`, a rank's.
const PIECE: u8 = 1;
const FACING: u8 = 2;
const CAPTURE: u8 = 4;
const RANK: u8 = 8;

/// The rules of case that `slips` broke, in words: "piece abbreviations are upper case and
/// rank letters lower case".
fn case_rules(slips: u8) -> String {
    let rules: Vec<&str> = [
        (PIECE, "piece abbreviations are upper case"),
        (FACING, "facing letters are upper case"),
        (CAPTURE, "the capture sign is a lower case x"),
        (RANK, "rank letters are lower case"),
    ]
    .into_iter()
    .filter(|&(bit, _)| slips & bit != 0)
    .map(|(_, rule)| rule)
    .collect();
    match rules.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => rules.concat(),
    }
}

/// The word with the piece (up to `letters` letters at its start, after an optional `+`) in
/// upper case, the facing letter after `>` in upper case, and every other ASCII letter in lower
/// case; and which kinds of letter that changed ([`PIECE`], [`FACING`], [`CAPTURE`], [`RANK`]).
fn fix_case(word: &str, letters: usize) -> (String, u8) {
    let mut out = String::with_capacity(word.len());
    let mut slips = 0;
    let mut piece = true;
    let mut seen = 0;
    let mut facing = false;
    for (i, c) in word.char_indices() {
        if piece && !(i == 0 && c == '+') {
            piece = c.is_ascii_alphabetic() && seen < letters;
            seen += 1;
        }
        let fixed = if piece || facing {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        };
        if fixed != c {
            slips |= match (piece, facing, fixed) {
                (true, _, _) => PIECE,
                (_, true, _) => FACING,
                (_, _, 'x') => CAPTURE,
                _ => RANK,
            };
        }
        out.push(fixed);
        facing = c == '>';
    }
    (out, slips)
}

/// Whether `text` is exactly one Hodges move for the grammar.
fn is_hodges(text: &str) -> bool {
    let Ok(mut pairs) = RecordParser::parse(Rule::r#move, text) else {
        return false;
    };
    pairs.next().is_some_and(|m| {
        m.as_str() == text && m.into_inner().next().map(|p| p.as_rule()) == Some(Rule::hodges)
    })
}

/// A run of digits (ASCII or full-width) whose value is not a file (1-11), in a word that
/// would be a Hodges move with file 1 there.
fn off_board_file(word: &str) -> Option<Hint> {
    let is_digit = |c: char| c.is_ascii_digit() || ('０'..='９').contains(&c);
    let mut start = 0;
    while start < word.len() {
        let Some(from) = word[start..].find(is_digit).map(|i| start + i) else {
            break;
        };
        let end = word[from..]
            .find(|c: char| !is_digit(c))
            .map_or(word.len(), |i| from + i);
        if let Some(file) = digits_value(&word[from..end])
            && !(1..=11).contains(&file)
            && is_hodges(&format!("{}1{}", &word[..from], &word[end..]))
        {
            return Some(Hint::OffBoardFile {
                file,
                start: from,
                end,
            });
        }
        start = end;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn help(word: &str) -> Option<String> {
        match hint(word)? {
            Hint::Help(h) => Some(h),
            Hint::OffBoardFile { .. } | Hint::Chess => None,
        }
    }

    #[test]
    fn wrong_case() {
        let fix = |w: &str| help(w).map(|h| h.rsplit(' ').next().unwrap_or("").to_owned());
        assert_eq!(fix("sp-4e").as_deref(), Some("SP-4e"));
        assert_eq!(fix("SP-8G").as_deref(), Some("SP-8g"));
        assert_eq!(fix("Sp-8g").as_deref(), Some("SP-8g"));
        assert_eq!(fix("rr4I-5H").as_deref(), Some("RR4i-5h"));
        assert_eq!(fix("+spX6C").as_deref(), Some("+SPx6c"));
        assert_eq!(fix("k*2三>w").as_deref(), Some("K*2三>W"));
        assert_eq!(fix("so*5E+").as_deref(), Some("SO*5e+"));
        assert_eq!(fix("kx2三>s").as_deref(), Some("Kx2三>S"));
        // Nothing a change of case makes a move.
        assert_eq!(hint("zz"), None);
        assert_eq!(hint("SP~8f"), None);
        assert_eq!(hint("e4-e5"), None);
        assert_eq!(hint(""), None);
        assert_eq!(hint(&"s".repeat(1000)), None);
    }

    #[test]
    fn file_off_the_board() {
        assert_eq!(
            hint("SP-12g"),
            Some(Hint::OffBoardFile {
                file: 12,
                start: 3,
                end: 5
            })
        );
        assert_eq!(
            hint("RR12i-5h"),
            Some(Hint::OffBoardFile {
                file: 12,
                start: 2,
                end: 4
            })
        );
        assert_eq!(
            hint("SP-0g"),
            Some(Hint::OffBoardFile {
                file: 0,
                start: 3,
                end: 4
            })
        );
        assert_eq!(
            hint("SP-１２g"),
            Some(Hint::OffBoardFile {
                file: 12,
                start: 3,
                end: 9
            })
        );
        assert_eq!(
            hint("K*123三>W"),
            Some(Hint::OffBoardFile {
                file: 123,
                start: 2,
                end: 5
            })
        );
        // A file on the board, or no move around it.
        assert_eq!(hint("SP-11z"), None);
        assert_eq!(hint("12g"), None);
        assert_eq!(hint("SP-99999999999999999999999g"), None);
    }

    #[test]
    fn the_word_ends_where_a_move_would() {
        assert_eq!(word("sp-4e SP-5e"), "sp-4e");
        assert_eq!(word("sp-4e{c}"), "sp-4e");
        assert_eq!(word("sp-4e)"), "sp-4e");
        assert_eq!(word("sp-4e\u{3000}x"), "sp-4e");
        assert_eq!(word(""), "");
    }
}
