"""How the app is served: security headers on every HTTP response, only known host names, the metrics endpoint
closed (`headers`); only the app's own pages opening a session, and nothing looked up outside the machine
(`origins`); what one page's connection may ask of the server bounded (`flood`, `FloodGuard`); the uploaded
files the server holds capped (`uploads`, `UploadGuard`); a page error shown in the member's language with
nothing but its type in the log (`errors`); and a warm start, the slower actions' libraries made once the
server is idle (`warm`).

`serve.py` puts these around `app.py` (`st.App(..., middleware=MIDDLEWARE, on_script_error=on_script_error)`);
`scripts/run-app` starts it with `streamlit run serve.py`.
"""

from __future__ import annotations

from starlette.middleware import Middleware

from .errors import EXCEPTION_LOGGERS, ExceptionTypeOnly, keep_tracebacks_out_of_the_log, on_script_error, page_language
from .flood import FloodGuard, Limits, _merged
from .headers import SECURITY_HEADERS, SecurityMiddleware, content_security_policy, host_allowed, inline_scripts
from .origins import no_external_lookup, origin_allowed, page_scheme
from .uploads import UploadGuard, UploadLimits, held_uploads
from .warm import first_screen_modules, no_page, preload, warm_up, warm_up_when_idle

__all__ = ["EXCEPTION_LOGGERS", "MIDDLEWARE", "SECURITY_HEADERS", "ExceptionTypeOnly", "FloodGuard", "Limits",
           "SecurityMiddleware", "UploadGuard", "UploadLimits", "content_security_policy", "first_screen_modules",
           "held_uploads", "host_allowed", "inline_scripts", "keep_tracebacks_out_of_the_log", "no_external_lookup",
           "no_page", "on_script_error", "origin_allowed", "page_language", "page_scheme", "preload", "warm_up",
           "warm_up_when_idle", "_merged"]

no_external_lookup()

MIDDLEWARE = [Middleware(SecurityMiddleware), Middleware(FloodGuard), Middleware(UploadGuard)]
