"""The local web stack shared by the browser pages (the game and the equity lab).

Each page is a small Starlette application served by uvicorn on 127.0.0.1,
with everything it needs shipped in the package (it works with no network).
This wing holds what every such page needs and nothing about poker:

- :mod:`~showdown.web.security`: the Host/Origin checks against DNS rebinding
  and cross-site requests, the security headers (CSP), JSON error answers,
  and the last-resort handler that keeps connections usable;
- :mod:`~showdown.web.sessions`: the session cookie and the per-session token
  every state-changing request must carry;
- :mod:`~showdown.web.bodies`: strict reading of JSON request bodies;
- :mod:`~showdown.web.serving`: binding a port, serving until Ctrl-C or
  SIGTERM, opening the browser.
"""
