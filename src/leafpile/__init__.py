"""leafpile: play, study and build bots for Autumn, Momiji, Under the Leaves and Undergrove."""

__version__ = "0.1.0"
