"""`python -m leafpile.cli` runs the command line (the tests' server processes use it)."""

from leafpile.cli import main

main()
