"""Backends and encodings: the solver-neutral model translated for CP-SAT and python-sat solvers."""
