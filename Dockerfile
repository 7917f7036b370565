# The server image: the package installed as a user installs it (the pages and the examples inside it).
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md LICENSE MANIFEST.in ./
COPY live ./live
COPY scheduler ./scheduler
COPY display ./display
COPY examples ./examples
RUN pip install --no-cache-dir . && useradd --create-home live && mkdir /data && chown live /data
# The event log (--db /data/live.db) outlives the container: a volume even when none is named.
VOLUME /data
USER live
EXPOSE 8000
CMD ["live", "serve", "/app/examples/cacak-preferans-2027.toml", "--db", "/data/live.db", "--port", "8000"]
# Healthy while /api/health answers 200 (no curl in the slim image: Python's urllib, which raises on
# any other answer); the port is the one CMD and docker-compose.yml serve on.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/health', timeout=4)"]
