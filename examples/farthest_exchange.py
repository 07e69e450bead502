"""The exchange positions farthest from the seed's start, each reached by a proven-optimal plan.

The BFS oracle walks every position reachable from the start and keeps the last layer; the
default planner (the SAT planner raced against A*) then proves the fewest moves to each of those
positions as a goal. The two must agree: the oracle's depth is the planner's optimum. Run: python examples/farthest_exchange.py
"""

from __future__ import annotations

from boardsat.core.deadline import Deadline
from boardsat.models.exchange import Exchange, ExchangePuzzle, replay, seed_instance, solve
from boardsat.models.planning.solve import farthest_positions

PROVEN = 1  # one shows the method; raise it to prove them all

seed = seed_instance()
puzzle = ExchangePuzzle(seed)
farthest = farthest_positions(puzzle, Deadline(None))
assert farthest.distance is not None and farthest.positions is not None
start_text = puzzle.position_text(seed.start)
print(
    f"from {start_text}: {farthest.reachable} positions reachable, "
    f"{len(farthest.positions)} of them {farthest.distance} moves away:"
)
print("\n".join(f"  {text}" for text in farthest.positions))
for goal_text in farthest.positions[:PROVEN]:
    instance = Exchange.parse(start_text, goal_text)
    answer = solve(instance)
    assert answer.moves is not None and answer.outcome.proven_optimal
    assert replay(instance, answer.moves)[-1] == instance.goal  # the puzzle's own rules agree
    assert len(answer.moves) == farthest.distance, "the planner and BFS disagree"
    print(
        f"{start_text} to {goal_text}: {len(answer.moves)} moves, proven optimal in"
        f" {answer.outcome.seconds:.2f} s by the {answer.outcome.route} route"
    )
