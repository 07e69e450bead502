"""From a model to an answer: the solve front door, the race of routes, the planning horizon
sweep, A* search, and cube-and-conquer (split a claim into cubes, settle each cube)."""
