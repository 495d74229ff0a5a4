"""Pieces of the ``.vlog`` interpretation (``replay.interpret``): report lines, zones, piece tracking."""
