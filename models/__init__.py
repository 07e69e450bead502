"""The puzzles: one package each (model, rules, routes, answer, pictures, benchmark, seed check),
the ``planning`` package the three planning puzzles share, ``board`` (the knights' geometry),
``instance_file`` (the instance-file reader) and ``registry`` (the puzzles, named once)."""
