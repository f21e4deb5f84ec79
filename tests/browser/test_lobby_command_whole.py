"""The lobby's Derby Cast score keeper box names a command (`homestretch derbycast
content`) in a label: on a 375 px phone it broke inside its first word, 'home' at a
line's end and 'stretch' on the next. Now it breaks between its words."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SharedServer, broken_words, more_settings, small_phone_at

pytestmark = pytest.mark.browser


def test_a_command_in_a_label_is_not_broken_inside_a_word(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        page = small_phone_at(browser, address, "/")
        page.select_option("#game", "derbycast")
        more_settings(page)
        command = page.locator("#dc-lobby code")
        expect(command).to_have_text("homestretch derbycast content")
        expect(command).to_be_visible()
        assert broken_words(page, "#dc-lobby") == []
        page.context.close()
