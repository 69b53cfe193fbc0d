"""kifu: Wa shogi and Gufū shōgi game records, rules and diagrams, as python-chess is for chess.

Every rule, reader and writer is the kifu Rust library's; this package is its thin binding.

>>> import kifu
>>> board = kifu.Board("wa")
>>> len(board.legal_moves)
51
>>> str(board.push_text("SP-8g"))
'd4d5'
>>> game = next(kifu.read_games("fixtures/xboard/crazywa-01.pgn"))
>>> game.headers["variant"], game.is_valid
('crazywa', True)
"""

import os
import weakref
from typing import IO, Dict, Optional, Union

from ._kifu import (
    Board,
    Game,
    GameIter,
    Headers,
    IllegalMoveError,
    KifuError,
    LegalMoves,
    MateResult,
    Move,
    Node,
    Outcome,
    Piece,
    PlyNote,
    PositionError,
    Problem,
    RecordError,
    SolveResult,
    Value,
    __version__,
    analyze,
    mate,
    read_games,
    rows,
    solve,
    validate,
)

__all__ = [
    "Board",
    "Game",
    "GameIter",
    "Headers",
    "IllegalMoveError",
    "KifuError",
    "LegalMoves",
    "MateResult",
    "Move",
    "Node",
    "Outcome",
    "Piece",
    "PlyNote",
    "PositionError",
    "Problem",
    "RecordError",
    "SolveResult",
    "Value",
    "__version__",
    "analyze",
    "mate",
    "read_game",
    "read_games",
    "rows",
    "solve",
    "validate",
]

# The games left to read of each open handle given to read_game.
_handles: "weakref.WeakKeyDictionary[object, GameIter]" = weakref.WeakKeyDictionary()
_handles_by_id: Dict[int, GameIter] = {}


def read_game(
    handle_or_path: Union[str, "os.PathLike[str]", IO[str], IO[bytes]],
    variant: Optional[str] = None,
    strict: bool = False,
) -> Optional[Game]:
    """The next game of an open handle (text or binary), or the first game of a path (or of
    bytes); None when there is none left.

    As ``chess.pgn.read_game``: call it again on the same handle for the next game. The
    handle is read whole on the first call (its games are then handed out one by one).
    ``variant`` and ``strict`` are as for :func:`read_games`.

    >>> kifu.read_game("fixtures/xboard/crazywa-01.pgn").headers["Result"]
    '0-1'
    >>> with open("fixtures/gufu/gufu-two-games.psn", encoding="utf-8") as f:
    ...     first, second, third = kifu.read_game(f), kifu.read_game(f), kifu.read_game(f)
    >>> first.index, second.index, third
    (1, 2, None)
    """
    if isinstance(handle_or_path, (str, bytes, os.PathLike)):
        return next(read_games(handle_or_path, variant=variant, strict=strict), None)
    try:
        games = _handles.get(handle_or_path)
    except TypeError:
        games = _handles_by_id.get(id(handle_or_path))
    if games is None:
        games = read_games(handle_or_path, variant=variant, strict=strict)
        try:
            _handles[handle_or_path] = games
        except TypeError:
            _handles_by_id[id(handle_or_path)] = games
    return next(games, None)
