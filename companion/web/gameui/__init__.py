"""One module (or package) per game's web UI. Each registers a ``GameUI`` with
``companion.web.registry.register`` when imported; the app imports every module found here."""
