"""What the three planning puzzles share: the puzzle protocol, the routes (SAT horizons, A*, BFS,
the race), the answer value, pictures, cubes and benchmarks."""
