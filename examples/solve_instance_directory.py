"""Solve every instance file in a folder and print one line per file, as a sweep script would.

Each file names its puzzle (``kind``) and goes down that puzzle's own route, so its answer is the
one `boardsat solve FILE` prints, checked by the puzzle's rules. Without a folder argument the
script writes three small files into a fresh temporary folder first, to show the format.
Run: python examples/solve_instance_directory.py [FOLDER]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from boardsat.models.instance_file import InstanceFileError, read_instance

EXAMPLES = {
    "knights.toml": 'kind = "domination"\nrows = 6\nvariant = "dominating"\n',
    "swap.toml": 'kind = "exchange"\nstart = "BBB/.../.../WWW"\ngoal = "WWW/.../.../BBB"\n',
    "flip.toml": 'kind = "flipit"\nboard = "line:7"\nstart = ".BBBBBB"\n\n[solve]\ntime_limit = 60\n',
}

if len(sys.argv) > 1:
    folder = Path(sys.argv[1])
else:
    folder = Path(tempfile.mkdtemp())
    for name, text in EXAMPLES.items():
        (folder / name).write_text(text)

failed = 0
for path in sorted(folder.glob("*.toml")):
    try:
        instance = read_instance(str(path))
    except InstanceFileError as error:  # one line naming the file and the key, as the CLI says
        print(error)
        failed += 1
        continue
    answer = instance.solve()
    value = "-" if answer.value is None else answer.value
    print(f"{path.name:<14} {instance.kind:<11} {answer.status:<14} {value} {answer.unit}")
    failed += not answer.settled or answer.disagrees
sys.exit(1 if failed else 0)
