"""A component's state in the session as plain data, so the session can be checked for what pickle can store.

Imported by every module that mounts a component (`st.components.v2`): the page's hints, a fresh download, the
explorer.
"""

from __future__ import annotations


def present_component_state_as_a_plain_dict() -> None:
    """Streamlit 1.67 shows a v2 component's state in `st.session_state` as an instance of a class made
    inside a function, which pickle cannot serialise: with `runner.enforceSerializableSessionState` (the
    app's hardening, .streamlit/config.toml) every run that mounts a component would then fail. The app's
    components only read their state, so it is shown as a plain dict. Left alone if Streamlit changes this
    (tests/ui/answer/test_explorer.py runs the app with the check on)."""
    from streamlit.components.v2.bidi_component import main

    make = getattr(main, "make_bidi_component_presenter", None)
    if make is None or getattr(make, "plain_dict", False):
        return

    def make_plain(*args, **kwargs):
        present = make(*args, **kwargs)

        def plain(base_value, session_state):
            value = present(base_value, session_state)
            return dict(value) if isinstance(value, dict) else value

        return plain

    make_plain.plain_dict = True
    main.make_bidi_component_presenter = make_plain


present_component_state_as_a_plain_dict()
