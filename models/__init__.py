"""The puzzles: one module each, with rules, model builders, decoders and seed instances."""
