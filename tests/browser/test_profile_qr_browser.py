"""Browser: a screenshot of the box profile's own QR code, as Chromium draws it, chosen in the import
form at 360×740, loads the profile (issue 13). The profile is the made-up one (not the real box)."""

from __future__ import annotations

import pytest
import support

from companion.events import EventStore

pytestmark = pytest.mark.browser


def stored(app):
    return EventStore(app.config["DATABASE"]).get_setting("lockup-box-profile")


def test_a_screenshot_of_the_code_loads_the_profile(page, live_app, live_url, screenshot):
    profile = support.made_up_profile()
    support.store_profile(live_app, profile)
    page.goto(live_url + "/lockup/box-profile")
    code = page.locator("img.qr[src*='/qr.svg']")
    code.scroll_into_view_if_needed()
    page.wait_for_function("document.querySelector(\"img.qr[src*='/qr.svg']\").naturalWidth > 0")
    picture = code.screenshot()  # PNG bytes of the code as the sharing device shows it

    other = {**profile, "crew_tiles": [2, 4, 6, 8]}  # made up too: what this device had before
    support.store_profile(live_app, other)
    page.reload()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "no sideways scrolling on a phone"
    assert page.get_attribute("#import-camera", "capture") == "environment"
    page.set_input_files("#import-picture", files=[{"name": "Screenshot.png", "mimeType": "image/png",
                                                    "buffer": picture}])
    screenshot(page, "lockup-box-profile-photo-import-360x740")
    page.click("#import button[type=submit]")
    page.wait_for_url("**/lockup/box-profile?saved=1")
    assert stored(live_app) == profile
