"""The platform: what every capability stands on, and no game or player rule.

Owns: settings from the environment (`settings.Settings`), the Redis client, single, cluster
or embedded (`store`), every Redis key name and room id (`keys`), command batching and the
replica wait (`redis_batch`), the commits' own Redis connection (`redis_lane`), commands
packed by hiredis (`resp_packing`), per-address limits counted in Redis (`ip_limits`), the node's
metrics (`metrics`), the one clock (`clock`), the error codes of the protocol (`errors`),
typed input (`typed`), compact JSON (`compact_json`), seat tokens (`tokens`), the rules for
text people type (`user_text`), the worker processes that run engine searches (`ai_pool`),
and the engine compiled ahead before they start (`engine_warmup`).

Imports nothing from the other server packages: it is the bottom layer.

Other packages may use:
- `settings`: `Settings`, `SettingsError`
- `store`: `create_redis`, `is_cluster`, `cluster_serves_every_slot`, `STORE_ERRORS`,
  `redact_url`, `register_publishing_script`
- `keys`: `Buckets`, `new_room_id` and the key-name functions (`state_key`, `record_key`, ...)
- `redis_batch`: `CommandBatcher`, `ReplicaWait`; `redis_lane`: `CommandLane`
- `ip_limits`: `IpLimit`, `ip_limit`, `shared_limiter`
- `metrics`: `ArenaMetrics`, `LoopLagMonitor`, `GcPauseMonitor`
- `clock`: `now_ms`, `monotonic_s` (and `frozen` for tests)
- `errors`: `ArenaError`, `ErrorCode`, `from_engine`
- `typed`: `convert`; `compact_json`: `dumps`
- `tokens`: `new_token`, `hash_token`, `same_hash`
- `user_text`: `clean_name`, `displayable`, `check_chat_line`, `loads_strict`, `MAX_NAME`,
  `TextError`
- `ai_pool`: `AiPool`; `engine_warmup`: `EngineWarmup`
"""
