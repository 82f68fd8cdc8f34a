"""The page's frame: settings, look, language and words, clearing, reconnecting, uploads and downloads."""
