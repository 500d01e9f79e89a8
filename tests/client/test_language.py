"""English / Tiếng Việt: the switch translates the page, is remembered, and server errors are
shown in words in the chosen language."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.protocol_doc import error_table


def test_vietnamese_is_applied_and_remembered_after_reload(players):
    me = players("vi")
    me.home()
    me.page.select_option("#lang-select", "vi")
    expect(me.page.locator("#create-btn")).to_have_text("Tạo ván")
    expect(me.page.locator("html")).to_have_attribute("lang", "vi")
    me.page.reload()
    expect(me.page.locator("#new-game h2")).to_have_text("Ván mới")
    expect(me.page.locator("#lang-select")).to_have_value("vi")
    me.page.screenshot(path=str(me.shots / "7-home-vietnamese.png"), full_page=True)


def test_unknown_room_error_is_shown_in_words_in_vietnamese(players):
    me = players("vi-error")
    me.home()
    me.page.select_option("#lang-select", "vi")
    me.page.goto(me.base_url + "/r/NoSuchRoom00")
    expect(me.page.locator("#not-found")).to_contain_text("Phòng này không tồn tại")
    expect(me.page.locator("body")).not_to_contain_text("room_not_found")
    me.shot("7-room-not-found-vietnamese")


def test_every_protocol_error_code_has_words_in_both_languages(players):
    codes = list(error_table())
    assert len(codes) > 20
    me = players("dictionaries")
    me.home()
    found = me.page.evaluate(
        """async (codes) => {
            const en = await import('/static/js/common/lang/en.js');
            const vi = await import('/static/js/common/lang/vi.js');
            return {
                missingEn: codes.filter((c) => !en.errors[c]),
                missingVi: codes.filter((c) => !vi.errors[c]),
                stringsOnlyInOne: Object.keys(en.strings).filter((k) => !(k in vi.strings))
                    .concat(Object.keys(vi.strings).filter((k) => !(k in en.strings))),
            };
        }""",
        codes,
    )
    assert found == {"missingEn": [], "missingVi": [], "stringsOnlyInOne": []}
