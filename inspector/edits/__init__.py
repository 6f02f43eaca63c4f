"""The edits view (jpcore gec, jp-errant): the Edits page."""
