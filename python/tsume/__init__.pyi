"""Type stubs of the tsume package (python/tsume/__init__.py)."""

from typing import Iterable, Iterator, Tuple, Union

from ._tsume import (
    CheckResult as CheckResult,
    Finding as Finding,
    GamePuzzle as GamePuzzle,
    Generated as Generated,
    GenerateIterator as GenerateIterator,
    PieceTest as PieceTest,
    Position as Position,
    Problem as Problem,
    SolveResult as SolveResult,
    Solver as Solver,
    StopFlag as StopFlag,
    __version__ as __version__,
    check as check,
    generate as generate,
    puzzles_from_games as puzzles_from_games,
    read_problem as read_problem,
    solve as solve,
)

ProblemItem = Union[Position, str, Tuple[str, Union[Position, str]]]

def solve_many(problems: Iterable[ProblemItem], *, threads: int = 0, nodes: int = 0,
               time: float = 0.0, hash_mb: int = 64, answer: str = "exact",
               count_futile: bool = False, certify_nodes: int = 0, rules: str = "shogi",
               ordered: bool = False) -> Iterator[SolveResult]: ...
