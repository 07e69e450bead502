"""A model written to a file that solvers outside boardsat read: the same instance, checked elsewhere.

A value boardsat proves is worth more when another solver can confirm it on the very same
instance, and comparing solvers is what researchers do with these models. So a model can leave
as a file, in the form its backends already solve:

- ``.cnf`` (DIMACS, satisfaction models only) and ``.wcnf`` (MaxSAT Evaluation 2022 format, the
  objective as soft unit clauses): the CNF the SAT backends solve, with the same named cardinality
  and circuit encodings (written by python-sat); a lazy circuit encoding, which adds its cuts
  while solving, has no file form, so circuits default to the complete ``vertex-elimination``;
- ``.lp``, ``.mps`` and ``.cip``: the 0-1 program the MIP backends solve (written by SCIP).

Model variables keep their order (DIMACS variable i is the model's i-th variable; encoders'
auxiliaries come after them) and are named after their keys, ``("knight", 3, 4)`` as
``knight_3_4``: in the 0-1 formats as column names, in the DIMACS formats as ``c var`` comments.
"""

from __future__ import annotations

import io
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from boardsat.core.errors import BoardsatError
from boardsat.core.files import new_file_target, write_new_file
from boardsat.core.model import Key, Model
from boardsat.core.results import EncodingSize

EXPORT_FORMATS = {
    ".cnf": "DIMACS CNF",
    ".wcnf": "weighted DIMACS CNF (MaxSAT)",
    ".lp": "CPLEX LP",
    ".mps": "MPS",
    ".cip": "SCIP CIP",
}
EXPORT_CIRCUIT_ENCODING = "vertex-elimination"  # the complete encoding that went furthest (tour.md)
_NAME_PART = re.compile(r"[^A-Za-z0-9_]+")


@dataclass(frozen=True)
class ExportedModel:
    """Which model went where, in which form, and the size of what was written."""

    model: str
    path: str
    form: str
    size: EncodingSize


def export_model(
    model: Model,
    path: str,
    *,
    cardinality: str = "auto",
    circuit: str = EXPORT_CIRCUIT_ENCODING,
) -> ExportedModel:
    """Write ``model`` to the new file ``path`` in the form its suffix names (EXPORT_FORMATS).

    ``cardinality`` and ``circuit`` name the CNF encodings (DIMACS forms only). The path is
    checked before the translation and the file created exclusively after it: nothing that
    exists is overwritten.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in EXPORT_FORMATS:
        raise BoardsatError(
            f"cannot tell the file form of {path!r}: end it in one of {', '.join(EXPORT_FORMATS)}"
        )
    new_file_target(path)
    if suffix in (".cnf", ".wcnf"):
        text, size = _dimacs(model, suffix, cardinality, circuit)
    else:
        text, size = _zero_one(model, suffix)
    write_new_file(path, text)
    return ExportedModel(model.name, path, EXPORT_FORMATS[suffix], size)


def variable_names(model: Model) -> list[str]:
    """One name per model variable, in order: its key's parts joined by ``_`` (nested tuples
    flattened, other characters dropped), or ``x<i>`` (its DIMACS number) where that would be
    empty, start with a non-letter, or repeat an earlier name."""
    names: list[str] = []
    seen: set[str] = set()
    for number, key in enumerate(model.keys(), start=1):
        name = "_".join(part for part in map(_clean, _key_parts(key)) if part)
        if not name[:1].isalpha() or name in seen:
            name = f"x{number}"
        seen.add(name)
        names.append(name)
    return names


def _key_parts(key: Key) -> list[str]:
    if isinstance(key, tuple):
        return [part for item in key for part in _key_parts(item)]
    return [str(key)]


def _clean(part: str) -> str:
    return _NAME_PART.sub("_", part).strip("_")


def _dimacs(model: Model, suffix: str, cardinality: str, circuit: str) -> tuple[str, EncodingSize]:
    # the writers are imported when a file is written, so that every command starts as fast
    from pysat.formula import CNF, WCNF

    from boardsat.encoders.cnf.backend import translate
    from boardsat.encoders.cnf.cardinality import check_encoding_name
    from boardsat.encoders.cnf.circuit import COMPLETE_CIRCUIT_ENCODINGS, check_circuit_encoding
    from boardsat.encoders.cnf.formula import CnfFormula

    if suffix == ".cnf" and model.objective is not None:
        raise BoardsatError(
            "a .cnf file holds no objective: write the minimisation as .wcnf, .lp, .mps or .cip"
        )
    if check_encoding_name(cardinality) == "native":
        raise BoardsatError("native cardinality lives inside a solver: a file needs clauses")
    if check_circuit_encoding(circuit) not in COMPLETE_CIRCUIT_ENCODINGS and model.has_circuit:
        raise BoardsatError(
            f"the {circuit!r} circuit encoding adds its cuts while solving and has no file form:"
            f" pick {' or '.join(COMPLETE_CIRCUIT_ENCODINGS)}"
        )
    formula = CnfFormula(keep=True)
    for _ in range(model.num_vars):
        formula.new_var()  # model variable i is CNF variable i
    refiners = translate(model.constraints, lambda lit: lit, formula, cardinality, circuit)
    assert not refiners and formula.kept is not None, "a complete encoding needs no cuts"
    comments = [f"c boardsat model {model.name}"]
    comments += [f"c var {number} {name}" for number, name in enumerate(variable_names(model), 1)]
    written: CNF | WCNF
    if suffix == ".cnf":
        written = CNF(from_clauses=formula.kept)
    else:
        written = WCNF()
        written.extend(formula.kept)
        if model.objective is not None:
            for weight, lit in model.objective.terms:
                written.append([-lit], weight=weight)  # the cost is paid when ``lit`` holds
    written.nv = formula.top
    text = io.StringIO()
    written.to_fp(text, comments=comments)
    soft = len(model.objective.terms) if suffix == ".wcnf" and model.objective is not None else 0
    return text.getvalue(), EncodingSize(formula.top, formula.num_clauses + soft)


def _zero_one(model: Model, suffix: str) -> tuple[str, EncodingSize]:
    from boardsat.encoders.mip.scip import zero_one_program

    if model.has_circuit:
        raise BoardsatError(
            f"a circuit has no 0-1 program here: write {model.name!r} as .cnf or .wcnf"
        )
    scip, _ = zero_one_program(model, variable_names(model))
    with tempfile.TemporaryDirectory() as folder:
        written = Path(folder) / f"model{suffix}"
        scip.writeProblem(str(written), verbose=False)
        text = written.read_text()
    return text, EncodingSize(scip.getNVars(), scip.getNConss())
