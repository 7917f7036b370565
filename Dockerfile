# The server image: the package installed in place, so the pages in display/ are served from it.
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY live ./live
COPY scheduler ./scheduler
COPY display ./display
COPY examples ./examples
RUN pip install --no-cache-dir -e . && useradd --create-home live && mkdir /data && chown live /data
USER live
EXPOSE 8000
CMD ["live", "serve", "/app/examples/cacak-preferans-2027.toml", "--db", "/data/live.db", "--port", "8000"]
