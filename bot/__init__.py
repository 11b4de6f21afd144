"""Alcazar for Discord: rules engines, storage, game service and the Discord layer."""
