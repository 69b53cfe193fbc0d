//! The pest parser generated from `grammar/record.pest`, the single definition of the syntax.
//!
//! [`Rule::tokens`] reads all the tokens of a game and [`Rule::next_token`] one token (what the
//! record reader uses); [`Rule::game`] matches a whole game (without checking that variations
//! balance). Most users want
//! [`parse_str`](super::parse_str) or [`read_records`](super::read_records) instead.

#![allow(missing_docs)]

/// The generated parser: `RecordParser::parse(Rule::game, text)`.
#[derive(pest_derive::Parser)]
#[grammar = "grammar/record.pest"]
pub struct RecordParser;

/// A human-readable name for a rule, used in `syntax` errors.
pub fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of input",
        Rule::tag | Rule::unterminated_tag => "tag pair",
        Rule::tag_name => "tag name",
        Rule::tag_value => "quoted tag value",
        Rule::tag_text => "tag value text",
        Rule::tag_escape => "escape \\\" or \\\\",
        Rule::brace_comment | Rule::unterminated_comment | Rule::brace_comment_text => "comment",
        Rule::line_comment | Rule::line_comment_text => "line comment",
        Rule::move_number | Rule::move_digits => "move number",
        Rule::move_dots => "'.' or '...' after the move number",
        Rule::nag | Rule::nag_digits => "NAG",
        Rule::variation_start => "'('",
        Rule::variation_end => "')'",
        Rule::result => "result",
        Rule::r#move
        | Rule::hodges
        | Rule::engine_move
        | Rule::engine_drop
        | Rule::san
        | Rule::san_origin
        | Rule::san_pawn => "move",
        Rule::glyph => "glyph",
        Rule::piece => "piece",
        Rule::action => "action (- x * :)",
        Rule::square => "square",
        Rule::file_ascii | Rule::file_wide => "file (1-11)",
        Rule::rank_letter | Rule::rank_kanji => "rank (a-k or 一-十一)",
        Rule::facing => "facing",
        Rule::direction => "direction (N E S W)",
        Rule::marks => "mark (+ = #)",
        Rule::engine_piece => "piece letter",
        Rule::engine_square => "square",
        Rule::engine_file => "file (a-k)",
        Rule::engine_rank => "rank (1-11)",
        Rule::san_piece => "piece",
        Rule::san_file => "file (a-k)",
        Rule::san_rank => "rank (1-11)",
        Rule::san_capture => "'x'",
        Rule::game => "game",
        Rule::ws | Rule::hs | Rule::line_break => "whitespace",
        Rule::digit => "digit",
        Rule::token_end => "a separator (space, line break, comment, parenthesis)",
        Rule::comment => "comment",
        Rule::header_item => "tag pair or comment",
        Rule::movetext_item | Rule::next_token | Rule::tokens | Rule::fast_token => "token",
    }
}
