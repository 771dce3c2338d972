"""Tsume-shogi (詰将棋) solver, soundness checker and problem generator.

The compiled module ``tsume._tsume`` holds the library's functions; this package adds
:func:`solve_many`. Everything here has the semantics of the ``tsume`` command line::

    import tsume
    p = tsume.Position.from_sfen("3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1")
    r = tsume.solve(p)                  # r.status, r.length, r.exact, r.pv, r.pv_japanese
    v = tsume.check(p)                  # v.verdict, v.reason, v.cooks, ...
    for g in tsume.generate(count=5, plies=(3, 7), mode="training", seed=1):
        print(g.sfen, g.length, g.difficulty)
    for r in tsume.solve_many(sfens, threads=0):   # every core, results as they complete
        print(r.index, r.status, r.length)
    for q in tsume.puzzles_from_games(["game.kif"], plies=(3, 11)):  # mates found in games
        print(q.id, q.sfen, q.length, q.game_move)

Searches release the GIL; Ctrl-C (KeyboardInterrupt) stops them.
"""

from __future__ import annotations

import concurrent.futures
import os
import threading
from typing import Dict, Iterable, Iterator, Optional, Tuple, Union

from . import _tsume
from ._tsume import (
    CheckResult,
    Finding,
    GamePuzzle,
    Generated,
    GenerateIterator,
    PieceTest,
    Position,
    Problem,
    SolveResult,
    Solver,
    StopFlag,
    __version__,
    check,
    generate,
    puzzles_from_games,
    read_problem,
    solve,
)

__all__ = [
    "CheckResult",
    "Finding",
    "GamePuzzle",
    "Generated",
    "GenerateIterator",
    "PieceTest",
    "Position",
    "Problem",
    "SolveResult",
    "Solver",
    "StopFlag",
    "__version__",
    "check",
    "generate",
    "puzzles_from_games",
    "read_problem",
    "solve",
    "solve_many",
]

ProblemItem = Union[Position, str, Tuple[str, Union[Position, str]]]


def solve_many(
    problems: Iterable[ProblemItem],
    *,
    threads: int = 0,
    nodes: int = 0,
    time: float = 0.0,
    hash_mb: int = 128,
    answer: str = "exact",
    count_futile: bool = False,
    certify_nodes: int = 0,
    rules: str = "shogi",
    ordered: bool = False,
) -> Iterator[SolveResult]:
    """Solves many problems on ``threads`` threads (0: every core) and yields each result as it
    completes (in input order with ``ordered=True``).

    Each item is a Position, a SFEN string, or an ``(id, Position or SFEN)`` pair; a result's
    ``index`` is the item's place in the input and ``id`` the given id (else None). An item that
    cannot be read gives a result with status ``'error'`` and the reader's message in ``error``,
    and the batch goes on, as ``tsume solve`` does. Each thread solves one problem at a time on
    its own table of ``hash_mb / threads`` megabytes; the answers do not depend on ``threads``.
    The input is read lazily (at most a few items per thread ahead). Leaving the loop early, or
    Ctrl-C, stops the searches in progress. Bad arguments raise ValueError at once.
    """
    if threads < 0 or threads > 1024:
        raise ValueError("threads must be between 0 and 1024")
    workers = threads or os.cpu_count() or 1
    if hash_mb < 1 or hash_mb > 1048576:
        raise ValueError("hash_mb must be between 1 and 1048576")
    share = max(hash_mb // workers, 1)
    # The arguments are checked before any thread starts, with solve's messages.
    for name, value in (("nodes", nodes), ("certify_nodes", certify_nodes)):
        if value < 0:
            raise ValueError(f"{name} must be 0 (no limit) or a positive number")
    if not time >= 0:
        raise ValueError("time must be 0 (no limit) or a positive number of seconds")
    if answer not in ("exact", "first"):
        raise ValueError(f"answer must be exact or first, not '{answer}'")
    if rules not in ("shogi", "sho"):
        raise ValueError(f"rules must be shogi or sho, not '{rules}'")

    return _solve_many(problems, workers, share,
                       dict(nodes=nodes, time=time, answer=answer, count_futile=count_futile,
                            certify_nodes=certify_nodes, rules=rules), ordered)


def _solve_many(problems: Iterable[ProblemItem], workers: int, share: int,
                options: Dict[str, object], ordered: bool) -> Iterator[SolveResult]:
    """solve_many's generator, once the arguments are checked."""
    stop = StopFlag()
    local = threading.local()

    def work(index: int, item: ProblemItem) -> SolveResult:
        key: Optional[str] = None
        if isinstance(item, tuple):
            key, item = str(item[0]), item[1]
        solver = getattr(local, "solver", None)
        if solver is None:
            solver = local.solver = Solver(hash_mb=share, threads=1)
        try:
            result = solver.solve(item, stop=stop, **options)
        except ValueError as e:
            result = _tsume._error_result(str(e), item if isinstance(item, str) else "")
        result.index = index
        result.id = key
        return result

    source = enumerate(problems)
    window = 4 * workers  # items in flight
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers,
                                                 thread_name_prefix="tsume-solve")
    pending: Dict[concurrent.futures.Future, int] = {}
    done_early: Dict[int, SolveResult] = {}  # ordered=True: results waiting for those before them
    next_out = 0
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < window:
                try:
                    index, item = next(source)
                except StopIteration:
                    exhausted = True
                    break
                pending[pool.submit(work, index, item)] = index
            if not pending:
                break
            finished, _ = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: pending[f]):
                del pending[future]
                result = future.result()
                if not ordered:
                    yield result
                    continue
                done_early[result.index] = result
            while ordered and next_out in done_early:
                yield done_early.pop(next_out)
                next_out += 1
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)

