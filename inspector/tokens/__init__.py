"""The tokens & sentences view (jpcore preprocess): Overview and Sentences & tokens."""
