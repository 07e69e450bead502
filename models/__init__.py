"""The puzzles: one package each (model, rules, routes, answer, pictures, benchmark, seed check),
and the flat modules they share (board geometry; the planning puzzles' route, answer and bench)."""
