"""Count minimum placements by cubes, so that a long count runs on many workers and resumes.

The minimum is proven first. Then the placements of that many knights are split by lookahead
into cubes over the knights, and each cube's orbit representatives are listed on a worker (here,
or on Dask), under the lex-leader break on a SAT solver. Each finished cube is appended to
``DIR/enumeration.jsonl`` at once, so a rerun with the same folder lists only the cubes left; a
cube that outruns its limit is split again. Once every cube is listed, the claim that no
placement exists besides those found (``CountClaim``) is proven by cubes in ``DIR/proof``, a
proof directory like a minimum's, on the same cubes; each refutation keeps its certificate, and
the count is certified when ``boardsat.proof.check`` accepts them all (``check=True`` asks for
that here; ``boardsat proof check`` does it on many cores, and resumes). What
``boardsat domination N --count --cubes lookahead`` runs.

>>> import tempfile
>>> from boardsat.models.domination import Domination
>>> from boardsat.proof.cubes import CubeRequest
>>> with tempfile.TemporaryDirectory() as folder:
...     request = CubeRequest("lookahead", cubes=4, directory=folder + "/c")
...     counted = count_by_cubes(Domination(5, 5, "dominating"), request, check=True).count
...     print(counted.count, counted.count_up_to_symmetry, counted.complete, counted.certified)
47 8 True True
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardsat.core.child import ChildFailed, TimedOut, run_in_child
from boardsat.core.deadline import cancelled
from boardsat.core.errors import BoardsatError
from boardsat.core.files import append_json_line
from boardsat.core.wording import counted
from boardsat.models.board import Square
from boardsat.models.domination.counting.count import (
    ENUMERATE,
    PlacementCount,
    proven_minimum,
    tally,
)
from boardsat.models.domination.counting.enumeration import (
    CLAUSAL,
    enumerate_representatives,
    orbit_sizes,
)
from boardsat.models.domination.instance import Domination
from boardsat.models.domination.proving.cubes import CountClaim, DominationClaim
from boardsat.models.domination.routes import ORDER, backend_kind
from boardsat.models.domination.solve import solve
from boardsat.proof.check import check_proof
from boardsat.proof.cubes import CubeProof, CubeRequest, OnProgress, progress_line, run_cubes
from boardsat.proof.pools import GRACE_S, open_pool
from boardsat.proof.run import open_proof
from boardsat.proof.status import counterexample
from boardsat.solving.cube import Cube, Split
from boardsat.solving.lookahead import lookahead_cubes

ENUMERATION = "enumeration.jsonl"
PROOF = "proof"
Placement = list[list[int]]


@dataclass(frozen=True)
class CountJob:
    """One cube's representatives to list, in a child killed past ``limit``."""

    ident: str
    instance: Domination
    knights: int
    cube: Cube
    backend: str
    limit: float | None

    def run(self) -> tuple[list[Placement], bool]:
        """The representatives found (squares as lists) and whether the cube was exhausted."""
        try:
            ran = run_in_child(self._listed, self.limit, grace=GRACE_S, quiet=True)
        except ChildFailed:  # out of memory, or a solver that died: unlisted, like a timeout
            return [], False
        return ([], False) if isinstance(ran, TimedOut) else ran.value

    def _listed(self) -> tuple[list[Placement], bool]:
        found, exhausted = enumerate_representatives(
            self.instance, self.knights, self.backend, self.cube, self.limit
        )
        return [sorted([row, col] for row, col in placement) for placement in found], exhausted


@dataclass(frozen=True)
class CubeCount:
    """A count by cubes: the count, and the proof of its completeness (None until every cube
    is listed)."""

    count: PlacementCount
    proof: CubeProof | None

    def lines(self) -> list[str]:
        """The count's lines, then the proof's."""
        return [self.count.text(), *(self.proof.lines() if self.proof is not None else [])]

    def to_json(self) -> dict[str, Any]:
        """The count's JSON, with the proof's verdict and folder once there is one."""
        document = self.count.to_json()
        if self.proof is not None:
            document |= {
                "verdict": self.proof.verdict,
                "directory": str(self.proof.directory.path),
            }
        return document


def count_by_cubes(
    instance: Domination,
    request: CubeRequest,
    *,
    find_limit: float | None = None,
    on_progress: OnProgress | None = None,
    on_note: Callable[[str], None] | None = None,
    check: bool = False,
) -> CubeCount:
    """Count the minimum placements of ``instance`` cube by cube in the request's folder
    (resumed when it holds this count), then prove that none was missed; with ``check``, the
    proof's certificates are checked here and the count is certified."""
    started = time.perf_counter()
    route = request.plan.route
    if backend_kind(route) not in CLAUSAL:
        raise BoardsatError(f"a count by cubes lists placements on a SAT solver, not {route}")
    knights = proven_minimum(solve(instance, time_limit=find_limit))
    rows, cols, variant = instance.rows, instance.cols, instance.variant
    folder = Path(request.directory or f"domination-{rows}x{cols}-{variant}.count")
    order = ORDER[backend_kind(route)]
    splitting = DominationClaim(rows, cols, variant, knights, order=order)
    log = _EnumerationLog(folder, instance, knights, order, on_note)
    if not log.cubes:
        log.start(lookahead_cubes(splitting, Cube(), request.cubes, over=splitting.decisions()))
    with open_pool(request.dask, 1) as pool:
        for cube in log.open_cubes():
            pool.submit(
                CountJob(cube.ident, instance, knights, cube, route, request.plan.cube_limit)
            )
        for job, outcome in pool.completed():
            if cancelled():
                break
            if isinstance(outcome, str):
                raise BoardsatError(f"cube {job.ident}: {outcome}")
            placements, exhausted = outcome
            if exhausted:
                log.listed(job.cube, placements)
            else:
                children = lookahead_cubes(
                    splitting, job.cube, request.plan.resplit, over=splitting.decisions()
                )
                if len(children) < 2:
                    raise BoardsatError(f"cube {job.ident} outran its limit and cannot be split")
                log.split(job.cube, children)
                for child in children:
                    pool.submit(CountJob(child.ident, instance, knights, child, route, job.limit))
            if on_progress is not None:
                on_progress(log.progress())
    found = log.placements()
    complete = not log.open_cubes()
    representatives = orbit_sizes(instance, found)
    if not complete:
        count = tally(
            instance, knights, representatives, False, _since(started), ENUMERATE, route, None
        )
        return CubeCount(count, None)
    proof = _prove_complete(instance, knights, order, found, log, request, on_progress)
    certificate = None
    if check and proof.status.proven:
        if not check_proof(proof.directory).certified_all:
            raise AssertionError(f"the certificates in {proof.directory.path} failed their check")
        certificate = str(proof.directory.path)
    count = tally(
        instance, knights, representatives, True, _since(started), ENUMERATE, route, certificate
    )
    return CubeCount(count, proof)


def _prove_complete(
    instance: Domination,
    knights: int,
    order: str,
    found: list[frozenset[Square]],
    log: _EnumerationLog,
    request: CubeRequest,
    on_progress: OnProgress | None,
) -> CubeProof:
    """Refute every placement besides ``found``, by cubes on the enumeration's leaves."""
    blocked = tuple(tuple(sorted(placement)) for placement in found)
    claim = CountClaim(instance.rows, instance.cols, instance.variant, knights, blocked, order)
    leaves = tuple(log.leaves())
    directory = open_proof(
        str(log.folder / PROOF),
        claim,
        [[list(square) for square in placement] for placement in blocked],
        lambda: Split("", "lookahead", leaves, params={"cubes": len(leaves)}),
    )
    status = run_cubes(directory, request, claim.decisions(), on_progress)
    witness = counterexample(directory)
    if witness is not None:
        raise AssertionError(f"cube {witness.task} holds a placement the enumeration missed")
    listed = counted(len(found), "placement")
    verdict = (
        f"no other placement: the {listed} listed are every orbit, proven by cubes"
        if status.proven
        else f"{listed} listed; their completeness is not proven yet ({progress_line(status)})"
    )
    return CubeProof(verdict, directory, status)


class _EnumerationLog:
    """``DIR/enumeration.jsonl``: the count it is for, then one line per cube listed or split."""

    def __init__(
        self,
        folder: Path,
        instance: Domination,
        knights: int,
        order: str,
        on_note: Callable[[str], None] | None,
    ) -> None:
        self.folder = folder
        self.path = folder / ENUMERATION
        self.header = {
            "rows": instance.rows,
            "cols": instance.cols,
            "variant": instance.variant,
            "knights": knights,
            "order": order,
        }
        self.cubes: list[Cube] = []
        self.done: dict[str, list[Placement]] = {}
        self.children: dict[str, list[Cube]] = {}
        if self.path.is_file():
            self._read()
            if on_note is not None:
                on_note(f"resuming the count in {folder}")
        elif folder.exists():
            raise BoardsatError(f"{folder} exists already and holds no count")

    def _read(self) -> None:
        try:
            first, *entries = [json.loads(line) for line in self.path.read_text().splitlines()]
        except (OSError, ValueError) as error:
            raise BoardsatError(f"{self.path} cannot be read: {error}") from None
        if {key: first.get(key) for key in self.header} != self.header:
            raise BoardsatError(f"{self.folder} holds the count of another board or minimum")
        self.cubes = [Cube.from_json(cube) for cube in first["cubes"]]
        for entry in entries:
            if "placements" in entry:
                self.done[entry["cube"]] = entry["placements"]
            else:
                self.children[entry["cube"]] = [Cube.from_json(cube) for cube in entry["split"]]

    def start(self, cubes: list[Cube]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        append_json_line(self.path, {**self.header, "cubes": [cube.to_json() for cube in cubes]})
        self.cubes = cubes

    def listed(self, cube: Cube, placements: list[Placement]) -> None:
        append_json_line(self.path, {"cube": cube.ident, "placements": placements})
        self.done[cube.ident] = placements

    def split(self, cube: Cube, children: list[Cube]) -> None:
        append_json_line(
            self.path, {"cube": cube.ident, "split": [child.to_json() for child in children]}
        )
        self.children[cube.ident] = children

    def leaves(self) -> list[Cube]:
        """The cubes not split again: together they cover every placement."""
        found, stack = [], list(reversed(self.cubes))
        while stack:
            cube = stack.pop()
            if cube.ident in self.children:
                stack.extend(reversed(self.children[cube.ident]))
            else:
                found.append(cube)
        return found

    def open_cubes(self) -> list[Cube]:
        return [cube for cube in self.leaves() if cube.ident not in self.done]

    def placements(self) -> list[frozenset[Square]]:
        return [
            frozenset((int(row), int(col)) for row, col in placement)
            for cube in self.leaves()
            for placement in self.done.get(cube.ident, [])
        ]

    def progress(self) -> str:
        leaves = self.leaves()
        listed = sum(1 for cube in leaves if cube.ident in self.done)
        found = sum(len(self.done.get(cube.ident, [])) for cube in leaves)
        return (
            f"{listed} of {counted(len(leaves), 'cube')} listed,"
            f" {counted(found, 'representative')} found"
        )


def _since(started: float) -> float:
    return time.perf_counter() - started
