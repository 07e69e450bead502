"""Prove the fewest knights for every board up to N x N in each variant, and plot them.

Every value is proven optimal by the default route, its placement checked by the rules, and
compared with the published sequence (OEIS A342576, A006075, A261752). The plot needs matplotlib
(`pip install 'boardsat[plot]'`); it is written to the file given as the first argument, or to a
new file in a fresh temporary folder. Run: python examples/domination_numbers.py [FILE.png]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # a file, never a window: scripts run headless
import matplotlib.pyplot as plt

from boardsat.core.results import Status
from boardsat.models.domination import VARIANTS, Domination, published_minimum, solve, validate

N = 10

sizes = range(1, N + 1)
proven: dict[str, list[int | None]] = {}  # None: no placement exists (total on tiny boards)
for variant in VARIANTS:
    values = []
    for n in sizes:
        answer = solve(Domination(n, n, variant))
        settled = answer.proven_optimal or answer.result.status is Status.UNSATISFIABLE
        assert settled, f"{variant} {n} is not proven"
        if answer.knights is not None:
            assert validate(Domination(n, n, variant), answer.placement) == [], (
                "the rules refuse it"
            )
        assert answer.knights == published_minimum(n, variant), f"{variant} {n} disagrees"
        values.append(answer.knights)
    proven[variant] = values
    print(f"{variant:<12} " + " ".join(f"{value if value else '-':>3}" for value in values))

figure, axes = plt.subplots(figsize=(6, 4))
for variant, values in proven.items():
    shown = [n for n, value in zip(sizes, values, strict=True) if value is not None]
    axes.plot(shown, [value for value in values if value is not None], marker="o", label=variant)
axes.set_xlabel("board side n")
axes.set_ylabel("fewest knights (proven)")
axes.set_title("Knight domination on n x n boards")
axes.legend()
target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp()) / "domination.png"
if target.exists():
    sys.exit(f"{target} exists already; it is not overwritten")
figure.savefig(target, dpi=120)
print(f"plot: {target}")
