"""Writers of synthetic ``.vlog`` files for tests and examples (the scribe)."""
