"""The account corner re-draws whenever the identity is answered (at load, possibly several
times, and after any change). The open form is kept: what is being typed stays in the field that
has the focus. A form re-inserted meanwhile lost the focus, and the rest of a username typed
into it went nowhere (registering then failed with "A username has 3 to 20 letters")."""

from __future__ import annotations

from playwright.sync_api import expect

IDENTITY_ANSWERED_AGAIN = """async () => {
  const identity = await import("/static/js/common/account_api.js");
  await identity.whoAmI(true);
}"""


def test_typing_in_the_register_form_goes_on_while_the_identity_is_answered_again(players):
    lan = players("lan")
    lan.home()
    lan.open_menu()
    lan.page.locator("#register-btn").click()
    username = lan.page.locator("#account-username")
    username.click()
    lan.page.keyboard.type("lan_")
    lan.page.evaluate(IDENTITY_ANSWERED_AGAIN)
    lan.page.keyboard.type("nguyen")
    expect(username).to_have_value("lan_nguyen")
    expect(username).to_be_focused()
