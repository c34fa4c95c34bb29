"""The one base class of every error a player may see as a message rather than a traceback."""


class WargameError(Exception):
    """A problem to tell the player in words: a bad file, a locked save, a bad option."""
