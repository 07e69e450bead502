"""The options of `boardsat domination`, in groups by what they are for, as its --help shows
them (cloup's option groups): the board and its model, routes and backends, proofs and cubes,
counting, and output. The command's module reads them; this one only declares them."""

from __future__ import annotations

import click
import cloup

from boardsat.cli.common import backend_option, json_option, picture_options, time_limit_option
from boardsat.cli.proof import (
    CHECKPOINT_EVERY_OPTION,
    LEDGER_OPTION,
    WHOLE_LEMMA_LIMIT_OPTION,
    cube_options,
)
from boardsat.core.backends import MAX_SEED, MAX_WORKERS
from boardsat.encoders.export import EXPORT_FORMATS
from boardsat.models.domination.counting.count import AUTO, COUNTERS, DEFAULT_BACKEND
from boardsat.models.domination.model import VARIANTS
from boardsat.models.domination.order import ORDERS
from boardsat.models.domination.proving.cubes import SPLITTERS, WINDOW_LIMIT_S
from boardsat.models.domination.routes import ORDER, ROUTES, describe_auto

AUTO_SPLITTER = "auto"  # --cubes alone: DEFAULT_SPLITTER by variant


def _default_orders() -> str:
    return ", ".join(f"{kind} {order}" for kind, order in ORDER.items())


BOARD_AND_MODEL = cloup.option_group(
    "Board and model",
    click.option(
        "--variant",
        type=click.Choice(VARIANTS),
        default="independent",
        show_default=True,
        help="independent (the seed's rules), dominating, or total.",
    ),
    click.option(
        "--symmetry/--no-symmetry",
        default=None,
        help="The lex-leader symmetry break (default: on in the single route on CP-SAT and SAT"
        " backends only).",
    ),
    click.option(
        "--order",
        type=click.Choice(tuple(ORDERS)),
        help="The order the model lists the squares in: the knights' variables, the cardinality"
        " encoding's literals and the lex-leader break follow it (default: by backend kind,"
        f" {_default_orders()}).",
    ),
    click.option(
        "--tiles",
        type=click.IntRange(min=0),
        default=0,
        help="Add per-tile lower bounds on tiles of this side (0: none).",
    ),
    click.option(
        "--split/--no-split",
        default=None,
        help="Total variant: solve the knights on dark and on light squares apart, two independent"
        " covers (default: on for total, unless --tiles or --proof).",
    ),
)


ROUTES_AND_BACKENDS = cloup.option_group(
    "Routes and backends",
    backend_option(),
    click.option(
        "--route",
        type=click.Choice(tuple(ROUTES)),
        default="auto",
        show_default=True,
        help="; ".join(f"{name}: {route.summary}" for name, route in ROUTES.items())
        + f". AUTO (squares per backend kind): {describe_auto()}."
        + " LINE_UPS and AUTO are in boardsat.models.domination (race.py, routes.py).",
    ),
    click.option(
        "--seed",
        type=click.IntRange(min=0, max=MAX_SEED),
        default=1,
        show_default=True,
        help="CP-SAT's and Gurobi's random seed, SCIP's seed shift, the total race's model shuffle:"
        " proof times vary by seed (SAT solvers take none).",
    ),
    click.option(
        "--optimisation",
        type=click.Choice(("linear-down", "linear-up", "maxsat")),
        help="SAT backends, --route single: bound search from above or below, or MaxSAT (RC2).",
    ),
    click.option(
        "--workers",
        type=click.IntRange(min=1, max=MAX_WORKERS),
        help="CP-SAT, --route single: portfolio workers (default 8).",
    ),
    time_limit_option,
)


PROOFS_AND_CUBES = cloup.option_group(
    "Proofs and cubes",
    click.option(
        "--proof",
        type=click.Path(dir_okay=False),
        help="SAT backends, --route single: write the DRUP proof that one knight fewer (or any"
        " placement, on a board with none) is impossible, and the CNF it refutes beside it (with"
        " the lex-leader clauses unless --no-symmetry). With --count: the certificate that the count"
        " missed no placement.",
    ),
    click.option(
        "--cubes",
        type=click.Choice([AUTO_SPLITTER, *SPLITTERS]),
        is_flag=False,
        flag_value=AUTO_SPLITTER,
        help="Prove the placement found optimal by cube and conquer (auto, the default: colours for"
        " total, whole otherwise; whole: the claim"
        " as one cube, split by lookahead only if it outruns --cube-limit; bands: one cube per"
        " count of knights in each band of rows; lookahead: on the knights; colours, total only: a"
        " lemma per colour's half); the proof is kept in --proof-dir and resumed there."
        " --time-limit bounds the search for the placement.",
    ),
    click.option(
        "--from",
        "start_file",
        type=click.Path(dir_okay=False),
        metavar="FILE.toml",
        help="--cubes: start a new proof from the placement this answer file holds (checked by the"
        " rules first), instead of searching: reruns split alike, and a --ledger's lines match.",
    ),
    click.option(
        "--lemma-limit",
        type=click.FloatRange(min=0, min_open=True),
        default=WINDOW_LIMIT_S,
        show_default=True,
        help="--cubes bands: seconds for CP-SAT to bound the knights in each window of bands; a"
        " higher bound is a stronger lemma, which leaves fewer cubes.",
    ),
    cube_options("domination-ROWSxCOLS-VARIANT.proof"),
    LEDGER_OPTION,
    WHOLE_LEMMA_LIMIT_OPTION,
    CHECKPOINT_EVERY_OPTION,
)


COUNTING = cloup.option_group(
    "Counting",
    click.option(
        "--count",
        type=click.Choice((AUTO, *COUNTERS)),
        is_flag=False,
        flag_value=AUTO,
        help="Count every placement of the proven minimum, all and up to rotation and reflection"
        f" (enumerate: one per orbit on --backend, {DEFAULT_BACKEND} unless given; colours, total"
        " only: each colour's half listed alone, then paired; zdd: a decision diagram, small boards;"
        " auto: colours for total, else enumerate). --proof keeps the certificate that the count is"
        " complete (colours: one per half, PROOF's name with -dark or -light added); --svg and --png"
        " draw one board per orbit. With --cubes lookahead the enumeration is split into cubes, kept"
        " and resumed in --proof-dir (default domination-ROWSxCOLS-VARIANT.count), and its"
        " completeness proven by cubes there.",
    ),
    click.option(
        "--list",
        "listing",
        type=click.Path(dir_okay=False),
        metavar="FILE.jsonl",
        help="--count: write one line per orbit to this new file: a representative's squares and"
        " the orbit's size.",
    ),
)


OUTPUT = cloup.option_group(
    "Output",
    picture_options(),
    click.option(
        "--save",
        type=click.Path(dir_okay=False),
        metavar="FILE.toml",
        help="Write the board and the placement found into this new instance file, in an [answer]"
        " table that `boardsat solve FILE --check` holds to the rules.",
    ),
    click.option(
        "--export",
        "export_path",
        type=click.Path(dir_okay=False),
        help="Write the model to this new file instead of solving it, in the form its suffix names: "
        + ", ".join(suffix for suffix in EXPORT_FORMATS if suffix != ".cnf")
        + " (the minimisation), or .cnf (DIMACS: the claim of --at-most knights).",
    ),
    click.option(
        "--at-most",
        type=click.IntRange(min=0),
        metavar="K",
        help='--export the claim "at most K knights" instead of the minimisation: its refutation'
        " proves that K + 1 are needed (for .cnf, K defaults to the published minimum less one).",
    ),
    json_option,
)
