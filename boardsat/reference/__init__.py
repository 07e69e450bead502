"""The references answers are checked against: a plain breadth-first search over each puzzle's own
moves, and a brute-force model enumerator. They share no code with the encoders."""
