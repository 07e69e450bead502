"""`python -m boardsat` runs the CLI."""

from boardsat.cli import main

main()
