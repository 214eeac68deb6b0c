"""``python -m companion.rules``: rewrite docs/rules/*.md from the package data."""

from companion.rules import GAMES
from companion.rules.markdown import write_all

if __name__ == "__main__":
    for path in write_all(GAMES):
        print(path)
