"""kifu.Board and kifu.Move: the rules through the library, as a python-chess user uses them."""

import copy

import pytest

import kifu


def test_start_positions():
    wa = kifu.Board()
    assert wa.variant == "wa"
    assert wa.turn == "black"
    assert len(wa.legal_moves) == 51
    assert wa.perft(2) == 2601
    gufu = kifu.Board("gufu")
    assert len(gufu.legal_moves) == 24
    assert gufu.position_string() == "2/2/2 b KkWS 1"
    assert kifu.Board("wa-nodrop").variant == "wa-nodrop"
    with pytest.raises(ValueError):
        kifu.Board("chess")


def test_push_pop_peek_move_stack():
    board = kifu.Board("wa")
    start = board.position_string()
    m = board.push_text("SP-8g")
    assert isinstance(m, kifu.Move)
    assert (m.from_square, m.to_square, m.drop, m.promotion) == ("8h", "8g", None, False)
    assert str(m) == "d4d5"
    assert board.turn == "white"
    assert board.peek() == m
    assert board.move_stack == [m]
    assert board.pop() == m
    assert board.position_string() == start
    assert board.move_stack == []
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()
    board.push(m)
    assert board.turn == "white"


def test_legal_moves_is_sized_iterable_with_in():
    board = kifu.Board("wa")
    moves = board.legal_moves
    listed = list(moves)
    assert len(listed) == len(moves) == moves.count() == 51
    assert listed[0] in moves
    assert kifu.Move.from_engine("d4d6") not in moves
    assert moves[-1] == listed[-1]


def test_push_illegal_raises_with_kind_and_board_unchanged():
    board = kifu.Board("wa")
    before = board.position_string()
    with pytest.raises(kifu.IllegalMoveError) as e:
        board.push(kifu.Move.from_engine("d4d6"))
    assert e.value.kind == "cannot_move_that_way"
    assert isinstance(e.value, ValueError)
    assert board.position_string() == before
    assert board.move_stack == []


def test_push_text_errors_have_kind_and_help():
    board = kifu.Board("wa")
    with pytest.raises(kifu.IllegalMoveError) as e:
        board.push_text("SP-7c")
    assert e.value.kind == "cannot_move_that_way"
    assert "7c" in e.value.message
    with pytest.raises(kifu.IllegalMoveError) as e:
        board.push_text("not a move")
    assert e.value.kind == "syntax"
    with pytest.raises(kifu.IllegalMoveError) as e:
        board.push_text("SP-8g SP-8c")
    assert e.value.kind == "syntax"
    assert board.move_stack == []


def test_push_text_reads_every_notation():
    for text in ["SP-8g", "SP8h-8g", "d4d5", "SP-8七", "SP8八-8七"]:
        board = kifu.Board("wa")
        assert str(board.push_text(text)) == "d4d5", text
    gufu = kifu.Board("gufu")
    m = gufu.push_text("K*2三>W")
    assert (m.drop, m.to_square, m.facing, m.from_square) == ("K", "2c", "W", None)
    assert str(m) == "K@2c>W"


def test_ambiguous_move_kind_and_help():
    board = kifu.Board("wa", "5k5/11/11/11/6L1L2/11/11/11/11/11/5K5 w 0 1")
    with pytest.raises(kifu.IllegalMoveError) as e:
        board.push_text("SO-4f")
    assert e.value.kind == "ambiguous_move"
    assert "5e" in e.value.help and "3e" in e.value.help
    assert str(board.push_text("SO5e-4f")) == "g7h6"
    gufu = kifu.Board("gufu")
    gufu.push_text("K*2三>W")
    with pytest.raises(kifu.IllegalMoveError) as e:
        gufu.push_text("K*2三>W")
    assert e.value.kind == "drop_on_occupied"


def test_move_text_notations():
    board = kifu.Board("wa")
    m = kifu.Move.from_engine("d4d5")
    assert board.move_text(m) == "SP-8g"
    assert board.move_text(m, notation="long") == "SP8h-8g"
    assert board.move_text(m, notation="long", ranks="kanji") == "SP8八-8七"
    assert board.move_text(m, notation="engine") == "d4d5"
    assert board.move_text(m, notation="san") == "d5"
    gufu = kifu.Board("gufu")
    with pytest.raises(ValueError):
        gufu.move_text(gufu.legal_moves[0], notation="san")
    assert gufu.move_text(gufu.legal_moves[0]) == "K*2一>N"
    with pytest.raises(kifu.IllegalMoveError):
        board.move_text(kifu.Move.from_engine("d4d6"))


def test_move_from_engine_round_trip_and_hash():
    for text in ["h3g4", "c9c10+", "P@e5"]:
        m = kifu.Move.from_engine(text)
        assert str(m) == text
        assert kifu.Move.from_engine(text) == m
        assert hash(kifu.Move.from_engine(text)) == hash(m)
    assert kifu.Move.from_engine("P@e5").drop == "SP"
    assert kifu.Move.from_engine("c9c10+").promotion is True
    for m in kifu.Board("gufu").legal_moves:
        assert kifu.Move.from_engine(str(m), variant="gufu") == m
    with pytest.raises(ValueError):
        kifu.Move.from_engine("z9z9")
    assert len({kifu.Move.from_engine("h3g4"), kifu.Move.from_engine("h3g4")}) == 1


def test_wrong_game_move_is_a_type_error():
    with pytest.raises(TypeError):
        kifu.Board("wa").push(kifu.Board("gufu").legal_moves[0])


def test_position_string_round_trip_and_errors():
    board = kifu.Board("wa")
    board.push_text("SP-8g")
    again = kifu.Board("wa", board.position_string())
    assert again == board
    assert hash(again) == hash(board)
    assert again != kifu.Board("wa")
    with pytest.raises(kifu.PositionError) as e:
        kifu.Board("wa", "garbage")
    assert e.value.kind == "bad_position"
    assert isinstance(e.value.offset, int)
    assert isinstance(e.value, ValueError)


def test_piece_at_and_hands():
    board = kifu.Board("wa")
    p = board.piece_at("8h")
    assert (p.symbol, p.color, p.promoted, p.facing) == ("SP", "black", False, None)
    assert board.piece_at("8八") == p
    assert board.piece_at("d4") == p
    assert board.piece_at("8g") is None
    with pytest.raises(ValueError):
        board.piece_at("12a")
    assert board.hands == {"black": {}, "white": {}}
    gufu = kifu.Board("gufu")
    assert gufu.hands == {"black": {"K": 1}, "white": {"K": 1}, "shared": {"W": 1, "S": 1}}
    gufu.push_text("K*2三>W")
    king = gufu.piece_at("2三")
    assert (king.symbol, king.color, king.facing) == ("K", "black", "W")
    assert gufu.hands["black"] == {}


MATE = [
    "K*2三>W", "K*1二>W", "W*1一>E", "S*2一>W", "S-2二>N+", "K-1三>N", "S:2二>E+",
    "Wx2二>S+", "K-1二>N", "S*2一>W", "K:1二>E", "W-2三>W+", "Kx2一>S", "S*1一>E",
    "W-1二>N", "K:1三>E", "Sx1二>S#",
]


def test_check_checkmate_outcome():
    board = kifu.Board("gufu")
    for text in MATE:
        assert not board.is_game_over()
        board.push_text(text)
    assert board.is_check()
    assert board.is_checkmate()
    assert board.is_game_over()
    o = board.outcome()
    assert (o.winner, o.termination, o.result) == ("black", "checkmate", "1-0")
    assert len(board.legal_moves) == 0
    assert kifu.Board("gufu").outcome() is None
    assert not kifu.Board().is_check()


def test_copy_is_independent():
    board = kifu.Board("wa")
    board.push_text("SP-8g")
    other = board.copy()
    assert other == board and other.move_stack == board.move_stack
    other.push_text("d8d7")
    assert other != board
    assert len(board.move_stack) == 1
    assert copy.deepcopy(board) == board


def test_perft_python_loop_matches_rust():
    def perft(board, depth):
        if depth == 0:
            return 1
        n = 0
        for m in board.legal_moves:
            board.push(m)
            n += perft(board, depth - 1)
            board.pop()
        return n

    for variant in ["wa", "gufu"]:
        board = kifu.Board(variant)
        assert perft(board, 2) == board.perft(2)


def test_svg_and_png():
    board = kifu.Board("wa")
    m = board.push_text("SP-8g")
    doc = board.svg()
    assert doc.startswith("<svg")
    assert "lastmove" not in doc
    assert "lastmove" in board.svg(last_move=m)
    assert "lastmove" in board._repr_svg_()
    assert board.svg(flip=True) != doc
    assert 'width="300"' in board.svg(size=300)
    png = board.png(size=200)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert kifu.Board("gufu").svg().startswith("<svg")


def test_a_rust_panic_is_an_exception_not_an_abort():
    with pytest.raises(BaseException) as e:
        kifu._kifu._panic_for_test()
    assert "deliberate panic" in str(e.value)
    # The interpreter goes on.
    assert len(kifu.Board().legal_moves) == 51


def test_is_legal_and_parse_text_leave_the_board_unchanged():
    board = kifu.Board("wa")
    m = board.parse_text("SP-8g")
    assert m == kifu.Move.from_engine("d4d5")
    assert board.is_legal(m) and not board.is_legal(kifu.Move.from_engine("d4d6"))
    assert not board.is_legal(kifu.Board("gufu").legal_moves[0])
    assert board.move_stack == [] and board == kifu.Board("wa")
    with pytest.raises(kifu.IllegalMoveError) as e:
        board.parse_text("SP-7c")
    assert e.value.kind == "cannot_move_that_way"
    assert e.value.help.startswith("the SPs stand on")


def test_piece_names_and_kanji():
    board = kifu.Board("wa")
    king = board.piece_at("6k")
    assert (king.symbol, king.name, king.color) == ("CK", "Crane King", "black")
    assert king.kanji == "靏玉"
    assert board.piece_at("8h").kanji == "萑歩"
    gufu = kifu.Board("gufu")
    gufu.push_text("K*2三>W")
    assert gufu.piece_at("2c").name == "King"


def test_boards_hash_by_position_not_by_moves():
    a, b = kifu.Board("gufu"), kifu.Board("gufu")
    a.push_text("K*2三>W")
    b.push_text("K*2三>W")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert kifu.Board("gufu") != kifu.Board("wa") and kifu.Board() != "not a board"
    assert kifu.Board("wa") != kifu.Board("wa-nodrop")


def test_errors_are_kifu_errors_and_value_errors():
    for error in [kifu.IllegalMoveError, kifu.PositionError, kifu.RecordError]:
        assert issubclass(error, kifu.KifuError) and issubclass(error, ValueError)
    with pytest.raises(kifu.KifuError) as e:
        kifu.Board("wa", "garbage")
    assert (e.value.kind, e.value.help) == ("bad_position", None)
    assert e.value.message == str(e.value)
