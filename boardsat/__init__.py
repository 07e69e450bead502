"""boardsat: board puzzles stated once as solver-neutral models, solved on CP-SAT or any SAT solver."""

from boardsat.backends import Capabilities, available_backends, backend_names, capabilities
from boardsat.deadline import Deadline
from boardsat.errors import BoardsatError
from boardsat.model import Arc, Cardinality, Circuit, Clause, Model, Objective
from boardsat.results import EncodingSize, Enumeration, Result, Status
from boardsat.solve import enumerate_solutions, open_session, solve

__all__ = [
    "Arc",
    "BoardsatError",
    "Capabilities",
    "Cardinality",
    "Circuit",
    "Clause",
    "Deadline",
    "EncodingSize",
    "Enumeration",
    "Model",
    "Objective",
    "Result",
    "Status",
    "available_backends",
    "backend_names",
    "capabilities",
    "enumerate_solutions",
    "open_session",
    "solve",
]
