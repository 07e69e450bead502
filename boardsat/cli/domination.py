"""`boardsat domination`: minimum knight placements (their benchmark is the `domination` matrix)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any, cast

import click
import cloup
from click.core import ParameterSource

from boardsat.cli.common import (
    PictureFiles,
    emit_json,
    end_at_limit,
    refuse_beside_export,
    refuse_given,
    report_export,
    show_answer,
    solving_command,
)
from boardsat.cli.domination_options import (
    AUTO_SPLITTER,
    BOARD_AND_MODEL,
    COUNTING,
    OUTPUT,
    PROOFS_AND_CUBES,
    ROUTES_AND_BACKENDS,
)
from boardsat.cli.proof import prove_and_report
from boardsat.cli.terminal import current, knights_board
from boardsat.core.backends import CPSAT, MIP_BACKENDS
from boardsat.core.deadline import NoAnswerInTime
from boardsat.core.errors import BoardsatError
from boardsat.core.files import new_file_target, write_new_file
from boardsat.core.results import Status
from boardsat.core.wording import counted as counted_words
from boardsat.encoders.cnf.backend import check_proof_path
from boardsat.encoders.export import export_model
from boardsat.models.board import Board
from boardsat.models.domination import Domination, build_model
from boardsat.models.domination.answer import LEGEND, render
from boardsat.models.domination.counting.colour_count import COUNTER as COLOURS
from boardsat.models.domination.counting.count import (
    AUTO,
    DEFAULT_BACKEND,
    ENUMERATE,
    ON_SOLVER,
    count_minimum_placements,
    pick_counter,
)
from boardsat.models.domination.counting.zdd import COUNTER as ZDD
from boardsat.models.domination.instance_file import answer_file
from boardsat.models.domination.model import build_refutation
from boardsat.models.domination.order import DEFAULT_ORDER
from boardsat.models.domination.proving.cubes import DEFAULT_SPLITTER
from boardsat.models.domination.published import published_minimum
from boardsat.models.domination.solve import DominationRequest, solve_request
from boardsat.models.instance_file import read_instance
from boardsat.proof.count import count_by_cubes
from boardsat.proof.cubes import CubeRequest
from boardsat.proof.minimum import NoProofBegun, prove_minimum
from boardsat.proof.run import Plan

SOLVING_OPTIONS = (
    "backend",
    "time_limit",
    "route",
    "seed",
    "proof",
    "optimisation",
    "workers",
    "split",
    "svg",
    "png",
    "save",
)
CUBE_OPTIONS = (
    "cubes",
    "dask",
    "proof_dir",
    "cube_route",
    "cube_limit",
    "cube_count",
    "lemma_limit",
    "ledger",
    "whole_lemma_limit",
    "checkpoint_every",
    "start_file",
)
COUNT_OPTIONS = ("count", "listing")
SOLVING_ONLY = (
    "route",
    "seed",
    "optimisation",
    "workers",
    "split",
    "symmetry",
    "tiles",
    "order",
    "save",
)
"""The options that shape the search for one placement, which a count runs on the default route."""


@cloup.command(name="domination")
@click.argument("rows", type=click.IntRange(min=1))
@click.argument("cols", type=click.IntRange(min=1), required=False)
@BOARD_AND_MODEL
@ROUTES_AND_BACKENDS
@PROOFS_AND_CUBES
@COUNTING
@OUTPUT
@solving_command
def command(
    rows: int,
    cols: int | None,
    variant: str,
    backend: str,
    time_limit: float | None,
    route: str,
    seed: int,
    proof: str | None,
    optimisation: str | None,
    workers: int | None,
    symmetry: bool | None,
    order: str | None,
    tiles: int,
    split: bool | None,
    svg: str | None,
    png: str | None,
    start_file: str | None,
    save: str | None,
    cubes: str | None,
    dask: str | None,
    proof_dir: str | None,
    cube_route: str,
    cube_limit: float,
    cube_count: int,
    lemma_limit: float,
    ledger: str | None,
    whole_lemma_limit: float,
    checkpoint_every: float | None,
    count: str | None,
    listing: str | None,
    export_path: str | None,
    at_most: int | None,
    as_json: bool,
) -> None:
    """Place as few knights as possible on a ROWS x COLS board (square when COLS is left out).

    The route decides how (--route lists them); the total variant splits into the knights on
    dark and on light squares, two independent problems of half the size. The options of one
    backend (--proof, --optimisation, --workers) need --route single. --export writes the whole
    board's model (knight_ROW_COL, row 0 at the top) for other solvers instead, with the
    lex-leader rows only if --symmetry asks for them; with --at-most, or as .cnf, the claim of
    at most so many knights. --count counts every placement of the proven minimum instead.
    """
    board = Domination(rows, cols or rows, variant)
    if export_path is None:
        refuse_given(["at_most"], "belongs to --export")
    if export_path is not None:
        refuse_beside_export((*SOLVING_OPTIONS, *CUBE_OPTIONS, *COUNT_OPTIONS))
        at_most = _claimed_knights(board, at_most, export_path)
        if at_most is None:
            built = build_model(
                board, symmetry=bool(symmetry), tiles=tiles, order=order or DEFAULT_ORDER
            )
        else:
            refuse_given(["tiles"], "bound the minimisation; --at-most exports a claim")
            built = build_refutation(
                board.rows,
                board.cols,
                variant,
                at_most,
                symmetry=bool(symmetry),
                order=order or DEFAULT_ORDER,
            )
        report_export(export_model(built.model, export_path), as_json)
    elif count is not None:
        refuse_given(SOLVING_ONLY, "cannot go with --count")
        if cubes is not None and count == AUTO:
            count = ENUMERATE  # cubes split the one enumeration of the whole board
        count = pick_counter(count, variant)
        if count not in ON_SOLVER:
            refuse_given(["backend", "proof"], "belongs to a counter on a solver")
        if count != ENUMERATE:
            refuse_given(CUBE_OPTIONS, "belongs to --count enumerate")
        by_cubes = None
        if cubes is None:
            refuse_given(CUBE_OPTIONS, "needs --cubes")
        else:
            if cubes != "lookahead":
                raise click.UsageError("a count splits by lookahead: give --cubes lookahead")
            refuse_given(
                ["backend", "proof", "lemma_limit", "start_file", "checkpoint_every"],
                "cannot go with --count --cubes: --cube-route names the solver, and the proof"
                " directory keeps the certificates",
            )
            by_cubes = CubeRequest(
                cubes,
                cube_count,
                dask,
                proof_dir,
                Plan(cube_route, cube_limit, lemma_limit=whole_lemma_limit),
                lemma_limit,
                ledger,
            )
        given_backend = click.get_current_context().get_parameter_source("backend")
        counting = CountRequest(
            board,
            count,
            backend if given_backend is ParameterSource.COMMANDLINE else DEFAULT_BACKEND,
            time_limit,
            proof,
            listing,
            by_cubes,
        )
        _count(counting, PictureFiles.asked({"svg": svg, "png": png}), as_json)
    elif cubes is not None:
        cubes = DEFAULT_SPLITTER[variant] if cubes == AUTO_SPLITTER else cubes
        refuse_given(["listing"], "needs --count")
        beside = [name for name in SOLVING_OPTIONS if name != "time_limit"]
        refuse_given(
            [*beside, "symmetry", "tiles"], "cannot go with --cubes, which runs solves of its own"
        )
        if cubes != "bands":
            refuse_given(["lemma_limit"], "bounds the windows of a band split: --cubes bands")
        if cubes == "lookahead":
            refuse_given(
                ["checkpoint_every"],
                "carries lemmas and whole claims across runs, and a lookahead split has neither",
            )
        plan = Plan(
            cube_route, cube_limit, lemma_limit=whole_lemma_limit, checkpoint_every=checkpoint_every
        )
        asked = CubeRequest(cubes, cube_count, dask, proof_dir, plan, lemma_limit, ledger)
        start = None if start_file is None else _answer_placement(start_file, board)
        try:
            prove_and_report(
                lambda terminal: prove_minimum(
                    board,
                    asked,
                    find_limit=time_limit,
                    start=start,
                    order=order,
                    on_progress=terminal.show,
                    on_note=terminal.note,
                ),
                as_json,
            )
        except NoProofBegun as stopped:  # Ctrl-C: the best placement so far, as a solve shows it
            _show_unproven(board, stopped, as_json)
    else:
        refuse_given(["listing"], "needs --count")
        refuse_given(CUBE_OPTIONS, "cannot go without --cubes")
        options = _backend_options(backend, route, proof, optimisation, workers)
        pictures = PictureFiles.asked({"svg": svg, "png": png})
        request = DominationRequest(
            rows,
            cols or rows,
            variant,
            route=route,
            backend=backend,
            time_limit=time_limit,
            symmetry=symmetry,
            tiles=tiles,
            seed=seed,
            split=split,
            options=options,
            order=order,
        )
        if save is not None:
            new_file_target(save)  # a taken name is refused before the solve
        _solve(request, proof, pictures, as_json, save)


def _show_unproven(board: Domination, stopped: NoProofBegun, as_json: bool) -> None:
    """The placement a proof was to start from, drawn as a solve's answer, and why no proof
    was begun."""
    if as_json:
        emit_json(stopped.answer)
        return
    squares = [(row, col) for row, col in stopped.placement]
    drawn = render(Board(board.rows, board.cols), squares)
    proven = "proven optimal" if stopped.answer["proven_optimal"] else "not proven optimal"
    found = f"{counted_words(len(squares), 'knight')} ({board.variant}), {proven}"
    current().answer(f"{drawn}\n{LEGEND}\n{found}; {stopped}", drawn.split("\n"))


def _answer_placement(path: str, board: Domination) -> list[list[int]]:
    """The placement an answer file holds for ``board``, refused in one line when the file is of
    another board or variant, or its placement breaks the rules."""
    checked = read_instance(path).check()
    document = checked.document
    if (document["rows"], document["cols"], document["variant"]) != (
        board.rows,
        board.cols,
        board.variant,
    ):
        raise BoardsatError(f"{path} holds {checked.summary}, not this board and variant")
    if not checked.valid:
        raise BoardsatError(f"{path}: its placement breaks the rules: {checked.problems[0]}")
    squares = cast(frozenset[tuple[int, int]], checked.answer)
    return sorted([row, col] for row, col in squares)


def _solve(
    request: DominationRequest,
    proof: str | None,
    pictures: PictureFiles,
    as_json: bool,
    save: str | None = None,
) -> None:
    """The placement on the request's route, printed with its proof's file and pictures, and
    saved with its board when asked (not when the limit left none)."""
    answer = solve_request(request, current().race_events())
    if save is not None and answer.placement:
        found_by = f"boardsat {version('boardsat')}: {answer.summary()}"
        write_new_file(save, answer_file(answer, found_by))
    lines = [answer.text()]
    if answer.result.proof:
        lines.append(f"DRUP proof: {answer.result.proof} (the CNF it refutes beside it)")
    elif proof is not None and answer.result.status is Status.UNKNOWN:
        lines.append("no DRUP proof written: nothing was proven within the time limit")
    elif proof is not None:
        lines.append("no DRUP proof written: the time limit ran out during its re-proof")
    show_answer(answer.to_json(), lines, as_json, pictures, answer, knights_board(answer))
    end_at_limit(answer.limit_reached)


@dataclass(frozen=True)
class CountRequest:
    """What ``--count`` was asked: the board, the counter and its backend, the time limit, and
    the new files for the certificate and the list of orbits."""

    board: Domination
    counter: str
    backend: str
    time_limit: float | None
    certificate: str | None
    listing: str | None
    cubes: CubeRequest | None = None  # with --cubes: split into cubes, resumable


def _count(request: CountRequest, pictures: PictureFiles, as_json: bool) -> None:
    """Count the minimum placements and print the count; where the limit came before the
    minimum was proven, say so on stdout, as every limit reports, and end with its status."""
    if request.certificate is not None and request.counter != COLOURS:
        check_proof_path(request.certificate)  # the colours counter checks its halves' names
    if request.listing is not None:
        new_file_target(request.listing)
    started = time.perf_counter()
    try:
        _count_and_show(request, pictures, as_json)
    except NoAnswerInTime as unproven:  # the limit came before the minimum was proven
        current().stop()
        if as_json:
            emit_json(_uncounted(request, time.perf_counter() - started))
        else:
            current().answer(str(unproven))
        end_at_limit(True)


def _uncounted(request: CountRequest, seconds: float) -> dict[str, Any]:
    """The JSON of a count that never began: no minimum, nothing counted, incomplete."""
    board = request.board
    return {
        "rows": board.rows,
        "cols": board.cols,
        "variant": board.variant,
        "status": Status.UNKNOWN.value,
        "proven_optimal": False,
        "lower_bound": None,
        "knights": None,
        "count": 0,
        "count_up_to_symmetry": 0,
        "complete": False,
        "counter": request.counter,
        "backend": None if request.counter == ZDD else request.backend,
        "certificate": None,
        "seconds": round(seconds, 3),
    }


def _count_and_show(request: CountRequest, pictures: PictureFiles, as_json: bool) -> None:
    """Count on the request's counter, or by cubes; write the list of orbits; print the count."""
    if request.cubes is None:
        counted = count_minimum_placements(
            request.board,
            counter=request.counter,
            backend=request.backend,
            time_limit=request.time_limit,
            certificate=request.certificate,
        )
        document, lines = counted.to_json(), [counted.text()]
    else:
        terminal = current()
        by_cubes = count_by_cubes(
            request.board,
            request.cubes,
            find_limit=request.time_limit,
            on_progress=terminal.show,
            on_note=terminal.note,
        )
        terminal.stop()
        counted, document, lines = by_cubes.count, by_cubes.to_json(), by_cubes.lines()
    if request.listing is not None and not counted.listed:
        lines.append(f"no {request.listing} written: the orbits were counted, not listed")
    elif request.listing is not None:
        rows = "".join(json.dumps(row) + "\n" for row in counted.listing())
        write_new_file(request.listing, rows)
        document["list"] = request.listing
        orbits = counted_words(counted.count_up_to_symmetry, "orbit")
        lines.append(f"{orbits} listed in {request.listing}, one representative each")
    show_answer(document, lines, as_json, pictures, counted)
    end_at_limit(not counted.complete)


def _claimed_knights(board: Domination, at_most: int | None, path: str) -> int | None:
    """The knights of the claim to export: those asked for, or for a DIMACS file, which holds no
    objective, the published minimum less one (all the squares where none exists); None: the
    minimisation."""
    if at_most is not None or not path.lower().endswith(".cnf"):
        return at_most
    try:
        if board.rows != board.cols:
            raise KeyError(board.rows)
        minimum = published_minimum(board.rows, board.variant)
    except KeyError:
        raise BoardsatError(
            f"a .cnf file holds the claim of at most K knights, and {board.rows}x{board.cols}"
            f" {board.variant} has no published minimum to take K from: give --at-most K, or"
            " write the minimisation as .wcnf, .lp, .mps or .cip"
        ) from None
    return board.rows * board.cols if minimum is None else minimum - 1


def _backend_options(
    backend: str, route: str, proof: str | None, optimisation: str | None, workers: int | None
) -> dict[str, Any]:
    """The flags that configure one backend, refused in one line where that backend has none."""
    given_sat = (("--proof", proof), ("--optimisation", optimisation))
    sat_only = [flag for flag, value in given_sat if value is not None]
    if backend in (CPSAT, *MIP_BACKENDS) and sat_only:
        needs = "needs" if len(sat_only) == 1 else "need"
        raise BoardsatError(f"{' and '.join(sat_only)} {needs} a SAT backend, not {backend}")
    if backend != CPSAT and workers is not None:
        raise BoardsatError("--workers is a CP-SAT option")
    given = {"proof": proof, "optimisation": optimisation, "workers": workers}
    options = {key: value for key, value in given.items() if value is not None}
    if options and route != "single":
        flags = ", ".join(f"--{key}" for key in sorted(options))
        raise BoardsatError(f"{flags} configure one backend: add --route single")
    return options
