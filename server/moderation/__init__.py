"""Moderation: players' reports of other accounts, and the moderators' measures.

Owns: reports, moderators, muted and closed accounts in SQL (`store`: the `reports` table and
columns of `accounts`), and the rules (`service.Moderation`): who may report (an account, not
themselves, at a limited rate), who is a moderator (granted by `caro-arena admin
grant-moderator NAME`), the reports queue, marking one handled, muting an account (a room chat
check, `check_chat`) and closing one.

Imports: server.relations (`require_account`), server.notifications (SQL errors),
server.players (the SQL tables), server.rooms, server.platform.

Other packages may use:
- `service`: `Moderation`, `REASONS`, `REPORT_TEXT_CHARS`
- `store`: `standing`, `set_role`, `MODERATOR` (the command line's grant)
"""
