"""The Compare page: system A against system B on their common units, for every evaluation view."""
