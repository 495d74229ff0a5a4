"""The most sdbp reads: every input is answered in bounded memory and time, or refused in one line.

Each limit is far above what a real game needs and low enough that the largest input it lets through
is read, checked and reported in well under 512 MB and 10 s (``bench/hostile.py`` measures the
largest cases). For scale, a real eight-turn game of the default game has about 3,300 events: a 430 KB events transcript, a log of a few thousand steps and a ``savedGame`` of 1-2 MB,
at most a few dozen events in one action and a few hundred in one End phase. Input past a limit is
refused with one line naming the file, the position and the limit, exit 2 (``InputError``); what
a report leaves out (findings past ``MAX_FINDINGS_LISTED``, pictures past ``MAX_PICTURES``) it says
it left out, and its counts still cover everything. README ("Limits") lists them for users.
"""

from __future__ import annotations

MIB = 1024 * 1024

# -- game records (``.jsonl`` transcripts and ``.vlog`` logs) --------------------------------------

MAX_EVENTS = 20_000
"""Events of one log (lines of a transcript, events a ``.vlog`` is read as), and steps of a ``.vlog``:
six times a whole real game. Checking an event of a hostile log (a move breaking six rules, a stack of
every unit along every area) costs up to half a millisecond, so this also bounds the time."""

MAX_TRANSCRIPT_BYTES = 4 * MIB
"""Size of an events ``.jsonl`` file (a whole real game: 430 KB). It bounds the work of lists within their
bounds: 1,100 moves of every unit along every area fill it, and take seconds to check."""

MAX_LINE_CHARS = 1 * MIB
"""Characters of one transcript line, one event (the longest, a game start: 15,000)."""

MAX_LINE_DEPTH = 64
"""Nesting of arrays and objects in one transcript line (an event's is at most 4). ``json`` itself reads to
a depth that depends on the Python (about 990 on 3.11, far more on 3.12 and 3.13): a deeper line is refused
in the same words on every Python."""

MAX_TEXT_CHARS = 200
"""Characters of one string of an event: a unit, card or step name, a dice purpose, a position's file."""

MAX_UNKNOWN_IDS = 100
"""Distinct units, cards and areas the game data does not have that one log may name (each is a
``cannot-check`` finding; a log of this game names none, a hand-written transcript a typo or two)."""

MIN_LIST_CAP = 16
"""A list of an event holds at most as many entries as the game has of their kind (units, areas,
cards; area-side pairs for markers), and never fewer than this many may be given."""

MAX_DICE_VALUES = 100
"""Dice of one roll."""

MAX_PHASE_EVENTS = 5_000
"""Events of one phase (the longest phase of a real game: a few hundred). The replay keeps, for the
rules, the current and the previous action with the state before each event, and each of those states
keeps its own; all of it is let go at the next phase."""

MAX_ACTION_STEPS = 2_000
"""Events of one action, and of one Draw or End phase: each event's state holds the events of its action
(or Draw or End phase) before it, so their memory grows as the square of their number."""

MAX_TURN_CARD_PLAYS = 1_000
"""Cards played in one turn (the replay keeps them for the rules of the turn)."""

MAX_LOG_LINE_CHARS = 64 * 1024
"""Characters of one command or chat line of a ``.vlog`` the interpretation reads (a longer one is
not a line the module writes: it is reported as not read, a ``cannot-check`` finding)."""

MAX_PROBLEM_CHARS = 400
"""Characters of a problem's message (a quoted log line is shortened in the middle)."""

# -- saves, logs and modules -------------------------------------------------------------------------

MAX_SAVE_BYTES = 64 * MIB
"""Decompressed size of all the entries of a ``.vsav``/``.vlog`` (the largest real save we know, a
*Paths of Glory* game, holds 27 MB)."""

MAX_COMMANDS = 100_000
"""Commands of a save or log (that *Paths of Glory* save: 2,500; a whole real game's log: a few thousand
steps of a few commands each); each costs a couple of kilobytes once decoded."""

MAX_JSON_BYTES = 32 * MIB
"""Size of the JSON form of a save or log read by ``sdbp convert`` (that *Paths of Glory* save: 11 MB)."""

MAX_JSON_OBJECTS = 200_000
"""Objects of that JSON form, counted as its ``{`` (that *Paths of Glory* save: 88,000); each costs about
a kilobyte once parsed and checked."""

MAX_BUILD_FILE_BYTES = 16 * MIB
"""A module's ``buildFile.xml`` read for its zones and pieces (ours: 220 KB; the largest real one we have:
740 KB): parsed whole, it costs about seven times its size."""

MAX_METADATA_BYTES = 1 * MIB
"""A save's, log's or module's ``moduledata``/``savedata`` entry read for its module name and build
(a few hundred bytes); a larger one is taken as recording none."""

MAX_ZONE_POINTS = 100_000
"""Points of all the zone polygons of a module's maps (our modules: under 300)."""

MAX_PIECE_TRAITS = 1_000
"""Traits of one piece definition of a module once its prototypes are put in (ours: 30)."""

# -- game data and artwork (``sdbp validate``, ``sdbp build``; a data folder may come from someone else) --

MAX_DATA_FILE_BYTES = 512 * 1024
"""Size of one game data file (the largest bundled file: 64 KB); read by ``data.files.read_data_bytes``."""

MAX_DATA_DEPTH = 64
"""Deepest nesting of lists and mappings in a data file (the game data nests five deep)."""

MAX_DATA_VALUES = 15_000
"""Values one data file may hold, aliases expanded (the largest bundled file holds 2,741)."""

MAX_FOLDER_VALUES = 30_000
"""Values the data files of one folder may hold together (the bundled folders hold 6,303 and 4,033)."""

MAX_ALIAS_VALUES = 10_000
"""Values that YAML aliases may add by repeating anchored values."""

MAX_ALIAS_CHARS = 1_000_000
"""Characters of text that YAML aliases may add by repeating anchored values."""

MAX_DATA_PROBLEMS = 1_000
"""Problems ``sdbp validate`` lists for one file (it says how many files had more)."""

MAX_HEXES = 20_000
"""Hexes of a hex map's grid (columns × rows; a large printed map: 2,000-5,000). Also the largest first
index an id scheme may print, so no label grows past a few characters."""

MAX_MAP_PIXELS = 25_000_000
"""Pixels of a board image, supplied, drawn from the data or read from a module (the drawn one: 6.5 million)."""

MAX_MAP_IMAGE_BYTES = 64 * MIB
"""Size of a board image file (``map.png``)."""

MAX_PIECE_PIXELS = 1_000_000
"""Pixels of any other image: counter, marker, card (drawn: 60 x 60 and 180 x 252)."""

MAX_PIECE_IMAGE_BYTES = 4 * MIB
"""Size of any other image file."""

MAX_IMAGE_SIDE = 16_384
"""Longest side of any image, in pixels."""

# -- reports -----------------------------------------------------------------------------------------

MAX_FINDINGS_LISTED = 5_000
"""Findings a report lists: the most serious first, then the earliest; the counts cover all of them."""

MAX_PICTURES = 30
"""Board pictures in one HTML report, 60 to 120 ms each (the findings after them name the ``sdbp show``
command that draws their board)."""

# -- audit -------------------------------------------------------------------------------------------

def max_workers() -> int:
    """The most worker processes ``sdbp audit`` starts: one per core this process may use."""
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)

# -- board -------------------------------------------------------------------------------------------

MAX_BOARD_BYTES = 8 * MIB
"""A board read by ``sdbp board apply`` (the board of a 2,000-piece save: about 90 KB); its values, depth and
aliases are bounded as a game data file's (``MAX_DATA_VALUES``, ``MAX_DATA_DEPTH``, ``MAX_ALIAS_*``)."""
