# Caro Arena server node. Listens on 0.0.0.0:8080; set REDIS_URL to share state with other nodes
# (see docker-compose.yml), leave it unset for a single node with the embedded store.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies and code first, the client last: editing the client does not reinstall anything.
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY server ./server
RUN pip install . && rm -rf build *.egg-info

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin caro \
    && install -d -o caro -g caro /app/numba-cache

# The AI engine is compiled here, once per build (1-3 min), into a cache inside the image: a
# container's AI workers load compiled code and answer from the first minute, where with an
# empty cache every node of a rolling restart compiled for minutes, in every worker at once
# (docs/performance.md, "The first game against the computer"). numba keys its cache by CPU:
# on another kind of machine than the build's, the node compiles once more as it starts, in a
# process of its own, into this same directory (so it belongs to caro); see docs/deploy.md.
ENV NUMBA_CACHE_DIR=/app/numba-cache
USER caro
RUN caro-arena compile

COPY client ./client

ENV HOST=0.0.0.0 \
    PORT=8080 \
    CLIENT_DIR=/app/client \
    DATA_DIR=/home/caro/data

EXPOSE 8080

# python:3.11-slim has no curl: ask /healthz with the standard library (non-200 = unhealthy).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8080'), timeout=4)"]

CMD ["caro-arena", "serve"]
