"""The board as the replay has it: a scene of a snapshot (``scene``), painted on the module's map (``draw``), and ``sdbp show`` (``commands``)."""
