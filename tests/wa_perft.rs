use kifu::rules::perft;
use kifu::wa::{Position, Variant};

#[test]
fn wa_start_perft() {
    let pos = Position::start(Variant::Wa);
    assert_eq!(perft(&pos, 1), 51);
    assert_eq!(perft(&pos, 2), 2_601);
    assert_eq!(perft(&pos, 3), 126_574);
}
