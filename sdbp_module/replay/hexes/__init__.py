"""The replay of a card-driven hex game: events, state, the card flow, the reading of its logs
(docs/hex-replay.md). Game-neutral: a game's data names its boxes, its rules package what they mean."""
