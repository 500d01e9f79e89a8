"""Relations between players: who follows whom, who blocks whom.

Owns: follows and blocks in SQL (`store`, tables `follows` and `blocks`), their rules and what
they are for (`service.Relations`): following (at most MAX_FOLLOWS, accounts only, never
across a block), the people you follow with who is online or playing now and a game to
watch, the accounts online, the news of a friend coming online (a live notification), and
what a block forbids: chatting in the blocker's games (`check_chat`, a room chat check),
being paired with them (`blocked_between`, used by quick play; `blocks_among`, by the rated
pools) and challenging them (server/challenges/).

Imports: server.notifications (presence, the notifier), server.play (each player's rooms),
server.players (accounts, the SQL tables), server.rooms, server.platform.

Other packages may use:
- `service`: `Relations` (`account`, `other`, `follow`, `unfollow`, `block`, `unblock`,
  `blocked_between`, `blocks_among`, `following`, `blocked`, `online_accounts`, `relation`,
  `check_chat`),
  `require_account`, `MAX_FOLLOWS`
"""
