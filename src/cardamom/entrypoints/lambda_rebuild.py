"""The rebuild function's module: importing it is the cold start.

Configuration and stores are built here, once per execution environment; the handler
(``cardamom.entrypoints.rebuild_app``) rebuilds snapshots from the directory stream and on
the one-minute schedule. Anything that only needs to build a handler imports
``rebuild_app`` instead.
"""

from __future__ import annotations

from cardamom.adapters.powertools import configure_logging
from cardamom.bootstrap import build_rebuilder
from cardamom.config import Settings
from cardamom.entrypoints.rebuild_app import LambdaHandler, make_handler


def _cold_start() -> LambdaHandler:
    settings = Settings.from_env()
    configure_logging(settings.log_level)
    return make_handler(build_rebuilder(settings))


handler = _cold_start()
