# The server image: the package installed as a user installs it (the pages and the examples inside it).
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md LICENSE MANIFEST.in ./
COPY live ./live
COPY scheduler ./scheduler
COPY display ./display
COPY examples ./examples
RUN pip install --no-cache-dir . && useradd --create-home live && mkdir /data && chown live /data
USER live
EXPOSE 8000 8001
CMD ["live", "serve", "/app/examples/cacak-preferans-2027.toml", "--db", "/data/live.db", "--port", "8000"]
