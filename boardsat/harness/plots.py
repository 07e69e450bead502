"""A sweep's plots, each as PNG and SVG: a cactus plot (cells solved against time, per route),
time against instance size per route, and a scatter of two routes' PAR-2 scores.

matplotlib draws on a bare ``Figure`` (no pyplot, no global state, no display needed). Every
file is checked to be new before any is drawn, so a taken name costs nothing.
"""

from __future__ import annotations

import importlib.util
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardsat.core.errors import BoardsatError
from boardsat.core.files import new_file_target
from boardsat.harness.records import Row
from boardsat.harness.report import score, solved

if TYPE_CHECKING:
    from matplotlib.figure import Figure

PLOTS = ("cactus", "size", "scatter")
MISSING = "plots need matplotlib: pip install 'boardsat[plot]'"
FORMATS = ("png", "svg")


def plot_files(folder: Path) -> list[Path]:
    """The files the plots go to in ``folder`` (made if missing), each refused in one line if
    taken; asked before a sweep, so that a missing matplotlib is said before the work."""
    if importlib.util.find_spec("matplotlib") is None:
        raise BoardsatError(MISSING)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BoardsatError(f"--plot {folder}: {error.strerror or error}") from None
    return [new_file_target(folder / f"{name}.{form}") for name in PLOTS for form in FORMATS]


def draw_plots(rows: Sequence[Row], folder: Path, pair: tuple[str, str] | None) -> list[Path]:
    """Draw every plot of ``rows`` into ``folder``; ``pair`` picks the scatter's two routes
    (None: the first two routes of the rows; no scatter with fewer)."""
    try:
        from cycler import cycler
        from matplotlib import colormaps
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        raise BoardsatError(MISSING) from None
    paths = plot_files(folder)
    by_route: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        by_route[_label(row, rows)].append(row)
    # the legend stands beside the axes, one line a route: the figure grows with the routes
    height = max(4.5, 0.22 * len(by_route) + 1.0)
    figures = {"cactus": Figure(figsize=(10, height))}
    cactus = figures["cactus"].subplots()
    drawn = [cactus]
    if len({row["size"] for row in rows}) > 1:  # one size would make a column of dots
        figures["size"] = Figure(figsize=(10, height))
        drawn.append(figures["size"].subplots())
    colours, lines = route_looks(len(by_route), colormaps)
    for axes in drawn:
        axes.set_prop_cycle(cycler(color=colours, linestyle=lines))
    for route, group in by_route.items():
        times = sorted(float(row["wall_s"]) for row in group if solved(row))
        cactus.step(times, range(1, len(times) + 1), where="post", label=route, marker=".")
        points = sorted((row["size"], float(row["wall_s"])) for row in group if solved(row))
        for sizes in drawn[1:]:
            sizes.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=route)
    cactus.set(xlabel="wall seconds", ylabel="cells solved", title="Cactus plot", xscale="log")
    cactus.yaxis.set_major_locator(MaxNLocator(integer=True))
    for sizes in drawn[1:]:
        sizes.set(
            xlabel="instance size (squares or cells)",
            ylabel="wall seconds (solved cells)",
            title="Time against size",
            yscale="log",
        )
    routes = list(by_route)
    chosen = pair or ((routes[0], routes[1]) if len(routes) > 1 else None)
    if chosen is not None:
        figures["scatter"] = _scatter(Figure(figsize=(5, 5)), by_route, chosen)
    for axes in drawn:
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
        axes.grid(alpha=0.3)
    written = []
    for path in paths:
        figure = figures.get(path.stem)
        if figure is not None:
            figure.tight_layout()
            figure.savefig(path)
            written.append(path)
    return written


def route_looks(routes: int, colormaps: Any) -> tuple[list[Any], list[str]]:
    """A colour and a line style per route, no colour used twice: tab10's ten, or as many
    evenly spaced along a perceptual map; the line styles turn over too, for print."""
    count = max(1, routes)
    if count <= 10:
        colours = [colormaps["tab10"](index) for index in range(count)]
    else:
        colours = [colormaps["turbo"](0.05 + 0.9 * index / (count - 1)) for index in range(count)]
    return colours, [("-", "--", ":")[index % 3] for index in range(count)]


def _scatter(figure: Figure, by_route: dict[str, list[Row]], pair: tuple[str, str]) -> Figure:
    first, second = pair
    for route in pair:
        if route not in by_route:
            raise BoardsatError(f"--scatter: no rows of route {route!r}")
    other = {(row["instance"], row["seed"]): score(row) for row in by_route[second]}
    points = [
        (score(row), other[row["instance"], row["seed"]])
        for row in by_route[first]
        if (row["instance"], row["seed"]) in other
    ]
    axes = figure.subplots()
    axes.scatter([p[0] for p in points], [p[1] for p in points])
    low = min((min(p) for p in points), default=0.001)
    top = max((max(p) for p in points), default=1.0)
    axes.plot([low, top], [low, top], color="grey", linewidth=0.8)  # equal time
    axes.set(
        xlabel=f"{first}: PAR-2 s",
        ylabel=f"{second}: PAR-2 s",
        title="Two routes, cell by cell",
        xscale="log",
        yscale="log",
    )
    return figure


def _label(row: Row, rows: Sequence[Row]) -> str:
    """The route's name, with its puzzle where the rows hold more than one puzzle."""
    if len({r["puzzle"] for r in rows}) > 1:
        return f"{row['puzzle']}:{row['route']}"
    return str(row["route"])
