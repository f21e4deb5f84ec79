"""homestretch: four tabletop horse-racing games and the races they describe."""

__version__ = "0.1.0"
