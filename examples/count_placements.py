"""Count the minimum knight placements on every board up to N x N, in each variant.

For each board the minimum is proven, then every placement of it is counted: all of them, and
up to rotation and reflection. The dominating counts are held to the published ones (OEIS
A103315 and A006076); nothing is published for the other two variants. Each cell prints as
ALL/ORBITS. Run: python examples/count_placements.py [N] (default 12; the largest boards take minutes).
"""

from __future__ import annotations

import sys

from boardsat.models.domination import VARIANTS, Domination, count_minimum_placements
from boardsat.models.domination.published import (
    PUBLISHED_ORBITS_DOMINATING,
    PUBLISHED_PLACEMENTS_DOMINATING,
)

N = int(sys.argv[1]) if len(sys.argv) > 1 else 12

print(f"{'n':>3}  " + "  ".join(f"{variant:>16}" for variant in VARIANTS))
for n in range(1, N + 1):
    cells = []
    for variant in VARIANTS:
        if variant == "total" and n < 4:  # a square no knight attacks: nothing to count
            cells.append(f"{'-':>16}")
            continue
        counted = count_minimum_placements(Domination(n, n, variant))
        assert counted.complete, f"{variant} {n} was not counted to the end"
        if variant == "dominating":
            published = (PUBLISHED_PLACEMENTS_DOMINATING[n - 1], PUBLISHED_ORBITS_DOMINATING[n - 1])
            assert (counted.count, counted.count_up_to_symmetry) == published, f"{n} disagrees"
        cells.append(f"{f'{counted.count}/{counted.count_up_to_symmetry}':>16}")
    print(f"{n:>3}  " + "  ".join(cells))
