"""Top of the Stretch's content: the standard card set (cards/), the chart sets
(charts/) and the bundled races (races/), with their loaders: card_set.py (horse and
jockey cards), chart_set.py (the charts; chart_arrays.py makes them the kernels' lookup
arrays), race.py (race files, with apr.py's starting Adjusted Power Rating and
conditions.py's track conditions) and builder.py (a race built from picks by the
browser's race builder). The formats are in docs/stretch-formats.md."""
