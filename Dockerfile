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

COPY client ./client

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin caro
USER caro

ENV HOST=0.0.0.0 \
    PORT=8080 \
    CLIENT_DIR=/app/client \
    DATA_DIR=/home/caro/data \
    NUMBA_CACHE_DIR=/tmp/numba-cache

EXPOSE 8080

# python:3.11-slim has no curl: ask /healthz with the standard library (non-200 = unhealthy).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8080'), timeout=4)"]

CMD ["caro-arena", "serve"]
