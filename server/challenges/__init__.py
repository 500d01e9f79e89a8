"""Challenges: one player asks another (by name, or anyone holding a link) for a game.

Owns: the challenge as a pure state machine (`challenge`: values, `new_challenge`, `apply`
of accept / decline / cancel, expiry), challenges in Redis with their expiry and each
player's sent and received ones (`store`), the room of an accepted challenge, made through
the room service and seated for both players (`seating`: `LiveRooms`, behind the `RoomMaker`
protocol; a challenge with days per move makes a daily room, server/daily/), and the service
tying them to notifications, blocks and limits (`service.ChallengeService`).

Imports: server.relations (accounts, blocks), server.notifications, server.play (the room
service), server.rooms, server.platform, engine (the default AI level a room needs).

Other packages may use:
- `challenge`: `Challenge`, `Terms`, `Party`, `Colour`, `Status`, `DECLINE_REASONS`
- `service`: `ChallengeService` (`create`, `accept`, `decline`, `cancel`, `get`, `lists`),
  `ChallengeLimits`, `MAX_OPEN`
- `seating`: `RoomMaker`
- `store`: `ChallengeStore`
"""
