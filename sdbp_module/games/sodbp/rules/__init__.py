"""The SoDBP rules package: the rule modules, catalogue, switches and sequence of play (``package.SODBP``)."""
