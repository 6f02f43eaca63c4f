"""The toy task's inspector folder: one page, no loaded data for Analysis, no samples."""
