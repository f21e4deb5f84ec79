"""Derby Cast's content: the Final Odds Calculator Table (odds_table.csv) and the bundled
race replays (replays.csv) with their loaders (odds_table.py, replays.py), and the
results-file reader they and a keeper's own files share (results_file.py; the format is
in docs/derbycast.md). Data, not code, and no surface."""
