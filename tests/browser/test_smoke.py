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
