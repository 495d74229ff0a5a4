"""``sdbp board``: a save as maps, zones and pieces in YAML, edited by hand and written back (issue 27)."""
