"""Derby Cast's content: the Final Odds Calculator Table (odds_table.csv), the bundled
race replays (replays.csv) and their loaders, with the results-file format they and a
keeper's own files are read in (docs/derbycast.md). Data, not code, and no surface."""
