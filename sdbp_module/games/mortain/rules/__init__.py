"""Stand at Mortain's rules package (``package.MORTAIN``): the 25 MOR ids of the digest's catalogue
(``shared/rules/stand-at-mortain.md`` §4), checked over the events of ``replay.hexes`` by the core fold
``rules.hexes.checker``; ``docs/rules-coverage.md`` (Stand at Mortain) lists what each checks."""
