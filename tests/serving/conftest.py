"""What the serving tests share: the settings Streamlit reads from the project's .streamlit/config.toml."""

import pytest
from streamlit import config

from tests.conftest import ROOT


@pytest.fixture
def options(monkeypatch):
    monkeypatch.chdir(ROOT)  # Streamlit reads .streamlit/config.toml from the working folder
    config.get_config_options(force_reparse=True)
    yield config.get_option
    config.get_config_options(force_reparse=True)
