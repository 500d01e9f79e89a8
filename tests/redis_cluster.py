"""A real Redis Cluster on loopback for tests and benchmarks: six `redis-server` processes
(three masters, three replicas) on free 127.0.0.1 ports, joined by `redis-cli --cluster
create`. `tests/conftest.py` makes it the session fixture `redis_cluster`; fault tests
`kill()` a master and `wait_for_failover()`.

Each process keeps its cluster state in its own directory (`nodes.conf`), with no persistence:
a killed master that comes back returns empty and rejoins as a replica of its replacement.
A short `cluster-node-timeout` makes a failover take a few seconds instead of fifteen.
"""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import redis
from redis.crc import key_slot

from tests.harness import RedisServer, free_ports, require_binary, stop_processes

MASTERS = 3
REPLICAS_PER_MASTER = 1
NODE_TIMEOUT_MS = 1500
CLUSTER_OK_TIMEOUT_S = 30.0
FAILOVER_TIMEOUT_S = 30.0


@dataclass
class RedisClusterProcesses:
    servers: list[RedisServer]

    @classmethod
    def start(cls, base_dir: Path) -> RedisClusterProcesses:
        count = MASTERS * (1 + REPLICAS_PER_MASTER)
        ports = free_ports(2 * count)  # a client port and a bus port each, all different
        servers = []
        for n in range(count):
            directory = base_dir / f"cluster-{n}"
            directory.mkdir()
            servers.append(RedisServer(port=ports[2 * n], directory=directory, extra_args=(
                "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                "--cluster-node-timeout", str(NODE_TIMEOUT_MS),
                "--cluster-port", str(ports[2 * n + 1]),  # the bus port, else port + 10000
                # a replica that lost its master for long may still be promoted
                "--cluster-replica-validity-factor", "0",
            )))
        cluster = cls(servers)
        try:
            for server in servers:
                server.start()
            subprocess.run(
                [require_binary("redis-cli"), "--cluster", "create",
                 *(f"127.0.0.1:{s.port}" for s in servers),
                 "--cluster-replicas", str(REPLICAS_PER_MASTER), "--cluster-yes"],
                check=True, capture_output=True, timeout=CLUSTER_OK_TIMEOUT_S,
            )
            cluster.wait_ok(servers)
        except BaseException:
            cluster.stop()
            raise
        return cluster

    @property
    def url(self) -> str:
        """REDIS_URL for the server: every node as a seed (docs: Redis Cluster)."""
        return "redis+cluster://" + ",".join(f"127.0.0.1:{s.port}" for s in self.servers)

    def client(self) -> redis.RedisCluster:
        """A synchronous cluster client (decoded strings) for assertions on stored state."""
        return redis.RedisCluster(host="127.0.0.1", port=self.servers[0].port,
                                  decode_responses=True)

    def alive(self) -> list[RedisServer]:
        return [s for s in self.servers if s.process is not None and s.process.poll() is None]

    def wait_ok(self, servers: list[RedisServer], timeout_s: float = CLUSTER_OK_TIMEOUT_S) -> None:
        """Until every given node reports `cluster_state:ok` and every replica among them is in
        sync with its master (bounded)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if all(self._ready(server) for server in servers):
                return
            time.sleep(0.1)
        raise RuntimeError("the Redis Cluster did not become ready:\n"
                           + "\n".join(self._describe(s) for s in servers))

    @staticmethod
    def _ready(server: RedisServer) -> bool:
        with server.client() as client:
            try:
                if client.execute_command("CLUSTER INFO")["cluster_state"] != "ok":
                    return False
                replication = client.info("replication")
            except redis.RedisError:
                return False
        return replication["role"] == "master" or replication.get("master_link_status") == "up"

    @staticmethod
    def _describe(server: RedisServer) -> str:
        with server.client() as client:
            try:
                nodes = client.execute_command("CLUSTER NODES")
                return f"{server.port}: " + ", ".join(f"{a} {n['flags']}" for a, n in nodes.items())
            except redis.RedisError as error:
                return f"{server.port}: {error!r}"

    def master_of(self, key: str) -> RedisServer:
        """The server that owns `key`'s slot now."""
        slot = key_slot(key.encode())
        with self.alive()[0].client() as client:
            nodes = client.execute_command("CLUSTER NODES")
        for address, node in nodes.items():
            if "master" in node["flags"] and "fail" not in node["flags"] and any(
                    int(start) <= slot <= int(end) for start, end in node["slots"]):
                port = int(address.rsplit(":", 1)[1].split("@")[0])
                return next(s for s in self.servers if s.port == port)
        raise LookupError(f"no master serves slot {slot}")

    def wait_for_failover(self, key: str, dead: RedisServer) -> RedisServer:
        """After `dead` (the master of `key`) was killed: the replica promoted in its place,
        once the surviving nodes agree the cluster is whole again (bounded)."""
        deadline = time.monotonic() + FAILOVER_TIMEOUT_S
        while time.monotonic() < deadline:
            try:
                master = self.master_of(key)
                if master is not dead:
                    self.wait_ok(self.alive(), deadline - time.monotonic())
                    return master
            except (redis.RedisError, LookupError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"no replica took over from {dead.port}")

    def stop(self) -> None:
        stop_processes([s.process for s in self.servers])
