"""Serve ``web/`` on a local URL (a plain static server: the app needs no server logic).

``python tools/serve.py [--port 8000] [--host 127.0.0.1] [--log FILE]`` prints the URL and
serves until interrupted. ``--log`` appends one line per request (method, path, status): the
browser tests read it to prove what the page (and its service worker) fetched.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"


class Handler(http.server.SimpleHTTPRequestHandler):
    log_file = None
    _lock = threading.Lock()
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
    }

    def end_headers(self):
        # Revalidate every time: the service worker, not the HTTP cache, makes the app fast and
        # offline, and a test of the offline mode must not be satisfied by the HTTP cache.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code="-", size="-"):
        if self.log_file:
            with self._lock, open(self.log_file, "a", encoding="utf-8") as out:
                out.write(f"{self.command} {self.path} {code}\n")

    def log_message(self, format, *args):  # quiet console: errors only
        if args and str(args[0]).startswith(("4", "5")) and not self.log_file:
            sys.stderr.write("serve: " + (format % args) + "\n")


def read_log(path) -> list:
    """The request log's lines so far ("METHOD PATH STATUS"); none before the first request."""
    try:
        with open(path, encoding="utf-8") as log:
            return log.read().splitlines()
    except FileNotFoundError:
        return []


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that closes a connection mid-file (a page left, a test ended) is normal,
        # not an error worth a traceback.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(host="127.0.0.1", port=8000, log=None, directory=WEB):
    # A handler class per server: two servers (the app and a test's host page) keep two logs.
    logged = type("LoggedHandler", (Handler,), {"log_file": log})
    handler = functools.partial(logged, directory=str(directory))
    server = Server((host, port), handler)
    server.daemon_threads = True
    return server


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--log", help="append one line per request to this file")
    args = parser.parse_args(argv)
    if not (WEB / "build.js").exists():
        sys.exit("serve: web/ is not built: run `bash tools/setup.sh` first")
    server = make_server(args.host, args.port, args.log)
    print(
        f"Nardy is served at http://{args.host}:{server.server_port}/  (Ctrl-C stops)", flush=True
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
