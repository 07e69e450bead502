"""The one exception a user sees: bad input or an impossible request, said in one line."""


class BoardsatError(ValueError):
    """Input or options that cannot be honoured; the CLI prints its message and exits with 2."""
