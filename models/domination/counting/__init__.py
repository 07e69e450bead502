"""Counting minimum placements: every placement of the proven minimum, all and up to symmetry.

``count.py`` is the front door (``count_minimum_placements``); ``enumeration.py`` lists one
placement per orbit and certifies that none is missed; ``colour_count.py`` counts the total
variant half by half; ``zdd.py`` counts by decision diagram, sharing nothing with the solvers.
"""
