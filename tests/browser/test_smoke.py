"""Browser smoke test: the home page at phone size, with htmx loaded from the app itself."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_home_page_at_phone_size(page, live_url, screenshot):
    requests = []
    page.on("request", lambda req: requests.append(req.url))
    page.goto(live_url + "/")
    assert page.locator("h1").first.inner_text() == "Start a game"
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("htmx.version").startswith("2.")
    # every asset came from the app itself
    assert requests and all(url.startswith(live_url) for url in requests)
    path = screenshot(page, "home-360x740")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, "the home page must not scroll sideways on a phone"
    assert path.stat().st_size > 1000


def test_htmx_swaps_refusals_in_place(page, live_url, live_app):
    """A refused command (422) posted by htmx shows its reason in the panel (htmx 2 responseHandling)."""
    page.goto(live_url + "/")
    config = page.evaluate("htmx.config.responseHandling")
    codes = {rule["code"]: rule["swap"] for rule in config}
    assert codes["422"] is True and codes["409"] is True and codes["403"] is True and codes["5.."] is False
