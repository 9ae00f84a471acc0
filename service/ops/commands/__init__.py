"""Command groups of the ``gamestate`` CLI."""
