"""The benchmark harness: a matrix of cells (puzzle x instance x route x seed, each under its
limits) run each in its own child process, locally or on a Dask cluster, every row checked by
the puzzle's rules and against the other rows and the references, appended to a JSONL record
that a rerun resumes; then summary tables and plots.

The puzzles contribute their instances and routes through ``boardsat.models.<puzzle>.bench``
(a :class:`~boardsat.core.cells.PuzzleBench` named ``BENCH``); the CLI prints what this returns.
"""
