"""Proving a minimum by cubes: the claims, their splits, and the lemmas that bound them.

``cubes.py`` states "no placement of k knights" and splits it (whole, bands, lookahead,
colours); ``halves.py`` is the total variant's split by colour, one lemma per half.
"""
