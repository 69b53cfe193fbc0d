//! A replayed record judged ([`judge_main_line`]) and given back with the judgements
//! ([`annotated_record`]): a NAG and a comment after each judged move, and an Annotator tag.
//! `kifu analyze` writes that record in the normalized form (`writers::psn`).

use super::annotate::{Budget, Judge, PlyNote};
use super::mate::MateOptions;
use crate::for_game;
use crate::record::{Annotation, Comment, CommentKind, Nag, NodeId, Record, Span, Tag};
use crate::replay::{Report, Step};

/// A valid game's main line judged ply by ply (the report must come from a replay with
/// [`keep_moves`](crate::replay::ReplayOptions::keep_moves)): `each` gets the record's node of each
/// move and its note as soon as the ply is judged, so that nothing per ply need be kept.
/// False when the report has no replayed game.
pub fn judge_main_line(
    record: &Record,
    report: &Report,
    mate: MateOptions,
    budget: Budget,
    mut each: impl FnMut(NodeId, PlyNote),
) -> bool {
    let Some(played) = report.played.as_ref() else {
        return false;
    };
    for_game!(played, p => {
        let mut judging = None;
        let mut ply = 0;
        let mut line = p.main_line(&record.movetext);
        while let Some(step) = line.next() {
            match step {
                Step::LineStart { position, .. } => {
                    judging = Some(Judge::begin_judging(position, mate, budget));
                }
                Step::Ply { id, before, mv, after, .. } => {
                    if let Some(j) = judging.as_mut() {
                        ply += 1;
                        each(id, Judge::judge_ply(j, ply, before, mv, after));
                    }
                }
                Step::LineEnd { .. } => {}
            }
        }
    });
    true
}

/// What [`annotated_record`] adds after a judged move: its NAG and its comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyMark {
    /// The record's node of the judged move.
    pub node: NodeId,
    /// The NAG of the verdict (1 for `!`, 2 for `?`, 4 for `??`), if the move has one.
    pub nag: Option<u8>,
    /// The comment to add after the move, if any.
    pub comment: Option<String>,
}

impl PlyMark {
    /// The mark of a ply's note (the record's node of its move), if the note has a verdict or
    /// a comment.
    pub fn of(node: NodeId, note: PlyNote) -> Option<PlyMark> {
        (note.verdict.is_some() || note.comment.is_some()).then(|| PlyMark {
            node,
            nag: note.verdict.map(|v| v.nag()),
            comment: note.comment,
        })
    }
}

/// The record with each mark's NAG and comment after its move (unless the move has them
/// already), and an Annotator tag (in place of any other).
pub fn annotated_record(mut record: Record, marks: Vec<PlyMark>) -> Record {
    let span = Span::at(record.span.end);
    for PlyMark { node, nag, comment } in marks {
        let node = record.movetext.node_mut(node);
        // What an earlier analysis wrote is not written twice.
        let mut add = |a: Annotation| {
            let same = |b: &Annotation| match (&a, b) {
                (Annotation::Nag(x), Annotation::Nag(y)) => x.value == y.value,
                (Annotation::Comment(x), Annotation::Comment(y)) => x.text == y.text,
                _ => false,
            };
            if !node.annotations.iter().any(same) {
                node.annotations.push(a);
            }
        };
        if let Some(value) = nag {
            add(Annotation::Nag(Nag { value, span }));
        }
        if let Some(c) = comment {
            add(Annotation::Comment(Comment {
                kind: CommentKind::Brace,
                text: if c.contains('}') {
                    c.replace('}', ")")
                } else {
                    c
                },
                span,
            }));
        }
    }
    record.tags.retain(|t| !t.is("Annotator"));
    record.tags.push(Tag {
        name: "Annotator".into(),
        value: "kifu analyze".into(),
        name_span: span,
        value_span: span,
        span,
    });
    record
}
