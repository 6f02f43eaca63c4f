"""Shared by every view: markup and the one escape, palette, widgets, session and URL state, session memory, the one loader."""
