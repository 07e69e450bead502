"""Proofs that outgrow one run: a claim split into cubes, each settled anywhere and kept at once
in a proof directory, resumed after any interruption, and checked with certificates."""
