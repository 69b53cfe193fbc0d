//! Game records: the text as written (tags, moves, comments, variations, with spans).
