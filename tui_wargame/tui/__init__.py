"""The Textual app: title, game, replay and help screens over the engine (which never imports this)."""
