"""Game modules. Each game is a pure package (no Flask, no storage) and never imports another game."""
