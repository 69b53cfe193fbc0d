"""Type stubs of kifu's compiled part (the classes and functions kifu re-exports).

The docstrings here are short; the compiled objects' own (``help(kifu.Board.push_text)``) have
a ``>>>`` example each, and docs/python.md is the whole reference.
"""

import os
from typing import IO, Dict, Iterator, List, Optional, Sequence, Tuple, Union

_Path = Union[str, "os.PathLike[str]"]
_Source = Union[_Path, Sequence[_Path], bytes, IO[str], IO[bytes]]

__version__: str

class KifuError(ValueError):
    """Base of kifu's errors: a ValueError with a kind, a message and a help."""

    kind: str
    message: str
    help: Optional[str]

class IllegalMoveError(KifuError):
    """A move illegal, ambiguous or unreadable on the position (kind: the validate kind)."""

class PositionError(KifuError):
    """A malformed position string (kind "bad_position"); offset: the byte where it fails."""

    offset: Optional[int]

class RecordError(KifuError):
    """A record that cannot be read (kind "syntax", "io", ...), with line and column."""

    line: Optional[int]
    column: Optional[int]

class Move:
    """A move of Wa shogi or Gufū shōgi; str() is its coordinates (Wa engine, Gufū kifu's)."""

    @staticmethod
    def from_engine(text: str, variant: str = "wa") -> "Move":
        """Reads engine coordinates (h3g4, c9c10+, P@e5) or, for Gufū, 2c1c>E, K@2c>N."""
    @property
    def from_square(self) -> Optional[str]:
        """The square the piece leaves ("7h"), None for a drop."""
    @property
    def to_square(self) -> str:
        """The square where the move ends."""
    @property
    def drop(self) -> Optional[str]:
        """The piece dropped ("SP", "K"), or None."""
    @property
    def promotion(self) -> bool:
        """Whether the move promotes (Wa)."""
    @property
    def facing(self) -> Optional[str]:
        """Gufū: the facing the piece ends with ("N", "E", "S", "W"); Wa: None."""
    @property
    def game(self) -> str:
        """"wa" or "gufu"."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Piece:
    """A piece on the board: symbol ("SP"), name ("Sparrow Pawn"), kanji ("萑歩"), color
    ("black", "white", None for a Gufū shared piece), promoted, facing (Gufū)."""

    symbol: str
    name: str
    kanji: str
    color: Optional[str]
    promoted: bool
    facing: Optional[str]

class Outcome:
    """How a game ended: winner ("black", "white", None), termination, result ("1-0")."""

    winner: Optional[str]
    termination: str
    result: str

class LegalMoves:
    """The legal moves of a position: sized, iterable, indexable, with `in`."""

    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __getitem__(self, i: int) -> Move: ...
    def __contains__(self, move: Move) -> bool: ...
    def __bool__(self) -> bool: ...
    def count(self) -> int:
        """The number of legal moves."""

class Board:
    """A position of Wa shogi ("wa", "wa-nodrop") or Gufū shōgi ("gufu") with its moves."""

    def __init__(self, variant: str = "wa", position: Optional[str] = None) -> None: ...
    @property
    def variant(self) -> str:
        """"wa", "wa-nodrop" or "gufu"."""
    @property
    def turn(self) -> str:
        """The side to move: "black" (the first mover) or "white"."""
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves."""
    @property
    def move_stack(self) -> List[Move]:
        """The moves played, first first."""
    @property
    def hands(self) -> Dict[str, Dict[str, int]]:
        """The pieces in hand by side (Gufū: also "shared")."""
    def is_legal(self, move: Move) -> bool:
        """Whether the move is legal here."""
    def push(self, move: Move) -> None:
        """Plays a move (IllegalMoveError if illegal)."""
    def push_text(self, text: str) -> Move:
        """Plays a move written in any notation kifu reads, and returns it."""
    def parse_text(self, text: str) -> Move:
        """Resolves a move written as text without playing it."""
    def pop(self) -> Move:
        """Takes back the last move."""
    def peek(self) -> Move:
        """The last move played."""
    def move_text(self, move: Move, notation: str = "hodges", ranks: Optional[str] = None) -> str:
        """A legal move in "hodges", "long", "engine" or "san", ranks "letters" or "kanji"."""
    def position_string(self) -> str:
        """The position string (Wa FEN, Gufū kifu's form)."""
    def piece_at(self, square: str) -> Optional[Piece]:
        """The piece on a square ("8g", "2一", Wa also "g4")."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, or None."""
    def copy(self) -> "Board":
        """A copy, with its move stack."""
    def perft(self, depth: int) -> int:
        """Leaf nodes of the legal-move tree depth plies deep."""
    def svg(self, flip: bool = False, last_move: Optional[Move] = None, size: Optional[int] = None) -> str:
        """An SVG diagram."""
    def _repr_svg_(self) -> str:
        """The SVG diagram (for Jupyter)."""
    def png(self, size: Optional[int] = None, flip: bool = False, last_move: Optional[Move] = None) -> bytes:
        """A PNG image of the diagram."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Problem:
    """A problem found in a record, as kifu validate reports it."""

    kind: str
    message: str
    line: Optional[int]
    column: Optional[int]
    ply: Optional[int]
    move: Optional[str]
    help: Optional[str]
    def to_dict(self) -> Dict[str, object]:
        """As validate --format json's problem object."""

class Headers:
    """A game's tag pairs: read-only, case-insensitive, in file order."""

    def __getitem__(self, name: str) -> str: ...
    def get(self, name: str, default: Optional[str] = None) -> Optional[str]:
        """The value of a tag, or default."""
    def __contains__(self, name: object) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    def keys(self) -> List[str]:
        """The tag names."""
    def values(self) -> List[str]:
        """The tag values."""
    def items(self) -> List[Tuple[str, str]]:
        """The (name, value) pairs."""

class Node:
    """A node of a game's move tree."""

    @property
    def move(self) -> Optional[Move]:
        """The move played here."""
    @property
    def ply(self) -> int:
        """The ply of the move (0 at the start)."""
    @property
    def text(self) -> Optional[str]:
        """The move as written."""
    @property
    def comment(self) -> str:
        """The comments after the move."""
    @property
    def nags(self) -> List[int]:
        """The NAGs of the move."""
    @property
    def variations(self) -> List["Node"]:
        """The nodes that may follow: the main continuation first."""
    @property
    def parent(self) -> Optional["Node"]:
        """The node before this one (None at the start)."""
    def is_mainline(self) -> bool:
        """Whether the node is on the main line."""
    def board(self) -> Board:
        """The board after this node's move."""
    def game(self) -> "Game":
        """The game of the node."""

class Game:
    """A game read from a record."""

    @property
    def headers(self) -> Headers:
        """The tag pairs."""
    @property
    def variant(self) -> Optional[str]:
        """"wa", "wa-nodrop", "gufu", or None."""
    @property
    def errors(self) -> List[Problem]:
        """The errors, as kifu validate reports them."""
    @property
    def warnings(self) -> List[Problem]:
        """The warnings."""
    @property
    def is_valid(self) -> bool:
        """Whether every move was replayed without an error."""
    @property
    def file(self) -> str:
        """The file the game was read from ("<stream>" for a handle, "<bytes>" for bytes)."""
    @property
    def index(self) -> int:
        """The game's number in its file, from 1."""
    def outcome(self) -> Optional[Outcome]:
        """How the main line ended."""
    def board(self) -> Board:
        """The board at the start."""
    def mainline(self) -> List[Node]:
        """The main line's nodes."""
    def mainline_moves(self) -> List[Move]:
        """The main line's moves as replayed."""
    def end(self) -> Node:
        """The last main-line node."""
    def root(self) -> Node:
        """The start node."""
    def text(self, notation: str = "hodges", ranks: Optional[str] = None) -> str:
        """The game in normalized PSN."""
    def html(self, notation: str = "hodges", ranks: Optional[str] = None, flip: bool = False) -> str:
        """The HTML replay page."""

class GameIter:
    """An iterator over games."""

    def __iter__(self) -> "GameIter": ...
    def __next__(self) -> Game: ...

def read_games(source: _Source, variant: Optional[str] = None, strict: bool = False) -> GameIter:
    """The games of a file, directory, list of paths, bytes or open handle."""

def validate(paths: _Source, variant: Optional[str] = None) -> List[Dict[str, object]]:
    """validate --format json's records, as dicts."""

def rows(
    paths: _Source,
    per: str = "ply",
    notation: str = "hodges",
    ranks: Optional[str] = None,
    variant: Optional[str] = None,
) -> List[Dict[str, object]]:
    """convert --to csv's rows, as dicts."""

class MateResult:
    """What kifu.mate found."""

    found: str
    moves: Optional[int]
    line: List[Move]
    line_text: List[str]
    first_moves: List[Move]
    complete: bool
    nodes: int
    def __bool__(self) -> bool: ...

class Value:
    """A position's value with perfect play."""

    outcome: str
    plies: Optional[int]

class SolveResult:
    """What kifu.solve says of a Gufū position."""

    value: Value
    moves: List[Tuple[Move, Value]]
    best: Optional[Move]

class PlyNote:
    """One ply of kifu.analyze."""

    ply: int
    move: str
    before: str
    after: str
    best: Optional[str]
    verdict: Optional[str]
    nag: Optional[int]
    comment: Optional[str]

def mate(board: Board, depth: int = 3, all_moves: bool = False, max_nodes: int = 5000000, all_solutions: bool = False, time_limit: Optional[float] = None) -> MateResult:
    """The shortest forced mate for the side to move."""

def solve(board: Board) -> SolveResult:
    """Gufū solved exactly."""

def analyze(game: Game, mate_depth: int = 3, max_nodes: int = 1000000) -> List[PlyNote]:
    """Every main-line ply of a valid game judged."""
