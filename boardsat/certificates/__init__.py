"""DRUP and LRAT certificates: read, trim and check them. These checkers import no solver, so a
certificate they accept does not rest on the code that wrote it."""
